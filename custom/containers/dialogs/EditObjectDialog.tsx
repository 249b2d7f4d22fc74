import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import type { SwiftObjectRecord } from '../../../dataProviders/swift';
import { isAlreadyReported } from '../../../src/backend/http';
import { useBackend } from '../../../src/engine/context';
import { UploadProgressBar } from '../../../src/engine/UploadProgressBar';
import { DIALOG_WIDTH } from '../../../src/forms/dialog';
import { useToastStore } from '../../../src/toasts/context';
import { useReloadContainer } from '../queries';
import { ERRORS, fill, TEXTS } from '../texts';

/** Edit (spec 2 §2.3: a re-upload to the same name, which replaces the object, as Swift's PUT does). */
export function EditObjectDialog({ item, onClose }: { item: SwiftObjectRecord; onClose(): void }) {
  const { dataProvider } = useBackend();
  const toasts = useToastStore();
  const reload = useReloadContainer(item.container);
  const titleId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);

  const submit = async () => {
    setPercent(-1);
    try {
      await dataProvider.create('swift-object', { data: { container: item.container, path: item.path, file }, meta: { onProgress: setPercent } });
      toasts.success(fill(TEXTS.editUploaded, { path: item.path }));
      onClose();
    } catch (error) {
      setPercent(null);
      if (!isAlreadyReported(error)) toasts.error(ERRORS.upload);
    }
    await reload();
  };

  return (
    <Dialog open onClose={(_event, reason) => reason !== 'backdropClick' && percent === null && onClose()} aria-labelledby={titleId} maxWidth={DIALOG_WIDTH.md} fullWidth>
      <DialogTitle id={titleId}>{fill(TEXTS.editFile, { container: item.container, path: item.path })}</DialogTitle>
      <DialogContent>
        <label htmlFor={`${titleId}-file`}>
          <Typography component="span" sx={{ fontWeight: 600, mr: 1 }}>
            {TEXTS.newContents} *
          </Typography>
        </label>
        <input id={`${titleId}-file`} type="file" onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
        {percent !== null && <UploadProgressBar percent={percent} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={percent !== null}>
          {TEXTS.cancel}
        </Button>
        <Button variant="contained" disabled={!file || percent !== null} onClick={() => void submit()}>
          {TEXTS.editButton}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
