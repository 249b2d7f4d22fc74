import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import type { DeleteTexts } from './messages';
import { staticBackdropClose } from '../forms/dialog';

export interface DeleteDialogProps {
  /** The delete's texts, or an operation's confirmation (`operationTexts`). */
  texts: Pick<DeleteTexts, 'title' | 'message' | 'submit'>;
  onConfirm(): Promise<unknown>;
  onClose(): void;
  /** Records the action does not apply to, named above the message (e.g. 'You are not allowed to delete images: a'). */
  warning?: string;
  /** Nothing left to delete: only the warning and Cancel. */
  nothingToDelete?: boolean;
}

/** The delete confirmation of spec 2 §8; the confirm button stays disabled while deleting. */
export function DeleteDialog({ texts, onConfirm, onClose, warning, nothingToDelete = false }: DeleteDialogProps) {
  const titleId = useId();
  const messageId = useId();
  const [deleting, setDeleting] = useState(false);

  async function confirm() {
    setDeleting(true);
    try {
      await onConfirm();
    } finally {
      onClose();
    }
  }

  return (
    <Dialog
      open
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      aria-describedby={messageId}
      onClose={staticBackdropClose(deleting, onClose)}
    >
      <DialogTitle id={titleId}>{texts.title}</DialogTitle>
      <DialogContent>
        {warning && (
          <Alert severity="warning" sx={{ mb: nothingToDelete ? 0 : 2, wordBreak: 'break-word' }}>
            {warning}
          </Alert>
        )}
        {!nothingToDelete && (
          <DialogContentText id={messageId} sx={{ wordBreak: 'break-word' }}>
            {texts.message}
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={deleting}>
          Cancel
        </Button>
        <Button variant="contained" color="error" onClick={() => void confirm()} disabled={deleting || nothingToDelete}>
          {texts.submit}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
