import { describe, expect, it, vi } from 'vitest';
import { createCinderProvider } from '../../dataProviders/cinder';
import type { HttpClient } from '../../src/backend/http';
import { createNeutronProvider } from '../../dataProviders/neutron';
import { createNovaProvider } from '../../dataProviders/nova';
import { resourceCall } from '../../src/backend/verbs';

function fakeHttp(answer: unknown) {
  const calls: unknown[][] = [];
  const verb = (name: string) =>
    vi.fn(async (...args: unknown[]) => {
      calls.push([name, ...args]);
      return answer;
    });
  const http = { get: verb('get'), post: verb('post'), put: verb('put'), patch: verb('patch'), delete: verb('delete') } as unknown as HttpClient;
  return { http, calls };
}

const all = { pagination: { page: 1, perPage: 1000 }, sort: { field: '', order: 'ASC' as const }, filter: {} };

describe("the launch wizard's reads and writes (spec 2 §7.2, §7.4, §7.5; api-contract §6.1)", () => {
  it('lists availability zones from /api/nova/availzones/, named by zoneName', async () => {
    const { http, calls } = fakeHttp({ items: [{ zoneName: 'nova', zoneState: { available: true } }] });
    const { data } = await createNovaProvider(http).getList('availability-zone', all);
    expect(calls).toEqual([['get', '/api/nova/availzones/']]);
    expect(data).toEqual([{ id: 'nova', zoneName: 'nova', zoneState: { available: true } }]);
  });

  it('reads the compute limits with reserved=true', async () => {
    const { http, calls } = fakeHttp({ maxTotalInstances: 10, totalInstancesUsed: 1 });
    const { data } = await createNovaProvider(http).getOne('compute-limits', { id: 'current' });
    expect(calls).toEqual([['get', '/api/nova/limits/', { query: { reserved: 'true' } }]]);
    expect(data).toMatchObject({ maxTotalInstances: 10 });
  });

  it('launches with POST /api/nova/servers/ and the final spec as the body', async () => {
    const { http, calls } = fakeHttp({ id: 'srv-1' });
    const body = { name: 'web', source_id: 'img', flavor_id: 'f', key_name: null, user_data: null, security_groups: [], nics: [], instance_count: 1, scheduler_hints: {} };
    const { data } = await createNovaProvider(http).create('server-launch', { data: body });
    expect(calls).toEqual([['post', '/api/nova/servers/', body]]);
    expect(data.id).toBe('srv-1');
  });

  it('resizes with POST /api/nova/servers/{id}/resize/ and {flavor_id, disk_config}: the instance\'s resize call', async () => {
    const { http, calls } = fakeHttp(undefined);
    await resourceCall(createNovaProvider(http))('instance', { id: 'srv 1', name: 'resize', data: { flavor_id: 'f2', disk_config: 'AUTO' } });
    expect(calls).toEqual([['post', '/api/nova/servers/srv%201/resize/', { flavor_id: 'f2', disk_config: 'AUTO' }]]);
  });

  it('reads networks from /api/neutron/networks/ and security groups from /api/network/securitygroups/', async () => {
    const { http, calls } = fakeHttp({ items: [{ id: 'x', name: 'x' }] });
    const neutron = createNeutronProvider(http);
    await neutron.getList('launch-network', all);
    await neutron.getList('launch-security-group', all);
    expect(calls).toEqual([
      ['get', '/api/neutron/networks/'],
      ['get', '/api/network/securitygroups/'],
    ]);
  });

  it('reads the volume limits from /api/cinder/tenantabsolutelimits/', async () => {
    const { http, calls } = fakeHttp({ maxTotalVolumes: 10 });
    const { data } = await createCinderProvider(http).getOne('volume-limits', { id: 'current' });
    expect(calls).toEqual([['get', '/api/cinder/tenantabsolutelimits/']]);
    expect(data).toMatchObject({ maxTotalVolumes: 10 });
  });
});
