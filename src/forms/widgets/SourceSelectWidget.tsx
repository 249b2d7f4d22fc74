import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { WidgetProps } from '@rjsf/utils';
import { useContext, useEffect, useState } from 'react';
import { useUserSession } from '../../engine/access';
import type { TransferItem } from '../../transfer/model';
import { formatMessage } from '../../engine/messages';
import { FormRecordContext } from '../form-record';
import { useOptionLoader } from '../option-sources';

/**
 * A single choice among the items of a named option source
 * (`"x-widget": "source-select", "x-options": { "source": "projects" }`), e.g. a
 * new user's primary project and role. The value is the item's id. A
 * `resource:` source may take `"filter"` (provider filters, `{field}` read
 * from the record the form acts on) and `"labelField"`. `"emptyLabel"` names
 * the empty choice (e.g. 'Any Availability Zone'); `"noChoicesLabel"` says why
 * there is nothing to choose (Horizon's 'No ports available');
 * `"preselect"` chooses an item while nothing is chosen: `"first"`, as a
 * Django choice field without an empty choice does (Allocate IP's pool),
 * `"only"`, the one item when there is just one (spec 3 §2.3: Associate
 * Floating IP), or
 * `"session:<field>"`, the item whose id is the signed-in session's field
 * (Create Project's domain: `"session:user_domain_id"`).
 * On an array (rjsf's `multiple`) several items may be chosen, as Horizon's
 * multiple choice fields (Availability Zone Hints); the value is their ids,
 * or nothing when none is chosen.
 */
export default function SourceSelectWidget(props: WidgetProps) {
  return props.multiple ? <MultipleSourceSelect {...props} /> : <SingleSourceSelect {...props} />;
}

/** The option source's items, loaded once per source and filter; null while loading. */
function useSourceItems(options: WidgetProps['options']): { items: TransferItem[] | null; failed: boolean } {
  const load = useOptionLoader();
  const source = String(options.source ?? '');
  const record = useContext(FormRecordContext);
  const filterTemplate = options.filter as Record<string, string> | undefined;
  const labelField = options.labelField as string | undefined;
  const filterKey = JSON.stringify(filterTemplate ? Object.fromEntries(Object.entries(filterTemplate).map(([key, value]) => [key, formatMessage(value, record ?? {})])) : null);
  const [items, setItems] = useState<TransferItem[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    const filter = JSON.parse(filterKey) as Record<string, string> | null;
    load(source, { filter: filter ?? undefined, labelField }).then(
      (loaded) => live && setItems(loaded),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [source, load, filterKey, labelField]);
  return { items, failed };
}

function SingleSourceSelect({ id, value, label, required, disabled, readonly, rawErrors, options, onChange, onBlur, onFocus, autofocus }: WidgetProps) {
  const { items, failed } = useSourceItems(options);
  const session = useUserSession().data as Record<string, unknown> | undefined;
  const preselected = value === undefined || value === '' ? preselectedId(String(options.preselect ?? ''), items, session) : undefined;
  useEffect(() => {
    if (preselected !== undefined) onChange(preselected);
  }, [preselected, onChange]);
  const noChoices = items?.length === 0 && typeof options.noChoicesLabel === 'string' ? options.noChoicesLabel : undefined;
  const emptyLabel = typeof options.emptyLabel === 'string' ? options.emptyLabel : 'Select one';
  const placeholder = loadingText(items, failed) ?? noChoices ?? emptyLabel;
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
      {choices(items)}
    </TextField>
  );
}

function MultipleSourceSelect({ id, value, label, required, disabled, readonly, rawErrors, options, onChange, onBlur, onFocus, autofocus }: WidgetProps) {
  const { items, failed } = useSourceItems(options);
  const chosen = Array.isArray(value) ? (value as string[]) : [];
  const placeholder = loadingText(items, failed) ?? '';
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
      slotProps={{
        select: { multiple: true, displayEmpty: true, renderValue: (selected) => ((selected as string[]).length ? (selected as string[]).join(', ') : placeholder) },
        inputLabel: { shrink: true },
      }}
      error={Boolean(rawErrors?.length)}
      value={chosen}
      onChange={(event) => {
        const next = event.target.value as unknown as string[];
        onChange(next.length ? next : undefined);
      }}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    >
      {choices(items)}
    </TextField>
  );
}

/** The item `preselect` names among the loaded items, if any (see the component's comment). */
function preselectedId(preselect: string, items: TransferItem[] | null, session: Record<string, unknown> | undefined): string | undefined {
  if (!items?.length || !preselect) return undefined;
  if (preselect === 'first') return items[0].id;
  if (preselect === 'only') return items.length === 1 ? items[0].id : undefined;
  const field = preselect.startsWith('session:') ? preselect.slice('session:'.length) : undefined;
  const wanted = field && session ? session[field] : undefined;
  return items.find((item) => item.id === wanted)?.id;
}

/** What the field says while its choices load, or when they could not be loaded; undefined once they are there. */
function loadingText(items: readonly TransferItem[] | null, failed: boolean): string | undefined {
  return failed ? 'Unable to load the choices' : items === null ? 'Loading…' : undefined;
}

/** One menu entry per choice of the source. */
function choices(items: readonly TransferItem[] | null) {
  return (items ?? []).map((item) => (
    <MenuItem key={item.id} value={item.id}>
      {item.label}
    </MenuItem>
  ));
}
