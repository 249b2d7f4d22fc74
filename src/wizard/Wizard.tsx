import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import Stepper from '@mui/material/Stepper';
import { useEffect, useId, useRef, useState } from 'react';
import { errorStatus, serverMessage, UNAUTHORIZED_MESSAGE } from '../backend/http';
import { SUBMIT_FAILED_MESSAGE } from '../forms/messages';
import { WaitSpinner } from '../forms/WaitSpinner';
import type { FieldErrors, FormData, WizardErrors, WizardStep, Workflow } from './types';
import { DIALOG_WIDTH, staticBackdropClose } from '../forms/dialog';

/** Spec 1 §4.3: the wizard's button labels. */
export const WIZARD_LABELS = { cancel: 'Cancel', back: 'Back', next: 'Next', finish: 'Finish', help: 'Help' } as const;

export interface WizardProps {
  /** Without a workflow the wizard does not open (spec 1 §4.3). */
  workflow?: Workflow;
  /** Called with the values on Finish; without it the wizard does not open. Resolves when it may close. */
  submit?(data: FormData): Promise<void>;
  /**
   * Server-side validation of a step before moving forward (spec 1 §5):
   * errors keyed by step id, then field.
   */
  validateStep?(stepId: string, data: FormData): Promise<WizardErrors>;
  onClose(): void;
  /** Modal size; default 'lg' like every modal form (spec 1 §9); 'xl' for wide steps. */
  size?: 'sm' | 'md' | 'lg' | 'xl';
}


/**
 * A modal wizard (spec 1 §4.2, §4.3, §5): steps whose readiness check fails
 * are dropped and the first ready one is shown; Cancel / Back / Next, with
 * Finish in place of Next on the last step; visited steps are marked done;
 * any step's button opens it, visited or not (a later one once the current
 * step validates);
 * the help button only for a step with a help URL; moving forward validates
 * the step (errors per field, whole-step errors on top, the first erroneous
 * field focused) and moving back is free; Finish submits, closes on success
 * and shows the error inside the wizard otherwise.
 *
 * @example
 * <Wizard workflow={{ title: 'Create Flavor', steps }} submit={create} onClose={close} />
 */
export function Wizard({ workflow, submit, ...rest }: WizardProps) {
  if (!workflow || !submit) return null;
  return <OpenWizard workflow={workflow} submit={submit} {...rest} />;
}

