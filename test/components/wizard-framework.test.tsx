import TextField from '@mui/material/TextField';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'ra-core';
import { describe, expect, it, vi } from 'vitest';
import type { FieldErrors, WizardErrors, WizardStep, Workflow } from '../../src/wizard/types';
import { Wizard, type WizardProps } from '../../src/wizard/Wizard';

/** A step with one text field named after the step. */
function textStep(id: string, title: string, extra: Partial<WizardStep> = {}): WizardStep {
  return {
    id,
    title,
    render: ({ data, onChange, errors }) => (
      <TextField
        label={title}
        slotProps={{ htmlInput: { name: id } }}
        value={(data[id] as string) ?? ''}
        error={Boolean(errors[id])}
        helperText={errors[id]?.join(' ')}
        onChange={(event) => onChange({ ...data, [id]: event.target.value })}
      />
    ),
    ...extra,
  };
}

const STEPS = [textStep('details', 'Details'), textStep('access', 'Access'), textStep('review', 'Review')];

function open(props: Partial<WizardProps> & { steps?: WizardStep[] } = {}) {
  const { steps = STEPS, ...rest } = props;
  const submit = vi.fn<(data: Record<string, unknown>) => Promise<void>>(async () => undefined);
  const onClose = vi.fn();
  const user = userEvent.setup();
  const workflow: Workflow = { title: 'Create Thing', steps };
  render(<Wizard workflow={workflow} submit={submit} onClose={onClose} {...rest} />);
  const button = (name: string) => screen.queryByRole('button', { name }) as HTMLButtonElement | null;
  return { user, submit, onClose, button };
}

const shownStep = () => screen.getByRole('group').getAttribute('aria-label');
const isDone = (title: string) => screen.getByText(title, { selector: '.MuiStepLabel-label' }).classList.contains('Mui-completed');

