import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { WidgetProps } from '@rjsf/utils';

/**
 * A choice among numbers the form computes (`x-choicesFrom`, forms/hints.ts),
 * e.g. the prefix lengths of the chosen subnet pool. The value is the number.
 */
export default function ChoiceSelectWidget({ id, value, label, required, disabled, readonly, rawErrors, options, onChange, onBlur, onFocus, autofocus }: WidgetProps) {
  const choices = (options.choices as number[] | undefined) ?? [];
  return (
    <TextField
      id={id}
      name={id}
      select
      label={label}
      required={required}
      disabled={disabled || readonly || choices.length === 0}
      autoFocus={autofocus}
      fullWidth
      error={Boolean(rawErrors?.length)}
      value={choices.includes(value as number) ? value : ''}
      onChange={(event) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    >
      {choices.map((choice) => (
        <MenuItem key={choice} value={choice}>
          {choice}
        </MenuItem>
      ))}
    </TextField>
  );
}