function OpenWizard({ workflow, submit, validateStep, onClose, size = 'lg' }: WizardProps & { workflow: Workflow; submit(data: FormData): Promise<void> }) {
  const titleId = useId();
  const bodyRef = useRef<HTMLDivElement>(null);
  const steps = useReadySteps(workflow.steps);
  const [current, setCurrent] = useState(0);
  const [visited, setVisited] = useState<Set<number>>(() => new Set([0]));
  const [data, setData] = useState<FormData>(workflow.initialData ?? {});
  const [errors, setErrors] = useState<WizardErrors>({});
  const [busy, setBusy] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [focusField, setFocusField] = useState<string | null>(null);

  useEffect(() => {
    if (!focusField) return;
    const root = bodyRef.current;
    // rjsf names its inputs root_<field>; custom steps use the field name.
    const target = [...(root?.querySelectorAll<HTMLElement>('input, textarea, select, button, [tabindex]') ?? [])].find(
      (element) => element.id === `root_${focusField}` || element.getAttribute('name') === focusField,
    );
    target?.focus();
    setFocusField(null);
  }, [focusField]);

  if (steps === null) {
    return (
      <Dialog open fullWidth maxWidth={DIALOG_WIDTH[size]} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{workflow.title}</DialogTitle>
        <DialogContent>
          <WaitSpinner />
        </DialogContent>
      </Dialog>
    );
  }

  const step = steps[current];
  const last = current === steps.length - 1;
  const stepErrors = (step && errors[step.id]) ?? {};
  const topErrors = [...(stepErrors[''] ?? []), ...(stepErrors.__all__ ?? [])];

  function goTo(index: number) {
    setCurrent(index);
    setVisited((before) => new Set([...before, index]));
  }

  /** Validates steps (client then server); shows and focuses the first failing one. */
  async function check(indexes: number[]): Promise<boolean> {
    for (const index of indexes) {
      const each = steps![index];
      const found: WizardErrors = { [each.id]: clean(await each.validate?.(data)) };
      if (Object.keys(found[each.id]).length === 0 && validateStep) Object.assign(found, await validateStep(each.id, data));
      const mine = clean(found[each.id]);
      setErrors((before) => ({ ...before, ...found, [each.id]: mine }));
      const firstField = Object.keys(mine).find((field) => field !== '' && field !== '__all__');
      if (Object.keys(mine).length > 0) {
        if (index !== current) goTo(index);
        if (firstField) setFocusField(firstField);
        return false;
      }
    }
    return true;
  }

  /** Forward (Next or a later step's button) validates the current step first; back is free. */
  async function moveTo(index: number) {
    if (index <= current) return goTo(index);
    setBusy(true);
    try {
      if (await check([current])) goTo(index);
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setBusy(false);
    }
  }

  async function finish() {
    setFailure(null);
    setSubmitting(true);
    try {
      if (!(await check(steps!.map((_each, index) => index)))) return setSubmitting(false);
      await submit(data);
      onClose();
    } catch (error) {
      setFailure(failureText(error));
      setSubmitting(false);
    }
  }

  const locked = busy || submitting;
  return (
    <Dialog
      open
      fullWidth
      maxWidth={DIALOG_WIDTH[size]}
      aria-labelledby={titleId}
      onClose={staticBackdropClose(submitting, onClose)}
    >
      <DialogTitle id={titleId}>{workflow.title}</DialogTitle>
      <DialogContent dividers ref={bodyRef}>
        {/* Many steps scroll sideways rather than squeeze. */}
        <Stepper nonLinear activeStep={current} sx={{ mb: 2, pb: 1, overflowX: 'auto' }}>
          {steps.map((each, index) => (
            <Step key={each.id} completed={visited.has(index)}>
              {/* Any step can be opened, visited or not, as in Horizon's wizard. */}
              <StepButton disabled={locked || index === current} onClick={() => void moveTo(index)}>
                {each.title}
              </StepButton>
            </Step>
          ))}
        </Stepper>
        {failure && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failure}
          </Alert>
        )}
        {topErrors.map((message) => (
          <Alert key={message} severity="error" sx={{ mb: 2 }}>
            {message}
          </Alert>
        ))}
        {step && (
          <Box role="group" aria-label={step.title}>
            {step.render({ data, onChange: setData, errors: stepErrors, disabled: submitting })}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        {step?.helpUrl && (
          <Button href={step.helpUrl} target="_blank" rel="noreferrer" sx={{ mr: 'auto' }}>
            {WIZARD_LABELS.help}
          </Button>
        )}
        {locked && <WaitSpinner />}
        <Button onClick={onClose} disabled={submitting}>
          {WIZARD_LABELS.cancel}
        </Button>
        <Button onClick={() => goTo(current - 1)} disabled={locked || current === 0}>
          {WIZARD_LABELS.back}
        </Button>
        {!last && (
          <Button variant="outlined" onClick={() => void moveTo(current + 1)} disabled={locked}>
            {WIZARD_LABELS.next}
          </Button>
        )}
        {(last || workflow.finishFromAnyStep) && (
          <Button variant="contained" onClick={() => void finish()} disabled={locked}>
            {workflow.finishLabel ?? WIZARD_LABELS.finish}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/**
 * The steps whose readiness check passes, in order; null while the checks
 * run. The checks run once, when the wizard opens; later renders may pass new
 * step objects (fresh closures) with the same ids.
 */
function useReadySteps(all: WizardStep[]): WizardStep[] | null {
  const [readyIds, setReadyIds] = useState<Set<string> | null>(() => (all.some((step) => step.ready) ? null : new Set(all.map((step) => step.id))));
  const [initial] = useState(all);
  useEffect(() => {
    if (!initial.some((step) => step.ready)) return;
    let live = true;
    Promise.all(initial.map((step) => Promise.resolve(step.ready ? step.ready() : true).catch(() => false))).then((flags) => {
      if (live) setReadyIds(new Set(initial.filter((_step, index) => flags[index]).map((step) => step.id)));
    });
    return () => {
      live = false;
    };
  }, [initial]);
  // A step without a check is ready, also one offered only later (a step shown while a field has a value).
  return readyIds && all.filter((step) => !step.ready || readyIds.has(step.id));
}

function clean(errors: FieldErrors | undefined): FieldErrors {
  return Object.fromEntries(Object.entries(errors ?? {}).filter(([, messages]) => messages.length > 0));
}

/**
 * The text of a failed finish (spec 1 §4.3): an authentication error says so
 * inside the wizard; otherwise the response's text when it is a string, else
 * the spec's form failure message.
 */
export function failureText(error: unknown): string {
  if (errorStatus(error) === 401) return UNAUTHORIZED_MESSAGE;
  return serverMessage(error) ?? SUBMIT_FAILED_MESSAGE;
}
