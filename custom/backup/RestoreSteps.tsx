import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { DateTimeText } from '../../src/engine/FieldText';
import { useOptionLoader } from '../../src/forms/option-sources';
import type { TransferItem } from '../../src/transfer/model';
import type { CustomStepProps } from '../../src/wizard/step-components';
import { type RestorableVolume, type RestoreChoice, restoreChoiceOf, restoreStepError } from './restore-check';
import { useRestoreReads } from './useRestoreReads';

/** Spec 3 §3.3: the volume type choices are Cinder's types plus this one (no type). */
export const NO_VOLUME_TYPE = 'No volume type';

const jobOf = (formData: Record<string, unknown>) => (formData.job ?? {}) as { id?: string; name?: string };

function VolumeLink({ volume }: { volume: RestorableVolume }) {
  return (
    <Link component={RouterLink} to={`/project/volumes/${encodeURIComponent(volume.id)}`}>
      {volume.name}
    </Link>
  );
}

/**
 * The restore wizard's general step (spec 3 §2.5): the plan's volumes, each
 * linked to its volume page.
 */
export function RestoreGeneralStep({ formData }: CustomStepProps) {
  const job = jobOf(formData);
  const { volumes } = useRestoreReads(job.id ?? '', false);
  return (
    <Stack spacing={1}>
      <Typography>Plan: {job.name}</Typography>
      {volumes === null ? null : volumes.length === 0 ? (
        <Alert severity="info">Nothing to restore</Alert>
      ) : (
        <Table size="small" aria-label="Volumes of the plan">
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>Size</TableCell>
              <TableCell>Last Backup</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {volumes.map((volume) => (
              <TableRow key={volume.id}>
                <TableCell>
                  <VolumeLink volume={volume} />
                </TableCell>
                <TableCell>{volume.last_backup?.original_disk_size ?? volume.size ?? '-'} GB</TableCell>
                <TableCell>
                  <DateTimeText value={volume.last_backup?.created_at} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Stack>
  );
}

/**
 * The restore wizard's Vms/Disks step (spec 3 §3.3, §4.3, §5.3): the plan's
 * volumes to choose; a chosen one gets the original's name, description,
 * bootable flag and type, which the user may change. The step holds the
 * wizard with its message (no disks, none chosen, the quota check) through
 * `report`, recomputed when the quotas load or the choice changes.
 */
export function RestoreDisksStep({ value, onChange, formData, errors, disabled, report }: CustomStepProps) {
  const job = jobOf(formData);
  const { volumes, quotas } = useRestoreReads(job.id ?? '', true);
  const chosen = (value ?? {}) as Record<string, RestoreChoice>;
  const load = useOptionLoader();
  const [types, setTypes] = useState<TransferItem[]>([]);
  useEffect(() => {
    let live = true;
    load('volume-types').then(
      (loaded) => live && setTypes(loaded),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [load]);

  const message = restoreStepError(volumes, chosen, quotas);
  useEffect(() => report(message ? [message] : []), [message, report]);

  const toggle = (volume: RestorableVolume, on: boolean) => {
    const next = { ...chosen };
    if (on) next[volume.id] = restoreChoiceOf(volume);
    else delete next[volume.id];
    onChange(next);
  };
  const edit = (id: string, change: Partial<RestoreChoice>) => onChange({ ...chosen, [id]: { ...chosen[id], ...change } });

  return (
    <Stack spacing={2}>
      {(volumes ?? []).map((volume) => {
        const choice = chosen[volume.id];
        return (
          <Stack key={volume.id} spacing={1} sx={{ borderBottom: 1, borderColor: 'divider', pb: 1 }}>
            <FormControlLabel
              control={<Checkbox checked={Boolean(choice)} disabled={disabled} onChange={(event) => toggle(volume, event.target.checked)} />}
              label={`${volume.name} (${volume.last_backup?.original_disk_size ?? volume.size ?? '-'} GB)`}
            />
            {choice && (
              <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
                <TextField
                  size="small"
                  label="Name"
                  value={choice.restore_name}
                  disabled={disabled}
                  onChange={(event) => edit(volume.id, { restore_name: event.target.value })}
                  inputProps={{ 'aria-label': `Restore name of ${volume.name}` }}
                />
                <TextField
                  size="small"
                  label="Description"
                  value={choice.restore_description ?? ''}
                  disabled={disabled}
                  onChange={(event) => edit(volume.id, { restore_description: event.target.value })}
                  inputProps={{ 'aria-label': `Restore description of ${volume.name}` }}
                />
                <TextField
                  select
                  size="small"
                  label="Volume Type"
                  sx={{ minWidth: 180 }}
                  value={choice.restore_volume_type ?? ''}
                  disabled={disabled}
                  onChange={(event) => edit(volume.id, { restore_volume_type: event.target.value || null })}
                  SelectProps={{ inputProps: { 'aria-label': `Restore volume type of ${volume.name}` } }}
                >
                  <MenuItem value="">{NO_VOLUME_TYPE}</MenuItem>
                  {types.map((type) => (
                    <MenuItem key={type.id} value={type.id}>
                      {type.label ?? type.id}
                    </MenuItem>
                  ))}
                </TextField>
                <FormControlLabel
                  control={<Checkbox checked={choice.restore_bootable === true} disabled={disabled} onChange={(event) => edit(volume.id, { restore_bootable: event.target.checked })} />}
                  label="Bootable"
                />
              </Stack>
            )}
          </Stack>
        );
      })}
      {errors.map((error) => (
        <FormHelperText key={error} error role="alert">
          {error}
        </FormHelperText>
      ))}
    </Stack>
  );
}
