import { describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../dataProviders/http';
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

describe('neutron data provider: trunks (spec 2 §7.4, api-contract §8)', () => {
  it('lists trunks from /api/neutron/trunks/ keeping the BFF’s name_or_id and subport_count', async () => {
    const { http, calls } = fakeHttp({
      get: { items: [{ id: 't1', name: 'edge', name_or_id: 'edge', subport_count: 1, sub_ports: [{ port_id: 'p', segmentation_type: 'vlan', segmentation_id: 5 }] }] },
    });
    const { data } = await createNeutronProvider(http).getList('trunk', { sort: { field: 'name_or_id', order: 'ASC' } });
    expect(calls).toEqual([['get', '/api/neutron/trunks/', undefined]]);
    expect(data).toEqual([{ id: 't1', name: 'edge', name_or_id: 'edge', subport_count: 1, sub_ports: [{ port_id: 'p', segmentation_type: 'vlan', segmentation_id: 5 }] }]);
  });

  it('derives name_or_id — the name, or the first 13 characters of the id in brackets — and subport_count when an answer lacks them', async () => {
    const { http } = fakeHttp({ get: { id: '0123456789abcdef-rest', name: '', sub_ports: [{ port_id: 'a' }, { port_id: 'b' }] } });
    const { data } = await createNeutronProvider(http).getOne('trunk', { id: '0123456789abcdef-rest' });
    expect(data).toMatchObject({ name_or_id: '(0123456789abc)', subport_count: 2 });
  });

  it('reads and deletes one trunk at /api/neutron/trunks/{id}/ with the id encoded', async () => {
    const { http, calls } = fakeHttp({ get: { id: 'a b', name: 'x' } });
    const neutron = createNeutronProvider(http);
    expect((await neutron.getOne('trunk', { id: 'a b' })).data).toEqual({ id: 'a b', name: 'x', name_or_id: 'x', sub_ports: [], subport_count: 0 });
    await neutron.delete('trunk', { id: 'a b' });
    expect(calls.map(([verb, path]) => `${verb} ${path}`)).toEqual(['get /api/neutron/trunks/a%20b/', 'delete /api/neutron/trunks/a%20b/']);
  });
});
