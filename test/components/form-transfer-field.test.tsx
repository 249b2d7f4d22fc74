import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BackendContext } from '../../src/engine/context';
import FormDialog from '../../src/forms/FormDialog';
import { fakeBackend } from '../support/fake-backend';
import { runtimeValidator, type TestSchema } from '../support/form-validator';

/** The shape of flavor access: `{ id }` objects, projects from keystone (schemas/flavor.schema.json). */
const SCHEMA = {
  type: 'object',
  properties: {
    flavor_access: {
      type: 'array',
      title: 'Flavor Access',
      items: { $ref: '#/$defs/projectRef' },
      default: [],
      'x-transferTable': {
        source: 'projects',
        availableTitle: 'All Projects',
        selectedTitle: 'Selected Projects',
        noSelectedText: 'No projects selected. All projects can use the flavor.',
      },
    },
    tags: { type: 'array', title: 'Tags', items: { type: 'string' }, maxItems: 1, 'x-widget': 'transfer', 'x-options': { source: 'projects' } },
  },
  $defs: { projectRef: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } },
} as TestSchema;

function open() {
  const listProjects = vi.fn(async () => [
    { id: 'p-admin', name: 'admin' },
    { id: 'p-demo', name: 'demo' },
  ]);
  const onSubmit = vi.fn(async () => undefined);
  const user = userEvent.setup();
  render(
    <BackendContext.Provider value={fakeBackend({ identity: { listProjects } })}>
      <FormDialog title="Create Flavor" schema={SCHEMA} validator={runtimeValidator()} onSubmit={onSubmit} onClose={() => undefined} />
    </BackendContext.Provider>,
  );
  return { user, onSubmit, dialog: screen.getByRole('dialog', { name: 'Create Flavor' }) };
}

describe("transfer table as a form field ('x-transferTable', spec 1 §4.9)", () => {
  it('lists the projects of the named source and sends the allocated ones as { id } objects', async () => {
    const { user, onSubmit, dialog } = open();
    const selected = within(dialog).getByRole('region', { name: 'Selected Projects' });
    expect(within(selected).getByText('No projects selected. All projects can use the flavor.')).toBeTruthy();
    const allProjects = within(dialog).getByRole('region', { name: 'All Projects' });
    await user.click(await within(allProjects).findByRole('button', { name: 'Allocate demo' }));
    expect(within(selected).getByText('demo')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ flavor_access: [{ id: 'p-demo' }] }));
  });

  it("takes maxItems as the maximum allocation ('x-widget': 'transfer'): with 1 the new item replaces the old, as ids", async () => {
    const { user, onSubmit, dialog } = open();
    const tags = within(dialog).getAllByRole('region', { name: 'Available' })[0];
    await user.click(await within(tags).findByRole('button', { name: 'Allocate admin' }));
    await user.click(within(tags).getByRole('button', { name: 'Allocate demo' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ flavor_access: [], tags: ['p-demo'] }));
  });
});
