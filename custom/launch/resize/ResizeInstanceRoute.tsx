import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import type { Backend } from '../../../src/backend/contract';
import { serverMessage } from '../../../src/backend/http';
import { resourceCall } from '../../../src/backend/verbs';
import { useBackend } from '../../../src/engine/context';
import { DIALOG_WIDTH } from '../../../src/forms/dialog';
import { WaitSpinner } from '../../../src/forms/WaitSpinner';
import { useToastStore } from '../../../src/toasts/context';
import { formatGB, formatMB } from '../../../src/utils/units';
import type { FieldErrors, FormData, Workflow } from '../../../src/wizard/types';
import { Wizard } from '../../../src/wizard/Wizard';
import { INSTANCES_PATH } from '../LaunchInstanceRoute';
import type { LaunchFlavor } from '../model';
import type { ComputeLimits } from '../rules';
import { RESIZE_MESSAGES, resizeChoices, type ServerFlavor } from './rules';

interface ResizeData {
  server: Record<string, unknown> & { id: string; name?: string };
  flavors: LaunchFlavor[];
  limits: ComputeLimits;
  image: { id: string; min_disk?: number | null; min_ram?: number | null } | null;
}

/** The server, the flavors, the limits and the server's image (for its min_disk/min_ram); a missing image is no rule. */
async function loadResizeData(backend: Backend, id: string): Promise<ResizeData> {
  const { dataProvider } = backend;
  const [{ data: server }, { data: flavors }, limits] = await Promise.all([
    dataProvider.getOne('server-resize', { id }),
    dataProvider.getList('flavor', { pagination: { page: 1, perPage: 100000 }, sort: { field: 'ram', order: 'ASC' }, filter: {} }),
    dataProvider.getOne('compute-limits', { id: 'current' }).then(({ data }) => data as ComputeLimits, () => ({})),
  ]);
  const imageId = typeof server.image === 'object' && server.image ? String((server.image as { id?: string }).id ?? '') : '';
  const image = imageId ? await dataProvider.getOne('image', { id: imageId }).then(({ data }) => data as ResizeData['image'], () => null) : null;
  return { server: server as ResizeData['server'], flavors: flavors as LaunchFlavor[], limits, image };
}

function flavorSummary(flavor: { vcpus?: number; ram?: number; disk?: number }): string {
  return [flavor.vcpus !== undefined && `${flavor.vcpus} VCPU`, flavor.ram !== undefined && formatMB(flavor.ram), flavor.disk !== undefined && `${formatGB(flavor.disk)} Disk`].filter(Boolean).join(' | ');
}

