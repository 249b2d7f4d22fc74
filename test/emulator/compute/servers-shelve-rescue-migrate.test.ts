import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type TestEmulator, tokenFor } from '../../support/emulator.js';
import { type ServerApi, serverApi } from './servers-support.js';

/** Shelve/unshelve, rescue/unrescue, live and cold migration, and interface attachments (issue 22: the instance actions and the admin's migrations). */

let cloud: TestEmulator;
let api: ServerApi;
let demo: string;
let admin: string;
let imageId: string;
let networkId: string;

beforeAll(async () => {
  cloud = await startEmulator();
  api = serverApi(cloud);
  demo = await tokenFor(cloud.app, 'demo');
  admin = await tokenFor(cloud.app, 'admin');
  imageId = (await cloud.app.inject({ url: '/cloud/image/v2/images?name=tiny-boot', headers: { 'x-auth-token': demo } })).json().images[0].id;
  const network = (await cloud.app.inject({ url: '/cloud/network/v2.0/networks?name=private', headers: { 'x-auth-token': demo } })).json().networks[0];
  networkId = network.id;
  for (const resource of ['instances', 'cores', 'ram']) cloud.db().run('INSERT INTO quotas (project_id, resource, hard_limit) VALUES (?, ?, -1)', network.project_id, resource);
});
afterAll(async () => {
  await cloud.close();
});

async function activeServer(): Promise<string> {
  const response = await api.create(demo, { name: 'host-actions', imageRef: imageId, flavorRef: '1', networks: 'auto' });
  if (response.statusCode !== 202) throw new Error(`create: ${response.statusCode} ${response.body}`);
  const id = response.json().server.id;
  await api.settle(demo, id);
  return id;
}

const hostOf = async (id: string) => (await api.server(admin, id))['OS-EXT-SRV-ATTR:host'];

describe('shelve and unshelve', () => {
  it('shelves to SHELVED_OFFLOADED off its host, and unshelves it ACTIVE on a host again', async () => {
    const id = await activeServer();
    expect((await api.action(demo, id, { shelve: null })).statusCode).toBe(202);
    expect(await api.server(demo, id)).toMatchObject({ 'OS-EXT-STS:task_state': 'shelving' });
    expect(await api.settle(demo, id)).toMatchObject({ status: 'SHELVED_OFFLOADED', 'OS-EXT-STS:power_state': 4 });
    expect(await hostOf(id)).toBeNull();
    const again = await api.action(demo, id, { shelve: null });
    expect(again.statusCode).toBe(409);
    expect(again.json().conflictingRequest.message).toBe(`Cannot 'shelve' instance ${id} while it is in vm_state shelved_offloaded`);
    expect((await api.action(demo, id, { unshelve: null })).statusCode).toBe(202);
    expect(await api.settle(demo, id)).toMatchObject({ status: 'ACTIVE', 'OS-EXT-STS:power_state': 1 });
    expect(await hostOf(id)).toMatch(/^emu-compute/);
    const actions = (await api.get(demo, `/servers/${id}/os-instance-actions`)).json().instanceActions.map((action: { action: string }) => action.action);
    expect(actions).toEqual(expect.arrayContaining(['shelve', 'unshelve']));
  });
});

describe('rescue and unrescue', () => {
  it('rescues to RESCUE answering the admin password, and unrescues back to ACTIVE; an ACTIVE server cannot be unrescued', async () => {
    const id = await activeServer();
    const refused = await api.action(demo, id, { unrescue: null });
    expect(refused.statusCode).toBe(409);
    const rescued = await api.action(demo, id, { rescue: { adminPass: 'rescuePassw0rd', rescue_image_ref: imageId } });
    expect(rescued.statusCode).toBe(200);
    expect(rescued.json()).toEqual({ adminPass: 'rescuePassw0rd' });
    expect(await api.settle(demo, id)).toMatchObject({ status: 'RESCUE' });
    expect((await api.action(demo, id, { unrescue: null })).statusCode).toBe(202);
    expect(await api.settle(demo, id)).toMatchObject({ status: 'ACTIVE' });
  });
});

