import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { SwiftObjectRecord } from '../../../dataProviders/swift';
import { errorStatus, isAlreadyReported, serverMessage } from '../../../src/backend/http';
import { resourceCall } from '../../../src/backend/verbs';
import { useBackend } from '../../../src/engine/context';
import { DIALOG_WIDTH } from '../../../src/forms/dialog';
import { WaitSpinner } from '../../../src/forms/WaitSpinner';
import { useToastStore } from '../../../src/toasts/context';
import { containerRoute, DELIMITER } from '../paths';
import { CONTAINERS_KEY, containerKey, objectsKey } from '../queries';
import { ERRORS, fill, TEXTS } from '../texts';
import { answers, useNameCheck } from './useNameCheck';

/**
 * Copy (spec 2 §5): the destination container must exist ('This container
 * does not exist.') and the destination object must not ('This name already
 * exists.'). After the copy the view moves to the destination container and folder.
 */
export function CopyObjectDialog({ item, onClose }: { item: SwiftObjectRecord; onClose(): void }) {
  const { dataProvider } = useBackend();
  const toasts = useToastStore();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const titleId = useId();
  const [destContainer, setDestContainer] = useState('');
  const [destName, setDestName] = useState('');
  const [busy, setBusy] = useState(false);
  const containerCheck = useNameCheck(destContainer, (name) => answers(() => dataProvider.getOne('container', { id: name })));
  const nameCheck = useNameCheck(containerCheck === 'taken' ? destName : '', (name) => answers(() => dataProvider.getOne('swift-object', { id: name, meta: { container: destContainer } })));
  const containerError = containerCheck === 'free' ? TEXTS.containerNotFound : null;
  const nameError = nameCheck === 'taken' ? TEXTS.nameExists : null;
  const valid = containerCheck === 'taken' && destName !== '' && nameCheck === 'free';

  const submit = async () => {
    setBusy(true);
    try {
      await resourceCall(dataProvider)('swift-object', { id: item.id, name: 'copy', data: { container: item.container, dest_container: destContainer, dest_name: destName } });
      toasts.success(fill(TEXTS.copied, { path: destName }));
      await Promise.all([CONTAINERS_KEY, containerKey(destContainer), objectsKey(destContainer)].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      onClose();
      const slash = destName.lastIndexOf(DELIMITER);
      navigate(containerRoute(destContainer, slash > 0 ? destName.slice(0, slash + 1) : ''));
    } catch (error) {
      setBusy(false);
      if (!isAlreadyReported(error)) toasts.error((errorStatus(error) === 409 && serverMessage(error)) || ERRORS.copy);
    }
  };

  return (
    <Dialog open onClose={(_event, reason) => reason !== 'backdropClick' && !busy && onClose()} aria-labelledby={titleId} maxWidth={DIALOG_WIDTH.lg} fullWidth>
      <DialogTitle id={titleId}>{fill(TEXTS.copyObject, { container: item.container, path: item.path })}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
        <TextField
          required
          label={TEXTS.destContainer}
          value={destContainer}
          onChange={(event) => setDestContainer(event.target.value)}
          error={Boolean(containerError)}
          helperText={containerError ?? ' '}
          slotProps={{ htmlInput: { maxLength: 255 } }}
        />
        <TextField
          required
          label={TEXTS.destObject}
          value={destName}
          onChange={(event) => setDestName(event.target.value)}
          error={Boolean(nameError)}
          helperText={nameError ?? ' '}
          slotProps={{ htmlInput: { maxLength: 255 } }}
        />
        <Typography variant="body2" color="text.secondary">
          {TEXTS.copyHelp1}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {TEXTS.copyHelp2}
        </Typography>
        {busy && <WaitSpinner text={TEXTS.copying} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {TEXTS.cancel}
        </Button>
        <Button variant="contained" disabled={!valid || busy} onClick={() => void submit()}>
          {TEXTS.copyButton}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
