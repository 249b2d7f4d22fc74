import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '../../shared/settings';
import { signedInBackend } from '../support/fake-backend';
import { renderApp } from '../support/render-app';

const USERS = [
  { id: 'u-alice', name: 'alice', email: 'alice@example.com', enabled: true, domain_id: 'default' },
  { id: 'u-bob', name: 'bob', email: 'bob@example.com', enabled: false, domain_id: 'default' },
];
const PROJECTS = [
  { id: 'p-web', name: 'web' },
  { id: 'p-demo', name: 'demo' },
];
const ROLES = [
  { id: 'r-member', name: 'member' },
  { id: 'r-reader', name: 'reader' },
];

function openUsers(options: { resources?: Record<string, (params: any) => unknown>; settings?: Record<string, unknown>; admin?: boolean; policy?: (rules: [string, string][]) => boolean } = {}) {
  const backend = signedInBackend({
    admin: options.admin ?? true,
    settings: options.settings,
    policy: options.policy,
    resources: { user: { getList: () => USERS, ...options.resources } },
    identity: { listProjects: async () => PROJECTS, listRoles: async () => ROLES },
  });
  return renderApp({ backend, path: '/identity/users' });
}

// Typing into several fields outlasts the default 5 s on a loaded two-core machine.
describe('Identity › Users (spec 3 §2.4, §4.2, §6, §8.2)', { timeout: 30_000 }, () => {
  it('lists name (link), email (mail link), id and enabled Yes/No', async () => {
    openUsers();
    const table = await screen.findByRole('table', { name: 'Users' });
    expect((await within(table).findByRole('link', { name: 'alice' }, { timeout: 4000 })).getAttribute('href')).toContain('/ngdetails/OS::Keystone::User/u-alice');
    const row = within(table).getByRole('link', { name: 'bob' }).closest('tr')!;
    expect(within(row).getByText('bob@example.com')).toBeTruthy();
    expect(within(row).getByText('No')).toBeTruthy();
  });

  it('creates a user with a primary project and a role picked from the lists, and toasts its name', async () => {
    const create = vi.fn(({ data }) => ({ id: 'u-new', ...data }));
    const { user } = openUsers({ resources: { create } });
    await user.click(await screen.findByRole('button', { name: 'Create User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create User' });
    await user.type(within(dialog).getByRole('textbox', { name: 'User Name' }), 'carol');
    await user.type(within(dialog).getByLabelText(/^Password/), 's3cret');
    await user.type(within(dialog).getByLabelText(/^Confirm Password/), 's3cret');
    await user.click(within(dialog).getByRole('combobox', { name: /Primary Project/ }));
    await user.click(await screen.findByRole('option', { name: 'web' }));
    await user.click(within(dialog).getByRole('combobox', { name: /Role/ }));
    await user.click(await screen.findByRole('option', { name: 'member' }));
    const submit = within(dialog).getByRole('button', { name: 'Create User' }) as HTMLButtonElement;
    await waitFor(() => expect(submit.disabled).toBe(false));
    await user.click(submit);
    expect((await screen.findByRole('alert')).textContent).toContain('User carol was successfully created.');
    expect(create).toHaveBeenCalledWith(expect.objectContaining({ data: expect.objectContaining({ name: 'carol', password: 's3cret', project: 'p-web', role: 'r-member', enabled: true }) }));
  });

  it("rejects a confirmation that differs: 'Passwords do not match.'", async () => {
    const { user } = openUsers();
    await user.click(await screen.findByRole('button', { name: 'Create User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create User' });
    await user.type(within(dialog).getByLabelText(/^Password/), 'one');
    await user.type(within(dialog).getByLabelText(/^Confirm Password/), 'two');
    expect(await within(dialog).findByText('Passwords do not match.')).toBeTruthy();
  });

  it('offers Disable only to enabled users and Enable only to disabled ones, asks with Horizon\'s confirm text, and sends {enabled}', async () => {
    const update = vi.fn(({ id, data }) => ({ ...USERS.find((each) => each.id === id), ...data }));
    const { user } = openUsers({ resources: { update } });
    await user.click(await screen.findByRole('button', { name: 'Actions for alice' }));
    expect(screen.queryByRole('menuitem', { name: 'Enable User' })).toBeNull();
    await user.click(await screen.findByRole('menuitem', { name: 'Disable User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable User' });
    expect(within(dialog).getByText('You have selected: "alice". Please confirm your selection.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Disable User' }));
    expect((await screen.findByRole('alert')).textContent).toContain('User alice was successfully disabled.');
    expect(update).toHaveBeenCalledWith(expect.objectContaining({ id: 'u-alice', data: { enabled: false } }));
    await user.click(await screen.findByRole('button', { name: 'Actions for bob' }));
    expect(screen.queryByRole('menuitem', { name: 'Disable User' })).toBeNull();
    expect(await screen.findByRole('menuitem', { name: 'Enable User' })).toBeTruthy();
  });

  it('asks for the admin password when ENFORCE_PASSWORD_CHECK is set', async () => {
    const update = vi.fn(({ id }) => USERS.find((each) => each.id === id));
    const { user } = openUsers({ resources: { update }, settings: { ...DEFAULT_SETTINGS, ENFORCE_PASSWORD_CHECK: true } });
    await user.click(await screen.findByRole('button', { name: 'Actions for alice' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Change Password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Password' });
    await user.type(within(dialog).getByLabelText(/^Password/), 'n3w');
    await user.type(within(dialog).getByLabelText(/^Confirm Password/), 'n3w');
    await user.type(within(dialog).getByLabelText(/^Admin Password/), 'admin-pass');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain('User password has been updated successfully.');
    expect(update).toHaveBeenCalledWith(expect.objectContaining({ data: { password: 'n3w', admin_password: 'admin-pass' } }));
  });

  it('keeps the password dialog open with the message ADMIN_PASSWORD_INCORRECT selects when the server answers 400', async () => {
    const update = vi.fn(() => {
      throw Object.assign(new Error('400'), { status: 400, body: 'ADMIN_PASSWORD_INCORRECT' });
    });
    const { user } = openUsers({ resources: { update }, settings: { ...DEFAULT_SETTINGS, ENFORCE_PASSWORD_CHECK: true } });
    await user.click(await screen.findByRole('button', { name: 'Actions for alice' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Change Password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Password' });
    await user.type(within(dialog).getByLabelText(/^Password/), 'n3w');
    await user.type(within(dialog).getByLabelText(/^Confirm Password/), 'n3w');
    await user.type(within(dialog).getByLabelText(/^Admin Password/), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The admin password is incorrect.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Change Password' })).toBeTruthy();
  });

  it('hides every action without can_edit_user, though policy allows', async () => {
    openUsers({ settings: { ...DEFAULT_SETTINGS, OPENSTACK_KEYSTONE_BACKEND: { can_edit_user: false } } });
    await screen.findByRole('table', { name: 'Users' });
    expect(screen.queryByRole('button', { name: 'Create User' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Actions for alice' })).toBeNull();
  });

  it('hides the actions from a member whose policy refuses identity:create_user and identity:update_user', async () => {
    openUsers({ admin: false, policy: (rules) => !rules.some(([scope]) => scope === 'identity') });
    await screen.findByRole('table', { name: 'Users' });
    expect(screen.queryByRole('button', { name: 'Create User' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Actions for alice' })).toBeNull();
  });
});
