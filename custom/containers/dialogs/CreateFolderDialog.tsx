import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { errorStatus, isAlreadyReported, serverMessage } from '../../../src/backend/http';
import { useBackend } from '../../../src/engine/context';
import { DIALOG_WIDTH } from '../../../src/forms/dialog';
import { useToastStore } from '../../../src/toasts/context';
import { DELIMITER } from '../paths';
import { useReloadContainer } from '../queries';
import { ERRORS, fill, TEXTS } from '../texts';

/** Create Folder (spec 2 §7.6): a POST on the folder path ending with '/'; delimiters in the name make deep folders. */
export function CreateFolderDialog({ container, folder, onClose }: { container: string; folder: string; onClose(): void }) {
  const { dataProvider } = useBackend();
  const toasts = useToastStore();
  const reload = useReloadContainer(container);
  const titleId = useId();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setBusy(true);
    const path = `${folder}${name.replace(/\/+$/, '')}${DELIMITER}`;
    try {
      await dataProvider.create('swift-object', { data: { container, path } });
      toasts.success(fill(TEXTS.folderCreated, { name }));
      onClose();
    } catch (error) {
      setBusy(false);
      if (!isAlreadyReported(error)) toasts.error((errorStatus(error) === 409 && serverMessage(error)) || ERRORS.createFolder);
    }
    await reload();
  };

  return (
    <Dialog open onClose={(_event, reason) => reason !== 'backdropClick' && !busy && onClose()} aria-labelledby={titleId} maxWidth={DIALOG_WIDTH.md} fullWidth>
      <DialogTitle id={titleId}>
        {fill(TEXTS.createFolderIn, { name: container })}
        {folder && `: ${folder}`}
      </DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>
        <TextField fullWidth required autoFocus label={TEXTS.folderName} value={name} onChange={(event) => setName(event.target.value)} slotProps={{ htmlInput: { maxLength: 255 } }} />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {TEXTS.folderNote}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {TEXTS.cancel}
        </Button>
        <Button variant="contained" disabled={!name.replace(/\/+$/, '') || busy} onClick={() => void submit()}>
          {TEXTS.createFolder}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