describe('live migration', () => {
  it('is the admin’s: a member is refused with 403 and the server stays on its host', async () => {
    const id = await activeServer();
    const before = await hostOf(id);
    const refused = await api.action(demo, id, { 'os-migrateLive': { host: null, block_migration: 'auto' } }, '2.30');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().forbidden.message).toBe("Policy doesn't allow os_compute_api:os-migrate-server:migrate_live to be performed.");
    expect(await hostOf(id)).toBe(before);
  });

  it('moves the server to the host asked for, MIGRATING meanwhile; the hypervisor list then names it on that host', async () => {
    const id = await activeServer();
    const before = (await hostOf(id)) as string;
    const target = ['emu-compute1', 'emu-compute2', 'emu-compute3'].find((host) => host !== before)!;
    const self = await api.action(admin, id, { 'os-migrateLive': { host: before, block_migration: 'auto' } }, '2.30');
    expect(self.statusCode).toBe(400);
    expect(self.json().badRequest.message).toBe(`Unable to migrate instance (${id}) to current host (${before}).`);
    const unknown = await api.action(admin, id, { 'os-migrateLive': { host: 'nowhere', block_migration: 'auto' } }, '2.30');
    expect(unknown.json().badRequest.message).toBe('Compute host nowhere could not be found.');
    expect((await api.action(admin, id, { 'os-migrateLive': { host: target, block_migration: 'auto' } }, '2.30')).statusCode).toBe(202);
    expect(await api.server(admin, id)).toMatchObject({ status: 'MIGRATING' });
    expect(await api.settle(admin, id)).toMatchObject({ status: 'ACTIVE', 'OS-EXT-SRV-ATTR:host': target });
    const hypervisors = (await api.get(admin, '/os-hypervisors/detail?with_servers=true', '2.53')).json().hypervisors;
    const onTarget = hypervisors.find((hypervisor: { hypervisor_hostname: string }) => hypervisor.hypervisor_hostname === target);
    expect(onTarget.servers).toEqual(expect.arrayContaining([{ name: 'host-actions', uuid: id }]));
    const onSource = hypervisors.find((hypervisor: { hypervisor_hostname: string }) => hypervisor.hypervisor_hostname === before);
    expect((onSource.servers ?? []).map((server: { uuid: string }) => server.uuid)).not.toContain(id);
  });

  it('cold-migrates to another host and waits for Confirm Resize/Migrate', async () => {
    const id = await activeServer();
    const before = await hostOf(id);
    expect((await api.action(admin, id, { migrate: null })).statusCode).toBe(202);
    expect(await api.settle(admin, id)).toMatchObject({ status: 'VERIFY_RESIZE' });
    expect(await hostOf(id)).not.toBe(before);
    expect((await api.action(admin, id, { confirmResize: null })).statusCode).toBe(204);
    expect(await api.server(admin, id)).toMatchObject({ status: 'ACTIVE' });
  });
});

