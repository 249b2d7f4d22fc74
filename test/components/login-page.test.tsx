import { screen, waitFor } from '@testing-library/react';
import { HttpError } from 'ra-core';
import { describe, expect, it, vi } from 'vitest';
import type { AuthOptions } from '../../src/backend/contract';
import { fakeBackend, signedInBackend } from '../support/fake-backend';
import { makeSession } from '../support/records';
import { currentPath, renderApp } from '../support/render-app';

function options(overrides: Partial<AuthOptions> = {}): AuthOptions {
  return {
    auth_types: [{ id: 'credentials', label: 'Keystone Credentials' }],
    default_auth_type: 'credentials',
    regions: ['RegionOne'],
    default_region: 'RegionOne',
    multidomain: true,
    default_domain: 'Default',
    ...overrides,
  };
}

describe('login page (spec 1 §2.5)', () => {
  it("in credentials mode shows 'User Name', 'Password', 'Domain' (multi-domain) and 'Region' (more than one region)", async () => {
    renderApp({ backend: fakeBackend({ auth: { getOptions: async () => options({ regions: ['RegionOne', 'RegionTwo'] }) } }), path: '/auth/login' });
    expect(await screen.findByRole('textbox', { name: 'User Name' })).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Domain' }) as HTMLInputElement).value).toBe('Default');
    expect(screen.getByRole('combobox', { name: 'Region' }).textContent).toContain('RegionOne');
    expect(screen.queryByRole('combobox', { name: 'Authenticate using' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
  });

  it("hides 'Domain' on a single-domain cloud and 'Region' when there is one region", async () => {
    renderApp({ backend: fakeBackend({ auth: { getOptions: async () => options({ multidomain: false }) } }), path: '/auth/login' });
    await screen.findByRole('textbox', { name: 'User Name' });
    expect(screen.queryByRole('textbox', { name: 'Domain' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Region' })).toBeNull();
  });

  it("shows 'Authenticate using' with more than one auth type, and hides the credential fields in any other mode", async () => {
    const sso = options({ auth_types: [{ id: 'credentials', label: 'Keystone Credentials' }, { id: 'saml2', label: 'Security Assertion Markup Language' }] });
    const { user } = renderApp({ backend: fakeBackend({ auth: { getOptions: async () => sso } }), path: '/auth/login' });
    await user.click(await screen.findByRole('combobox', { name: 'Authenticate using' }));
    await user.click(await screen.findByRole('option', { name: 'Security Assertion Markup Language' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'User Name' })).toBeNull());
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Domain' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
  });

  it("shows the server's error text for a wrong password and stays on the login page", async () => {
    const login = vi.fn(async () => {
      throw new HttpError('Invalid credentials.', 401, 'Invalid credentials.');
    });
    const { user, router } = renderApp({ backend: fakeBackend({ auth: { getOptions: async () => options(), login } }), path: '/auth/login' });
    await user.type(await screen.findByRole('textbox', { name: 'User Name' }), 'demo');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid credentials.');
    expect(login).toHaveBeenCalledWith({ auth_type: 'credentials', username: 'demo', password: 'wrong', domain: 'Default' });
    expect(currentPath(router)).toBe('/auth/login');
  });

  /** The Overview's reads (custom/overview/), answered empty. */
  const OVERVIEW = {
    usage: {
      getList: () => [],
      getOne: ({ meta }: { meta: { start: string; end: string } }) => ({ id: 'report', start: meta.start, end: meta.end, project_id: 'p', summary: {}, items: [] }),
    },
    'quota-usage': { getOne: () => ({ id: 'p', compute: [], volume: [], network: [] }) },
  };

  it('lands on the Overview (/project) after signing in, as Horizon does', async () => {
    const backend = signedInBackend({ resources: OVERVIEW });
    Object.assign(backend.auth, { getOptions: async () => options(), login: async () => makeSession() });
    const { user, router } = renderApp({ backend, path: '/auth/login' });
    await user.type(await screen.findByRole('textbox', { name: 'User Name' }), 'demo');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(currentPath(router)).toBe('/project'), { timeout: 15_000 });
    expect(await screen.findByRole('heading', { name: 'Overview' }, { timeout: 15_000 })).toBeTruthy();
  });

  it("loads the page named by 'next' from the server after signing in, so it comes with the bootstrap (no in-app route change)", async () => {
    const loadPage = vi.fn();
    const backend = signedInBackend({ resources: OVERVIEW });
    Object.assign(backend.auth, { getOptions: async () => options(), login: async () => makeSession() });
    const { user, router } = renderApp({ backend, path: `/auth/login?next=${encodeURIComponent('/project/key_pairs')}`, parts: { loadPage } });
    await user.type(await screen.findByRole('textbox', { name: 'User Name' }), 'demo');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/project/key_pairs'));
    expect(currentPath(router)).toBe('/auth/login');
    expect((screen.getByRole('button', { name: 'Sign In' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("never loads another site's page from 'next' ('//evil.example' lands on the Overview)", async () => {
    const loadPage = vi.fn();
    const backend = signedInBackend({ resources: OVERVIEW });
    Object.assign(backend.auth, { getOptions: async () => options(), login: async () => makeSession() });
    const { user } = renderApp({ backend, path: `/auth/login?next=${encodeURIComponent('//evil.example/x')}`, parts: { loadPage } });
    await user.type(await screen.findByRole('textbox', { name: 'User Name' }), 'demo');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/project'));
  });

  it.each([
    ['/project/', 'Overview'],
    ['/project', 'Overview'],
  ])('shows the Overview at the project root %s', async (root, heading) => {
    const backend = signedInBackend({ resources: OVERVIEW });
    renderApp({ backend, path: root });
    expect(await screen.findByRole('heading', { name: heading }, { timeout: 5000 })).toBeTruthy();
  });

  it('sends a section root without a panel of its own (/identity/) to its first panel instead of Page Not Found', async () => {
    const backend = signedInBackend({ admin: true, resources: { domain: { getList: () => [] } } });
    const { router } = renderApp({ backend, path: '/identity/' });
    expect(await screen.findByRole('heading', { name: 'Domains' }, { timeout: 5000 })).toBeTruthy();
    expect(currentPath(router)).toBe('/identity/domains');
  });

  it('sends a visitor without a session to the login page', async () => {
    const backend = fakeBackend({
      identity: { getUserSession: async () => Promise.reject(new HttpError('not logged in', 401, 'not logged in')) },
      auth: { getOptions: async () => options() },
    });
    const { router } = renderApp({ backend, path: '/project/key_pairs' });
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(currentPath(router)).toBe('/auth/login');
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/project/key_pairs')}`);
  });
});
