import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { bootImageId } from '../support/boot-image.js';
import { ApiClient, type ApiResponse } from '../support/api-client.js';
import { startTestCloud, type TestCloud, uniqueName } from '../support/cloud.js';
import { waitUntil } from '../support/wait.js';

/**
 * The instance actions beyond power and resize (not in the contract; issue
 * 22): Edit Instance and its security groups, lock, shelve, rebuild, rescue,
 * volume and interface attachments; the admin's live migrate and
 * hypervisors, refused to a member by the server.
 */

let cloud: TestCloud;
let demo: ApiClient;
let admin: ApiClient;
let imageId: string;
let networkId: string;
let flavorId: string;
const servers: string[] = [];
const volumes: string[] = [];
const groups: string[] = [];

interface Server {
  id: string;
  name: string;
  status: string;
  locked: boolean;
  description: string | null;
  'OS-EXT-STS:task_state': string | null;
  'OS-EXT-SRV-ATTR:host'?: string | null;
}

const SLOW = { timeout: 120_000 };

beforeAll(async () => {
  cloud = await startTestCloud();
  demo = await ApiClient.loggedIn(cloud, 'demo');
  admin = await ApiClient.loggedIn(cloud, 'admin');
  imageId = await bootImageId(demo);
  const networks = (await demo.get('/api/neutron/networks/')).body.items as { id: string; name: string; 'router:external': boolean; subnets: unknown[] }[];
  networkId = networks.find((network) => !network['router:external'] && network.subnets.length && network.name === 'private')!.id;
  flavorId = ((await demo.get('/api/nova/flavors/')).body.items as { id: string; ram: number }[]).sort((a, b) => a.ram - b.ram)[0].id;
}, 60_000);
afterAll(async () => {
  for (const id of servers) await admin.delete(`/api/nova/servers/${id}`);
  for (const id of servers) await waitUntil(() => admin.get(`/api/nova/servers/${id}`), (response) => response.status === 404, { what: `server ${id} gone`, timeout: 60_000 });
  for (const id of volumes) await demo.delete(`/api/cinder/volumes/${id}`);
  for (const id of groups) await demo.delete(`/api/network/securitygroups/${id}/`);
  await cloud.close();
}, 120_000);

/**
 * An ACTIVE server; one not `kept` (the file's shared one) is deleted and
 * waited gone when its test ends, so that this file holds at most two servers
 * at a time: the real cloud's demo quota is 10 instances, shared with
 * servers.test.ts running beside it.
 */
async function activeServer(keep = false): Promise<string> {
  const response = await demo.post('/api/nova/servers/', {
    name: uniqueName('api-actions'),
    source_id: imageId,
    flavor_id: flavorId,
    key_name: null,
    user_data: null,
    security_groups: ['default'],
    nics: [{ 'net-id': networkId, 'v4-fixed-ip': '' }],
  });
  if (response.status !== 201) throw new Error(`launch: ${response.status} ${JSON.stringify(response.body)}`);
  const id: string = response.body.id;
  servers.push(id);
  if (!keep) onTestFinished(() => gone(id), 90_000);
  await until(id, 'ACTIVE');
  return id;
}

function until(id: string, status: string, as = demo): Promise<Server> {
  const read = async () => ((await as.get(`/api/nova/servers/${id}`)) as ApiResponse<Server>).body;
  return waitUntil(read, (server) => server.status === status && !server['OS-EXT-STS:task_state'], { what: `server ${id} to be ${status}`, timeout: 90_000 });
}

const operate = (id: string, operation: string) => demo.post(`/api/nova/servers/${id}`, { operation });

let shared: Promise<string> | undefined;
const sharedServer = () => (shared ??= activeServer(true));

async function gone(id: string): Promise<void> {
  await admin.delete(`/api/nova/servers/${id}`);
  await waitUntil(() => admin.get(`/api/nova/servers/${id}`), (response) => response.status === 404, { what: `server ${id} gone`, timeout: 60_000 });
}

