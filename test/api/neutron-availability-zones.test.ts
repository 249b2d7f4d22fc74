import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueName } from '../support/cloud.js';
import { closeNeutronTestBed, type NeutronTestBed, openNeutronTestBed } from './neutron-native.js';

/** Neutron's availability zones behind Create Network's and Create Router's Availability Zone Hints. */

let bed: NeutronTestBed;
let aliases: string[];

beforeAll(async () => {
  bed = await openNeutronTestBed();
  aliases = await bed.demoNative.extensionAliases();
});
afterAll(async () => {
  await closeNeutronTestBed(bed ?? {});
}, 120_000);

type Zone = { name: string; resource: string; state: string };

describe('availability zones through /api/neutron/availability_zones/', () => {
  it('lists what Neutron lists, filtered by resource and state', async (context) => {
    if (!aliases.includes('availability_zone')) return context.skip("the cloud's Neutron has no availability_zone extension");
    const native = (await bed.demoNative.ok<{ availability_zones: Zone[] }>('GET', '/availability_zones?resource=network&state=available')).availability_zones;
    const listed = await bed.demo.get('/api/neutron/availability_zones/?resource=network&state=available');
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({ items: native });
    for (const zone of listed.body.items as Zone[]) expect(zone).toMatchObject({ resource: 'network', state: 'available' });
  });

  it('creates a network and a router with a known zone hint, and refuses an unknown zone with Neutron’s message', async (context) => {
    if (!aliases.includes('network_availability_zone') || !aliases.includes('router_availability_zone')) return context.skip("the cloud's Neutron has no zone hints");
    const zones = (await bed.demo.get('/api/neutron/availability_zones/?state=available')).body.items as Zone[];
    const networkZone = zones.find((zone) => zone.resource === 'network')?.name;
    const routerZone = zones.find((zone) => zone.resource === 'router')?.name;
    if (networkZone) {
      const network = await bed.demo.post('/api/neutron/networks/', { name: uniqueName('api-az-net'), availability_zone_hints: [networkZone] });
      expect(network.status).toBe(201);
      bed.demoNative.deleteLater(`/networks/${network.body.id}`);
      expect(network.body.availability_zone_hints).toEqual([networkZone]);
    }
    if (routerZone) {
      const router = await bed.demo.post('/api/neutron/routers/', { name: uniqueName('api-az-router'), availability_zone_hints: [routerZone] });
      expect(router.status).toBe(201);
      bed.demoNative.deleteLater(`/routers/${router.body.id}`);
      expect(router.body.availability_zone_hints).toEqual([routerZone]);
    }
    const unknown = uniqueName('no-such-zone');
    const refused = await bed.demo.post('/api/neutron/networks/', { name: uniqueName('api-az-refused'), availability_zone_hints: [unknown] });
    expect(refused.status).toBe(404);
    expect(JSON.stringify(refused.body)).toContain(`AvailabilityZone ${unknown} could not be found.`);
  });

  it('refuses hints that are not a list of names, naming the field', async () => {
    const response = await bed.demo.post('/api/neutron/routers/', { name: uniqueName('api-az-bad'), availability_zone_hints: 'nova' });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain('availability_zone_hints');
  });
});
