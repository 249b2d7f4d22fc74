import Alert from '@mui/material/Alert';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useOptionLoader } from '../../src/forms/option-sources';
import { OPTIONS_LOAD_FAILED } from '../../src/forms/widgets/TransferField';
import type { TransferItem } from '../../src/transfer/model';
import { TransferTable } from '../../src/transfer/TransferTable';
import type { CustomStepProps } from '../../src/wizard/step-components';

/** One allocated port with its segmentation (a trunk subport, api-contract §8). */
export interface Subport {
  port_id: string;
  segmentation_type: string;
  segmentation_id?: number;
}

/**
 * Subports step (spec 2 §2.3, §5): a transfer table of the ports of
 * `options.source`, each allocated port with its segmentation type and id.
 * A new subport starts as VLAN without an id; 'inherit' has no id, so
 * choosing it drops the id. Ports already in the value (an edited trunk's
 * subports) stay listed though no longer candidates, named from the
 * `options.labels` source.
 *
 * @example
 * { title: 'Subports', component: 'subports', field: 'sub_ports', options: { source: 'trunk-subports', labels: 'ports' } }
 */
export function SubportsStep({ value, onChange, options, errors, disabled, schema, resolve }: CustomStepProps) {
  // The segmentation types and the VLAN range are the form schema's (trunk.schema.json, subportInput).
  const subportSchema = resolve(schema.items);
  const segmentationTypes = (resolve(subportSchema.properties?.segmentation_type).enum ?? []).map(String);
  const { minimum, maximum } = resolve(subportSchema.properties?.segmentation_id);
  const load = useOptionLoader();
  const [items, setItems] = useState<TransferItem[] | null>(null);
  const [failed, setFailed] = useState(false);
  const source = String(options.source ?? '');
  const subports = (Array.isArray(value) ? value : []) as Subport[];

  const labelSource = options.labels === undefined ? undefined : String(options.labels);
  const [labels, setLabels] = useState<Map<string, string>>(new Map());

  useEffect(() => {
    let live = true;
    load(source).then(
      (loaded) => live && setItems(loaded),
      () => live && setFailed(true),
    );
    // Names of allocated ports that are not candidates (an edited trunk's own subports); ids stand in until then.
    if (labelSource) {
      load(labelSource).then(
        (loaded) => live && setLabels(new Map(loaded.map((item) => [item.id, item.label ?? item.id]))),
        () => undefined,
      );
    }
    return () => {
      live = false;
    };
  }, [source, labelSource, load]);

  const listed = items ?? [];
  const known = new Set(listed.map((item) => item.id));
  const allItems: TransferItem[] = [
    ...subports.filter((subport) => !known.has(subport.port_id)).map((subport) => ({ id: subport.port_id, label: labels.get(subport.port_id) })),
    ...listed,
  ];
  const byPort = new Map(subports.map((subport) => [subport.port_id, subport]));

  function allocate(ids: string[]) {
    onChange(ids.map((id) => byPort.get(id) ?? { port_id: id, segmentation_type: 'vlan' }));
  }

  function change(portId: string, next: Partial<Subport>) {
    onChange(
      subports.map((subport) => {
        if (subport.port_id !== portId) return subport;
        const merged = { ...subport, ...next };
        // 'inherit' has no id (spec 2 §5); an emptied id is left out rather than sent as null.
        if (merged.segmentation_type === 'vlan' && merged.segmentation_id !== undefined) return merged;
        return { port_id: merged.port_id, segmentation_type: merged.segmentation_type };
      }),
    );
  }

  if (failed) return <Alert severity="error">{OPTIONS_LOAD_FAILED}</Alert>;
  return (
    <Stack spacing={1}>
      <TransferTable
        items={allItems}
        value={subports.map((subport) => subport.port_id)}
        onChange={allocate}
        disabled={disabled || items === null}
        availableTitle={options.availableTitle as string | undefined}
        allocatedTitle={options.allocatedTitle as string | undefined}
        allocatedExtra={(item) => {
          const subport = byPort.get(item.id);
          if (!subport) return null;
          const label = item.label ?? item.id;
          return (
            <Stack direction="row" spacing={1}>
              <TextField
                select
                size="small"
                label="Segmentation Type"
                value={subport.segmentation_type}
                disabled={disabled}
                onChange={(event) => change(item.id, { segmentation_type: event.target.value })}
                slotProps={{ select: { native: true }, htmlInput: { 'aria-label': `Segmentation Type of ${label}` } }}
              >
                {segmentationTypes.map((type) => (
                  <option key={type} value={type}>
                    {type}
                  </option>
                ))}
              </TextField>
              {subport.segmentation_type === 'vlan' && (
                <TextField
                  size="small"
                  type="number"
                  label="Segmentation ID"
                  value={subport.segmentation_id ?? ''}
                  disabled={disabled}
                  onChange={(event) => change(item.id, { segmentation_id: event.target.value === '' ? undefined : Number(event.target.value) })}
                  slotProps={{ htmlInput: { 'aria-label': `Segmentation ID of ${label}`, min: minimum, max: maximum } }}
                />
              )}
            </Stack>
          );
        }}
      />
      {[...new Set(errors)].map((error) => (
        <FormHelperText key={error} error>
          {error}
        </FormHelperText>
      ))}
    </Stack>
  );
}
