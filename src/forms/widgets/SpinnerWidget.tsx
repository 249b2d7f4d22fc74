import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { WidgetProps } from '@rjsf/utils';

/** Spec 1 §5: spinner inputs respect min (default 0), max and step (default 1). */
export const SPINNER_DEFAULT_MIN = 0;
export const SPINNER_DEFAULT_STEP = 1;

export interface SpinnerLimits {
  min: number;
  max?: number;
  step: number;
}

/** The limits of a spinner from its schema (`minimum`, `maximum`, `multipleOf`) and `ui:options.step`. */
export function spinnerLimits(schema: { minimum?: number; maximum?: number; multipleOf?: number }, options: { step?: unknown } = {}): SpinnerLimits {
  const step = typeof options.step === 'number' ? options.step : (schema.multipleOf ?? SPINNER_DEFAULT_STEP);
  return { min: schema.minimum ?? SPINNER_DEFAULT_MIN, max: schema.maximum, step };
}

/**
 * One step up or down from `value`, kept within the limits; an empty value
 * starts from the minimum.
 *
 * @example
 * spinStep(undefined, +1, { min: 0, step: 1 }); // 1
 * spinStep(10, +1, { min: 0, max: 10, step: 1 }); // 10
 */
export function spinStep(value: unknown, direction: 1 | -1, { min, max, step }: SpinnerLimits): number {
  const current = typeof value === 'number' && Number.isFinite(value) ? value : min - (direction > 0 ? step : 0);
  const next = current + direction * step;
  return Math.min(max ?? Infinity, Math.max(min, next));
}

/**
 * A number input with − and + buttons (`"x-widget": "spinner"`).
 *
 * @example
 * { "type": "integer", "title": "Count", "maximum": 10, "x-widget": "spinner" }
 */
export default function SpinnerWidget({ id, value, label, required, disabled, readonly, rawErrors, schema, options, onChange, onBlur, onFocus, autofocus }: WidgetProps) {
  const limits = spinnerLimits(schema as never, options as { step?: unknown });
  const blocked = disabled || readonly;
  const number = typeof value === 'number' ? value : undefined;
  return (
    <TextField
      id={id}
      name={id}
      type="number"
      label={label}
      required={required}
      disabled={disabled}
      autoFocus={autofocus}
      fullWidth
      error={Boolean(rawErrors?.length)}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
      slotProps={{
        htmlInput: { min: limits.min, max: limits.max, step: limits.step, readOnly: readonly },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={`Decrease ${label}`}
                disabled={blocked || (number !== undefined && number - limits.step < limits.min)}
                onClick={() => onChange(spinStep(value, -1, limits))}
              >
                <RemoveIcon />
              </IconButton>
              <IconButton
                aria-label={`Increase ${label}`}
                disabled={blocked || (number !== undefined && limits.max !== undefined && number + limits.step > limits.max)}
                onClick={() => onChange(spinStep(value, 1, limits))}
              >
                <AddIcon />
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
