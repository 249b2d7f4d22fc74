import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FilePicker, readText } from '../../../src/forms/widgets/FilePicker';
import { formatBytes } from '../../../src/utils/units';
import { USER_DATA_MAX_BYTES } from '../model';
import { scriptBytes } from '../rules';
import { firstError, type LaunchStepProps } from './types';

const DISK_CONFIG_OPTIONS = [
  { value: 'AUTO', text: 'Automatic' },
  { value: 'MANUAL', text: 'Manual' },
] as const;

/**
 * Configuration (spec 2 §5, §9): the customization script (≤ 16 KiB, typed
 * or loaded from a file), the disk partition and the configuration drive.
 */
export function ConfigurationStep({ spec, onSpec, errors, disabled }: LaunchStepProps) {
  const [scriptFile, setScriptFile] = useState<File | undefined>();
  const bytes = scriptBytes(spec.user_data);
  const tooBig = bytes >= USER_DATA_MAX_BYTES;
  const load = async (file: File | undefined) => {
    setScriptFile(file);
    if (file) onSpec({ ...spec, user_data: await readText(file) });
  };
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="body2" color="text.secondary">
        You can customize your instance after it has launched using the options available here. "Customization Script" is analogous to "User Data" in other systems.
      </Typography>
      <FilePicker label="Load Customization Script from a file" file={scriptFile} disabled={disabled} onChange={(file) => void load(file)} />
      <TextField
        label="Customization Script"
        name="user_data"
        multiline
        minRows={8}
        value={spec.user_data}
        onChange={(event) => onSpec({ ...spec, user_data: event.target.value })}
        error={tooBig || Boolean(errors.user_data?.length)}
        helperText={firstError(errors, 'user_data') ?? `Content size: ${formatBytes(bytes)} of ${formatBytes(USER_DATA_MAX_BYTES)}`}
        disabled={disabled}
        inputProps={{ spellCheck: false, style: { fontFamily: 'monospace' } }}
      />
      <TextField
        select
        label="Disk Partition"
        name="disk_config"
        value={spec.disk_config}
        onChange={(event) => onSpec({ ...spec, disk_config: event.target.value as 'AUTO' | 'MANUAL' })}
        disabled={disabled}
        sx={{ maxWidth: 320 }}
      >
        {DISK_CONFIG_OPTIONS.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.text}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={<Checkbox checked={spec.config_drive} onChange={(event) => onSpec({ ...spec, config_drive: event.target.checked })} disabled={disabled} />}
        label="Configuration Drive"
      />
    </Box>
  );
}
