import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type TestEmulator, tokenFor } from '../../support/emulator.js';

let cloud: TestEmulator;
let demo: string;
let admin: string;

const BASE = '/cloud/network/v2.0';
const call = (method: 'GET' | 'POST' | 'PUT', path: string, token: string, payload?: object) =>
  cloud.app.inject({ method, url: `${BASE}${path}`, headers: { 'x-auth-token': token }, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  cloud = await startEmulator();
  demo = await tokenFor(cloud.app, 'demo');
  admin = await tokenFor(cloud.app, 'admin');
});
afterAll(async () => {
  await cloud.close();
});

describe('availability zones (availability_zone, network_availability_zone, router_availability_zone)', () => {
  it('lists the three extensions', async () => {
    const aliases = (await call('GET', '/extensions', demo)).json().extensions.map((extension: { alias: string }) => extension.alias);
    expect(aliases).toEqual(expect.arrayContaining(['availability_zone', 'network_availability_zone', 'router_availability_zone']));
  });

  it('lists the zones of the DHCP and L3 agents to every user, filtered by resource and state', async () => {
    const all = await call('GET', '/availability_zones', demo);
    expect(all.statusCode).toBe(200);
    expect(all.json().availability_zones).toEqual([
      { name: 'nova', resource: 'network', state: 'available' },
      { name: 'nova', resource: 'router', state: 'available' },
    ]);
    const networkZones = (await call('GET', '/availability_zones?resource=network&state=available', demo)).json().availability_zones;
    expect(networkZones).toEqual([{ name: 'nova', resource: 'network', state: 'available' }]);
    expect((await call('GET', '/availability_zones?state=unavailable', admin)).json().availability_zones).toEqual([]);
  });

  it('keeps the hints a network and a router are created with and shows them with the zones', async () => {
    const network = (await call('POST', '/networks', demo, { network: { name: 'az-net', availability_zone_hints: ['nova'] } })).json().network;
    expect(network).toMatchObject({ availability_zone_hints: ['nova'], availability_zones: ['nova'] });
    expect((await call('GET', `/networks/${network.id}`, demo)).json().network.availability_zone_hints).toEqual(['nova']);
    const router = (await call('POST', '/routers', demo, { router: { name: 'az-router', availability_zone_hints: ['nova'] } })).json().router;
    expect(router).toMatchObject({ availability_zone_hints: ['nova'], availability_zones: ['nova'] });
    const plain = (await call('POST', '/networks', demo, { network: { name: 'az-none' } })).json().network;
    expect(plain.availability_zone_hints).toEqual([]);
  });

  it('refuses an unknown zone hint with 404 AvailabilityZoneNotFound and creates nothing', async () => {
    for (const [collection, resource] of [
      ['/networks', 'network'],
      ['/routers', 'router'],
    ] as const) {
      const response = await call('POST', collection, demo, { [resource]: { name: 'az-unknown', availability_zone_hints: ['nova', 'atlantis'] } });
      expect(response.statusCode).toBe(404);
      expect(response.json().NeutronError).toEqual({ type: 'AvailabilityZoneNotFound', message: 'AvailabilityZone atlantis could not be found.', detail: '' });
      const listed = (await call('GET', `${collection}?name=az-unknown`, demo)).json()[`${resource}s`];
      expect(listed).toEqual([]);
    }
  });

  it('refuses hints on update, as the attribute is set at creation only', async () => {
    const network = (await call('POST', '/networks', demo, { network: { name: 'az-update' } })).json().network;
    const response = await call('PUT', `/networks/${network.id}`, demo, { network: { availability_zone_hints: ['nova'] } });
    expect(response.statusCode).toBe(400);
  });
});