describe('instance actions of the project', SLOW, () => {
  it('locks and unlocks the instance: Nova shows it locked, then not', async () => {
    const id = await sharedServer();
    expect((await operate(id, 'lock')).status).toBe(204);
    expect((await demo.get(`/api/nova/servers/${id}`)).body.locked).toBe(true);
    expect((await operate(id, 'unlock')).status).toBe(204);
    expect((await demo.get(`/api/nova/servers/${id}`)).body.locked).toBe(false);
  });

  it('edits the name and description (Edit Instance), refusing an empty name with 400 naming it', async () => {
    const id = await sharedServer();
    const name = uniqueName('api-edited');
    expect((await demo.request('PATCH', `/api/nova/servers/${id}`, { name, description: 'edited here' })).status).toBe(204);
    expect((await demo.get(`/api/nova/servers/${id}`)).body).toMatchObject({ name, description: 'edited here' });
    const refused = await demo.request('PATCH', `/api/nova/servers/${id}`, { name: '' });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('name');
  });

  it("sets the instance's security groups on its ports (Edit Security Groups)", async () => {
    const id = await sharedServer();
    const created = await demo.post('/api/network/securitygroups/', { name: uniqueName('api-sg'), description: '' });
    expect(created.status).toBe(201);
    groups.push(created.body.id);
    const before = (await demo.get(`/api/nova/servers/${id}/security-groups/`)).body.items as { id: string }[];
    expect((await demo.request('PUT', `/api/nova/servers/${id}/security-groups/`, { security_groups: [created.body.id] })).status).toBe(204);
    const after = (await demo.get(`/api/nova/servers/${id}/security-groups/`)).body.items as { id: string }[];
    expect(after.map((group) => group.id)).toEqual([created.body.id]);
    expect((await demo.request('PUT', `/api/nova/servers/${id}/security-groups/`, { security_groups: before.map((group) => group.id) })).status).toBe(204);
  });

  it('attaches a volume, lists it among the instance volumes, and detaches it', async () => {
    const id = await sharedServer();
    const created = await demo.post('/api/cinder/volumes/', { size: 1, name: uniqueName('api-attach'), description: null, volume_type: null, snapshot_id: null, source_volid: null, image_id: null, availability_zone: null, metadata: {} });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    volumes.push(created.body.id);
    await waitUntil(() => demo.get(`/api/cinder/volumes/${created.body.id}/`), (response) => response.body.status === 'available', { what: 'the volume to be available', timeout: 60_000 });
    const attached = await demo.post(`/api/nova/servers/${id}/volumes/`, { volume_id: created.body.id });
    expect(attached.status).toBe(200);
    expect(attached.body.device).toMatch(/^\/dev\/[a-z]+$/);
    await waitUntil(() => demo.get(`/api/nova/servers/${id}/volumes/`), (response) => response.body.items.some((item: { volumeId: string }) => item.volumeId === created.body.id), {
      what: 'the attachment',
      timeout: 60_000,
    });
    await waitUntil(() => demo.get(`/api/cinder/volumes/${created.body.id}/`), (response) => response.body.status === 'in-use', { what: 'the volume in use', timeout: 60_000 });
    expect((await demo.delete(`/api/nova/servers/${id}/volumes/${created.body.id}`)).status).toBe(204);
    await waitUntil(() => demo.get(`/api/cinder/volumes/${created.body.id}/`), (response) => response.body.status === 'available', { what: 'the volume detached', timeout: 60_000 });
    const missing = await demo.post(`/api/nova/servers/${id}/volumes/`, {});
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('volume_id');
  });

  it('attaches an interface on a network and detaches it again', async () => {
    const id = await sharedServer();
    const before = (await demo.get(`/api/nova/servers/${id}/interfaces/`)).body.items as { id: string }[];
    const both = await demo.post(`/api/nova/servers/${id}/interfaces/`, { network_id: networkId, port_id: before[0].id });
    expect(both.status).toBe(400);
    const attached = await demo.post(`/api/nova/servers/${id}/interfaces/`, { network_id: networkId });
    expect(attached.status).toBe(200);
    const port = attached.body.port_id as string;
    await waitUntil(() => demo.get(`/api/nova/servers/${id}/interfaces/`), (response) => response.body.items.some((item: { id: string }) => item.id === port), { what: 'the new interface', timeout: 60_000 });
    expect((await demo.delete(`/api/nova/servers/${id}/interfaces/${port}`)).status).toBe(204);
    await waitUntil(() => demo.get(`/api/nova/servers/${id}/interfaces/`), (response) => !response.body.items.some((item: { id: string }) => item.id === port), { what: 'the interface gone', timeout: 60_000 });
  });

  it('shelves the instance (SHELVED_OFFLOADED) and unshelves it (ACTIVE)', async () => {
    const id = await activeServer();
    expect((await operate(id, 'shelve')).status).toBe(204);
    await until(id, 'SHELVED_OFFLOADED');
    expect((await operate(id, 'unshelve')).status).toBe(204);
    await until(id, 'ACTIVE');
  });

  it('rebuilds the instance from an image: REBUILD, then ACTIVE', async () => {
    const id = await activeServer();
    expect((await demo.post(`/api/nova/servers/${id}/rebuild/`, { image_id: imageId, disk_config: 'AUTO' })).status).toBe(204);
    await until(id, 'ACTIVE');
    const actions = (await demo.get(`/api/nova/servers/${id}/actions/`)).body.items as { action: string }[];
    expect(actions.map((entry) => entry.action)).toContain('rebuild');
    expect((await demo.post(`/api/nova/servers/${id}/rebuild/`, { disk_config: 'AUTO' })).status).toBe(400);
  });

  it('rescues the instance (RESCUE) and unrescues it (ACTIVE)', async () => {
    const id = await activeServer();
    expect((await demo.post(`/api/nova/servers/${id}/rescue/`, { image_id: imageId })).status).toBe(204);
    await until(id, 'RESCUE');
    expect((await operate(id, 'unrescue')).status).toBe(204);
    await until(id, 'ACTIVE');
  });
});

