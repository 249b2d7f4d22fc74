import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { QuotaChart } from '../../../src/charts/QuotaChart';
import { formatGB, formatMB } from '../../../src/utils/units';
import type { LaunchFlavor, NewInstanceSpec } from '../model';
import { PickTable, type PickColumn } from '../PickTable';
import { adjustedVolumeSize, type ComputeLimits, flavorErrors, flavorQuotaCharts, minVolumeSize } from '../rules';
import type { LaunchStepProps } from './types';

const ephemeral = (flavor: LaunchFlavor) => Number(flavor['OS-FLV-EXT-DATA:ephemeral'] ?? flavor.ephemeral ?? 0);
const isPublic = (flavor: LaunchFlavor) => Boolean(flavor['os-flavor-access:is_public'] ?? flavor.is_public);

/** Horizon's flavor table columns; a warning marks the column a problem belongs to. */
export const FLAVOR_COLUMNS: PickColumn<LaunchFlavor>[] = [
  { label: 'Name', field: 'name' },
  { label: 'VCPUS', field: 'vcpus', errorKey: 'vcpus' },
  { label: 'RAM', render: (flavor) => formatMB(flavor.ram), errorKey: 'ram' },
  { label: 'Total Disk', render: (flavor) => formatGB(flavor.disk + ephemeral(flavor)) },
  { label: 'Root Disk', render: (flavor) => formatGB(flavor.disk), errorKey: 'disk' },
  { label: 'Ephemeral Disk', render: (flavor) => formatGB(ephemeral(flavor)) },
  { label: 'Public', render: (flavor) => (isPublic(flavor) ? 'Yes' : 'No') },
];

/** The flavor rules of the launch wizard for the current spec (shared with the flavor step's validation). */
export function launchFlavorErrors(flavor: LaunchFlavor, spec: NewInstanceSpec, limits: ComputeLimits): Record<string, string> {
  return flavorErrors(flavor, { instanceCount: spec.instance_count, limits, sourceType: spec.source_type, source: spec.source[0] ?? null });
}

/** Picking a flavor raises the volume size to its root disk (spec 2 §5). */
export function withFlavor(spec: NewInstanceSpec, flavor: LaunchFlavor | null): NewInstanceSpec {
  if (!flavor) return { ...spec, flavor: null };
  const minimum = minVolumeSize(spec.source_type, spec.source[0] ?? null);
  return { ...spec, flavor, vol_size: adjustedVolumeSize(spec.vol_size, { minimum, flavorDisk: flavor.disk }) };
}

/**
 * Flavor (spec 2 §2.4, §5): the flavors, those the quota or the source
 * rules out flagged with the spec's messages and not selectable, and the
 * quota charts of what the allocated flavor adds.
 */
export function FlavorStep({ spec, onSpec, errors, disabled, data }: LaunchStepProps) {
  const limits = data.computeLimits;
  const charts = flavorQuotaCharts(spec.flavor, spec, limits, data.volumeLimits);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="body2" color="text.secondary">
        Flavors manage the sizing for the compute, memory and storage capacity of the instance.
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }} aria-label="Quota charts" role="group">
        {charts.map((chart) => (
          <QuotaChart key={chart.title} {...chart} />
        ))}
      </Box>
      <PickTable
        items={data.flavors}
        value={spec.flavor ? [spec.flavor] : []}
        onChange={(next) => onSpec(withFlavor(spec, next[0] ?? null))}
        columns={FLAVOR_COLUMNS}
        max={1}
        errorsOf={(flavor) => launchFlavorErrors(flavor, spec, limits)}
        noneAllocatedText="Select a flavor from the available flavors below."
        availableHelp="Select one"
        disabled={disabled}
      />
      {errors.flavor?.map((message) => (
        <FormHelperText key={message} error>
          {message}
        </FormHelperText>
      ))}
    </Box>
  );
}