function ResizeWizard({ data, onDone, onDismiss }: { data: ResizeData; onDone(): void; onDismiss(): void }) {
  const { dataProvider } = useBackend();
  const toasts = useToastStore();
  const name = String(data.server.name || data.server.id);
  const old = (data.server.flavor ?? null) as ServerFlavor | null;
  const oldFlavor = old && (data.flavors.find((flavor) => flavor.id === old.id || flavor.name === (old.original_name ?? old.name)) ?? old);
  const choices = resizeChoices(data.flavors, old, data.limits, data.image);
  const done = useRef(false);

  const workflow = useMemo<Workflow>(
    () => ({
      title: RESIZE_MESSAGES.title,
      finishLabel: RESIZE_MESSAGES.submit,
      finishFromAnyStep: true,
      initialData: { flavor_id: '', disk_config: String(data.server['OS-DCF:diskConfig'] ?? 'AUTO') },
      steps: [
        {
          id: 'flavor_choice',
          title: RESIZE_MESSAGES.flavorStep,
          validate: (values): FieldErrors => {
            const picked = choices.find((choice) => choice.flavor.id === values.flavor_id);
            if (!picked) return { flavor_id: [RESIZE_MESSAGES.flavorRequired] };
            return picked.errors.length ? { flavor_id: picked.errors } : {};
          },
          render: ({ data: values, onChange, errors, disabled }) => (
            <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
              <TextField
                label={RESIZE_MESSAGES.oldFlavor}
                value={String(oldFlavor?.name ?? oldFlavor?.original_name ?? '')}
                helperText={oldFlavor ? flavorSummary(oldFlavor) : undefined}
                InputProps={{ readOnly: true }}
              />
              <TextField
                select
                required
                label={RESIZE_MESSAGES.newFlavor}
                name="flavor_id"
                value={String(values.flavor_id ?? '')}
                onChange={(event) => onChange({ ...values, flavor_id: event.target.value })}
                error={Boolean(errors.flavor_id?.length)}
                helperText={errors.flavor_id?.[0] ?? RESIZE_MESSAGES.newFlavorHelp}
                disabled={disabled}
                SelectProps={{ displayEmpty: true }}
                InputLabelProps={{ shrink: true }}
              >
                <MenuItem value="">{choices.length ? RESIZE_MESSAGES.selectFlavor : RESIZE_MESSAGES.noFlavors}</MenuItem>
                {choices.map(({ flavor, errors: problems }) => (
                  <MenuItem key={flavor.id} value={flavor.id} disabled={problems.length > 0} sx={{ display: 'block', whiteSpace: 'normal' }}>
                    {String(flavor.name)} ({flavorSummary(flavor)})
                    {problems.map((problem) => (
                      <Typography key={problem} variant="caption" component="div" color="error">
                        {problem}
                      </Typography>
                    ))}
                  </MenuItem>
                ))}
              </TextField>
            </Box>
          ),
        },
        {
          id: 'advanced',
          title: RESIZE_MESSAGES.advancedStep,
          render: ({ data: values, onChange, disabled }) => (
            <TextField
              select
              label={RESIZE_MESSAGES.diskConfig}
              name="disk_config"
              value={String(values.disk_config ?? 'AUTO')}
              onChange={(event) => onChange({ ...values, disk_config: event.target.value })}
              helperText={RESIZE_MESSAGES.diskConfigHelp}
              disabled={disabled}
              sx={{ mt: 1, minWidth: 320 }}
            >
              <MenuItem value="AUTO">Automatic</MenuItem>
              <MenuItem value="MANUAL">Manual</MenuItem>
            </TextField>
          ),
        },
      ],
    }),
    // Built once per loaded server: the choices derive from it.
    [data],
  );

  async function submit(values: FormData) {
    await resourceCall(dataProvider)('instance', { id: data.server.id, name: 'resize', data: { flavor_id: values.flavor_id, disk_config: values.disk_config } });
    toasts.info(RESIZE_MESSAGES.submitted(name));
    done.current = true;
  }

  return <Wizard workflow={workflow} submit={submit} onClose={() => (done.current ? onDone() : onDismiss())} size="md" />;
}

/**
 * `/project/instances/:id/resize`: Horizon's Resize Instance modal (Flavor
 * Choice with the old flavor and the new one, disabled by the launch
 * wizard's rules; Advanced Options with the disk partition), submitting
 * `POST /api/nova/servers/{id}/resize/`.
 */
export default function ResizeInstanceRoute() {
  const backend = useBackend();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const titleId = useId();
  const [data, setData] = useState<ResizeData | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    loadResizeData(backend, id).then(
      (loaded) => live && setData(loaded),
      (error: unknown) => live && setFailure(serverMessage(error) ?? 'Unable to retrieve instance details.'),
    );
    return () => {
      live = false;
    };
  }, [backend, id]);

  const back = () => (location.key === 'default' ? navigate(INSTANCES_PATH) : navigate(-1));
  if (data) return <ResizeWizard data={data} onDone={() => navigate(INSTANCES_PATH)} onDismiss={back} />;
  return (
    <Dialog open fullWidth maxWidth={DIALOG_WIDTH.md} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{RESIZE_MESSAGES.title}</DialogTitle>
      <DialogContent>{failure ? <Alert severity="error">{failure}</Alert> : <WaitSpinner />}</DialogContent>
      {failure && (
        <DialogActions>
          <Button onClick={back}>Cancel</Button>
        </DialogActions>
      )}
    </Dialog>
  );
}
