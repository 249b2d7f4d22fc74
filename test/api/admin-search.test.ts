import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client.js';
import { type TestCloud, uniqueName } from '../support/cloud.js';
import { waitUntil } from '../support/wait.js';
import { closeNeutronTestBed, NativeNeutron, openNeutronTestBed } from './neutron-native.js';

/**
 * The admin lists of every project's records search on the server (Horizon's
 * admin filters are server filters): the search is the service's own query,
 * so a record that would be on a later page is found on the first, and the
 * Project facet names a project that the server turns into its id, ignoring
 * case. Against the emulator or the real cloud; what is made is deleted.
 */

let cloud: TestCloud, demo: ApiClient, admin: ApiClient, demoNative: NativeNeutron, adminNative: NativeNeutron;

beforeAll(async () => {
  ({ cloud, demo, admin, demoNative, adminNative } = await openNeutronTestBed());
});
afterAll(() => closeNeutronTestBed({ cloud, demoNative, adminNative }), 120_000);

type Row = { id: string; name?: string; tenant_name?: string };
const ids = (page: { items: Row[] }) => page.items.map((row) => row.id);

/** One page of `path` with `search`, as the admin panel asks for it. */
async function search(path: string, search: Record<string, string>, limit = 1) {
  const query = new URLSearchParams({ ...search, paginate: 'true', limit: String(limit) });
  const response = await admin.get(`${path}?${query.toString()}`);
  expect(response.status).toBe(200);
  return response.body as { items: Row[]; has_more_data: boolean };
}

describe('Admin > Networks searches Neutron', () => {
  it("finds demo's older network by project and name on a one-row first page, and no row for an unknown project", async () => {
    const older = await demo.post('/api/neutron/networks/', { name: uniqueName('search-older') });
    demoNative.deleteLater(`/networks/${older.body.id}`);
    const newer = await demo.post('/api/neutron/networks/', { name: uniqueName('search-newer') });
    demoNative.deleteLater(`/networks/${newer.body.id}`);
    const all = { all_tenants: 'true' };
    const found = await search('/api/neutron/networks/', { ...all, project: 'DEMO', name: older.body.name });
    expect(ids(found)).toEqual([older.body.id]);
    expect(found.has_more_data).toBe(false);
    expect(found.items[0].tenant_name).toBe('demo');
    expect(ids(await search('/api/neutron/networks/', { ...all, project: 'demo', name: newer.body.name, shared: 'false', admin_state_up: 'true' }))).toEqual([newer.body.id]);
    expect(ids(await search('/api/neutron/networks/', { ...all, name: newer.body.name, shared: 'true' }))).toEqual([]);
    expect(ids(await search('/api/neutron/networks/', { ...all, project: uniqueName('no-such-project'), name: older.body.name }))).toEqual([]);
    // Every page of demo's networks is demo's: the search pages on the server too.
    const first = await search('/api/neutron/networks/', { ...all, project: 'demo' });
    expect(first.has_more_data).toBe(true);
    const second = await search('/api/neutron/networks/', { ...all, project: 'demo', marker: first.items[0].id });
    expect(second.items.map((row) => row.tenant_name)).toEqual(['demo']);
  });
});

describe('Admin > Routers searches Neutron', () => {
  it("finds demo's router by project, name and admin state", async () => {
    const made = await demo.post('/api/neutron/routers/', { name: uniqueName('search-router'), admin_state_up: false });
    expect(made.status).toBe(201);
    demoNative.deleteLater(`/routers/${made.body.id}`);
    const all = { all_tenants: 'true', name: made.body.name };
    expect(ids(await search('/api/neutron/routers/', { ...all, project: 'demo', admin_state_up: 'false' }))).toEqual([made.body.id]);
    expect(ids(await search('/api/neutron/routers/', { ...all, admin_state_up: 'true' }))).toEqual([]);
    expect(ids(await search('/api/neutron/routers/', { ...all, project: 'admin' }))).toEqual([]);
  });
});

describe('Admin > Floating IPs searches Neutron', () => {
  it("finds demo's address by project, address and pool name; an unknown pool finds none", async () => {
    const pool = (await admin.get('/api/network/floatingippools/')).body.items[0] as { id: string; name: string };
    const made = await demo.post('/api/network/floatingip/', { pool_id: pool.id });
    expect(made.status).toBe(200);
    demoNative.deleteLater(`/floatingips/${made.body.id}`);
    const all = { all_tenants: 'true', floating_ip_address: made.body.ip as string };
    const found = await search('/api/network/floatingips/', { ...all, project: 'demo', pool: pool.name, status: 'DOWN' });
    expect(ids(found)).toEqual([made.body.id]);
    expect(found.items[0].tenant_name).toBe('demo');
    expect(ids(await search('/api/network/floatingips/', { ...all, pool: uniqueName('no-such-pool') }))).toEqual([]);
    expect(ids(await search('/api/network/floatingips/', { ...all, project: 'admin' }))).toEqual([]);
  });
});

