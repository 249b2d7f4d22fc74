import { describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../src/backend/http';
import { createNeutronProvider } from '../../dataProviders/neutron';

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

describe('neutron data provider (spec 2 §7.4)', () => {
  it('lists QoS policies from /api/neutron/qos_policies/, each with a rules list', async () => {
    const { http, calls } = fakeHttp({ get: { items: [{ id: 'q2', name: 'silver' }, { id: 'q1', name: 'gold', rules: [{ id: 'r1', type: 'dscp_marking' }] }] } });
    const { data, total } = await createNeutronProvider(http).getList('qos-policy', { sort: { field: 'name', order: 'ASC' } });
    expect(calls).toEqual([['get', '/api/neutron/qos_policies/', undefined]]);
    expect(data).toEqual([
      { id: 'q1', name: 'gold', rules: [{ id: 'r1', type: 'dscp_marking' }] },
      { id: 'q2', name: 'silver', rules: [] },
    ]);
    expect(total).toBe(2);
  });

  it('reads, creates and deletes one policy at /api/neutron/qos_policies/{id}/ with the id encoded', async () => {
    const { http, calls } = fakeHttp({ get: { id: 'a b', name: 'p' }, post: { id: 'new', name: 'bronze', shared: false } });
    const neutron = createNeutronProvider(http);
    expect((await neutron.getOne('qos-policy', { id: 'a b' })).data).toEqual({ id: 'a b', name: 'p', rules: [] });
    expect((await neutron.create('qos-policy', { data: { name: 'bronze', description: '', shared: false } })).data).toMatchObject({ id: 'new', rules: [] });
    await neutron.delete('qos-policy', { id: 'a b' });
    expect(calls.map(([verb, path]) => `${verb} ${path}`)).toEqual(['get /api/neutron/qos_policies/a%20b/', 'post /api/neutron/qos_policies/', 'delete /api/neutron/qos_policies/a%20b/']);
    expect(calls[1][2]).toEqual({ name: 'bronze', description: '', shared: false });
  });
});
