import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorStatus, isAlreadyReported, serverMessage } from '../../../src/backend/http';
import { useBackend } from '../../../src/engine/context';
import { DIALOG_WIDTH } from '../../../src/forms/dialog';
import { useToastStore } from '../../../src/toasts/context';
import { containerRoute, DELIMITER } from '../paths';
import { CONTAINERS_KEY } from '../queries';
import { ERRORS, fill, TEXTS } from '../texts';
import { answers, useNameCheck } from './useNameCheck';

interface Policy {
  id: string;
  name: string;
  default?: boolean;
  display_name?: string;
}

/**
 * Create Container (spec 2 §3, §5): name (required, no '/', must not exist),
 * storage policy (required, the default policy preselected) and access
 * (Public / Not public, default not public).
 */
export function CreateContainerDialog({ onClose }: { onClose(): void }) {
  const { dataProvider } = useBackend();
  const toasts = useToastStore();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const titleId = useId();
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [chosenPolicy, setPolicy] = useState<string | null>(null);
  const [isPublic, setPublic] = useState(false);
  const [busy, setBusy] = useState(false);
  const policies = useQuery({ queryKey: ['swift', 'policies'], queryFn: async () => (await dataProvider.getList<Policy>('storage-policy', {} as never)).data });
  const policy = chosenPolicy ?? policies.data?.find((item) => item.default)?.name ?? policies.data?.[0]?.name ?? '';
  const slash = name.includes(DELIMITER);
  const check = useNameCheck(slash ? '' : name, (candidate) => answers(() => dataProvider.getOne('container', { id: candidate })));
  const nameError = touched && !name ? TEXTS.required : slash ? TEXTS.nameNoSlash : check === 'taken' ? TEXTS.containerExists : null;
  const valid = name !== '' && !slash && check === 'free' && policy !== '';

  const submit = async () => {
    setBusy(true);
    try {
      await dataProvider.create('container', { data: { name, storage_policy: policy, is_public: isPublic } });
      toasts.success(fill(TEXTS.containerCreated, { name }));
      await queryClient.invalidateQueries({ queryKey: CONTAINERS_KEY });
      onClose();
      navigate(containerRoute(name));
    } catch (error) {
      setBusy(false);
      if (!isAlreadyReported(error)) toasts.error((errorStatus(error) === 409 && serverMessage(error)) || ERRORS.createContainer);
    }
  };

  return (
    <Dialog open onClose={(_event, reason) => reason !== 'backdropClick' && !busy && onClose()} aria-labelledby={titleId} maxWidth={DIALOG_WIDTH.md} fullWidth>
      <DialogTitle id={titleId}>{TEXTS.createContainer}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
        <TextField
          label={TEXTS.containerName}
          required
          autoFocus
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setTouched(true);
          }}
          error={Boolean(nameError)}
          helperText={nameError ?? (check === 'checking' ? TEXTS.checkingName : TEXTS.nameNoSlash)}
          slotProps={{ htmlInput: { maxLength: 255 } }}
        />
        <TextField select label={TEXTS.storagePolicy} required value={policy} onChange={(event) => setPolicy(event.target.value)}>
          {(policies.data ?? []).map((item) => (
            <MenuItem key={item.name} value={item.name}>
              {item.display_name ?? item.name}
            </MenuItem>
          ))}
        </TextField>
        <FormControl>
          <FormLabel id={`${titleId}-access`}>{TEXTS.containerAccess}</FormLabel>
          <RadioGroup row aria-labelledby={`${titleId}-access`} value={isPublic ? 'public' : 'private'} onChange={(event) => setPublic(event.target.value === 'public')}>
            <FormControlLabel value="public" control={<Radio />} label={TEXTS.public} />
            <FormControlLabel value="private" control={<Radio />} label={TEXTS.notPublic} />
          </RadioGroup>
          <FormHelperText>{TEXTS.containerAccessHelp}</FormHelperText>
        </FormControl>
        <Typography variant="body2" color="text.secondary">
          {TEXTS.containerHelp}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {TEXTS.cancel}
        </Button>
        <Button variant="contained" disabled={!valid || busy} onClick={() => void submit()}>
          {TEXTS.createContainer}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
