import Typography from '@mui/material/Typography';
import type { DescriptionFieldProps } from '@rjsf/utils';

/**
 * A field's help text (its schema `description`) as help text, not as a
 * heading: rjsf's MUI theme renders it as `subtitle2`, which MUI maps to an
 * h6. Its id is the one the input's aria-describedby names.
 */
export default function FieldHelpText({ id, description }: DescriptionFieldProps) {
  if (!description) return null;
  return (
    <Typography id={id} component="span" variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
      {description}
    </Typography>
  );
}
