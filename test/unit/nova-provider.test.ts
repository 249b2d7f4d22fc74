import { describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../dataProviders/http';
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
