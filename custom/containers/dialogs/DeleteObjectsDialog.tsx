import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import type { SwiftObjectRecord } from '../../../dataProviders/swift';
import { useBackend } from '../../../src/engine/context';
import { DIALOG_WIDTH } from '../../../src/forms/dialog';
import { useToastStore } from '../../../src/toasts/context';
import { type DeletePlan, type DeleteProgress, deleteFailureMessage, deletePlan, discover } from '../delete-objects';
import { useReloadContainer } from '../queries';
import { fill, TEXTS } from '../texts';

/**
 * Delete objects (spec 2 §4): discovery counts the files and folders under
 * the chosen rows (Cancel stops it); Delete runs the deletion with a
 * progress bar and the failures; OK closes when it is done.
 */
export function DeleteObjectsDialog({ container, items, onClose }: { container: string; items: SwiftObjectRecord[]; onClose(): void }) {
  const { dataProvider } = useBackend();
  const toasts = useToastStore();
  const reload = useReloadContainer(container);
  const titleId = useId();
  const cancelled = useRef(false);
  const [plan, setPlan] = useState<DeletePlan | null>(null);
  const [progress, setProgress] = useState<DeleteProgress>({ mode: 'discovery', running: true, counted: { files: 0, folders: 0 }, deleted: { files: 0, folders: 0, failures: 0 } });

  useEffect(() => {
    cancelled.current = false;
    const list = async (path: string, marker: string | null) => {
      const answer = await dataProvider.getList<SwiftObjectRecord>('swift-object', { filter: { container, path }, pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' }, meta: { marker } });
      return { items: answer.data, hasMore: answer.pageInfo?.hasNextPage === true };
    };
    void discover(items, list, (counted) => setProgress((current) => ({ ...current, counted })), () => cancelled.current).then((found) => {
      if (!found) return;
      setPlan(found);
      setProgress((current) => ({ ...current, running: false }));
    });
    return () => {
      cancelled.current = true;
    };
  }, [container, dataProvider, items]);

  const run = async () => {
    if (!plan) return;
    setProgress((current) => ({ ...current, mode: 'deletion', running: true }));
    // Each reason once, however many of the hundreds of deletes give it.
    const told = new Set<string>();
    const remove = async (item: SwiftObjectRecord) => {
      try {
        await dataProvider.delete('swift-object', { id: item.id, previousData: item });
      } catch (error) {
        const message = deleteFailureMessage(error, item);
        if (message && !told.has(message)) {
          told.add(message);
          toasts.error(message);
        }
        throw error;
      }
    };
    await deletePlan(plan, remove, (deleted) => setProgress((current) => ({ ...current, deleted })));
    setProgress((current) => ({ ...current, running: false }));
    await reload();
  };
  const total = progress.counted.files + progress.counted.folders;
  const done = progress.deleted.files + progress.deleted.folders + progress.deleted.failures;
  // Spec 2 §4: the modal closes when the deletion is done (with failures, it stays to show them until OK).
  useEffect(() => {
    if (progress.mode === 'deletion' && !progress.running && progress.deleted.failures === 0) onClose();
  }, [progress, onClose]);

  return (
    <Dialog open aria-labelledby={titleId} maxWidth={DIALOG_WIDTH.md} fullWidth>
      <DialogTitle id={titleId}>{fill(TEXTS.deleteFilesIn, { name: container })}</DialogTitle>
      <DialogContent>
        <Typography>
          {progress.mode === 'discovery' ? TEXTS.collecting : TEXTS.deleting} {fill(TEXTS.counted, progress.counted)}
        </Typography>
        {progress.mode === 'deletion' && progress.deleted.failures > 0 && (
          <Typography color="error" role="alert">
            {fill(TEXTS.failures, progress.deleted)}
          </Typography>
        )}
        {progress.mode === 'deletion' && <LinearProgress variant="determinate" aria-label="Deletion progress" value={total ? Math.round((done / total) * 100) : 100} sx={{ mt: 1 }} />}
      </DialogContent>
      <DialogActions>
        {progress.mode === 'discovery' && (
          <Button
            onClick={() => {
              cancelled.current = true;
              onClose();
            }}
          >
            {TEXTS.cancel}
          </Button>
        )}
        <Button variant="contained" color="error" disabled={progress.running} onClick={() => (progress.mode === 'discovery' ? void run() : onClose())}>
          {progress.mode === 'discovery' ? TEXTS.delete : TEXTS.ok}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
