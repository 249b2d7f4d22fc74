import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useState } from 'react';
import { useBackend } from '../../engine/context';
import type { TransferItem } from '../../transfer/model';
import { loadOptions } from '../option-sources';

/**
 * A single choice among the items of a named option source
 * (`"x-widget": "source-select", "x-options": { "source": "projects" }`), e.g. a
 * new user's primary project and role. The value is the item's id. An optional
 * field names its empty choice with `"emptyLabel"` (e.g. 'Any Availability Zone').
 */
export default function SourceSelectWidget({ id, value, label, required, disabled, readonly, rawErrors, options, onChange, onBlur, onFocus, autofocus }: WidgetProps) {
  const backend = useBackend();
  const source = String(options.source ?? '');
  const [items, setItems] = useState<TransferItem[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    loadOptions(source, backend).then(
      (loaded) => live && setItems(loaded),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [source, backend]);
  const emptyLabel = typeof options.emptyLabel === 'string' ? options.emptyLabel : 'Select one';
  const placeholder = failed ? 'Unable to load the choices' : items === null ? 'Loading…' : emptyLabel;
  return (
    <TextField
      id={id}
      name={id}
      select
      label={label}
      required={required}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      fullWidth
      // The empty choice shows as text ('Any Availability Zone'), as Horizon's first option does.
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      error={Boolean(rawErrors?.length)}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    >
      <MenuItem value="">
        <em>{placeholder}</em>
      </MenuItem>
      {(items ?? []).map((item) => (
        <MenuItem key={item.id} value={item.id}>
          {item.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
