import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import FormHelperText from '@mui/material/FormHelperText';
import { useEffect, useRef, useState } from 'react';
import { isAlreadyReported } from '../backend/http';
import { useBackend } from '../engine/context';
import { useToastStore } from '../toasts/context';
import { MetadataEditor } from './MetadataEditor';
import { NAMESPACES_LOAD_FAILED } from './MetadataDialog';
import { buildTree, metadataChanges, type MetadataTree } from './tree';

/** What a wizard's custom step receives (src/wizard/step-components.tsx). */
interface StepProps {
  value: unknown;
  onChange(value: unknown): void;
  options: Record<string, unknown>;
  errors: string[];
  disabled: boolean;
}

/** The added properties as the flat map a form field holds (key → saved text; read-only keys left out). */
function treeValue(tree: MetadataTree): Record<string, string> {
  return metadataChanges(tree, {}).updated;
}

/**
 * The metadata editor as a wizard step (`component: 'metadata'`, spec 1
 * §4.7): the field's value is the map of added properties (key → text);
 * `options.resourceType` names the metadefs resource type. The data provider
 * compares it with the record's metadata to find what to remove.
 *
 * @example
 * { id: 'metadata', title: 'Metadata', component: 'metadata', field: 'metadata', options: { resourceType: 'OS::Glance::Image' } }
 */
export function MetadataStep({ value, onChange, options, errors, disabled }: StepProps) {
  const { metadefs } = useBackend();
  const toasts = useToastStore();
  const resourceType = String(options.resourceType ?? '');
  const [tree, setTree] = useState<MetadataTree | null>(null);
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [failed, setFailed] = useState(false);
  // The tree starts from the value the step opens with; later values come from the tree itself.
  const initial = useRef((value ?? {}) as Record<string, unknown>);

  useEffect(() => {
    let live = true;
    metadefs.namespaces(resourceType).then(
      (namespaces) => live && setTree(buildTree(namespaces as never, initial.current)),
      (error: unknown) => {
        if (!live) return;
        if (!isAlreadyReported(error)) toasts.error(NAMESPACES_LOAD_FAILED);
        setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [metadefs, resourceType, toasts]);

  if (failed) return <Alert severity="error">{NAMESPACES_LOAD_FAILED}</Alert>;
  if (!tree) return <CircularProgress size={24} aria-label="Loading" />;
  const change = (next: MetadataTree) => {
    setTree(next);
    onChange(treeValue(next));
  };
  return (
    <>
      <MetadataEditor
        tree={tree}
        texts={texts}
        disabled={disabled}
        onChange={(next) => change(next)}
        onTextChange={(id, text) => setTexts((before) => ({ ...before, [id]: text }))}
      />
      {errors.map((error) => (
        <FormHelperText key={error} error>
          {error}
        </FormHelperText>
      ))}
    </>
  );
}
