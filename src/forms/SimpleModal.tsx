import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { type ReactNode, useId } from 'react';
import { staticBackdropClose } from './dialog';

export interface SimpleModalProps {
  title?: string;
  body?: ReactNode;
  /** Default 'Submit'. */
  submitLabel?: string;
  /** Default 'Cancel'. */
  cancelLabel?: string;
  onSubmit(): void;
  onCancel(): void;
}

/**
 * A confirm-style modal: a title, a body, Submit and Cancel. It opens only
 * with both a title and a body (spec 1 §2.2 "simple modal"); without them it
 * renders nothing.
 *
 * @example
 * <SimpleModal title="Confirm" body="Really?" onSubmit={go} onCancel={close} />
 */
export function SimpleModal({ title, body, submitLabel = 'Submit', cancelLabel = 'Cancel', onSubmit, onCancel }: SimpleModalProps) {
  const titleId = useId();
  if (!title || body === undefined || body === null || body === '') return null;
  return (
    <Dialog open aria-labelledby={titleId} onClose={staticBackdropClose(false, onCancel)}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>{typeof body === 'string' ? <DialogContentText>{body}</DialogContentText> : body}</DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{cancelLabel}</Button>
        <Button variant="contained" onClick={onSubmit}>
          {submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
