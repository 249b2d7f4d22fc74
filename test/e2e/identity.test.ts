import { describe, expect, inject, it } from 'vitest';
import { useChromium } from '../support/chromium-fixture.js';
import { apiFromPage, identity, logIn, openSession } from '../support/pages.js';

const baseUrl = inject('baseUrl');
const passwords = inject('passwords');
const browser = useChromium();

describe('identity administration in the browser', () => {
  it('admin creates a domain, a project in it, a group, a role and a user who logs in there; disables, enables, re-passwords, then deletes all', { timeout: 180_000 }, async () => {
    const stamp = Date.now().toString(36);
    const names = { domain: `e2e-dom-${stamp}`, project: `e2e-proj-${stamp}`, group: `e2e-grp-${stamp}`, role: `e2e-role-${stamp}`, user: `e2e-user-${stamp}` };
    const admin = await openSession(browser());
    await logIn(admin.page, baseUrl, 'admin', passwords.admin);
    const page = admin.page;

    await identity.open(page, baseUrl, 'domains', 'Domains');
    await identity.create(page, 'Create Domain', { text: { Name: names.domain } }, `Domain ${names.domain} was successfully created.`);
    await identity.open(page, baseUrl, 'projects', 'Projects');
    await identity.createProject(page, { text: { Name: names.project }, choose: { Domain: names.domain } }, ['admin'], `Created new project "${names.project}".`);
    // Edit Project's members step starts from the roles Keystone now holds: admin was granted the default role.
    await identity.rowAction(page, names.project, 'Edit Project');
    const edit = page.getByRole('dialog', { name: 'Edit Project' });
    await edit.getByRole('button', { name: 'Next' }).click();
    expect(await edit.getByRole('checkbox', { name: 'member role of admin' }).isChecked()).toBe(true);
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await edit.waitFor({ state: 'detached' });
    await identity.open(page, baseUrl, 'groups', 'Groups');
    await identity.create(page, 'Create Group', { text: { Name: names.group } }, `Group ${names.group} was successfully created.`);
    await identity.open(page, baseUrl, 'roles', 'Roles');
    await identity.create(page, 'Create Role', { text: { Name: names.role } }, `Role ${names.role} was successfully created.`);
    await identity.open(page, baseUrl, 'users', 'Users');
    await identity.create(
      page,
      'Create User',
      { text: { 'User Name': names.user, Email: 'e2e@example.com' }, secret: { Password: 'first-pass-1', 'Confirm Password': 'first-pass-1' }, choose: { 'Primary Project': names.project, Role: names.role } },
      `User ${names.user} was successfully created.`,
    );
    await identity.row(page, names.user).getByText('e2e@example.com').waitFor();

    // The new user logs in and lands in that project.
    const newcomer = await openSession(browser());
    await logIn(newcomer.page, baseUrl, names.user, 'first-pass-1');
    await newcomer.page.getByRole('button', { name: `Project: ${names.project}` }).waitFor();
    await newcomer.context.close();

    // Disabled: the login is refused with Keystone's reason.
    await identity.rowAction(page, names.user, 'Disable User');
    await identity.fillAndSubmit(page, 'Disable User', {}, 'Disable User', `User ${names.user} was successfully disabled.`);
    const refused = await openSession(browser());
    await refused.page.goto(`${baseUrl}/auth/login`);
    await refused.page.getByLabel('User Name').fill(names.user);
    await refused.page.getByLabel('Password', { exact: true }).fill('first-pass-1');
    await refused.page.getByRole('button', { name: 'Sign In' }).click();
    await refused.page.getByRole('alert').filter({ hasText: /The account is disabled for user/ }).waitFor();
    await refused.context.close();

    await identity.rowAction(page, names.user, 'Enable User');
    await identity.fillAndSubmit(page, 'Enable User', {}, 'Enable User', `User ${names.user} was successfully enabled.`);
    await identity.rowAction(page, names.user, 'Change Password');
    await identity.fillAndSubmit(page, 'Change Password', { secret: { Password: 'second-pass-2', 'Confirm Password': 'second-pass-2' } }, 'Save', 'User password has been updated successfully.');
    const again = await openSession(browser());
    await logIn(again.page, baseUrl, names.user, 'second-pass-2');
    await again.context.close();

    // Everything deleted in reverse order; the domain although enabled (the server disables it first).
    await identity.delete(page, names.user, 'User');
    await identity.open(page, baseUrl, 'roles', 'Roles');
    await identity.delete(page, names.role, 'Role');
    await identity.open(page, baseUrl, 'groups', 'Groups');
    await identity.delete(page, names.group, 'Group');
    await identity.open(page, baseUrl, 'projects', 'Projects');
    await identity.delete(page, names.project, 'Project');
    await identity.open(page, baseUrl, 'domains', 'Domains');
    await identity.delete(page, names.domain, 'Domain');
    await identity.row(page, names.domain).waitFor({ state: 'detached' });
    await admin.context.close();
  });

  it('shows demo only the identity panels policy allows, and the server refuses every admin call with 403', async () => {
    const admin = await openSession(browser());
    await logIn(admin.page, baseUrl, 'admin', passwords.admin);
    const adminId = ((await apiFromPage(admin.page, 'GET', '/api/keystone/user-session/')).body as { id: string }).id;
    type Users = { items: { id: string; name: string }[] };
    const users = async () => (await apiFromPage(admin.page, 'GET', '/api/keystone/users/')).body as Users;
    const adminBefore = (await users()).items.find((user) => user.id === adminId);

    const demo = await openSession(browser());
    await logIn(demo.page, baseUrl, 'demo', passwords.demo);
    await demo.page.getByRole('link', { name: 'Users', exact: true }).waitFor();
    expect(await demo.page.getByRole('link', { name: 'Groups', exact: true }).count()).toBe(0);
    expect(await demo.page.getByRole('link', { name: 'Roles', exact: true }).count()).toBe(0);
    // Users: only demo itself, and no action to take.
    await identity.open(demo.page, baseUrl, 'users', 'Users');
    await demo.page.getByRole('link', { name: 'demo', exact: true }).waitFor();
    expect(await demo.page.getByRole('link', { name: 'admin', exact: true }).count()).toBe(0);
    expect(await demo.page.getByRole('button', { name: 'Create User' }).count()).toBe(0);

    const calls: [string, string, unknown?][] = [
      ['POST', '/api/keystone/users/', { name: 'intruder', password: 'x' }],
      ['POST', '/api/keystone/domains/', { name: 'intruder' }],
      ['POST', '/api/keystone/roles/', { name: 'intruder' }],
      ['PATCH', `/api/keystone/users/${adminId}`, { enabled: false }],
      ['PATCH', `/api/keystone/users/${adminId}`, { password: 'taken-over' }],
      ['DELETE', `/api/keystone/users/${adminId}`],
      ['DELETE', '/api/keystone/users/', [adminId]],
      ['GET', '/api/keystone/users/?name=admin'],
    ];
    for (const [method, path, body] of calls) {
      const response = await apiFromPage(demo.page, method, path, body);
      expect([method, path, response.status]).toEqual([method, path, 403]);
    }
    // Nothing changed: admin as it was, no intruder (other files add users of their own meanwhile).
    const after = await users();
    expect(after.items.find((user) => user.id === adminId)).toEqual(adminBefore);
    expect(after.items.map((user) => user.name)).not.toContain('intruder');
    await demo.context.close();
    await admin.context.close();
  });
});
