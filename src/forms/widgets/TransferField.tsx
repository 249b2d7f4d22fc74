import Alert from '@mui/material/Alert';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import type { FieldProps, RJSFSchema } from '@rjsf/utils';
import { useEffect, useState } from 'react';
import type { TransferItem } from '../../transfer/model';
import { UNLIMITED } from '../../transfer/model';
import { TransferTable } from '../../transfer/TransferTable';
import { type HintedNode, transferHint } from '../hints';
import { useOptionLoader } from '../option-sources';

/** Shown when the option source cannot be loaded (spec 1 §8: modal load failure). */
export const OPTIONS_LOAD_FAILED = 'An error occurred. Please try again later.';

/**
 * An array property as a transfer table (`"x-transferTable": { "source": … }`,
 * see forms/hints.ts). Items are ids, or `{ id }` objects when the array's
 * items are objects (flavor access: `[{ id: projectId }]`).
 */
export default function TransferField({ schema, formData, onChange, fieldPathId, registry, disabled, readonly, required }: FieldProps) {
  const load = useOptionLoader();
  const hint = transferHint(schema as HintedNode) ?? {};
  const [items, setItems] = useState<TransferItem[] | null>(null);
  const [failed, setFailed] = useState(false);
  const itemSchema = registry.schemaUtils.retrieveSchema((schema.items ?? {}) as RJSFSchema);
  const asObjects = itemSchema.type === 'object';
  const source = hint.source;

  useEffect(() => {
    if (!source) return;
    let live = true;
    load(source).then(
      (loaded) => live && setItems(loaded),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [source, load]);

  const value = (Array.isArray(formData) ? formData : []) as unknown[];
  const ids = value.map((entry) => (asObjects ? String((entry as { id?: unknown })?.id) : String(entry)));
  const maxItems = typeof schema.maxItems === 'number' ? schema.maxItems : UNLIMITED;

  return (
    <Stack spacing={1} sx={{ mt: 1 }}>
      {schema.title && <FormLabel required={required}>{schema.title}</FormLabel>}
      {schema.description && <FormHelperText sx={{ mt: 0 }}>{schema.description}</FormHelperText>}
      {failed && <Alert severity="error">{OPTIONS_LOAD_FAILED}</Alert>}
      <TransferTable
        items={items ?? []}
        value={ids}
        onChange={(next) => onChange(asObjects ? next.map((id) => ({ id })) : next, fieldPathId.path)}
        maxAllocation={hint.maxAllocation ?? maxItems}
        disabled={disabled || readonly || items === null}
        availableTitle={hint.availableTitle}
        allocatedTitle={hint.selectedTitle}
        noAvailableText={hint.noAvailableText}
        noAllocatedText={hint.noSelectedText}
      />
    </Stack>
  );
}