describe("a server's availability zone follows its host", () => {
  it("takes the zone of the host aggregate it is live-migrated into, the zone lists agree, a reverted cold migration brings it back there, and a confirmed one puts it in 'nova'", async () => {
    const id = await activeServer();
    const before = (await hostOf(id)) as string;
    const target = ['emu-compute1', 'emu-compute2', 'emu-compute3'].find((host) => host !== before)!;
    const aggregate = (await api.send(admin, 'POST', '/os-aggregates', { aggregate: { name: 'az-move-hosts', availability_zone: 'az-move' } })).json().aggregate;
    try {
      expect((await api.send(admin, 'POST', `/os-aggregates/${aggregate.id}/action`, { add_host: { host: target } })).statusCode).toBe(200);
      expect(await api.server(demo, id)).toMatchObject({ 'OS-EXT-AZ:availability_zone': 'nova' });
      expect((await api.action(admin, id, { 'os-migrateLive': { host: target, block_migration: 'auto' } }, '2.30')).statusCode).toBe(202);
      expect(await api.settle(admin, id)).toMatchObject({ 'OS-EXT-SRV-ATTR:host': target, 'OS-EXT-AZ:availability_zone': 'az-move' });
      // The member sees the same zone, and the zone lists put the host where the server says it is.
      expect(await api.server(demo, id)).toMatchObject({ 'OS-EXT-AZ:availability_zone': 'az-move' });
      const zones = (await api.get(admin, '/os-availability-zone/detail')).json().availabilityZoneInfo as { zoneName: string; hosts: Record<string, unknown> }[];
      expect(Object.keys(zones.find((zone) => zone.zoneName === 'az-move')!.hosts)).toEqual([target]);
      expect(Object.keys(zones.find((zone) => zone.zoneName === 'nova')!.hosts)).not.toContain(target);
      const services = (await api.get(admin, '/os-services?binary=nova-compute')).json().services as { host: string; zone: string }[];
      expect(services.find((service) => service.host === target)?.zone).toBe('az-move');

      // A cold migration out, reverted: back on the zone's host and in its zone; then confirmed: in 'nova'.
      expect((await api.action(admin, id, { migrate: { host: before } }, '2.56')).statusCode).toBe(202);
      expect(await api.settle(admin, id)).toMatchObject({ status: 'VERIFY_RESIZE', 'OS-EXT-SRV-ATTR:host': before, 'OS-EXT-AZ:availability_zone': 'nova' });
      expect((await api.action(admin, id, { revertResize: null })).statusCode).toBe(202);
      expect(await api.settle(admin, id)).toMatchObject({ status: 'ACTIVE', 'OS-EXT-SRV-ATTR:host': target, 'OS-EXT-AZ:availability_zone': 'az-move' });
      expect((await api.action(admin, id, { migrate: { host: before } }, '2.56')).statusCode).toBe(202);
      expect(await api.settle(admin, id)).toMatchObject({ status: 'VERIFY_RESIZE', 'OS-EXT-SRV-ATTR:host': before });
      expect((await api.action(admin, id, { confirmResize: null })).statusCode).toBe(204);
      expect(await api.server(demo, id)).toMatchObject({ status: 'ACTIVE', 'OS-EXT-AZ:availability_zone': 'nova' });
    } finally {
      await api.send(admin, 'POST', `/os-aggregates/${aggregate.id}/action`, { remove_host: { host: target } });
      await api.send(admin, 'DELETE', `/os-aggregates/${aggregate.id}`);
    }
  });
});

describe('interface attachments', () => {
  it('attaches a new port on a network and detaches it again; neither a network nor a port is a 400', async () => {
    const id = await activeServer();
    const before = (await api.get(demo, `/servers/${id}/os-interface`)).json().interfaceAttachments;
    const empty = await api.send(demo, 'POST', `/servers/${id}/os-interface`, { interfaceAttachment: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().badRequest.message).toBe('Must input network_id or port_id');
    const attached = await api.send(demo, 'POST', `/servers/${id}/os-interface`, { interfaceAttachment: { net_id: networkId } });
    expect(attached.statusCode).toBe(200);
    const portId = attached.json().interfaceAttachment.port_id;
    expect(attached.json().interfaceAttachment).toMatchObject({ net_id: networkId, port_state: 'ACTIVE' });
    expect((await api.get(demo, `/servers/${id}/os-interface`)).json().interfaceAttachments).toHaveLength(before.length + 1);
    const port = await cloud.app.inject({ url: `/cloud/network/v2.0/ports/${portId}`, headers: { 'x-auth-token': demo } });
    expect(port.json().port.device_id).toBe(id);
    expect((await api.send(demo, 'DELETE', `/servers/${id}/os-interface/${portId}`)).statusCode).toBe(202);
    expect((await api.get(demo, `/servers/${id}/os-interface`)).json().interfaceAttachments).toHaveLength(before.length);
    expect((await cloud.app.inject({ url: `/cloud/network/v2.0/ports/${portId}`, headers: { 'x-auth-token': demo } })).statusCode).toBe(404);
  });
});
