import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { signedInBackend } from '../support/fake-backend';
import { currentPath, renderApp } from '../support/render-app';

const DOMAINS = [
  { id: 'default', name: 'Default', description: 'The default domain', enabled: true },
  { id: 'd-lab', name: 'lab', description: '', enabled: true },
  { id: 'd-old', name: 'old', description: '', enabled: false },
];

function openDomains(options: { path?: string; remove?: (params: any) => unknown } = {}) {
  const backend = signedInBackend({
    admin: true,
    resources: {
      domain: {
        getList: () => DOMAINS,
        getOne: ({ id }: { id: string }) => DOMAINS.find((domain) => domain.id === id),
        delete: options.remove ?? (() => undefined),
      },
    },
  });
  return renderApp({ backend, path: options.path ?? '/identity/domains' });
}

describe('Identity › Domains (spec 3 §4.2, §6)', { timeout: 30_000 }, () => {
  it("checks permission per domain in a batch delete: the refused ones toast 'You are not allowed to delete domains: %s', the allowed ones are deleted", async () => {
    const remove = vi.fn(() => undefined);
    const { user } = openDomains({ remove });
    await screen.findByRole('link', { name: 'lab' }, { timeout: 10_000 });
    await user.click(screen.getByRole('checkbox', { name: 'Select Default' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select lab' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select old' }));
    await user.click(screen.getByRole('button', { name: 'Delete Domains' }));
    expect((await screen.findByRole('alert')).textContent).toContain('You are not allowed to delete domains: Default');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByText(/not allowed/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Delete Domains' }));
    await waitFor(() => expect(remove).toHaveBeenCalledTimes(2));
    expect(remove).toHaveBeenCalledWith(expect.objectContaining({ id: 'd-lab' }));
    expect(remove).toHaveBeenCalledWith(expect.objectContaining({ id: 'd-old' }));
    expect(remove).not.toHaveBeenCalledWith(expect.objectContaining({ id: 'default' }));
  });

  it('opens no confirm dialog when every checked domain is refused, only the toast', async () => {
    const remove = vi.fn(() => undefined);
    const { user } = openDomains({ remove });
    await screen.findByRole('link', { name: 'Default' }, { timeout: 10_000 });
    await user.click(screen.getByRole('checkbox', { name: 'Select Default' }));
    await user.click(screen.getByRole('button', { name: 'Delete Domains' }));
    expect((await screen.findByRole('alert')).textContent).toContain('You are not allowed to delete domains: Default');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(remove).not.toHaveBeenCalled();
  });

  it('takes the user to the domains list after deleting a domain with no failures', async () => {
    const { user, router } = openDomains({ path: '/ngdetails/OS::Keystone::Domain/d-lab' });
    await user.click(await screen.findByRole('button', { name: 'Delete Domain' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Domain' }));
    await waitFor(() => expect(currentPath(router)).toBe('/identity/domains'));
  });

  it('stays on the details page when the delete fails', async () => {
    const { user, router } = openDomains({
      path: '/ngdetails/OS::Keystone::Domain/d-lab',
      remove: () => {
        throw Object.assign(new Error('Forbidden'), { status: 403 });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Domain' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Domain' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(currentPath(router)).toBe('/ngdetails/OS::Keystone::Domain/d-lab');
  });
});
