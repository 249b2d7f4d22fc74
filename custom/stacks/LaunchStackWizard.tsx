import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, useId, useMemo, useState } from 'react';
import { serverMessage } from '../../src/backend/http';
import { DIALOG_WIDTH } from '../../src/forms/dialog';
import { WaitSpinner } from '../../src/forms/WaitSpinner';
import { type DescribedParameter, fieldProblem, type ParameterField, parameterFields, parameterValues } from './parameters';

/**
 * Heat-dashboard's Launch Stack, Preview Stack and Change Template (issue
 * 19): step 1 chooses the template (a file, typed text or a URL) and asks
 * Heat to validate it, showing Heat's message when it refuses; step 2 is made
 * from the template's parameters (parameters.ts); a preview shows the stack
 * Heat would make as a third step.
 */

export type StackWizardMode = 'launch' | 'preview' | 'change';

export interface TemplateChoice {
  template_source: 'file' | 'raw' | 'url';
  template_data: string;
  template_url: string;
  environment_data: string;
}

export interface StackWizardProps {
  mode: StackWizardMode;
  /** Change Template: the stack's name (shown, not edited), its template and its parameter values to start from. */
  current?: { name: string; template: string; parameters: Record<string, string> };
  /** Heat's validate of the chosen template (the body as dataProviders/heat.ts stackBody builds it). */
  validate(values: Record<string, unknown>): Promise<{ Parameters?: Record<string, DescribedParameter>; Description?: string }>;
  /** Launch, preview or change with the whole body; a preview resolves to the stack Heat would make. */
  submit(values: Record<string, unknown>): Promise<unknown>;
  onClose(): void;
}

const TITLES: Record<StackWizardMode, [string, string, string]> = {
  launch: ['Select Template', 'Launch Stack', 'Launch'],
  preview: ['Select Template', 'Preview Stack Parameters', 'Preview'],
  change: ['Select Template', 'Update Stack Parameters', 'Update'],
};

/** Heat's stack name rule (what the server's schema checks too). */
const STACK_NAME = /^[a-zA-Z][a-zA-Z0-9_.-]*$/;
export const STACK_NAME_HELP = 'Name of the stack to create.';
export const STACK_NAME_INVALID = 'Name must start with a letter and may only contain letters, numbers, underscores, periods and hyphens.';

interface PreviewResource {
  resource_name: string;
  resource_type: string;
  required_by?: string[];
}

