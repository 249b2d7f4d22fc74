import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useRegistry } from '../../src/engine/context';
import { useResourceRecord } from '../../src/engine/queries';
import ResourceListPage from '../../src/engine/ResourceListPage';
import { DIALOG_WIDTH, staticBackdropClose } from '../../src/forms/dialog';
import { FilePicker, readText } from '../../src/forms/widgets/FilePicker';
import { useToastStore } from '../../src/toasts/context';
import { decryptPkcs1v15 } from './rsa-pkcs1';
import { useInstanceCall } from './useInstanceCall';

/** Spec 1 §8 (Horizon's horizon.instances.js toasts). */
export const FILE_READ_FAILED = 'Could not read the file';
export const DECRYPT_FAILED = 'Could not decrypt the password';
/** Horizon's DecryptPasswordInstanceForm texts. */
export const PASSWORD_UNAVAILABLE = 'Instance Password is not set or is not yet available';
export const PASSWORD_LOAD_FAILED = 'Unable to retrieve instance password.';
const INSTANCES_PATH = '/project/instances';

/**
 * Retrieve Password at `/project/instances/{id}/decryptpassword` (Horizon's
 * decryptpassword modal, over the instances list): the instance's key pair
 * and Nova's encrypted password, a private key chosen as a file or pasted,
 * decrypted in the browser (rsa-pkcs1.ts). The key never leaves the page.
 */
export function DecryptPasswordRoute() {
  const instances = useRegistry().byName('instance');
  return (
    <>
      {instances && <ResourceListPage descriptor={instances} />}
      <DecryptPasswordModal />
    </>
  );
}

export function DecryptPasswordModal() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const toasts = useToastStore();
  const titleId = useId();
  const instances = useRegistry().byName('instance');
  const instance = useResourceRecord(instances, id);
  const encrypted = useInstanceCall<string>(id, 'password');
  const [privateKey, setPrivateKey] = useState('');
  const [keyFile, setKeyFile] = useState<File | undefined>();
  const [password, setPassword] = useState<string | null>(null);
  const close = () => navigate(INSTANCES_PATH);

  useEffect(() => {
    if (encrypted.isError) {
      toasts.error(PASSWORD_LOAD_FAILED);
      navigate(INSTANCES_PATH, { replace: true });
    }
  }, [encrypted.isError, toasts, navigate]);

  async function readKeyFile(file: File | undefined) {
    setKeyFile(file);
    if (!file) {
      toasts.error(DECRYPT_FAILED); // Horizon: a cleared file choice
      return;
    }
    try {
      setPrivateKey(await readText(file));
    } catch {
      toasts.error(FILE_READ_FAILED);
    }
  }

  function decrypt() {
    // Horizon closes the modal when no key was given.
    if (!privateKey) return close();
    try {
      setPassword(decryptPkcs1v15(privateKey, encrypted.data ?? ''));
    } catch {
      toasts.error(DECRYPT_FAILED);
    }
  }

  const available = Boolean(encrypted.data);
  const keyName = instance.data?.key_name;
  return (
    <Dialog open fullWidth maxWidth={DIALOG_WIDTH.lg} aria-labelledby={titleId} onClose={staticBackdropClose(false, close)}>
      <DialogTitle id={titleId}>Retrieve Instance Password</DialogTitle>
      <DialogContent dividers>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 3 }}>
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            <TextField
              label="Key Pair Name"
              value={keyName ? String(keyName) : ''}
              helperText="The Key Pair name that was associated with the instance"
              slotProps={{ input: { readOnly: true } }}
            />
            <TextField
              label="Encrypted Password"
              multiline
              rows={4}
              value={encrypted.isPending ? '' : available ? encrypted.data : PASSWORD_UNAVAILABLE}
              helperText="The instance password encrypted with your public key."
              slotProps={{ input: { readOnly: true } }}
            />
            {available && (
              <>
                <FilePicker label="Private Key File" file={keyFile} onChange={(file) => void readKeyFile(file)} />
                <TextField
                  label="OR Copy/Paste your Private Key"
                  multiline
                  rows={6}
                  value={privateKey}
                  onChange={(event) => setPrivateKey(event.target.value)}
                  slotProps={{ htmlInput: { spellCheck: false, autoComplete: 'off', style: { fontFamily: 'monospace', fontSize: 12 } } }}
                />
                <TextField
                  label="Password"
                  value={password ?? ''}
                  slotProps={{ input: { readOnly: true }, htmlInput: { style: { fontFamily: 'monospace' } } }}
                />
              </>
            )}
          </Box>
          <Box>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
              Description:
            </Typography>
            <Typography sx={{ mb: 1 }}>
              To decrypt your password you will need the private key of your key pair for this instance. Select the private key file, or copy and paste the content of
              your private key file into the text area below, then click Decrypt Password.
            </Typography>
            <Typography>
              <b>Note: </b> The private key will be only used in your browser and will not be sent to the server
            </Typography>
          </Box>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        {available && password === null && (
          <Button variant="contained" onClick={decrypt}>
            Decrypt Password
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
