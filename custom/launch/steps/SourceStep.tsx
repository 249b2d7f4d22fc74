import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DateTimeText } from '../../../src/engine/FieldText';
import { formatBytes } from '../../../src/utils/units';
import { BOOT_SOURCE_LABELS, type BootSource, type BootSourceType, type NewInstanceSpec } from '../model';
import { PickTable, type PickColumn } from '../PickTable';
import { adjustedVolumeSize, minVolumeSize } from '../rules';
import { firstError, type LaunchStepProps } from './types';

const IMAGE_COLUMNS: PickColumn<BootSource>[] = [
  { label: 'Name', field: 'name', render: (item) => String(item.name || item.id) },
  { label: 'Updated', field: 'updated_at', render: (item) => <DateTimeText value={item.updated_at} /> },
  { label: 'Size', render: (item) => formatBytes(Number(item.size ?? 0)) },
  { label: 'Format', field: 'disk_format', render: (item) => String(item.disk_format ?? '').toUpperCase() || '-' },
  { label: 'Visibility', field: 'visibility' },
];

const VOLUME_COLUMNS: PickColumn<BootSource>[] = [
  { label: 'Name', field: 'name', render: (item) => String(item.name || item.id) },
  { label: 'Description', field: 'description' },
  { label: 'Size', render: (item) => `${Number(item.size ?? 0)} GB` },
  { label: 'Availability Zone', field: 'availability_zone' },
];

const SNAPSHOT_COLUMNS: PickColumn<BootSource>[] = [
  { label: 'Name', field: 'name', render: (item) => String(item.name || item.id) },
  { label: 'Description', field: 'description' },
  { label: 'Size', render: (item) => `${Number(item.size ?? 0)} GB` },
  { label: 'Created', field: 'created_at', render: (item) => <DateTimeText value={item.created_at} /> },
  { label: 'Status', field: 'status' },
];

const COLUMNS: Record<BootSourceType, PickColumn<BootSource>[]> = { image: IMAGE_COLUMNS, snapshot: IMAGE_COLUMNS, volume: VOLUME_COLUMNS, volume_snapshot: SNAPSHOT_COLUMNS };

const YES_NO = [
  { label: 'Yes', value: true },
  { label: 'No', value: false },
];

/** Whether a new volume may be created for this source type (image-based sources with a volume service). */
export function volumeCreatable(type: BootSourceType | null, volumeEnabled: boolean): boolean {
  return volumeEnabled && (type === 'image' || type === 'snapshot');
}

/**
 * Spec 2 §4: changing the source type clears the selection; image and
 * snapshot sources set vol_create to the default when volumes can be
 * created, other sources set it false; delete-on-terminate resets to false.
 */
export function withSourceType(spec: NewInstanceSpec, type: BootSourceType, volumeEnabled: boolean): NewInstanceSpec {
  return {
    ...spec,
    source_type: type,
    source: [],
    vol_create: volumeCreatable(type, volumeEnabled) ? spec.create_volume_default : false,
    vol_delete_on_instance_delete: false,
  };
}

/** Picking a source raises the volume size to its minimum and to the flavor's root disk (spec 2 §5). */
export function withSource(spec: NewInstanceSpec, source: BootSource[]): NewInstanceSpec {
  const minimum = minVolumeSize(spec.source_type, source[0] ?? null);
  return { ...spec, source, vol_size: source.length ? adjustedVolumeSize(spec.vol_size, { minimum, flavorDisk: spec.flavor?.disk }) : spec.vol_size };
}

function YesNo({ label, name, value, onChange, disabled }: { label: string; name: string; value: boolean; onChange(value: boolean): void; disabled: boolean }) {
  return (
    <FormControl disabled={disabled}>
      <FormLabel id={`${name}-label`}>{label}</FormLabel>
      <RadioGroup row aria-labelledby={`${name}-label`} name={name} value={String(value)} onChange={(event) => onChange(event.target.value === 'true')}>
        {YES_NO.map((option) => (
          <FormControlLabel key={option.label} value={String(option.value)} control={<Radio size="small" />} label={option.label} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

/**
 * Source (spec 2 §2.4, §4, §5): the boot source type, the allocated and
 * available sources of that type, and for image-based sources whether to
 * create a new volume, its size and whether it goes with the instance.
 */
export function SourceStep({ spec, onSpec, errors, disabled, data }: LaunchStepProps) {
  const type = spec.source_type ?? data.defaultBootSource;
  const creatable = volumeCreatable(type, data.volumeEnabled);
  const onVolume = spec.vol_create || type === 'volume' || type === 'volume_snapshot';
  if (data.sourceTypes.length === 0) {
    return <Typography color="error">There are no allowed boot sources. If you think this is wrong please contact your administrator.</Typography>;
  }
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="body2" color="text.secondary">
        Instance source is the template used to create an instance. You can use an image, a snapshot of an instance (image snapshot), a volume or a
        volume snapshot (if enabled). You can also choose to use persistent storage by creating a new volume.
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, alignItems: 'flex-start' }}>
        <TextField
          select
          label="Select Boot Source"
          name="source_type"
          value={type}
          onChange={(event) => onSpec(withSourceType(spec, event.target.value as BootSourceType, data.volumeEnabled))}
          error={Boolean(errors.source_type?.length)}
          helperText={firstError(errors, 'source_type')}
          disabled={disabled}
          sx={{ minWidth: 240, maxWidth: 420 }}
        >
          {data.sourceTypes.map((each) => (
            <MenuItem key={each} value={each}>
              {BOOT_SOURCE_LABELS[each]}
            </MenuItem>
          ))}
        </TextField>
        {creatable && !spec.hide_create_volume && (
          <YesNo label="Create New Volume" name="vol_create" value={spec.vol_create} onChange={(value) => onSpec({ ...spec, vol_create: value })} disabled={disabled} />
        )}
        {creatable && spec.vol_create && (
          <TextField
            label="Volume Size (GB)"
            name="vol_size"
            type="number"
            required
            value={Number.isNaN(spec.vol_size) ? '' : spec.vol_size}
            onChange={(event) => onSpec({ ...spec, vol_size: event.target.value === '' ? Number.NaN : Number(event.target.value) })}
            error={Boolean(errors.vol_size?.length)}
            helperText={firstError(errors, 'vol_size')}
            disabled={disabled}
            inputProps={{ min: Math.max(1, minVolumeSize(type, spec.source[0] ?? null)), step: 1 }}
            sx={{ width: 200 }}
          />
        )}
        {onVolume && (
          <YesNo
            label="Delete Volume on Instance Delete"
            name="vol_delete_on_instance_delete"
            value={spec.vol_delete_on_instance_delete}
            onChange={(value) => onSpec({ ...spec, vol_delete_on_instance_delete: value })}
            disabled={disabled}
          />
        )}
      </Box>
      {type === 'volume' && (
        <Typography variant="body2" color="text.secondary">
          When selecting volume as boot source, please ensure the instance's availability zone is compatible with your volume's availability zone.
        </Typography>
      )}
      <PickTable
        items={data.sources[type] ?? []}
        value={spec.source}
        onChange={(next) => onSpec(withSource({ ...spec, source_type: type }, next))}
        columns={COLUMNS[type]}
        max={1}
        noneAllocatedText="Select a source from those listed below."
        availableHelp="Select one"
        disabled={disabled}
      />
      {errors.source?.map((message) => (
        <FormHelperText key={message} error>
          {message}
        </FormHelperText>
      ))}
    </Box>
  );
}
