import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import schema from '../../schemas/flavor.schema.json';
import { defineResource } from '../../src/descriptor';
import { signedInBackend } from '../support/fake-backend';
import { renderApp } from '../support/render-app';

/**
 * A resource declaring a wizard over flavor's createForm: no `steps`, so the
 * form's `x-steps` (Flavor Information, Flavor Access) and `x-submitLabel`
 * ('Create Flavor') are used.
 */
const sized = defineResource<{ id: string; name: string }>({
  name: 'sized',
  type: 'OS::Test::Sized',
  service: 'nova',
  serviceType: 'compute',
  schema,
  nameField: 'name',
  labels: { singular: 'Size', plural: 'Sizes' },
  panel: { dashboard: 'project', label: 'Sizes', path: '/project/sizes' },
  columns: [{ field: 'name' }],
  actions: [
    { id: 'create', kind: 'wizard', label: 'New Size', form: 'createForm', success: 'Created new flavor "{name}".', failure: 'Unable to create flavor "{name}".' },
    {
      id: 'edit',
      kind: 'wizard',
      mode: 'edit',
      label: 'Edit Size',
      form: 'createForm',
      steps: [{ title: 'Flavor Information', fields: ['name', 'vcpus', 'ram', 'disk'] }],
      finishLabel: 'Save',
      success: 'Updated flavor "{name}".',
      failure: 'Unable to update flavor "{name}".',
    },
  ],
});

describe("wizard action ('kind: wizard', steps from the form's x-steps)", () => {
  it('walks the steps, validates the first, and creates the record with the projects chosen in the transfer table', { timeout: 20_000 }, async () => {
    const create = vi.fn(({ data }) => ({ id: 'f1', ...data }));
    const backend = signedInBackend({
      resources: { sized: { getList: () => [], create } },
      identity: { listProjects: async () => [{ id: 'p-demo', name: 'demo' }] },
    });
    const { user } = renderApp({ backend, path: '/project/sizes', descriptors: [sized] });
    await user.click(await screen.findByRole('button', { name: 'New Size' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Size' });
    expect(within(dialog).getByRole('group').getAttribute('aria-label')).toBe('Flavor Information');

    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect((await within(dialog).findAllByText('This field is required.')).length).toBeGreaterThanOrEqual(4);
    expect(within(dialog).getByRole('group').getAttribute('aria-label')).toBe('Flavor Information');

    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name/ }), { target: { value: 'm1.demo' } });
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: /^VCPUs/ }), { target: { value: '1' } });
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: /^RAM/ }), { target: { value: '512' } });
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: /^Root Disk/ }), { target: { value: '1' } });
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByRole('group').getAttribute('aria-label')).toBe('Flavor Access');

    await user.click(await within(dialog).findByRole('button', { name: 'Allocate demo' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Flavor' }));
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith(
        expect.objectContaining({ data: expect.objectContaining({ name: 'm1.demo', vcpus: 1, ram: 512, disk: 1, flavor_access: [{ id: 'p-demo' }] }) }),
      ),
    );
    expect((await screen.findByRole('alert')).textContent).toContain('Created new flavor "m1.demo".');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("opens an edit wizard ('mode: edit') on the row, prefilled from the record, and updates it", { timeout: 20_000 }, async () => {
    const update = vi.fn(({ data }) => ({ id: 'f1', ...data }));
    const backend = signedInBackend({ resources: { sized: { getList: () => [{ id: 'f1', name: 'm1.old', vcpus: 2, ram: 1024, disk: 10 }], update } } });
    const { user } = renderApp({ backend, path: '/project/sizes', descriptors: [sized] });
    await user.click(await screen.findByRole('button', { name: 'Actions for m1.old' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit Size' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Size' });
    expect((within(dialog).getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe('m1.old');
    expect(within(dialog).queryByRole('button', { name: 'Next' })).toBeNull();
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: /^VCPUs/ }), { target: { value: '4' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalledWith(expect.objectContaining({ id: 'f1', data: expect.objectContaining({ name: 'm1.old', vcpus: 4, ram: 1024, disk: 10 }) })));
    expect((await screen.findByRole('alert')).textContent).toContain('Updated flavor "m1.old".');
  });
});
