import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { serverMessage } from '../../../src/backend/http';
import { useBackend } from '../../../src/engine/context';
import { downloadFile } from '../../../src/engine/download';
import { DIALOG_WIDTH } from '../../../src/forms/dialog';
import { useToastStore } from '../../../src/toasts/context';
import { LAUNCH_MESSAGES, type LaunchRecord } from '../model';
import { type PickColumn, PickTable } from '../PickTable';
import { firstError, type LaunchStepProps } from './types';

const KEYPAIR_COLUMNS: PickColumn<LaunchRecord>[] = [
  { label: 'Name', field: 'name' },
  { label: 'Type', field: 'type' },
  { label: 'Fingerprint', field: 'fingerprint' },
];

const KEY_TYPES = [
  { value: 'ssh', label: 'SSH Key' },
  { value: 'x509', label: 'X509 Certificate' },
];

/** Spec 2 §5: key pair names (create and import) are letters, digits, spaces, underscores and hyphens. */
const KEYPAIR_NAME = /^[A-Za-z0-9 _-]+$/;

/** 'Keypair already exists or name contains bad characters.' when the name is taken or badly formed (spec 2 §5). */
export function keypairNameError(name: string, existing: readonly LaunchRecord[]): string | undefined {
  if (!name) return undefined;
  return !KEYPAIR_NAME.test(name) || existing.some((keypair) => keypair.name === name) ? LAUNCH_MESSAGES.keypairBad : undefined;
}

interface KeypairDialogProps {
  mode: 'create' | 'import';
  existing: readonly LaunchRecord[];
  onDone(keypair: LaunchRecord): void;
  onClose(): void;
}

/**
 * Create or import a key pair inside the wizard (spec 2 §4): a created key's
 * private key downloads as '<name>.pem' and is shown until Done.
 */
