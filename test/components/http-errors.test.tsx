import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { App } from '../../src/app/App';
import { plugins } from '../../app/plugins';
import { createApp } from '../../src/app/create-app';
import { makeCatalog, makeSession } from '../support/records';

type Answer = { status: number; body?: unknown; headers?: Record<string, string> };

/** The real app and data providers over a fetch that answers from a table; other requests fail the test. */
function renderWithServer(answers: Record<string, Answer | (() => Answer | Promise<Answer>)>, path = '/project/key_pairs') {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    const entry = answers[key];
    if (!entry) {
      console.error(`Unexpected request: ${key}`);
      throw new Error(`Unexpected request: ${key}`);
    }
    const { status, body, headers } = typeof entry === 'function' ? await entry() : entry;
    return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
  });
  const parts = createApp(plugins, { fetch: fetch as typeof globalThis.fetch, createRouter: (routes) => createMemoryRouter(routes, { initialEntries: [path] }) });
  render(<App {...parts} />);
  return { fetch, router: parts.router, backend: parts.backend };
}

const signedIn = {
  'GET /api/keystone/user-session/': { status: 200, body: makeSession() },
  'GET /api/keystone/svc-catalog/': { status: 200, body: makeCatalog(['identity', 'compute']) },
  'POST /api/policy/': { status: 200, body: { allowed: false } },
  // The extensible header (spec 1 §4.10); empty: the server configures none.
  'GET /header/': { status: 204 },
  'GET /api/settings/': { status: 200, body: {} },
};
const loginOptions = {
  'GET /api/auth/options/': {
    status: 200,
    body: { auth_types: [{ id: 'credentials', label: 'Keystone Credentials' }], default_auth_type: 'credentials', regions: ['RegionOne'], default_region: 'RegionOne', multidomain: true, default_domain: 'Default' },
  },
};

let loginOptionsGate: () => Promise<Answer>;

describe('HTTP errors (spec 1 §8)', () => {
  it("a 401 toasts 'Unauthorized. Redirecting to login' and goes to the login page", async () => {
    const { router } = renderWithServer({ ...signedIn, ...loginOptions, 'GET /api/nova/keypairs/': { status: 401, body: 'not logged in' } });
    expect((await screen.findByRole('alert')).textContent).toBe('Error: Unauthorized. Redirecting to login');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it('a late 401 reaching the login page (an answer to the page just signed out of) leaves its form to load', async () => {
    let answerOptions = () => {};
    const optionsSent = new Promise<void>((sent) => {
      loginOptionsGate = () => new Promise<Answer>((resolve) => {
        answerOptions = () => resolve(loginOptions['GET /api/auth/options/']);
        sent();
      });
    });
    const { backend } = renderWithServer({ 'GET /api/auth/options/': () => loginOptionsGate(), 'GET /api/nova/keypairs/': { status: 401, body: 'not logged in' } }, '/auth/login');
    await optionsSent;
    await expect(backend.dataProvider.getList('keypair', { pagination: { page: 1, perPage: 20 }, sort: { field: 'name', order: 'ASC' }, filter: {} })).rejects.toMatchObject({ status: 401 });
    answerOptions();
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
  });

  it("a 403 toasts 'Forbidden. Insufficient permissions of the requested operation' and stays", async () => {
    const { router } = renderWithServer({ ...signedIn, 'GET /api/nova/keypairs/': { status: 403, body: 'Policy does not allow this.' } });
    expect((await screen.findByRole('alert')).textContent).toBe('Error: Forbidden. Insufficient permissions of the requested operation');
    expect(await screen.findByText('No items to display.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/project/key_pairs');
    expect(screen.getAllByRole('alert')).toHaveLength(1); // no second toast for the same failure
  });

  it('a list whose cloud service is down says which service, in the server\'s words (issue 16)', async () => {
    renderWithServer({ ...signedIn, 'GET /api/nova/keypairs/': { status: 503, body: 'The compute service is unavailable.' } });
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Error: Unable to retrieve .*\. The compute service is unavailable\.$/);
  });

  it('other failures keep the resource\'s own sentence only', async () => {
    renderWithServer({ ...signedIn, 'GET /api/nova/keypairs/': { status: 500, body: 'An unexpected error occurred on the server.' } });
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Error: Unable to retrieve [^.]*\.$/);
  });

  it('flattens the nested key pair list of GET /api/nova/keypairs/', async () => {
    renderWithServer({
      ...signedIn,
      'GET /api/nova/keypairs/': { status: 200, body: { items: [{ keypair: { name: 'nested', type: 'ssh', fingerprint: 'aa:bb', public_key: 'ssh-rsa A' } }] } },
    });
    expect(await screen.findByRole('link', { name: 'nested' })).toBeTruthy();
  });
});

describe('alerts from the messages response header (spec 1 §3, §7.1)', () => {
  it('shows each alert of X-Horizon-Messages as a toast of its type', async () => {
    const messages = JSON.stringify([
      ['success', 'Deleted Key Pair: k1.', ''],
      ['error', 'Unable to delete Key Pair: k2.', ''],
    ]);
    renderWithServer({ ...signedIn, 'GET /api/nova/keypairs/': { status: 200, body: { items: [] }, headers: { 'X-Horizon-Messages': messages } } });
    await screen.findByText('No items to display.');
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual(['Success: Deleted Key Pair: k1.', 'Error: Unable to delete Key Pair: k2.']);
  });
});

describe('request spinner (spec 1 §4.10)', () => {
  it('shows in the header while an /api request is in flight and hides when the last ends', async () => {
    let answer: (value: Answer) => void = () => {};
    const keypairs = new Promise<Answer>((resolve) => (answer = resolve));
    renderWithServer({ ...signedIn, 'GET /api/nova/keypairs/': () => keypairs });
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Loading data' })).toBeTruthy());
    answer({ status: 200, body: { items: [] } });
    await screen.findByText('No items to display.');
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Loading data' })).toBeNull());
  });
});