describe('Admin > Volumes searches Cinder', () => {
  it("finds demo's older volume and its snapshot by project, name and size; a size that is no number is refused", async () => {
    const volume = async (name: string) => {
      const response = await demo.post('/api/cinder/volumes/', { size: 1, name, description: null, volume_type: null, snapshot_id: null, metadata: null, image_id: null, availability_zone: null, source_volid: null });
      expect(response.status).toBe(201);
      const id = response.body.id as string;
      adminNative.later(() => demo.delete(`/api/cinder/volumes/${id}`));
      await waitUntil(() => demo.get(`/api/cinder/volumes/${id}`), (read) => read.body.status === 'available', { what: `volume ${id} available` });
      return id;
    };
    const olderName = uniqueName('search-vol');
    const older = await volume(olderName);
    await volume(uniqueName('search-vol-newer'));
    const all = { all_projects: 'true', name: olderName };
    expect(ids(await search('/api/cinder/volumes/', { ...all, project: 'Demo', size: '1', status: 'available' }))).toEqual([older]);
    expect(ids(await search('/api/cinder/volumes/', { ...all, size: '2' }))).toEqual([]);
    expect(ids(await search('/api/cinder/volumes/', { ...all, project: 'admin' }))).toEqual([]);
    const refused = await admin.get('/api/cinder/volumes/?all_projects=true&size=big');
    expect(refused.status).toBe(400);
    expect(refused.body).toContain('Size (GiB)');

    const snapshot = await demo.post('/api/cinder/volumesnapshots/', { volume_id: older, name: uniqueName('search-snap') });
    expect(snapshot.status).toBe(201);
    // Deleted before the volumes (clean-up runs latest first).
    adminNative.later(async () => {
      await demo.request('DELETE', `/api/cinder/volumesnapshots/${snapshot.body.id}`);
      await waitUntil(() => admin.get(`/api/cinder/volumesnapshots/?all_projects=true&name=${snapshot.body.name}`), (read) => read.body.items.length === 0, { what: 'snapshot gone' });
    });
    expect(ids(await search('/api/cinder/volumesnapshots/', { all_projects: 'true', project: 'demo', name: snapshot.body.name }))).toEqual([snapshot.body.id]);
    expect(ids(await search('/api/cinder/volumesnapshots/', { all_projects: 'true', project: 'admin', name: snapshot.body.name }))).toEqual([]);
  });
});

describe('Admin > Instances searches Nova', () => {
  it("finds demo's instance by project, name, address, host, zone and status", { timeout: 120_000 }, async () => {
    const images = (await demo.get('/api/glance/images/')).body.items as { id: string; status: string; container_format: string; min_ram: number }[];
    const image = images.find((candidate) => candidate.status === 'active' && !['aki', 'ari'].includes(candidate.container_format) && !candidate.min_ram)!;
    const networks = (await demo.get('/api/neutron/networks/')).body.items as { id: string; name: string }[];
    const flavors = ((await demo.get('/api/nova/flavors/')).body.items as { id: string; ram: number }[]).sort((a, b) => a.ram - b.ram);
    const name = uniqueName('search-vm');
    const launched = await demo.post('/api/nova/servers/', {
      name,
      source_id: image.id,
      flavor_id: flavors[0].id,
      key_name: null,
      user_data: null,
      security_groups: ['default'],
      nics: [{ 'net-id': networks.find((network) => network.name === 'private')!.id, 'v4-fixed-ip': '' }],
    });
    expect(launched.status).toBe(201);
    const id = launched.body.id as string;
    adminNative.later(async () => {
      await demo.delete(`/api/nova/servers/${id}`);
      await waitUntil(() => demo.get(`/api/nova/servers/${id}`), (read) => read.status === 404, { what: `server ${id} gone`, timeout: 90_000 });
    });
    const server = (await waitUntil(() => admin.get(`/api/nova/servers/${id}`), (read) => read.body.status === 'ACTIVE', { what: `server ${id} active`, timeout: 90_000 })).body;
    const address = (Object.values(server.addresses as Record<string, { addr: string; version: number }[]>).flat().find((entry) => entry.version === 4))!.addr;
    const all = { all_tenants: 'true', name };
    expect(ids(await search('/api/nova/servers/', { ...all, project: 'demo' }))).toEqual([id]);
    // The address as a user types it: a real Nova with Neutron's ip-substring-filtering matches it as a substring of a
    // port's address, one without (as the built-in cloud) as a regular expression from the address's start.
    expect(ids(await search('/api/nova/servers/', { ...all, ip: address }))).toEqual([id]);
    expect(ids(await search('/api/nova/servers/', { ...all, host: server['OS-EXT-SRV-ATTR:host'], availability_zone: server['OS-EXT-AZ:availability_zone'], status: 'active' }))).toEqual([id]);
    expect(ids(await search('/api/nova/servers/', { ...all, status: 'SHUTOFF' }))).toEqual([]);
    expect(ids(await search('/api/nova/servers/', { ...all, project: 'admin' }))).toEqual([]);
    expect(ids(await search('/api/nova/servers/', { ...all, project: uniqueName('no-such-project') }))).toEqual([]);
  });
});
