import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, useId } from 'react';
import { formatBytes } from '../../utils/units';

export interface FilePickerProps {
  /** The label; also the file input's accessible name. */
  label: string;
  /** The chosen file, shown by name and size. */
  file?: File;
  /** The picker's `accept` filter. @example '.pem' */
  accept?: string;
  name?: string;
  disabled?: boolean;
  required?: boolean;
  /** Help text under the picker. */
  help?: string;
  errors?: string[];
  /** The chosen file; undefined when the choice was cleared. */
  onChange(file: File | undefined, event: ChangeEvent<HTMLInputElement>): void;
}

/**
 * The one local-file picker of every form, modal and wizard: a 'Browse…'
 * button over the browser's file input, then the chosen file's name and size.
 *
 * @example
 * <FilePicker label="Private Key File" file={file} onChange={setFile} />
 */
export function FilePicker({ label, file, accept, name, disabled, required, help, errors = [], onChange }: FilePickerProps) {
  const inputId = useId();
  return (
    <FormControl fullWidth error={errors.length > 0} required={required} sx={{ mb: 1 }}>
      <FormLabel htmlFor={inputId}>{label}</FormLabel>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 0.5 }}>
        <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} disabled={disabled}>
          Browse…
          <input id={inputId} name={name} type="file" hidden accept={accept} aria-label={label} disabled={disabled} onChange={(event) => onChange(event.target.files?.[0] ?? undefined, event)} />
        </Button>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {file ? `${file.name} (${formatBytes(file.size)})` : 'No file selected.'}
        </Typography>
      </Stack>
      {help && <FormHelperText>{help}</FormHelperText>}
      {errors.map((error) => (
        <FormHelperText key={error}>{error}</FormHelperText>
      ))}
    </FormControl>
  );
}

/** A chosen file's text through FileReader (Horizon's way; its onerror is 'Could not read the file'). */
export function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(file);
  });
}
