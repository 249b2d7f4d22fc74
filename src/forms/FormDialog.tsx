import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Form from '@rjsf/mui';
import type { RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';
import { useId, useState } from 'react';
import { serverMessage } from '../backend/http';
import { SUBMIT_FAILED_MESSAGE } from './messages';
import { fields, templates, widgets } from './registry';
import { type FormData, useSchemaForm } from './useSchemaForm';
import { WaitSpinner } from './WaitSpinner';
import { DIALOG_WIDTH, staticBackdropClose } from './dialog';

export type { FormData };

export interface FormDialogProps {
  /** Text above the fields (a confirmation's body). */
  message?: string;
  /** Dialog title, usually the action's label. */
  title: string;
  schema: RJSFSchema;
  uiSchema?: UiSchema;
  /** The form's precompiled validator (forms/validator.ts). */
  validator: ValidatorType;
  /** Spec 1 §9: modal form default size lg. */
  size?: 'sm' | 'md' | 'lg';
  /** Spec 1 §9: default submit text 'Submit'. */
  submitLabel?: string;
  /** Values the form opens with (an edit form prefilled from the record). */
  initialData?: FormData;
  /**
   * Checks beyond the schema, run as the user types (e.g. a name that is
   * already taken): field → messages. They block the submit too.
   */
  liveErrors?(formData: FormData): Record<string, string[]>;
  /** Resolves when the dialog may close; a rejection is shown inside the form. */
  onSubmit(formData: FormData): Promise<void>;
  onClose(): void;
}

/** Bootstrap's modal widths (sm 300, md 600, lg 900 px) in MUI's breakpoints. */

/**
 * A modal form built from a JSON Schema with rjsf (spec 1 §4.1, §5, §9):
 * static backdrop, Submit disabled until the form is valid and while it
 * submits (with the wait spinner), errors shown per field once touched, the
 * schema hints of forms/hints.ts, and the server's message (or the spec's
 * default) when the submit fails.
 */
export default function FormDialog({ message, title, schema, uiSchema, validator, size = 'lg', submitLabel = 'Submit', initialData, liveErrors, onSubmit, onClose }: FormDialogProps) {
  const formId = useId();
  const titleId = useId();
  const form = useSchemaForm({ schema, uiSchema, validator, initialData, liveErrors });
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(data: FormData) {
    setSubmitting(true);
    setFailure(null);
    try {
      await onSubmit(form.dataToSend(data));
    } catch (error) {
      setFailure(serverMessage(error) ?? SUBMIT_FAILED_MESSAGE);
      setSubmitting(false);
    }
  }

  return (
    <Dialog
      open
      fullWidth
      maxWidth={DIALOG_WIDTH[size]}
      aria-labelledby={titleId}
      onClose={staticBackdropClose(submitting, onClose)}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers>
        {failure && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failure}
          </Alert>
        )}
        {message && <DialogContentText sx={{ mb: 2 }}>{message}</DialogContentText>}
        <Form
          id={formId}
          schema={schema}
          uiSchema={{ ...form.uiSchema, 'ui:submitButtonOptions': { norender: true } }}
          formData={form.formData}
          validator={validator}
          widgets={widgets}
        templates={templates}
          fields={fields}
          customValidate={form.customValidate}
          transformErrors={form.transformErrors}
          extraErrors={form.shownErrors}
          extraErrorsBlockSubmit
          noHtml5Validate
          showErrorList={false}
          disabled={submitting}
          onChange={(event) => form.onChange(event.formData as FormData)}
          onBlur={(id) => form.onBlur(id)}
          onError={() => form.touch()}
          onSubmit={(event) => void submit(event.formData as FormData)}
        />
      </DialogContent>
      <DialogActions>
        {submitting && <WaitSpinner />}
        <Button onClick={onClose} disabled={submitting}>
          Cancel
        </Button>
        <Button type="submit" form={formId} variant="contained" disabled={submitting || !form.valid}>
          {submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
