import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { signedInBackend } from '../support/fake-backend';
import { makeCatalog, makeSession } from '../support/records';
import { currentPath, renderApp } from '../support/render-app';

const noKeypairs = { keypair: { getList: () => [] } };

async function sidebar() {
  const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
  await within(nav).findByRole('heading', { name: 'Project' });
  return nav;
}

describe('sidebar (spec 1 §2.2)', () => {
  it('shows the Admin section with System Information when the policy answer allows it', async () => {
    const policy = vi.fn(() => true);
    renderApp({ backend: signedInBackend({ admin: true, policy, resources: noKeypairs }), path: '/project/key_pairs' });
    const nav = await sidebar();
    expect(await within(nav).findByRole('heading', { name: 'Admin' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'System Information' }).getAttribute('href')).toBe('/admin/info');
    expect(policy).toHaveBeenCalledWith([['identity', 'admin_required']]);
  });

  it('shows no Admin section to a member whose policy answer is no', async () => {
    const policy = vi.fn(() => false);
    renderApp({ backend: signedInBackend({ policy, resources: noKeypairs }), path: '/project/key_pairs' });
    const nav = await sidebar();
    await waitFor(() => expect(policy).toHaveBeenCalled());
    expect(within(nav).getByRole('link', { name: 'Key Pairs' })).toBeTruthy();
    expect(within(nav).queryByRole('heading', { name: 'Admin' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'System Information' })).toBeNull();
  });

  it("hides a panel whose service is not in the session region's catalog", async () => {
    renderApp({ backend: signedInBackend({ admin: true, catalog: makeCatalog(['identity']), resources: { service: { getList: () => [] } } }), path: '/admin/info' });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    await within(nav).findByRole('link', { name: 'System Information' });
    expect(within(nav).queryByRole('link', { name: 'Key Pairs' })).toBeNull();
  });

  it('has a toggle for small screens that opens the navigation', async () => {
    const { user } = renderApp({ backend: signedInBackend({ resources: noKeypairs }), path: '/project/key_pairs' });
    const toggle = await screen.findByRole('button', { name: 'Toggle navigation' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
  });

  it('opens /admin/info as not found for a member', async () => {
    renderApp({ backend: signedInBackend({ policy: () => false }), path: '/admin/info' });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
  });
});

describe('header', () => {
  it("signs out from the 'User menu' and goes to the login page", async () => {
    const backend = signedInBackend({ resources: noKeypairs });
    const logout = vi.fn(async () => undefined);
    Object.assign(backend.auth, { logout, getOptions: async () => ({ auth_types: [{ id: 'credentials', label: 'Keystone' }], default_auth_type: 'credentials', regions: [], default_region: null, multidomain: false, default_domain: null }) });
    const { user, router } = renderApp({ backend, path: '/project/key_pairs' });
    await user.click(await screen.findByRole('button', { name: 'User menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign Out' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(logout).toHaveBeenCalledOnce();
    expect(currentPath(router)).toBe('/auth/login');
  });

  it("lists the user's own projects, asked for by the session's user id, and switches with POST /api/auth/switch/", async () => {
    const projects = [
      { id: 'p-demo', name: 'demo' },
      { id: 'p-admin', name: 'admin' },
    ];
    const switchProject = vi.fn(async (id: string) => makeSession({ project_id: id, project_name: 'admin' }));
    const listMyProjects = vi.fn(async () => projects);
    const listProjects = vi.fn(async () => [...projects, { id: 'p-other', name: 'someone-elses' }]);
    const backend = signedInBackend({ resources: noKeypairs, identity: { listMyProjects, listProjects } });
    Object.assign(backend.auth, { switchProject });
    const { user } = renderApp({ backend, path: '/project/key_pairs' });
    await user.click(await screen.findByRole('button', { name: 'Project: demo' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['admin', 'demo']);
    expect(listMyProjects).toHaveBeenCalledWith(makeSession().id);
    expect(listProjects).not.toHaveBeenCalled();
    await user.click(screen.getByRole('menuitem', { name: 'admin' }));
    expect(await screen.findByRole('button', { name: 'Project: admin' })).toBeTruthy();
    expect(switchProject).toHaveBeenCalledWith('p-admin');
  });
});
