import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client.js';
import { startTestCloud, type TestCloud, uniqueName } from '../support/cloud.js';

/**
 * Admin › Host Aggregates through /api/nova/aggregates/ and the zones tab's
 * availzones/?detailed=true, against the emulator or the real cloud. Hosts
 * come from the cloud's compute services; everything made is deleted.
 */
let cloud: TestCloud;
let demo: ApiClient;
let admin: ApiClient;
let computeHosts: string[];
const made: string[] = [];

beforeAll(async () => {
  cloud = await startTestCloud();
  demo = await ApiClient.loggedIn(cloud, 'demo');
  admin = await ApiClient.loggedIn(cloud, 'admin');
  const services = (await admin.get('/api/nova/services/')).body as { items: { binary: string; host: string }[] };
  computeHosts = services.items.filter((service) => service.binary === 'nova-compute').map((service) => service.host);
});
afterAll(async () => {
  for (const id of made) {
    await admin.request('PUT', `/api/nova/aggregates/${id}/hosts`, { hosts: [] });
    await admin.delete(`/api/nova/aggregates/${id}/`);
  }
});

interface Aggregate {
  id: string;
  name: string;
  availability_zone: string | null;
  hosts: string[];
  metadata: Record<string, string>;
}

async function newAggregate(zone: string | null): Promise<Aggregate> {
  const created = await admin.post('/api/nova/aggregates/', { name: uniqueName('api-agg'), availability_zone: zone });
  expect(created.status).toBe(201);
  made.push((created.body as Aggregate).id);
  return created.body as Aggregate;
}

const zones = async () => ((await admin.get('/api/nova/availzones/?detailed=true')).body as { items: { zoneName: string; hosts: Record<string, unknown> | null }[] }).items;

describe('host aggregates (admin)', () => {
  it("creates one in a zone, manages its hosts (the zones tab then lists the host in that zone), edits its metadata, and deletes it once empty", async () => {
    const zone = uniqueName('api-az');
    const aggregate = await newAggregate(zone);
    expect(aggregate).toMatchObject({ availability_zone: zone, hosts: [] });
    const host = computeHosts[0];
    expect((await admin.request('PUT', `/api/nova/aggregates/${aggregate.id}/hosts`, { hosts: [host] })).status).toBe(204);
    expect(((await admin.get(`/api/nova/aggregates/${aggregate.id}/`)).body as Aggregate).hosts).toEqual([host]);
    expect(Object.keys((await zones()).find((candidate) => candidate.zoneName === zone)?.hosts ?? {})).toEqual([host]);

    expect((await admin.request('PATCH', `/api/nova/aggregates/${aggregate.id}/extra-specs/`, { updated: { ssd: 'true', gpu: 'no' }, removed: [] })).status).toBe(204);
    expect((await admin.request('PATCH', `/api/nova/aggregates/${aggregate.id}/extra-specs/`, { updated: {}, removed: ['gpu'] })).status).toBe(204);
    expect((await admin.get(`/api/nova/aggregates/${aggregate.id}/extra-specs/`)).body).toEqual({ availability_zone: zone, ssd: 'true' });

    // Nova refuses to delete an aggregate that still has hosts.
    expect((await admin.delete(`/api/nova/aggregates/${aggregate.id}/`)).status).toBe(400);
    expect((await admin.request('PUT', `/api/nova/aggregates/${aggregate.id}/hosts`, { hosts: [] })).status).toBe(204);
    expect((await admin.delete(`/api/nova/aggregates/${aggregate.id}/`)).status).toBe(204);
    const listed = ((await admin.get('/api/nova/aggregates/')).body as { items: Aggregate[] }).items;
    expect(listed.some((candidate) => candidate.id === aggregate.id)).toBe(false);
  });

  it('refuses an aggregate without a name, naming the field', async () => {
    const refused = await admin.post('/api/nova/aggregates/', { availability_zone: 'x' });
    expect(refused.status).toBe(400);
    expect(String(refused.body)).toContain('name');
  });

  it('refuses members every aggregate route, and nothing changes', async () => {
    const aggregate = await newAggregate(null);
    const answers = await Promise.all([
      demo.get('/api/nova/aggregates/'),
      demo.post('/api/nova/aggregates/', { name: uniqueName('member-agg') }),
      demo.get(`/api/nova/aggregates/${aggregate.id}/extra-specs/`),
      demo.request('PATCH', `/api/nova/aggregates/${aggregate.id}/extra-specs/`, { updated: { a: 'b' }, removed: [] }),
      demo.request('PUT', `/api/nova/aggregates/${aggregate.id}/hosts`, { hosts: [computeHosts[0]] }),
      demo.delete(`/api/nova/aggregates/${aggregate.id}/`),
    ]);
    for (const answer of answers) expect(answer.status).toBe(403);
    expect((await admin.get(`/api/nova/aggregates/${aggregate.id}/`)).body).toMatchObject({ hosts: [], metadata: {} });
  });
});
