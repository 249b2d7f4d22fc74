import { describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../src/backend/http';
import { createKeystoneProvider } from '../../dataProviders/keystone';

/** An HTTP client that answers by path (any verb); a path mapped to a number fails with that status. */
function fakeHttp(gets: Record<string, unknown>) {
  const calls: string[] = [];
  const answer = (verb: string) =>
    vi.fn(async (path: string, second?: unknown) => {
      const query = verb === 'get' ? (second as { query?: Record<string, string> } | undefined)?.query : undefined;
      const full = query && Object.keys(query).length ? `${path}?${new URLSearchParams(query)}` : path;
      calls.push(`${verb} ${full}`);
      const result = gets[full];
      if (typeof result === 'number') throw Object.assign(new Error('refused'), { status: result });
      return result;
    });
  const http = { get: answer('get'), post: answer('post'), put: answer('put'), patch: answer('patch'), delete: answer('delete') } as unknown as HttpClient;
  return { http, calls };
}

const list = { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' as const }, filter: {} };

describe('keystone data provider (spec 3 §6)', () => {
  it('lists only the current user when identity:list_users is refused', async () => {
    const { http } = fakeHttp({ '/api/keystone/users/': 403, '/api/keystone/users/current': { id: 'u-demo', name: 'demo' } });
    expect((await createKeystoneProvider(http).getList('user', list)).data).toEqual([{ id: 'u-demo', name: 'demo' }]);
  });

  it("lists only the user's own domain when identity:list_domains is refused", async () => {
    const { http } = fakeHttp({ '/api/keystone/domains/': 403, '/api/keystone/default_domain/': { id: 'default', name: 'Default' } });
    expect((await createKeystoneProvider(http).getList('domain', list)).data).toEqual([{ id: 'default', name: 'Default' }]);
  });

  it("asks the policy first: a member's identity panels list their own records without a refused list call", async () => {
    const { http, calls } = fakeHttp({
      '/api/policy/': { allowed: [false] },
      '/api/keystone/users/current': { id: 'u-demo', name: 'demo' },
      '/api/keystone/default_domain/': { id: 'default', name: 'Default' },
      '/api/keystone/user-session/': { id: 'u-demo' },
      '/api/keystone/projects/?user_id=u-demo': { items: [{ id: 'p-demo', name: 'demo' }] },
    });
    const keystone = createKeystoneProvider(http);
    expect((await keystone.getList('user', list)).data).toEqual([{ id: 'u-demo', name: 'demo' }]);
    expect((await keystone.getList('domain', list)).data).toEqual([{ id: 'default', name: 'Default' }]);
    expect((await keystone.getList('project', list)).data).toEqual([{ id: 'p-demo', name: 'demo' }]);
    expect(calls).not.toContain('get /api/keystone/users/');
    expect(calls).not.toContain('get /api/keystone/domains/');
    expect(calls).not.toContain('get /api/keystone/projects/');
  });

  it("lists a member's own projects when the list of all is refused", async () => {
    const { http } = fakeHttp({
      '/api/keystone/projects/': 403,
      '/api/keystone/user-session/': { id: 'u-demo' },
      '/api/keystone/projects/?user_id=u-demo': { items: [{ id: 'p-demo', name: 'demo' }] },
    });
    expect((await createKeystoneProvider(http).getList('project', list)).data).toEqual([{ id: 'p-demo', name: 'demo' }]);
  });

  it('sends the name, id and enabled facets to the server as filters', async () => {
    const { http, calls } = fakeHttp({ '/api/keystone/users/?name=alice&enabled=false': { items: [] } });
    await createKeystoneProvider(http).getList('user', { ...list, filter: { name: 'alice', enabled: 'false' } });
    expect(calls.filter((call) => call.startsWith('get'))).toEqual(['get /api/keystone/users/?name=alice&enabled=false']);
  });

  it('creates a user, then grants the role on the primary project (PUT projects/{p}/{role}/{user})', async () => {
    const { http, calls } = fakeHttp({ '/api/keystone/users/': { id: 'u-new', name: 'carol' } });
    await createKeystoneProvider(http).create('user', { data: { name: 'carol', password: 'x', confirm_password: 'x', project: 'p1', role: 'r1', enabled: true } });
    expect(calls).toEqual(['post /api/keystone/users/', 'put /api/keystone/projects/p1/r1/u-new']);
    expect((http.post as ReturnType<typeof vi.fn>).mock.calls[0][1]).toEqual({ name: 'carol', password: 'x', project: 'p1', enabled: true });
  });

  it("creates a project, then grants each member's roles from the Project Members step", async () => {
    const { http, calls } = fakeHttp({ '/api/keystone/projects/': { id: 'p-new', name: 'shop' } });
    await createKeystoneProvider(http).create('project', { data: { name: 'shop', members: { 'u-a': ['r-member', 'r-reader'], 'u-b': ['r-member'] } } });
    expect(calls).toEqual(['post /api/keystone/projects/', 'put /api/keystone/projects/p-new/r-member/u-a', 'put /api/keystone/projects/p-new/r-reader/u-a', 'put /api/keystone/projects/p-new/r-member/u-b']);
    expect((http.post as ReturnType<typeof vi.fn>).mock.calls[0][1]).toEqual({ name: 'shop' });
  });

  it("reads a project's members as the roles each user of the domain context holds on it", async () => {
    const { http } = fakeHttp({
      '/api/keystone/projects/p1': { id: 'p1', name: 'web', domain_id: 'd1' },
      '/api/keystone/users/': { items: [{ id: 'u-a' }, { id: 'u-b' }] },
      '/api/keystone/roles/?project_id=p1&user_id=u-a': { items: [{ id: 'r-member' }] },
      '/api/keystone/roles/?project_id=p1&user_id=u-b': { items: [] },
    });
    const { data } = await createKeystoneProvider(http).getOne('project', { id: 'p1', meta: { members: true } });
    expect(data).toEqual({ id: 'p1', name: 'web', domain_id: 'd1', members: { 'u-a': ['r-member'] } });
  });

  it('saves an edited project, then grants the roles added and revokes the roles dropped', async () => {
    const { http, calls } = fakeHttp({
      '/api/keystone/projects/p1': { id: 'p1', name: 'web2', domain_id: 'd1' },
      '/api/keystone/users/': { items: [{ id: 'u-a' }, { id: 'u-b' }] },
      '/api/keystone/roles/?project_id=p1&user_id=u-a': { items: [{ id: 'r-member' }, { id: 'r-reader' }] },
      '/api/keystone/roles/?project_id=p1&user_id=u-b': { items: [{ id: 'r-member' }] },
    });
    await createKeystoneProvider(http).update('project', { id: 'p1', data: { name: 'web2', members: { 'u-a': ['r-member'], 'u-c': ['r-admin'] } }, previousData: { id: 'p1' } });
    expect(calls.filter((call) => !call.startsWith('get'))).toEqual([
      'patch /api/keystone/projects/p1',
      'put /api/keystone/projects/p1/r-admin/u-c',
      'delete /api/keystone/projects/p1/r-reader/u-a',
      'delete /api/keystone/projects/p1/r-member/u-b',
    ]);
    expect((http.patch as ReturnType<typeof vi.fn>).mock.calls[0][1]).toEqual({ name: 'web2' });
  });
});
