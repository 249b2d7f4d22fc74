// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import type { Bootstrap } from '../../shared/bootstrap';
import type { PolicyApi } from '../../src/backend/contract';
import { createHttpClient } from '../../src/backend/http';
import { createPreloads, readBootstrap, withPreloadedVerdicts } from '../../src/backend/preloads';

const SESSION = { id: 'u1', project_id: 'p1', roles: [{ name: 'member' }] };

function bootstrap(): Bootstrap {
  return {
    answers: { '/api/keystone/user-session/': SESSION, '/api/keystone/projects/?user_id=u1': { items: [{ id: 'p1', name: 'demo' }] } },
    policy: {
      identity: { rules: { admin_required: false, 'identity:get_user': true }, otherwise: true },
      compute: { rules: { 'os_compute_api:servers:create': true }, otherwise: false },
    },
  };
}

function client(status = 200) {
  const fetch = vi.fn(async () => new Response(JSON.stringify({ from: 'server' }), { status, headers: { 'Content-Type': 'application/json' } }));
  const preloads = createPreloads(bootstrap());
  const http = createHttpClient({ fetch: fetch as typeof globalThis.fetch, readCookies: () => 'csrftoken=t', notify: { error: vi.fn(), add: vi.fn() }, onUnauthorized: vi.fn(), preloads });
  return { http, fetch, preloads };
}

describe('the answers the page came with (issue 17: the first row without the reads every page makes)', () => {
  it('answers a GET the page holds without a request, query included, and each caller gets its own copy', async () => {
    const { http, fetch } = client();
    const first = await http.get<typeof SESSION>('/api/keystone/user-session/');
    expect(first).toEqual(SESSION);
    first.roles.push({ name: 'changed by a caller' });
    expect(await http.get('/api/keystone/user-session/')).toEqual(SESSION);
    expect(await http.get('/api/keystone/projects/', { query: { user_id: 'u1' } })).toEqual({ items: [{ id: 'p1', name: 'demo' }] });
    expect(fetch).not.toHaveBeenCalled();
    expect(await http.get('/api/nova/keypairs/')).toEqual({ from: 'server' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("answers the page's first read of its list once: the next read of it (a poll, a refresh) goes to the server", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ items: ['from the server'] }), { headers: { 'Content-Type': 'application/json' } }));
    const preloads = createPreloads({ ...bootstrap(), firstReads: { '/api/nova/keypairs/': { items: ['with the page'] } } });
    const http = createHttpClient({ fetch: fetch as typeof globalThis.fetch, notify: { error: vi.fn(), add: vi.fn() }, onUnauthorized: vi.fn(), preloads });
    expect(await http.get('/api/nova/keypairs/')).toEqual({ items: ['with the page'] });
    expect(fetch).not.toHaveBeenCalled();
    expect(await http.get('/api/nova/keypairs/')).toEqual({ items: ['from the server'] });
    expect(fetch).toHaveBeenCalledWith('/api/nova/keypairs/', expect.objectContaining({ method: 'GET' }));
    // The session's reads still answer from the page until a write.
    expect(await http.get('/api/keystone/user-session/')).toEqual(SESSION);
  });

  it('drops a first read the page asked for with another query (a search kept in the tab), so clearing it later gets no old answer', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ items: [] }), { headers: { 'Content-Type': 'application/json' } }));
    const preloads = createPreloads({ ...bootstrap(), firstReads: { '/api/nova/servers/?limit=20': { items: ['old'] } } });
    const http = createHttpClient({ fetch: fetch as typeof globalThis.fetch, notify: { error: vi.fn(), add: vi.fn() }, onUnauthorized: vi.fn(), preloads });
    await http.get('/api/nova/servers/', { query: { limit: 20, name: 'web' } });
    expect(await http.get('/api/nova/servers/', { query: { limit: 20 } })).toEqual({ items: [] });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('asks the server for everything after a write (a project switch may change every answer), but not after a policy check', async () => {
    const { http, fetch } = client();
    await http.post('/api/policy/', { checks: [] });
    expect(await http.get('/api/keystone/user-session/')).toEqual(SESSION);
    await http.post('/api/auth/switch/p2/', {});
    expect(await http.get('/api/keystone/user-session/')).toEqual({ from: 'server' });
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('asks the server for everything after a 401', async () => {
    const { http, preloads } = client(401);
    await expect(http.get('/api/nova/keypairs/')).rejects.toMatchObject({ status: 401 });
    expect(preloads.answer('/api/keystone/user-session/')).toBeUndefined();
  });

  it("decides checks without a target from the page's verdicts, as /api/policy/ does: ANDed, a rule the table lacks by its scope's `otherwise`, a scope without a table allows", () => {
    const preloads = createPreloads(bootstrap());
    expect(preloads.verdict([['identity', 'identity:get_user']])).toBe(true);
    expect(preloads.verdict([['identity', 'identity:get_user'], ['identity', 'admin_required']])).toBe(false);
    expect(preloads.verdict([['identity', 'identity:not_in_table']])).toBe(true);
    expect(preloads.verdict([['compute', 'os_compute_api:not_in_table']])).toBe(false);
    expect(preloads.verdict([['object-store', 'anything']])).toBe(true);
    // A check about a record is the server's to judge.
    expect(preloads.verdict([['identity', 'identity:get_user']], { user_id: 'u2' })).toBeUndefined();
    preloads.drop();
    expect(preloads.verdict([['identity', 'identity:get_user']])).toBeUndefined();
  });

  it('sends the server only the checks the verdicts do not decide, and says which are known at once', async () => {
    const server: PolicyApi = { check: vi.fn(async () => false) };
    const policy = withPreloadedVerdicts(server, createPreloads(bootstrap()));
    expect(await policy.check([['compute', 'os_compute_api:servers:create']])).toBe(true);
    expect(policy.known?.([['compute', 'os_compute_api:servers:create']])).toBe(true);
    expect(server.check).not.toHaveBeenCalled();
    expect(await policy.check([['compute', 'os_compute_api:servers:create']], { project_id: 'p9' })).toBe(false);
    expect(server.check).toHaveBeenCalledWith([['compute', 'os_compute_api:servers:create']], { project_id: 'p9' });
    expect(policy.known?.([['compute', 'x']], { project_id: 'p9' })).toBeUndefined();
  });

  it('reads the bootstrap from the page, and none from a page without one or with a broken one', () => {
    document.body.innerHTML = `<script type="application/json" id="bootstrap">${JSON.stringify(bootstrap())}</script>`;
    expect(readBootstrap(document)).toEqual(bootstrap());
    document.body.innerHTML = '<script type="application/json" id="bootstrap">{"answers":</script>';
    expect(readBootstrap(document)).toBeNull();
    document.body.innerHTML = '';
    expect(readBootstrap(document)).toBeNull();
  });
});
