import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BackendContext } from '../../src/engine/context';
import { SchemaWizard, type SchemaStepSpec } from '../../src/wizard/SchemaWizard';
import { fakeBackend } from '../support/fake-backend';
import { runtimeValidator, type TestSchema } from '../support/form-validator';

const SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name', pattern: '\\S', errorMessage: { pattern: 'Flavor name cannot be empty.' } },
    vcpus: { type: 'integer', title: 'VCPUs', minimum: 1, 'x-widget': 'spinner' },
    description: { type: 'string', title: 'Description' },
    members: { type: 'object', title: 'Members', additionalProperties: { type: 'array', items: { type: 'string' } } },
  },
  required: ['name', 'vcpus'],
  errorMessage: { required: { name: 'This field is required.', vcpus: 'This field is required.' } },
} as TestSchema;

const STEPS: SchemaStepSpec[] = [
  { id: 'info', title: 'Flavor Information', fields: ['name', 'vcpus'] },
  { id: 'more', title: 'Description', fields: ['description'], helpUrl: 'https://docs.openstack.org/' },
];

function open(steps = STEPS) {
  const submit = vi.fn(async () => undefined);
  const onClose = vi.fn();
  const user = userEvent.setup();
  const backend = fakeBackend({
    resources: {
      user: { getList: () => [{ id: 'u-demo', name: 'demo' }, { id: 'u-alt', name: 'alt' }] },
      role: { getList: () => [{ id: 'r-member', name: 'member' }, { id: 'r-admin', name: 'admin' }] },
    },
  });
  render(
    <BackendContext.Provider value={backend}>
      <SchemaWizard title="Create Flavor" schema={SCHEMA} validator={runtimeValidator()} steps={steps} finishLabel="Create Flavor" submit={submit} onClose={onClose} />
    </BackendContext.Provider>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Create Flavor' });
  return { user, submit, onClose, dialog };
}

describe('schema wizard: steps as slices of one schema form (spec 1 §4.2, §5)', () => {
  it("shows only the step's fields and checks them with the schema's messages before moving on, focusing the first", async () => {
    const { user, dialog } = open();
    expect(within(dialog).getByRole('textbox', { name: /Name/ })).toBeTruthy();
    expect(within(dialog).queryByRole('textbox', { name: 'Description' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findAllByText('This field is required.')).toHaveLength(2);
    expect(document.activeElement).toBe(within(dialog).getByRole('textbox', { name: /Name/ }));
    expect(within(dialog).getByRole('group').getAttribute('aria-label')).toBe('Flavor Information');
  });

  it('moves on once the step is valid, and Finish sends the values of all steps', async () => {
    const { user, dialog, submit, onClose } = open();
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'm1.tiny');
    await user.click(within(dialog).getByRole('button', { name: 'Increase VCPUs' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByRole('group').getAttribute('aria-label')).toBe('Description');
    expect(within(dialog).queryByRole('textbox', { name: /Name/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Help' })).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'small');
    await user.click(within(dialog).getByRole('button', { name: 'Create Flavor' }));
    await waitFor(() => expect(submit).toHaveBeenCalledWith({ name: 'm1.tiny', vcpus: 1, description: 'small' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('runs a membership step as a custom component: an added member gets the default role', async () => {
    const { user, dialog, submit } = open([
      { id: 'info', title: 'Flavor Information', fields: ['name', 'vcpus'] },
      { id: 'members', title: 'Project Members', component: 'membership', field: 'members', options: { members: 'resource:user', roles: 'resource:role', defaultRole: 'r-member' } },
    ]);
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'm1');
    await user.click(within(dialog).getByRole('button', { name: 'Increase VCPUs' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Allocate demo' }));
    expect((within(dialog).getByRole('checkbox', { name: 'member role of demo' }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Create Flavor' }));
    await waitFor(() => expect(submit).toHaveBeenCalledWith({ name: 'm1', vcpus: 1, members: { 'u-demo': ['r-member'] } }));
  });
});
