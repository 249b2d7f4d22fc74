import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AuthOptions, LoginRequest } from '../backend/contract';
import { serverMessage } from '../backend/http';
import { useBackend } from '../engine/context';
import { useToastStore } from '../toasts/context';
import { PRODUCT_NAME } from './Header';
import { LANDING_PATH } from './menu';
import { useSessionActions } from './session-actions';
import { useEnterApp } from './sign-in-landing';

const CREDENTIALS = 'credentials';

/**
 * The login page (spec 1 §2.5): an 'Authenticate using' selector when there
 * is more than one way in; in credentials mode the user name, password,
 * domain (multi-domain clouds) and region (more than one) fields, hidden in
 * any other mode. A refused login shows the server's reason.
 */
export default function LoginPage() {
  const { auth } = useBackend();
  const options = useQuery({ queryKey: ['auth-options'], queryFn: () => auth.getOptions(), staleTime: Infinity, retry: false });
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 400, p: { xs: 3, sm: 4 } }}>
        <Typography variant="overline" color="primary" sx={{ fontWeight: 700, letterSpacing: 1 }}>
          {PRODUCT_NAME}
        </Typography>
        <Typography variant="h5" component="h1" sx={{ mb: 3, fontWeight: 500 }}>
          Log in
        </Typography>
        {options.data ? (
          <LoginForm options={options.data} />
        ) : options.isError ? (
          <Alert severity="error">{serverMessage(options.error) ?? 'An error occurred. Please try again later.'}</Alert>
        ) : (
          <CircularProgress size={28} aria-label="Loading" />
        )}
      </Paper>
    </Box>
  );
}

function LoginForm({ options }: { options: AuthOptions }) {
  const { auth } = useBackend();
  const toasts = useToastStore();
  const { adopt } = useSessionActions();
  const enterApp = useEnterApp();
  const [params] = useSearchParams();
  const [authType, setAuthType] = useState(options.default_auth_type || CREDENTIALS);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [domain, setDomain] = useState(options.default_domain ?? '');
  const [region, setRegion] = useState(options.default_region ?? options.regions[0] ?? '');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const credentials = authType === CREDENTIALS;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitting(true);
    setError(null);
    const request: LoginRequest = { auth_type: authType };
    if (credentials) {
      Object.assign(request, { username, password });
      if (options.multidomain && domain) request.domain = domain;
      if (options.regions.length > 1 && region) request.region = region;
    }
    try {
      await adopt(await auth.login(request));
      toasts.clearErrors(); // errors of the previous session no longer apply
      enterApp(safeNext(params.get('next')));
    } catch (failure) {
      setError(serverMessage(failure) ?? 'An error occurred. Please try again later.');
      setSubmitting(false);
    }
  }

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2 }}>
      {error && <Alert severity="error">{error}</Alert>}
      {options.auth_types.length > 1 && (
        <TextField select label="Authenticate using" value={authType} onChange={(event) => setAuthType(event.target.value)}>
          {options.auth_types.map((type) => (
            <MenuItem key={type.id} value={type.id}>
              {type.label}
            </MenuItem>
          ))}
        </TextField>
      )}
      {credentials && (
        <>
          <TextField label="User Name" name="username" autoComplete="username" autoFocus value={username} onChange={(event) => setUsername(event.target.value)} />
          <TextField label="Password" name="password" type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />
          {options.multidomain && <TextField label="Domain" name="domain" value={domain} onChange={(event) => setDomain(event.target.value)} />}
          {options.regions.length > 1 && (
            <TextField select label="Region" value={region} onChange={(event) => setRegion(event.target.value)}>
              {options.regions.map((name) => (
                <MenuItem key={name} value={name}>
                  {name}
                </MenuItem>
              ))}
            </TextField>
          )}
        </>
      )}
      <Button type="submit" variant="contained" size="large" disabled={submitting || (credentials && (!username || !password))}>
        Sign In
      </Button>
    </Box>
  );
}

/** Only a path of this site, never another origin ('//evil.example'). */
function safeNext(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/auth/') ? next : LANDING_PATH;
}
