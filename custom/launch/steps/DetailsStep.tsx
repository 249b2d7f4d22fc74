import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { QuotaChart } from '../../../src/charts/QuotaChart';
import { normalisedCount } from '../rules';
import { firstError, type LaunchStepProps } from './types';

const countInput = (value: number) => (value <= 0 ? normalisedCount(value) : value);

/**
 * Details (spec 2 §2.4, §5): the instance name, a description when the
 * compute API has `instance_description`, the availability zone (a single
 * zone preselected) and the count, with the instances quota chart.
 */
export function DetailsStep({ spec, onSpec, errors, disabled, data }: LaunchStepProps) {
  const limits = data.computeLimits;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, gap: 3 }}>
      <Box sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
        <Typography variant="body2" color="text.secondary">
          Please provide the initial hostname for the instance, the availability zone where it will be deployed, and the instance count.
        </Typography>
        <TextField
          label="Instance Name"
          name="name"
          required
          value={spec.name ?? ''}
          onChange={(event) => onSpec({ ...spec, name: event.target.value })}
          error={Boolean(errors.name?.length)}
          helperText={firstError(errors, 'name')}
          disabled={disabled}
        />
        {data.descriptionSupported && (
          <TextField
            label="Description"
            name="description"
            value={spec.description ?? ''}
            onChange={(event) => onSpec({ ...spec, description: event.target.value })}
            disabled={disabled}
            inputProps={{ maxLength: 255 }}
          />
        )}
        {data.zones.length === 0 ? (
          <Typography variant="body2">There are no Availability Zones.</Typography>
        ) : (
          <TextField
            select
            label="Availability Zone"
            name="availability_zone"
            value={spec.availability_zone ?? ''}
            onChange={(event) => onSpec({ ...spec, availability_zone: event.target.value })}
            disabled={disabled}
            SelectProps={{ displayEmpty: true }}
            InputLabelProps={{ shrink: true }}
          >
            {data.zones.map((zone) => (
              <MenuItem key={zone.value} value={zone.value}>
                {zone.label}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField
          label="Count"
          name="instance_count"
          type="number"
          required
          value={Number.isNaN(spec.instance_count) ? '' : spec.instance_count}
          // Spec 2 §5: a count of 0 or less is reset to 1; an empty or fractional one stays, to be flagged.
          onChange={(event) => onSpec({ ...spec, instance_count: event.target.value === '' ? Number.NaN : countInput(Number(event.target.value)) })}
          error={Boolean(errors.instance_count?.length)}
          helperText={firstError(errors, 'instance_count')}
          disabled={disabled}
          inputProps={{ min: 1, step: 1 }}
        />
      </Box>
      <QuotaChart title="Total Instances" used={limits.totalInstancesUsed ?? 0} added={Number.isFinite(spec.instance_count) ? spec.instance_count : 0} max={limits.maxTotalInstances} />
    </Box>
  );
}
