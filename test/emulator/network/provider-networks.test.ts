import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type TestEmulator, tokenFor } from '../../support/emulator.js';

/**
 * What Admin > Networks needs of the built-in Neutron, as ML2 answers it:
 * provider segments checked per type, a network made for another project,
 * and every project's networks filtered by tenant_id and paged by limit/marker.
 */

let cloud: TestEmulator;
let admin: string;
let demo: string;

const call = (method: 'GET' | 'POST', path: string, token: string, payload?: object) =>
  cloud.app.inject({ method, url: `/cloud/network/v2.0${path}`, headers: { 'x-auth-token': token }, ...(payload ? { payload } : {}) });
const create = (token: string, network: Record<string, unknown>) => call('POST', '/networks', token, { network: { name: `prov-${Math.random().toString(36).slice(2, 8)}`, ...network } });
const errorOf = async (response: Awaited<ReturnType<typeof call>>) => ({ status: response.statusCode, ...(response.json() as { NeutronError: { type: string; message: string } }).NeutronError });

beforeAll(async () => {
  cloud = await startEmulator();
  admin = await tokenFor(cloud.app, 'admin');
  demo = await tokenFor(cloud.app, 'demo');
});
afterAll(async () => {
  await cloud.close();
});

describe('provider segments, per ML2 type driver', () => {
  it('gives a VLAN network its physical network and ID, and refuses the same VLAN twice with 409', async () => {
    const made = await create(admin, { 'provider:network_type': 'vlan', 'provider:physical_network': 'physnet1', 'provider:segmentation_id': 101 });
    expect(made.statusCode).toBe(201);
    expect(made.json().network).toMatchObject({ 'provider:network_type': 'vlan', 'provider:physical_network': 'physnet1', 'provider:segmentation_id': 101 });
    expect(await errorOf(await create(admin, { 'provider:network_type': 'vlan', 'provider:physical_network': 'physnet1', 'provider:segmentation_id': 101 }))).toMatchObject({
      status: 409,
      type: 'VlanIdInUse',
      message: 'Unable to create the network. The VLAN 101 on physical network physnet1 is in use.',
    });
  });

  it.each([
    [{ 'provider:network_type': 'flat' }, 'Invalid input for operation: physical_network required for flat provider network.'],
    [{ 'provider:network_type': 'flat', 'provider:physical_network': 'physnet2', 'provider:segmentation_id': 5 }, 'Invalid input for operation: segmentation_id prohibited for flat provider network.'],
    [{ 'provider:network_type': 'vxlan', 'provider:physical_network': 'physnet1' }, 'Invalid input for operation: provider:physical_network specified for vxlan network.'],
    [{ 'provider:network_type': 'vlan', 'provider:segmentation_id': 7 }, 'Invalid input for operation: segmentation_id requires physical_network for VLAN provider network.'],
    [{ 'provider:network_type': 'vlan', 'provider:physical_network': 'nowhere' }, "Invalid input for operation: physical_network 'nowhere' unknown for VLAN provider network."],
    [{ 'provider:network_type': 'vlan', 'provider:physical_network': 'physnet1', 'provider:segmentation_id': 4095 }, 'Invalid input for operation: segmentation_id out of range (1 through 4094).'],
  ])('refuses %j with 400 InvalidInput', async (segment, message) => {
    expect(await errorOf(await create(admin, segment))).toMatchObject({ status: 400, type: 'InvalidInput', message });
  });

  it('refuses a flat network on a physical network another flat network holds', async () => {
    // The seeded public network is flat on physnet1.
    expect(await errorOf(await create(admin, { 'provider:network_type': 'flat', 'provider:physical_network': 'physnet1' }))).toMatchObject({ status: 409, type: 'FlatNetworkInUse' });
  });

  it('allocates a VXLAN or Geneve ID when none is given, and keeps a given one for one network only', async () => {
    const geneve = (await create(admin, { 'provider:network_type': 'geneve' })).json().network;
    expect(geneve['provider:segmentation_id']).toEqual(expect.any(Number));
    expect((await create(admin, { 'provider:network_type': 'vxlan', 'provider:segmentation_id': 70001 })).statusCode).toBe(201);
    expect(await errorOf(await create(admin, { 'provider:network_type': 'vxlan', 'provider:segmentation_id': 70001 }))).toMatchObject({ status: 409, type: 'TunnelIdInUse' });
  });
});

describe("an admin's networks of other projects", () => {
  it('creates for the project_id given, lists by tenant_id and pages every project with limit and marker', async () => {
    const demoProject = (await call('GET', '/networks?name=private', demo)).json().networks[0].project_id as string;
    const made = await create(admin, { project_id: demoProject });
    expect(made.json().network).toMatchObject({ project_id: demoProject, tenant_id: demoProject });
    const listed = (await call('GET', `/networks?tenant_id=${demoProject}`, admin)).json().networks as { id: string; project_id: string }[];
    expect(listed.map((network) => network.id)).toContain(made.json().network.id);
    expect(new Set(listed.map((network) => network.project_id))).toEqual(new Set([demoProject]));
    const first = (await call('GET', '/networks?limit=1', admin)).json();
    expect(first.networks).toHaveLength(1);
    expect(first.networks_links[0].rel).toBe('next');
    const second = (await call('GET', `/networks?limit=1&marker=${first.networks[0].id}`, admin)).json().networks;
    expect(second[0].id).not.toBe(first.networks[0].id);
  });
});
