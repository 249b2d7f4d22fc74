import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headers, startEmulator, type TestEmulator, tokenFor } from '../../support/emulator.js';

/** os-aggregates and the zones they make (nova/api/openstack/compute/aggregates.py, availability_zone.py). */
let cloud: TestEmulator;
let demo: string;
let admin: string;

const URL = '/cloud/compute/v2.1/os-aggregates';
const send = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  cloud.app.inject({ method, url, headers: headers(token, '2.41'), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const action = (id: number, body: unknown) => send(admin, 'POST', `${URL}/${id}/action`, body);
const zonesDetail = async () =>
  Object.fromEntries(
    (await send(admin, 'GET', '/cloud/compute/v2.1/os-availability-zone/detail')).json().availabilityZoneInfo.map((zone: { zoneName: string; hosts: Record<string, unknown> }) => [zone.zoneName, Object.keys(zone.hosts).sort()]),
  );

beforeAll(async () => {
  cloud = await startEmulator();
  demo = await tokenFor(cloud.app, 'demo');
  admin = await tokenFor(cloud.app, 'admin');
});
afterAll(async () => {
  await cloud.close();
});

describe('host aggregates', () => {
  it('creates one in a zone, adds a host that then lists in that zone, sets and removes metadata, and deletes it once empty', async () => {
    const created = await send(admin, 'POST', URL, { aggregate: { name: 'fast-hosts', availability_zone: 'az-fast' } });
    expect(created.statusCode).toBe(200);
    const aggregate = created.json().aggregate;
    expect(aggregate).toMatchObject({ name: 'fast-hosts', availability_zone: 'az-fast', deleted: false });
    // As the real Nova answers a create: no hosts or metadata keys yet; the show has them.
    expect(aggregate).not.toHaveProperty('hosts');
    expect(aggregate).not.toHaveProperty('metadata');
    expect(aggregate.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect((await send(admin, 'GET', `${URL}/${aggregate.id}`)).json().aggregate).toMatchObject({ hosts: [], metadata: { availability_zone: 'az-fast' } });

    expect((await action(aggregate.id, { add_host: { host: 'emu-compute3' } })).json().aggregate.hosts).toEqual(['emu-compute3']);
    const zones = await zonesDetail();
    expect(zones['az-fast']).toEqual(['emu-compute3']);
    expect(zones.nova).toEqual(['emu-compute1', 'emu-compute2']);

    const metadata = (await action(aggregate.id, { set_metadata: { metadata: { ssd: 'true', gpu: 'no' } } })).json().aggregate.metadata;
    expect(metadata).toEqual({ availability_zone: 'az-fast', ssd: 'true', gpu: 'no' });
    expect((await action(aggregate.id, { set_metadata: { metadata: { gpu: null } } })).json().aggregate.metadata).toEqual({ availability_zone: 'az-fast', ssd: 'true' });

    expect((await send(admin, 'DELETE', `${URL}/${aggregate.id}`)).statusCode).toBe(400);
    expect((await action(aggregate.id, { remove_host: { host: 'emu-compute3' } })).json().aggregate.hosts).toEqual([]);
    expect((await send(admin, 'DELETE', `${URL}/${aggregate.id}`)).statusCode).toBe(200);
    expect((await send(admin, 'GET', `${URL}/${aggregate.id}`)).statusCode).toBe(404);
  });

  it('refuses a second name, an unknown host, a host twice, and a host already in another zone', async () => {
    const first = (await send(admin, 'POST', URL, { aggregate: { name: 'zone-a', availability_zone: 'az-a' } })).json().aggregate;
    const second = (await send(admin, 'POST', URL, { aggregate: { name: 'zone-b', availability_zone: 'az-b' } })).json().aggregate;
    expect((await send(admin, 'POST', URL, { aggregate: { name: 'zone-a' } })).statusCode).toBe(409);
    expect((await send(admin, 'POST', URL, { aggregate: { name: '' } })).statusCode).toBe(400);
    expect((await action(first.id, { add_host: { host: 'no-such-host' } })).statusCode).toBe(404);
    expect((await action(first.id, { add_host: { host: 'emu-compute1' } })).statusCode).toBe(200);
    expect((await action(first.id, { add_host: { host: 'emu-compute1' } })).statusCode).toBe(409);
    const elsewhere = await action(second.id, { add_host: { host: 'emu-compute1' } });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().badRequest.message).toContain("already in availability zone(s) ['az-a']");
    await action(first.id, { remove_host: { host: 'emu-compute1' } });
    for (const id of [first.id, second.id]) await send(admin, 'DELETE', `${URL}/${id}`);
  });

  it('refuses members', async () => {
    expect((await send(demo, 'GET', URL)).statusCode).toBe(403);
    expect((await send(demo, 'POST', URL, { aggregate: { name: 'member' } })).statusCode).toBe(403);
  });
});
