import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { volumeRecord } from '../../dataProviders/cinder';
import { signedInBackend } from '../support/fake-backend';
import { makeCatalog } from '../support/records';
import { renderApp } from '../support/render-app';

const catalog = makeCatalog(['identity', 'compute', 'volumev3']);
const volume = volumeRecord({ id: 'v-data', name: 'data', description: 'old', size: 2, status: 'available', bootable: 'false', attachments: [] });

async function openAction(action: string, update = vi.fn(({ data }) => ({ ...volume, ...data })), call = vi.fn(() => ({ ...volume, size: 3 }))) {
  const rendered = renderApp({ backend: signedInBackend({ catalog, resources: { volume: { getList: () => [volume], getOne: () => volume, update, call } } }), path: '/project/volumes' });
  await screen.findByRole('link', { name: 'data' }, { timeout: 5000 });
  await rendered.user.click(screen.getByRole('button', { name: 'Actions for data' }));
  await rendered.user.click(await screen.findByRole('menuitem', { name: action }));
  return { ...rendered, dialog: await screen.findByRole('dialog', { name: action }), update, call };
}

describe('Edit Volume and Extend Volume', { timeout: 30_000 }, () => {
  it('edits name, description and bootable, and toasts ‘Updating volume "<name>"’', async () => {
    const { dialog, user, update } = await openAction('Edit Volume');
    const name = within(dialog).getByRole('textbox', { name: 'Volume Name' }) as HTMLInputElement;
    expect(name.value).toBe('data');
    await user.clear(name);
    await user.type(name, 'renamed');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Bootable' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Updating volume "renamed"');
    expect(update).toHaveBeenCalledWith(expect.objectContaining({ id: 'v-data', data: expect.objectContaining({ name: 'renamed', description: 'old', bootable: true }) }));
  });

  it('opens Extend Volume one GiB above the current size and sends the new size with the current one to the extend call', async () => {
    const { dialog, user, update, call } = await openAction('Extend Volume');
    const size = within(dialog).getByRole('spinbutton', { name: 'New Size (GiB)' }) as HTMLInputElement;
    expect(size.value).toBe('3');
    const submit = within(dialog).getByRole('button', { name: 'Extend Volume' }) as HTMLButtonElement;
    await waitFor(() => expect(submit.disabled).toBe(false));
    await user.click(submit);
    expect((await screen.findByRole('alert')).textContent).toContain('Successfully extended volume: "data"');
    expect(call).toHaveBeenCalledWith({ id: 'v-data', name: 'extend', data: { new_size: 3, current_size: 2 } });
    expect(update).not.toHaveBeenCalled();
  });
});