describe('wizard (spec 1 §4.2, §4.3, §5)', () => {
  it("labels its buttons Cancel, Back and Next, and shows Finish instead of Next on the last step", async () => {
    const { user, button } = open();
    await screen.findByRole('dialog', { name: 'Create Thing' });
    expect(button('Cancel')).toBeTruthy();
    expect(button('Back')!.disabled).toBe(true);
    expect(button('Finish')).toBeNull();
    await user.click(button('Next')!);
    await user.click(button('Next')!);
    expect(shownStep()).toBe('Review');
    expect(button('Next')).toBeNull();
    expect(button('Finish')).toBeTruthy();
  });

  it('drops steps whose readiness check fails and shows the first ready step first', async () => {
    open({
      steps: [
        textStep('details', 'Details', { ready: () => false }),
        textStep('access', 'Access', { ready: async () => true }),
        textStep('review', 'Review'),
      ],
    });
    await waitFor(() => expect(shownStep()).toBe('Access'));
    expect(screen.queryByText('Details')).toBeNull();
  });

  it('marks a step done once visited; moving back is free', async () => {
    const validate = vi.fn(() => ({}));
    const { user, button } = open({ steps: [textStep('details', 'Details'), textStep('access', 'Access', { validate })] });
    expect(isDone('Access')).toBe(false);
    await user.click(button('Next')!);
    expect(isDone('Details')).toBe(true);
    expect(isDone('Access')).toBe(true);
    await user.click(button('Back')!);
    expect(shownStep()).toBe('Details');
    expect(validate).not.toHaveBeenCalled();
  });

  it("opens any step from its button, visited or not, once the current step validates (Horizon's wizard)", async () => {
    const validate = vi.fn((data: Record<string, unknown>): FieldErrors => (data.details ? {} : { details: ['This field is required.'] }));
    const { user } = open({ steps: [textStep('details', 'Details', { validate }), textStep('access', 'Access'), textStep('review', 'Review')] });
    const stepButton = (title: string) => screen.getByRole('button', { name: title });
    await user.click(stepButton('Review'));
    expect(shownStep()).toBe('Details');
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Details' }), 'x');
    await user.click(stepButton('Review'));
    expect(shownStep()).toBe('Review');
    expect(isDone('Access')).toBe(false);
    await user.click(stepButton('Access'));
    expect(shownStep()).toBe('Access');
  });

  it('shows the help button only on a step with a help URL', async () => {
    const { user, button } = open({ steps: [textStep('details', 'Details', { helpUrl: 'https://docs.openstack.org/' }), textStep('access', 'Access')] });
    expect(screen.getByRole('link', { name: 'Help' }).getAttribute('href')).toBe('https://docs.openstack.org/');
    await user.click(button('Next')!);
    expect(screen.queryByRole('link', { name: 'Help' })).toBeNull();
  });

  it('validates the step before moving forward: field errors at the field, whole-form errors on top, the first erroneous field focused', async () => {
    const validateStep = vi.fn(async (stepId: string): Promise<WizardErrors> =>
      stepId === 'details' ? { details: { details: ['Name is in use.'], __all__: ['The flavor could not be checked.'] } } : {},
    );
    const { user, button } = open({ validateStep });
    await user.click(button('Next')!);
    expect(validateStep).toHaveBeenCalledWith('details', {});
    expect(shownStep()).toBe('Details');
    expect(await screen.findByText('Name is in use.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('The flavor could not be checked.');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Details' }));
  });

  it("checks the step's own rules before the server's, keyed by field", async () => {
    const validateStep = vi.fn(async () => ({}));
    const { user, button } = open({
      validateStep,
      steps: [textStep('details', 'Details', { validate: (data): FieldErrors => (data.details ? {} : { details: ['This field is required.'] }) }), textStep('access', 'Access')],
    });
    await user.click(button('Next')!);
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(validateStep).not.toHaveBeenCalled();
    await user.type(screen.getByRole('textbox', { name: 'Details' }), 'm1.tiny');
    await user.click(button('Next')!);
    expect(shownStep()).toBe('Access');
  });

  it('is submitting while Finish runs, then closes on success with the values of every step', async () => {
    let finish: () => void = () => undefined;
    const submit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { user, button, onClose } = open({ submit, steps: [textStep('details', 'Details'), textStep('access', 'Access')] });
    await user.type(screen.getByRole('textbox', { name: 'Details' }), 'a');
    await user.click(button('Next')!);
    await user.type(screen.getByRole('textbox', { name: 'Access' }), 'b');
    await user.click(button('Finish')!);
    await waitFor(() => expect(button('Finish')!.disabled).toBe(true));
    expect(button('Cancel')!.disabled).toBe(true);
    expect(screen.getByRole('status').textContent).toContain('Working');
    expect(submit).toHaveBeenCalledWith({ details: 'a', access: 'b' });
    finish();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it("shows the response's error text when Finish fails, and stays open", async () => {
    const submit = vi.fn(() => Promise.reject(new HttpError('Quota exceeded', 413, 'Quota exceeded for flavors.')));
    const { user, button, onClose } = open({ submit, steps: [textStep('details', 'Details')] });
    await user.click(button('Finish')!);
    expect((await screen.findByRole('alert')).textContent).toBe('Quota exceeded for flavors.');
    expect(onClose).not.toHaveBeenCalled();
    expect(button('Finish')!.disabled).toBe(false);
  });

  it("falls back to 'There was an error submitting the form. Please try again.' when the response's data is not a string", async () => {
    const submit = vi.fn(() => Promise.reject(new HttpError('500', 500, { error: 'boom' })));
    const { user, button } = open({ submit, steps: [textStep('details', 'Details')] });
    await user.click(button('Finish')!);
    expect((await screen.findByRole('alert')).textContent).toBe('There was an error submitting the form. Please try again.');
  });

  it('shows an authentication error inside the wizard', async () => {
    const submit = vi.fn(() => Promise.reject(new HttpError('Unauthorized', 401, 'The request you have made requires authentication.')));
    const { user, button } = open({ submit, steps: [textStep('details', 'Details')] });
    await user.click(button('Finish')!);
    const dialog = screen.getByRole('dialog', { name: 'Create Thing' });
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Unauthorized. Redirecting to login');
  });

  it('does not open without a workflow or without a submit function', () => {
    render(
      <>
        <Wizard submit={async () => undefined} onClose={() => undefined} />
        <Wizard workflow={{ title: 'Create Thing', steps: STEPS }} onClose={() => undefined} />
      </>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
