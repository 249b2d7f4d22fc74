import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useId, useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { serverMessage } from '../../src/backend/http';
import { useBackend } from '../../src/engine/context';
import { DIALOG_WIDTH } from '../../src/forms/dialog';
import { WaitSpinner } from '../../src/forms/WaitSpinner';
import { type LaunchContext, LaunchInstanceWizard } from './LaunchInstanceWizard';
import { type LaunchData, loadLaunchData } from './load';
import { LAUNCH_MESSAGES } from './model';

/** Where the wizard goes after a launch unless told (spec 2 §2.4). */
export const INSTANCES_PATH = '/project/instances';
export const LAUNCH_PATH = '/project/instances/launch';

/** Text when the wizard's data could not be read at all (the calls' own toasts say which). */
export const LAUNCH_LOAD_FAILED = 'Unable to load the data needed to launch an instance.';

/** Only a path of this application is followed, never another site. */
function localPath(value: string | null): string | null {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : null;
}

/**
 * `/project/instances/launch?imageId=…&successUrl=…&dismissUrl=…` (spec 2
 * §2.4): reads the launch context from the query, loads what the wizard
 * needs and opens it as a large modal with a static backdrop; after a launch
 * it goes to successUrl (default the instances list), after a cancel to
 * dismissUrl (default back).
 */
export default function LaunchInstanceRoute() {
  const backend = useBackend();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const titleId = useId();
  const [data, setData] = useState<LaunchData | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const context = useMemo<LaunchContext>(
    () => ({
      imageId: params.get('imageId') ?? undefined,
      volumeId: params.get('volumeId') ?? undefined,
      snapshotId: params.get('snapshotId') ?? undefined,
      volumeSnapshotId: params.get('volumeSnapshotId') ?? undefined,
    }),
    [params],
  );

  useEffect(() => {
    let live = true;
    loadLaunchData(backend).then(
      (loaded) => live && setData(loaded),
      (error: unknown) => live && setFailure(serverMessage(error) ?? LAUNCH_LOAD_FAILED),
    );
    return () => {
      live = false;
    };
  }, [backend]);

  const onLaunched = () => navigate(localPath(params.get('successUrl')) ?? INSTANCES_PATH);
  const onDismiss = () => {
    const dismissUrl = localPath(params.get('dismissUrl'));
    if (dismissUrl) navigate(dismissUrl);
    // Opened directly (no page to go back to): the instances list.
    else if (location.key === 'default') navigate(INSTANCES_PATH);
    else navigate(-1);
  };

  if (data) return <LaunchInstanceWizard data={data} context={context} onLaunched={onLaunched} onDismiss={onDismiss} />;
  return (
    <Dialog open fullWidth maxWidth={DIALOG_WIDTH.xl} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{LAUNCH_MESSAGES.title}</DialogTitle>
      <DialogContent>{failure ? <Alert severity="error">{failure}</Alert> : <WaitSpinner />}</DialogContent>
      {failure && (
        <DialogActions>
          <Button onClick={onDismiss}>Cancel</Button>
        </DialogActions>
      )}
    </Dialog>
  );
}
