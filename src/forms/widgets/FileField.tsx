import type { FieldProps } from '@rjsf/utils';
import { FilePicker } from './FilePicker';

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
  const file = typeof File !== 'undefined' && formData instanceof File ? formData : undefined;
  return (
    <FilePicker
      label={(uiSchema?.['ui:title'] as string | undefined) ?? schema.title ?? 'File'}
      file={file}
      accept={(uiSchema?.['ui:options'] as { accept?: string } | undefined)?.accept}
      name={fieldPathId.$id}
      disabled={disabled || readonly}
      required={required}
      help={schema.description}
      errors={rawErrors ?? []}
      onChange={(chosen) => {
        onChange(chosen, fieldPathId.path);
        onBlur(fieldPathId.$id, undefined);
      }}
    />
  );
}
