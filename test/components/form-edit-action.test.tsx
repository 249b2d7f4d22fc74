import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import schema from '../../schemas/keypair.schema.json';
import { defineResource } from '../../src/descriptor';
import { signedInBackend } from '../support/fake-backend';
import { renderApp } from '../support/render-app';

/** A resource whose only action is an edit form, prefilled from the row (the engine's `edit` kind). */
const thing = defineResource<{ name: string; type: string; fingerprint: string }>({
  name: 'thing',
  type: 'OS::Test::Thing',
  service: 'nova',
  serviceType: 'compute',
  schema,
  idField: 'name',
  nameField: 'name',
  labels: { singular: 'Thing', plural: 'Things' },
  panel: { dashboard: 'project', label: 'Things', path: '/project/things' },
  columns: [{ field: 'name' }],
  actions: [
    {
      id: 'edit',
      kind: 'edit',
      label: 'Edit Thing',
      form: 'createForm',
      // The borrowed key pair form says 'Create Key Pair' (x-submitLabel); an edit names its own button.
      submitLabel: 'Save',
      allowed: (record) => record.name !== 'locked',
      reload: { meta: { full: true } },
      prefill: (record) => ({ name: record.name, key_type: record.type }),
      payload: (values, record) => ({ ...values, fingerprint: record?.fingerprint }),
      success: 'Updated {name}.',
      failure: 'Unable to update {name}.',
    },
  ],
});

describe("edit action: a form prefilled from the record ('kind: edit')", () => {
  it('reloads the record, opens prefilled, updates it with the payload and toasts the success', async () => {
    const getOne = vi.fn(({ id }) => ({ id, name: id, type: 'x509', fingerprint: 'aa:bb' }));
    const update = vi.fn(({ data }) => ({ ...data }));
    const backend = signedInBackend({
      resources: { thing: { getList: () => [{ id: 't1', name: 't1', type: 'ssh', fingerprint: '' }, { id: 'locked', name: 'locked', type: 'ssh', fingerprint: '' }], getOne, update } },
    });
    const { user } = renderApp({ backend, path: '/project/things', descriptors: [thing] });
    await user.click(await screen.findByRole('button', { name: 'Actions for t1' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit Thing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Thing' });
    expect(getOne).toHaveBeenCalledWith(expect.objectContaining({ id: 't1', meta: { full: true } }));
    const name = within(dialog).getByRole('textbox', { name: 'Key Pair Name' }) as HTMLInputElement;
    expect(name.value).toBe('t1');
    expect(within(dialog).getByRole('combobox', { name: 'Key Type' }).textContent).toBe('X509 Certificate');
    await user.clear(name);
    await user.type(name, 't2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith(expect.objectContaining({ id: 't1', data: { name: 't2', key_type: 'x509', fingerprint: 'aa:bb' } })),
    );
    expect((await screen.findByRole('alert')).textContent).toContain('Updated t2.');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("is offered only on rows its 'allowed' check accepts", async () => {
    const backend = signedInBackend({ resources: { thing: { getList: () => [{ id: 'locked', name: 'locked', type: 'ssh', fingerprint: '' }] } } });
    renderApp({ backend, path: '/project/things', descriptors: [thing] });
    await screen.findByText('locked');
    expect(screen.queryByRole('button', { name: 'Actions for locked' })).toBeNull();
  });
});
