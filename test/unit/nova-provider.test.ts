import { describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../src/backend/http';
import { createNovaProvider } from '../../dataProviders/nova';

function fakeHttp(answers: Partial<Record<keyof HttpClient, unknown>>) {
  const calls: [string, string, unknown?][] = [];
  const verb = (name: keyof HttpClient) =>
    vi.fn(async (path: string, body?: unknown) => {
      calls.push([name, path, body]);
      return answers[name];
    });
  const http = { get: verb('get'), post: verb('post'), put: verb('put'), patch: verb('patch'), delete: verb('delete') } as unknown as HttpClient;
  return { http, calls };
}

describe('nova data provider (spec 2 §3, §7.4)', () => {
  it('flattens the nested list items and uses the name as id', async () => {
    const { http, calls } = fakeHttp({ get: { items: [{ keypair: { name: 'b', fingerprint: 'f2' } }, { keypair: { name: 'a', fingerprint: 'f1' } }] } });
    const { data, total } = await createNovaProvider(http).getList('keypair', { sort: { field: 'name', order: 'ASC' } });
    expect(calls).toEqual([['get', '/api/nova/keypairs/', undefined]]);
    expect(data).toEqual([
      { id: 'a', name: 'a', fingerprint: 'f1' },
      { id: 'b', name: 'b', fingerprint: 'f2' },
    ]);
    expect(total).toBe(2);
  });

  it('addresses one key pair at /api/nova/keypairs/{name} with no trailing slash, the name encoded', async () => {
    const { http, calls } = fakeHttp({ get: { name: 'my key', fingerprint: 'f' } });
    const nova = createNovaProvider(http);
    expect((await nova.getOne('keypair', { id: 'my key' })).data).toEqual({ id: 'my key', name: 'my key', fingerprint: 'f' });
    await nova.delete('keypair', { id: 'my key' });
    expect(calls.map(([verb, path]) => `${verb} ${path}`)).toEqual(['get /api/nova/keypairs/my%20key', 'delete /api/nova/keypairs/my%20key']);
  });

  it('creates with POST /api/nova/keypairs/ and returns the private key', async () => {
    const { http, calls } = fakeHttp({ post: { name: 'k1', private_key: 'PEM', fingerprint: 'f' } });
    const { data } = await createNovaProvider(http).create('keypair', { data: { name: 'k1', key_type: 'ssh' } });
    expect(calls).toEqual([['post', '/api/nova/keypairs/', { name: 'k1', key_type: 'ssh' }]]);
    expect(data).toMatchObject({ id: 'k1', private_key: 'PEM' });
  });

  it('refuses verbs key pairs do not have', async () => {
    const { http } = fakeHttp({});
    await expect(createNovaProvider(http).update('keypair', { id: 'k1', data: {}, previousData: { id: 'k1' } })).rejects.toThrow('nova: update is not supported for keypair');
  });
});

describe('nova data provider: flavors and server groups (spec 2 §3, api-contract §6)', () => {
  it('lists flavors with the prefixed extension fields mapped to ephemeral, disabled and is_public', async () => {
    const flavor = { id: 'f1', name: 'm1', ram: 512, vcpus: 1, disk: 1, 'OS-FLV-EXT-DATA:ephemeral': 2, 'OS-FLV-DISABLED:disabled': false, 'os-flavor-access:is_public': false };
    const { http } = fakeHttp({ get: { items: [flavor] } });
    const { data } = await createNovaProvider(http).getList('flavor', {});
    expect(data).toEqual([{ ...flavor, ephemeral: 2, is_disabled: false, is_public: false, extra_specs_list: [] }]);
    expect(http.get).toHaveBeenCalledWith('/api/nova/flavors/', { query: undefined });
  });

  it('asks for public flavors only with is_public=true', async () => {
    const { http } = fakeHttp({ get: { items: [{ id: 'f1', name: 'm1', 'os-flavor-access:is_public': true }] } });
    const { data } = await createNovaProvider(http).getList('flavor', { filter: { is_public: 'true' } } as never);
    expect(http.get).toHaveBeenCalledWith('/api/nova/flavors/', { query: { is_public: 'true' } });
    expect(data.map((flavor) => flavor.id)).toEqual(['f1']); // the server filtered; the provider does not filter again
  });

  it('asks for the access list only when the caller wants it (getOne meta)', async () => {
    const { http } = fakeHttp({ get: { id: 'f1', name: 'm1', 'os-flavor-access:is_public': false, 'access-list': ['p1'] } });
    const nova = createNovaProvider(http);
    await nova.getOne('flavor', { id: 'f1' });
    expect(http.get).toHaveBeenLastCalledWith('/api/nova/flavors/f1/', { query: { get_extras: 'true' } });
    const { data } = await nova.getOne('flavor', { id: 'f1', meta: { get_access_list: true } });
    expect(http.get).toHaveBeenLastCalledWith('/api/nova/flavors/f1/', { query: { get_extras: 'true', get_access_list: 'true' } });
    expect(data['access-list']).toEqual(['p1']);
  });

  it('deletes a flavor at /api/nova/flavors/{id}/', async () => {
    const { http, calls } = fakeHttp({});
    await createNovaProvider(http).delete('flavor', { id: 'a b' });
    expect(calls).toEqual([['delete', '/api/nova/flavors/a%20b/', undefined]]);
  });

  it("shows a server group's first policy as its policy", async () => {
    const { http } = fakeHttp({ get: { items: [{ id: 'g1', name: 'g', policies: ['anti-affinity'], members: ['s1'], metadata: {} }] } });
    const { data } = await createNovaProvider(http).getList('server-group', {});
    expect(data[0]).toMatchObject({ id: 'g1', policy: 'anti-affinity', members: ['s1'] });
  });

  it("sends the form's one policy as `policies: [policy]`", async () => {
    const { http, calls } = fakeHttp({ post: { id: 'g2', name: 'g', policies: ['soft-affinity'], members: [] } });
    const { data } = await createNovaProvider(http).create('server-group', { data: { name: 'g', policy: 'soft-affinity' } });
    expect(calls).toEqual([['post', '/api/nova/servergroups/', { name: 'g', policies: ['soft-affinity'] }]]);
    expect(data).toMatchObject({ id: 'g2', policy: 'soft-affinity' });
  });

  it('answers feature questions from GET /api/nova/features/{name}/', async () => {
    const { http, calls } = fakeHttp({ get: true });
    const nova = createNovaProvider(http) as unknown as { supports(resource: string, params: { feature: string }): Promise<{ data: boolean }> };
    expect(await nova.supports('server-group', { feature: 'servergroup_soft_policies' })).toEqual({ data: true });
    expect(calls).toEqual([['get', '/api/nova/features/servergroup_soft_policies/', undefined]]);
  });
});
