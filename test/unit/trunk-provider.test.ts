import { describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../src/backend/http';
import { createNeutronProvider, trunkPortCandidates } from '../../dataProviders/neutron';

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

  it("asks the server for one project's trunks when the list is filtered by project_id", async () => {
    const { http, calls } = fakeHttp({ get: { items: [{ id: 't1', name: 'edge', project_id: 'p1', sub_ports: [] }] } });
    const { data } = await createNeutronProvider(http).getList('trunk', { filter: { project_id: 'p1' } });
    expect(calls).toEqual([['get', '/api/neutron/trunks/', { query: { project_id: 'p1' } }]]);
    expect(data.map((trunk) => trunk.id)).toEqual(['t1']);
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

  it('creates with POST /api/neutron/trunks/ and edits with PATCH of [oldTrunk, newTrunk]', async () => {
    const { http, calls } = fakeHttp({ post: { id: 't', name: 'a', sub_ports: [] }, patch: { id: 't', name: 'b', sub_ports: [{ port_id: 'p', segmentation_type: 'inherit' }] } });
    const neutron = createNeutronProvider(http);
    await neutron.create('trunk', { data: { name: 'a', port_id: 'pp', sub_ports: [] } });
    const old = { id: 't', name: 'a', sub_ports: [] };
    const next = { id: 't', name: 'b', sub_ports: [{ port_id: 'p', segmentation_type: 'inherit' }] };
    // The PATCH answer lacks the wrapper fields; the record gets them back.
    expect((await neutron.update('trunk', { id: 't', data: { old, new: next }, previousData: old })).data).toMatchObject({ name_or_id: 'b', subport_count: 1 });
    expect(calls).toEqual([
      ['post', '/api/neutron/trunks/', { name: 'a', port_id: 'pp', sub_ports: [] }],
      ['patch', '/api/neutron/trunks/t/', [old, next]],
    ]);
  });
});

describe('trunk port candidates (spec 2 §5)', () => {
  const port = (id: string, overrides: Record<string, unknown> = {}) => ({ id, name: id, admin_state_up: true, device_owner: '', ...overrides });
  const ports = [
    port('b'),
    port('x2', { name: '' }),
    port('x1', { name: '' }),
    port('a'),
    port('vm', { device_owner: 'compute:nova' }),
    port('dhcp', { device_owner: 'network:dhcp' }),
    port('down', { admin_state_up: false }),
    port('sub', { trunk_id: 't' }),
  ];

  it('parents: up, device_owner empty or compute:, not in a trunk; by name, blank names last, then id', () => {
    expect(trunkPortCandidates(ports, 'parent').map((each) => each.id)).toEqual(['a', 'b', 'vm', 'x1', 'x2']);
  });

  it('subports: up, device_owner empty, not in a trunk', () => {
    expect(trunkPortCandidates(ports, 'subport').map((each) => each.id)).toEqual(['a', 'b', 'x1', 'x2']);
  });
});
