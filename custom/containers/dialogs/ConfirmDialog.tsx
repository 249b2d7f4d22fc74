import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { DIALOG_WIDTH } from '../../../src/forms/dialog';
import { TEXTS } from '../texts';

/** Spec 2 §8: the container delete confirm, 'Confirm Delete' with buttons Delete and Cancel. */
export function ConfirmDialog({ title, message, confirm, onConfirm, onCancel }: { title: string; message: string; confirm: string; onConfirm(): void; onCancel(): void }) {
  const titleId = useId();
  return (
    <Dialog open onClose={onCancel} aria-labelledby={titleId} maxWidth={DIALOG_WIDTH.md} fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>{message}</DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{TEXTS.cancel}</Button>
        <Button color="error" variant="contained" onClick={onConfirm}>
          {confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