describe('admin instance actions', SLOW, () => {
  it('refuses the member live migrate, migrate and the hypervisor lists with 403, and leaves the instance where it is', async () => {
    const id = await sharedServer();
    const hostBefore = (await admin.get(`/api/nova/servers/${id}`)).body['OS-EXT-SRV-ATTR:host'];
    expect((await demo.post(`/api/nova/servers/${id}/live-migrate/`, { host: null })).status).toBe(403);
    expect((await demo.post(`/api/nova/servers/${id}/migrate/`, {})).status).toBe(403);
    expect((await demo.get('/api/nova/hypervisors/')).status).toBe(403);
    expect((await demo.get('/api/nova/hypervisors/hosts/')).status).toBe(403);
    expect((await admin.get(`/api/nova/servers/${id}`)).body['OS-EXT-SRV-ATTR:host']).toBe(hostBefore);
  });

  it('refuses a host that is not a string with 400 naming the field', async () => {
    const id = await sharedServer();
    const refused = await admin.post(`/api/nova/servers/${id}/live-migrate/`, { host: 5 });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('host');
  });

  it('lists the hypervisors with their use and the compute hosts', async () => {
    const hypervisors = (await admin.get('/api/nova/hypervisors/')).body.items as { hypervisor_hostname: string; vcpus: number; vcpus_used: number; memory_mb: number }[];
    expect(hypervisors.length).toBeGreaterThan(0);
    expect(hypervisors[0]).toMatchObject({ hypervisor_hostname: expect.any(String), vcpus: expect.any(Number), vcpus_used: expect.any(Number), memory_mb: expect.any(Number) });
    const hosts = (await admin.get('/api/nova/hypervisors/hosts/')).body.items as { binary: string; host: string; zone: string }[];
    expect(hosts.map((host) => host.host)).toEqual(expect.arrayContaining(hypervisors.map((hypervisor) => hypervisor.hypervisor_hostname.split('.')[0]).slice(0, 1)));
    expect(hosts.every((host) => host.binary === 'nova-compute')).toBe(true);
  });

  it("live-migrates demo's instance to another host, where the hypervisor list finds it", async (context) => {
    const hypervisors = (await admin.get('/api/nova/hypervisors/')).body.items as { hypervisor_hostname: string }[];
    if (hypervisors.length < 2) return context.skip('one compute host: nowhere to migrate to');
    const id = await sharedServer();
    const before = (await admin.get(`/api/nova/servers/${id}`)).body['OS-EXT-SRV-ATTR:host'] as string;
    const target = hypervisors.map((hypervisor) => hypervisor.hypervisor_hostname).find((host) => host !== before)!;
    expect((await admin.post(`/api/nova/servers/${id}/live-migrate/`, { host: target, block_migration: false, disk_over_commit: false })).status).toBe(204);
    const moved = await waitUntil(() => admin.get(`/api/nova/servers/${id}`), (response) => response.body['OS-EXT-SRV-ATTR:host'] === target && response.body.status === 'ACTIVE', {
      what: 'the instance on its new host',
      timeout: 90_000,
    });
    expect(moved.body['OS-EXT-SRV-ATTR:host']).toBe(target);
    const listed = (await admin.get('/api/nova/hypervisors/')).body.items as { hypervisor_hostname: string; servers?: { uuid: string }[] }[];
    expect(listed.find((hypervisor) => hypervisor.hypervisor_hostname === target)!.servers!.map((server) => server.uuid)).toContain(id);
  });

  it("an instance live-migrated to a host of another zone's aggregate is in that zone, for the admin and for demo", async (context) => {
    const hosts = ((await admin.get('/api/nova/hypervisors/hosts/')).body.items as { host: string }[]).map((host) => host.host);
    if (hosts.length < 2) return context.skip('one compute host: nowhere to migrate to');
    const id = await activeServer();
    const before = (await admin.get(`/api/nova/servers/${id}`)).body as Server & { 'OS-EXT-AZ:availability_zone': string };
    const target = hosts.find((host) => host !== before['OS-EXT-SRV-ATTR:host'])!;
    const zone = uniqueName('api-az');
    const aggregate = (await admin.post('/api/nova/aggregates/', { name: uniqueName('api-agg'), availability_zone: zone })).body as { id: string };
    onTestFinished(async () => {
      await admin.request('PUT', `/api/nova/aggregates/${aggregate.id}/hosts`, { hosts: [] });
      await admin.delete(`/api/nova/aggregates/${aggregate.id}/`);
    });
    expect((await admin.request('PUT', `/api/nova/aggregates/${aggregate.id}/hosts`, { hosts: [target] })).status).toBe(204);
    expect((await admin.post(`/api/nova/servers/${id}/live-migrate/`, { host: target, block_migration: false, disk_over_commit: false })).status).toBe(204);
    const moved = await waitUntil(() => admin.get(`/api/nova/servers/${id}`), (response) => response.body['OS-EXT-SRV-ATTR:host'] === target && response.body.status === 'ACTIVE', {
      what: 'the instance on its new host',
      timeout: 90_000,
    });
    expect(moved.body['OS-EXT-AZ:availability_zone']).toBe(zone);
    expect((await demo.get(`/api/nova/servers/${id}`)).body['OS-EXT-AZ:availability_zone']).toBe(zone);
    expect(before['OS-EXT-AZ:availability_zone']).not.toBe(zone);
  });
});