export function StackWizard({ mode, current, validate, submit, onClose }: StackWizardProps) {
  const titleId = useId();
  const [step, setStep] = useState<1 | 2 | 3>(1);
  const [template, setTemplate] = useState<TemplateChoice>({
    template_source: current ? 'raw' : 'file',
    template_data: current?.template ?? '',
    template_url: '',
    environment_data: '',
  });
  const [fileName, setFileName] = useState('');
  const [fields, setFields] = useState<ParameterField[]>([]);
  const [values, setValues] = useState<Record<string, string | boolean>>({});
  const [stackName, setStackName] = useState('');
  const [timeout, setTimeoutMins] = useState('60');
  const [rollback, setRollback] = useState(false);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ stack_name?: string; description?: string; resources?: PreviewResource[] } | null>(null);
  const [titles] = useState(TITLES[mode]);

  const templateGiven = template.template_source === 'url' ? template.template_url.trim() !== '' : template.template_data.trim() !== '';

  function templateBody(): Record<string, unknown> {
    return {
      template_source: template.template_source,
      template_data: template.template_data,
      template_url: template.template_url,
      ...(template.environment_data.trim() ? { environment_data: template.environment_data } : {}),
    };
  }

  async function readFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    setFileName(file.name);
    try {
      const text = await file.text();
      setTemplate((before) => ({ ...before, template_data: text }));
    } catch {
      setFailure('Could not read the file');
    }
  }

  async function next() {
    setBusy(true);
    setFailure(null);
    try {
      const described = await validate(templateBody());
      const made = parameterFields(described.Parameters ?? {});
      setFields(made);
      // A hidden parameter's value comes back from Heat as '******': it starts empty, never as that mask.
      setValues(Object.fromEntries(made.map((field) => [field.name, (field.kind !== 'password' && current?.parameters[field.name]) || field.initial])));
      setStep(2);
    } catch (error) {
      setFailure(serverMessage(error) ?? 'Unable to validate the template.');
    } finally {
      setBusy(false);
    }
  }

  const problems = useMemo(() => {
    const found: Record<string, string> = {};
    if (mode !== 'change') {
      if (!stackName.trim()) found.stack_name = 'This field is required.';
      else if (!STACK_NAME.test(stackName)) found.stack_name = STACK_NAME_INVALID;
    }
    if (mode === 'launch' && !(Number.isInteger(Number(timeout)) && Number(timeout) >= 1)) found.timeout_mins = 'Ensure this value is greater than or equal to 1.';
    for (const field of fields) {
      const problem = fieldProblem(field, values[field.name] ?? '');
      if (problem) found[field.name] = problem;
    }
    return found;
  }, [fields, values, stackName, timeout, mode]);

  async function finish() {
    setTouched(new Set(['stack_name', 'timeout_mins', ...fields.map((field) => field.name)]));
    if (Object.keys(problems).length) return;
    setBusy(true);
    setFailure(null);
    try {
      const body: Record<string, unknown> = { ...templateBody(), parameters: parameterValues(fields, values) };
      if (mode !== 'change') body.stack_name = stackName;
      if (mode === 'launch') Object.assign(body, { timeout_mins: Number(timeout), rollback });
      const answer = await submit(body);
      if (mode === 'preview') {
        setPreview(answer as typeof preview);
        setStep(3);
        setBusy(false);
      }
    } catch (error) {
      setFailure(serverMessage(error) ?? 'Unable to launch the stack.');
      setBusy(false);
    }
  }

  const shown = (name: string) => touched.has(name) && problems[name];
  const touch = (name: string) => setTouched((before) => new Set(before).add(name));

  return (
    <Dialog open fullWidth maxWidth={DIALOG_WIDTH.lg} aria-labelledby={titleId} onClose={(_event, reason) => reason !== 'backdropClick' && !busy && onClose()}>
      <DialogTitle id={titleId}>{step === 1 ? titles[0] : step === 2 ? titles[1] : 'Stack Preview'}</DialogTitle>
      <DialogContent dividers>
        {failure && (
          <Alert severity="error" sx={{ mb: 2 }} role="alert">
            {failure}
          </Alert>
        )}
        {step === 1 && (
          <Stack spacing={2}>
            <TextField
              select
              label="Template Source"
              value={template.template_source}
              onChange={(event) => setTemplate({ ...template, template_source: event.target.value as TemplateChoice['template_source'] })}
              helperText="Templates may be uploaded as a file, typed in, or read from a URL."
            >
              <MenuItem value="file">File</MenuItem>
              <MenuItem value="raw">Direct Input</MenuItem>
              <MenuItem value="url">URL</MenuItem>
            </TextField>
            {template.template_source === 'file' && (
              <Button variant="outlined" component="label">
                {fileName ? `Template File: ${fileName}` : 'Choose Template File'}
                <input hidden type="file" aria-label="Template File" accept=".yaml,.yml,.json,.template,text/*" onChange={(event) => void readFile(event)} />
              </Button>
            )}
            {template.template_source === 'raw' && (
              <TextField
                label="Template Data"
                multiline
                minRows={10}
                value={template.template_data}
                onChange={(event) => setTemplate({ ...template, template_data: event.target.value })}
                slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
              />
            )}
            {template.template_source === 'url' && (
              <TextField label="Template URL" value={template.template_url} onChange={(event) => setTemplate({ ...template, template_url: event.target.value })} />
            )}
            <TextField
              label="Environment Data"
              multiline
              minRows={2}
              value={template.environment_data}
              onChange={(event) => setTemplate({ ...template, environment_data: event.target.value })}
              helperText="Optional: a Heat environment (YAML) with parameters and parameter_defaults."
              slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
            />
          </Stack>
        )}
        {step === 2 && (
          <Stack spacing={2}>
            {mode === 'change' ? (
              <Typography>Stack Name: {current?.name}</Typography>
            ) : (
              <TextField
                label="Stack Name"
                required
                value={stackName}
                onChange={(event) => setStackName(event.target.value)}
                onBlur={() => touch('stack_name')}
                error={Boolean(shown('stack_name'))}
                helperText={shown('stack_name') || STACK_NAME_HELP}
              />
            )}
            {mode === 'launch' && (
              <>
                <TextField
                  label="Creation Timeout (minutes)"
                  type="number"
                  value={timeout}
                  onChange={(event) => setTimeoutMins(event.target.value)}
                  onBlur={() => touch('timeout_mins')}
                  error={Boolean(shown('timeout_mins'))}
                  helperText={shown('timeout_mins') || 'Stack creation timeout in minutes.'}
                />
                <FormControlLabel control={<Checkbox checked={rollback} onChange={(event) => setRollback(event.target.checked)} />} label="Rollback On Failure" />
              </>
            )}
            {fields.map((field) => (
              <ParameterInput
                key={field.name}
                field={field}
                value={values[field.name] ?? ''}
                problem={shown(field.name) || null}
                onChange={(value) => setValues((before) => ({ ...before, [field.name]: value }))}
                onBlur={() => touch(field.name)}
              />
            ))}
          </Stack>
        )}
        {step === 3 && preview && (
          <Stack spacing={1}>
            <Typography>Stack Name: {preview.stack_name}</Typography>
            <Typography>Description: {preview.description}</Typography>
            <Table size="small" aria-label="Resources">
              <TableHead>
                <TableRow>
                  <TableCell>Resource</TableCell>
                  <TableCell>Type</TableCell>
                  <TableCell>Required By</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {(preview.resources ?? []).map((resource) => (
                  <TableRow key={resource.resource_name}>
                    <TableCell>{resource.resource_name}</TableCell>
                    <TableCell>{resource.resource_type}</TableCell>
                    <TableCell>{(resource.required_by ?? []).join(', ')}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {busy && <WaitSpinner />}
        <Button onClick={onClose} disabled={busy}>
          {step === 3 ? 'Close' : 'Cancel'}
        </Button>
        {step === 2 && (
          <Button onClick={() => setStep(1)} disabled={busy}>
            Back
          </Button>
        )}
        {step === 1 && (
          <Button variant="contained" onClick={() => void next()} disabled={busy || !templateGiven}>
            Next
          </Button>
        )}
        {step === 2 && (
          <Button variant="contained" onClick={() => void finish()} disabled={busy}>
            {titles[2]}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

function ParameterInput({ field, value, problem, onChange, onBlur }: { field: ParameterField; value: string | boolean; problem: string | null; onChange(value: string | boolean): void; onBlur(): void }) {
  if (field.kind === 'checkbox') {
    return <FormControlLabel control={<Checkbox checked={value === true} onChange={(event) => onChange(event.target.checked)} />} label={field.label} />;
  }
  const common = {
    label: field.label,
    required: field.required,
    value: String(value),
    onBlur,
    error: Boolean(problem),
    helperText: problem || field.help,
    onChange: (event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value),
  };
  if (field.kind === 'select') {
    return (
      <TextField select {...common}>
        {(field.choices ?? []).map((choice) => (
          <MenuItem key={choice} value={choice}>
            {choice}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  return <TextField {...common} type={field.kind === 'password' ? 'password' : field.kind === 'number' ? 'number' : 'text'} multiline={field.kind === 'textarea'} />;
}

