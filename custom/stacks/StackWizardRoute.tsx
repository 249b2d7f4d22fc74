import Alert from '@mui/material/Alert';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { serverMessage } from '../../src/backend/http';
import { useBackend } from '../../src/engine/context';
import { resourceKey } from '../../src/engine/queries';
import { useToastStore } from '../../src/toasts/context';
import { StackWizard, type StackWizardMode } from './LaunchStackWizard';
import type { DescribedParameter } from './parameters';
import { useStackCaller } from './useStackCall';

export const STACKS_PATH = '/project/stacks';
/** heat-dashboard's messages once Heat has taken the request. */
export const LAUNCH_STARTED = 'Stack creation started.';
export const UPDATE_STARTED = 'Stack update started.';

/**
 * `/project/stacks/launch`, `/project/stacks/preview` and
 * `/project/stacks/{id}/change_template`: the wizard over the stacks list,
 * back to the list when it closes or once Heat has the request.
 */
export default function StackWizardRoute({ mode }: { mode: StackWizardMode }) {
  const { dataProvider } = useBackend();
  const call = useStackCaller();
  const navigate = useNavigate();
  const toasts = useToastStore();
  const queryClient = useQueryClient();
  const { id = '' } = useParams();
  const [current, setCurrent] = useState<{ name: string; template: string; parameters: Record<string, string> } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (mode !== 'change') return;
    let live = true;
    Promise.all([dataProvider.getOne('stack', { id }), call<unknown>(id, 'template')]).then(
      ([{ data }, template]) =>
        live &&
        setCurrent({
          name: String(data.stack_name),
          // JSON is YAML: the current template is offered as text to edit.
          template: JSON.stringify(template, null, 2),
          parameters: Object.fromEntries(((data.parameter_list as { name: string; value: string }[]) ?? []).map((entry) => [entry.name, entry.value])),
        }),
      (error: unknown) => live && setFailure(serverMessage(error) ?? 'Unable to retrieve stack template.'),
    );
    return () => {
      live = false;
    };
  }, [mode, id]);

  const close = () => navigate(STACKS_PATH);
  if (failure) return <Alert severity="error">{failure}</Alert>;
  if (mode === 'change' && !current) return null;

  async function submit(values: Record<string, unknown>): Promise<unknown> {
    if (mode === 'preview') return call(id || '-', 'preview', values);
    if (mode === 'change') {
      await call(id, 'change', values);
      toasts.success(UPDATE_STARTED);
    } else {
      await dataProvider.create('stack', { data: values });
      toasts.success(LAUNCH_STARTED);
    }
    await queryClient.invalidateQueries({ queryKey: resourceKey('stack') });
    close();
    return undefined;
  }

  return (
    <StackWizard
      mode={mode}
      current={current ?? undefined}
      validate={(values) => call<{ Parameters?: Record<string, DescribedParameter> }>(id || '-', 'validate', values)}
      submit={submit}
      onClose={close}
    />
  );
}