function KeypairDialog({ mode, existing, onDone, onClose }: KeypairDialogProps) {
  const { dataProvider } = useBackend();
  const toasts = useToastStore();
  const titleId = useId();
  const [name, setName] = useState('');
  const [keyType, setKeyType] = useState('ssh');
  const [publicKey, setPublicKey] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState<LaunchRecord | null>(null);
  const nameError = keypairNameError(name, existing);
  const title = mode === 'create' ? 'Create Key Pair' : 'Import Key Pair';
  const ready = name !== '' && !nameError && (mode === 'create' || publicKey.trim() !== '');

  async function submit() {
    setBusy(true);
    setFailure(null);
    try {
      const body = mode === 'create' ? { name, key_type: keyType } : { name, key_type: keyType, public_key: publicKey.trim() };
      const { data } = await dataProvider.create('keypair', { data: body });
      const keypair = { ...data, id: String(data.name ?? name), name: String(data.name ?? name) } as LaunchRecord;
      if (mode === 'import') {
        toasts.success(LAUNCH_MESSAGES.keypairImported(keypair.name!));
        onDone(keypair);
        return;
      }
      toasts.success(LAUNCH_MESSAGES.keypairCreated(keypair.name!));
      if (typeof data.private_key === 'string') downloadFile(`${keypair.name}.pem`, data.private_key, 'application/x-pem-file');
      setCreated(keypair);
    } catch (error) {
      setFailure(serverMessage(error) ?? (mode === 'create' ? LAUNCH_MESSAGES.keypairCreateFailed : LAUNCH_MESSAGES.keypairImportFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open fullWidth maxWidth={DIALOG_WIDTH.md} aria-labelledby={titleId} onClose={(_event, reason) => reason !== 'backdropClick' && !busy && (created ? onDone(created) : onClose())}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        {failure && <Alert severity="error">{failure}</Alert>}
        {created ? (
          <>
            <Typography>The key pair "{created.name}" was created; its private key was downloaded as {created.name}.pem. Keep it safe: it is not shown again.</Typography>
            <TextField label="Private Key" multiline minRows={6} value={String(created.private_key ?? '')} InputProps={{ readOnly: true }} inputProps={{ style: { fontFamily: 'monospace', fontSize: 12 } }} />
          </>
        ) : (
          <>
            <Typography variant="body2" color="text.secondary">
              {mode === 'create'
                ? 'Key Pairs are how you login to your instance after it is launched. Choose a key pair name you will recognize.'
                : 'Key Pairs are how you login to your instance after it is launched. Choose a key pair name you will recognize and paste your SSH public key into the space provided.'}
            </Typography>
            <TextField label="Key Pair Name" name="keypair_name" required value={name} onChange={(event) => setName(event.target.value)} error={Boolean(nameError)} helperText={nameError} />
            <TextField select label="Key Type" name="key_type" required value={keyType} onChange={(event) => setKeyType(event.target.value)}>
              {KEY_TYPES.map((type) => (
                <MenuItem key={type.value} value={type.value}>
                  {type.label}
                </MenuItem>
              ))}
            </TextField>
            {mode === 'import' && (
              <TextField label="Public Key" name="public_key" required multiline minRows={4} value={publicKey} onChange={(event) => setPublicKey(event.target.value)} />
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        {created ? (
          <Button variant="contained" onClick={() => onDone(created)}>
            Done
          </Button>
        ) : (
          <>
            <Button onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button variant="contained" onClick={() => void submit()} disabled={busy || !ready}>
              {mode === 'create' ? 'Create Keypair' : 'Import Key Pair'}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}

/**
 * Key Pair (spec 2 §4, §5): one key pair; create or import one inline, which
 * is added to the list and selected when none is; with can_set_password the
 * admin password and its confirmation ('Passwords do not match.').
 */
export function KeyPairStep({ spec, onSpec, errors, disabled, data, onKeypairAdded }: LaunchStepProps & { onKeypairAdded(keypair: LaunchRecord): void }) {
  const [dialog, setDialog] = useState<'create' | 'import' | null>(null);
  const [setPassword, setSetPassword] = useState(Boolean(spec.admin_pass));
  const added = (keypair: LaunchRecord) => {
    setDialog(null);
    onKeypairAdded(keypair);
    const { private_key: _secret, ...listed } = keypair;
    // Spec 2 §4: the new key pair is selected if none is.
    if (spec.key_pair.length === 0) onSpec({ ...spec, key_pair: [listed as LaunchRecord] });
  };
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="body2" color="text.secondary">
        A key pair allows you to SSH into your newly created instance. You may select an existing key pair, import a key pair, or generate a new key pair.
      </Typography>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button variant="outlined" onClick={() => setDialog('create')} disabled={disabled}>
          Create Key Pair
        </Button>
        <Button variant="outlined" onClick={() => setDialog('import')} disabled={disabled}>
          Import Key Pair
        </Button>
      </Box>
      <PickTable
        items={data.keypairs}
        value={spec.key_pair}
        onChange={(key_pair) => onSpec({ ...spec, key_pair })}
        columns={KEYPAIR_COLUMNS}
        max={1}
        noneAllocatedText="Select a key pair from the available key pairs below."
        availableHelp="Select one"
        disabled={disabled}
      />
      {errors.key_pair?.map((message) => (
        <Typography key={message} color="error" variant="body2">
          {message}
        </Typography>
      ))}
      {data.canSetPassword && (
        <Box sx={{ display: 'grid', gap: 2, maxWidth: 420 }}>
          <FormControlLabel
            control={
              <Checkbox
                checked={setPassword}
                onChange={(event) => {
                  setSetPassword(event.target.checked);
                  if (!event.target.checked) onSpec({ ...spec, admin_pass: null, admin_pass_confirm: '' });
                }}
              />
            }
            label="Set admin password"
          />
          {setPassword && (
            <>
              <TextField label="Password" name="admin_pass" type="password" value={spec.admin_pass ?? ''} onChange={(event) => onSpec({ ...spec, admin_pass: event.target.value || null })} />
              <TextField
                label="Confirm password"
                name="admin_pass_confirm"
                type="password"
                value={spec.admin_pass_confirm ?? ''}
                onChange={(event) => onSpec({ ...spec, admin_pass_confirm: event.target.value })}
                error={Boolean(errors.admin_pass_confirm?.length)}
                helperText={firstError(errors, 'admin_pass_confirm')}
              />
            </>
          )}
        </Box>
      )}
      {dialog && <KeypairDialog mode={dialog} existing={data.keypairs} onDone={added} onClose={() => setDialog(null)} />}
    </Box>
  );
}
