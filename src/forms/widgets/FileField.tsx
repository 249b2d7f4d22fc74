import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FieldProps } from '@rjsf/utils';
import { useId } from 'react';

/** '12.5 MB': a chosen file's size next to its name. */
function sizeText(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${bytes} bytes` : `${value.toFixed(2)} ${units[unit]}`;
}

/**
 * A local file chosen with the browser's picker (`"x-widget": "file"`): the
 * field's value is the `File` itself, which the data provider uploads (a
 * multipart form, or a PUT of the bytes). Without a file the value is
 * undefined, so `required` applies.
 *
 * @example
 * { "title": "File", "x-widget": "file" }
 */
export default function FileField({ fieldPathId, formData, schema, required, disabled, readonly, rawErrors, onChange, onBlur, uiSchema }: FieldProps) {
  const inputId = useId();
  const file = typeof File !== 'undefined' && formData instanceof File ? formData : undefined;
  const title = (uiSchema?.['ui:title'] as string | undefined) ?? schema.title ?? 'File';
  const accept = (uiSchema?.['ui:options'] as { accept?: string } | undefined)?.accept;
  const errors = rawErrors ?? [];
  return (
    <FormControl fullWidth error={errors.length > 0} required={required} sx={{ mb: 1 }}>
      <FormLabel htmlFor={inputId}>{title}</FormLabel>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 0.5 }}>
        <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} disabled={disabled || readonly}>
          Browse…
          <input
            id={inputId}
            name={fieldPathId.$id}
            type="file"
            hidden
            accept={accept}
            aria-label={title}
            onChange={(event) => {
              onChange(event.target.files?.[0] ?? undefined, fieldPathId.path);
              onBlur(fieldPathId.$id, undefined);
            }}
          />
        </Button>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {file ? `${file.name} (${sizeText(file.size)})` : 'No file selected.'}
        </Typography>
      </Stack>
      {schema.description && <FormHelperText>{schema.description}</FormHelperText>}
      {errors.map((error) => (
        <FormHelperText key={error}>{error}</FormHelperText>
      ))}
    </FormControl>
  );
}
