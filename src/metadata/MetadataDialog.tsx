import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';
import { isAlreadyReported } from '../backend/http';
import { metadataVerbs } from '../backend/verbs';
import type { AnyResourceDescriptor, ResourceRecord } from '../descriptor';
import type { MetadataAction } from '../engine/actions';
import { useBackend } from '../engine/context';
import { formatMessage } from '../engine/messages';
import { useInvalidateResource } from '../engine/queries';
import { idOf, nameOf } from '../engine/registry';
import { DIALOG_WIDTH, staticBackdropClose } from '../forms/dialog';
import { WaitSpinner } from '../forms/WaitSpinner';
import { useToastStore } from '../toasts/context';
import { MetadataEditor } from './MetadataEditor';
import { validateText, valueText } from './property';
import { addedProperties, buildTree, metadataChanges, type MetadataTree } from './tree';

/** Spec 2 §4 "Metadata update". */
export const METADATA_UPDATED = 'Metadata was successfully updated.';
export const METADATA_UPDATE_FAILED = 'Unable to update metadata.';
/** Spec 2 §8. */
export const NAMESPACES_LOAD_FAILED = 'Unable to retrieve the namespaces.';
/** Spec 1 §8: a modal that cannot be loaded. */
const MODAL_LOAD_FAILED = 'An error occurred. Please try again later.';

const HELP =
  'You can specify resource metadata by moving items from the left column to the right column. In the left column there are metadata definitions from the Glance Metadata Catalog. Use the "Custom" option to add metadata with the key of your choice.';

/** Whether every added value passes spec 1 §5's checks. */
export function editorValid(tree: MetadataTree, texts: Record<string, string>): boolean {
  return addedProperties(tree).every((item) => {
    const leaf = item.leaf!;
    if (leaf.type === 'array' || leaf.type === 'boolean') return true;
    return validateText(leaf, texts[item.id] ?? valueText(leaf)) === null;
  });
}

/**
 * The 'Update Metadata' modal of a `kind: 'metadata'` action (spec 1 §4.7,
 * spec 2 §4): loads the namespaces of the action's resource type and the
 * record's metadata, then saves `{ updated, removed }`. Success toasts
 * 'Metadata was successfully updated.' and closes; failure toasts 'Unable
 * to update metadata.' and stays open.
 */
export default function MetadataDialog({ descriptor, action, record, onClose }: { descriptor: AnyResourceDescriptor; action: MetadataAction; record: ResourceRecord; onClose(): void }) {
  const { dataProvider, metadefs } = useBackend();
  const toasts = useToastStore();
  const invalidate = useInvalidateResource();
  const titleId = useId();
  const id = idOf(descriptor, record);
  const [original, setOriginal] = useState<Record<string, unknown> | null>(null);
  const [tree, setTree] = useState<MetadataTree | null>(null);
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    const verbs = metadataVerbs(dataProvider);
    const namespaces = metadefs.namespaces(action.resourceType).catch((error: unknown) => {
      if (live && !isAlreadyReported(error)) toasts.error(NAMESPACES_LOAD_FAILED);
      throw error;
    });
    const existing = verbs.getMetadata(descriptor.name, { id }).then(
      ({ data }) => data,
      (error: unknown) => {
        if (live && !isAlreadyReported(error)) toasts.error(action.loadFailure ?? MODAL_LOAD_FAILED);
        throw error;
      },
    );
    Promise.all([namespaces, existing]).then(
      ([loaded, metadata]) => {
        if (!live) return;
        setOriginal(metadata ?? {});
        setTree(buildTree(loaded as never, metadata ?? {}));
      },
      () => live && onClose(),
    );
    return () => {
      live = false;
    };
    // The dialog loads once per record; the callbacks are stable for its life.
  }, [descriptor.name, id, action.resourceType]);

  async function save() {
    if (!tree || !original) return;
    setSaving(true);
    setFailure(null);
    const values = { ...record };
    try {
      await metadataVerbs(dataProvider).updateMetadata(descriptor.name, { id, data: metadataChanges(tree, original) });
    } catch (error) {
      const message = formatMessage(action.failure ?? METADATA_UPDATE_FAILED, values);
      if (!isAlreadyReported(error)) toasts.error(message);
      setFailure(message);
      setSaving(false);
      return;
    }
    toasts.success(formatMessage(action.success ?? METADATA_UPDATED, values));
    await invalidate(descriptor);
    onClose();
  }

  const valid = tree !== null && editorValid(tree, texts);
  return (
    <Dialog open fullWidth maxWidth={DIALOG_WIDTH.lg} aria-labelledby={titleId} onClose={staticBackdropClose(saving, onClose)}>
      <DialogTitle id={titleId}>
        {action.label}: {nameOf(descriptor, record)}
      </DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {HELP}
        </Typography>
        {failure && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failure}
          </Alert>
        )}
        {tree ? (
          <MetadataEditor tree={tree} onChange={setTree} texts={texts} onTextChange={(item, text) => setTexts((before) => ({ ...before, [item]: text }))} disabled={saving} />
        ) : (
          <CircularProgress size={24} aria-label="Loading" />
        )}
      </DialogContent>
      <DialogActions>
        {saving && <WaitSpinner />}
        <Button onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={saving || !valid}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
