import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client.js';
import { type TestCloud, uniqueName } from '../support/cloud.js';
import { closeNeutronTestBed, NativeNeutron, openNeutronTestBed } from './neutron-native.js';

/**
 * Admin > Networks, Routers and Floating IPs (issue 22): every project's
 * records with `all_tenants=true`, paged on the server and named by project;
 * created or allocated for a project the admin names; refused to members.
 */

let cloud: TestCloud, demo: ApiClient, admin: ApiClient, demoNative: NativeNeutron, adminNative: NativeNeutron;

beforeAll(async () => {
  ({ cloud, demo, admin, demoNative, adminNative } = await openNeutronTestBed());
});
afterAll(() => closeNeutronTestBed({ cloud, demoNative, adminNative }), 120_000);

type Row = { id: string; tenant_name?: string; tenant_id?: string };

describe('members are refused the admin lists', () => {
  it.each(['/api/neutron/networks/?all_tenants=true', '/api/neutron/routers/?all_tenants=true', '/api/network/floatingips/?all_tenants=true&paginate=true&limit=1'])('%s answers a member 403', async (path) => {
    const refused = await demo.get(path);
    expect(refused.status).toBe(403);
    expect(refused.body).toBe("Policy doesn't allow admin_only to be performed.");
  });
});

describe('Admin > Networks', () => {
  it("pages every project's networks on the server, each named by its project", async () => {
    // Two pages need two networks of demo's, whatever else the cloud holds.
    for (let index = 0; index < 2; index++) {
      const made = await demo.post('/api/neutron/networks/', { name: uniqueName('admin-list-net') });
      demoNative.deleteLater(`/networks/${made.body.id}`);
    }
    const first = (await admin.get('/api/neutron/networks/?all_tenants=true&paginate=true&limit=1')).body;
    expect(first.items).toHaveLength(1);
    expect(first).toMatchObject({ has_more_data: true, has_prev_data: false });
    const second = (await admin.get(`/api/neutron/networks/?all_tenants=true&paginate=true&limit=1&marker=${first.items[0].id}`)).body;
    expect(second.has_prev_data).toBe(true);
    expect(second.items[0].id).not.toBe(first.items[0].id);
    const all = (await admin.get('/api/neutron/networks/?all_tenants=true')).body.items as Row[];
    const demos = all.filter((row) => row.tenant_id === demoNative.projectId);
    expect(demos.length).toBeGreaterThanOrEqual(2);
    for (const row of demos) expect(row.tenant_name).toBe('demo');
  });

  it('creates a network for another project with the provider attributes, shared and external', async () => {
    const response = await admin.post('/api/neutron/networks/', {
      name: uniqueName('admin-vlan'),
      tenant_id: demoNative.projectId,
      shared: true,
      'router:external': false,
      'provider:network_type': 'vlan',
      'provider:physical_network': 'physnet1',
      'provider:segmentation_id': 3001,
    });
    expect(response.status).toBe(201);
    adminNative.deleteLater(`/networks/${response.body.id}`);
    expect(response.body).toMatchObject({ tenant_id: demoNative.projectId, shared: true, provider__network_type: 'vlan', provider__physical_network: 'physnet1', provider__segmentation_id: 3001 });
    const native = (await adminNative.ok('GET', `/networks/${response.body.id}`)).network as Record<string, unknown>;
    expect(native).toMatchObject({ project_id: demoNative.projectId, 'provider:segmentation_id': 3001 });
  });

  it("refuses a member a network for another project and the provider attributes, as Neutron does", async () => {
    const other = await demo.post('/api/neutron/networks/', { name: uniqueName('member-other'), tenant_id: adminNative.projectId });
    expect(other.status).toBe(400);
    const provider = await demo.post('/api/neutron/networks/', { name: uniqueName('member-vxlan'), 'provider:network_type': 'vxlan' });
    expect(provider.status).toBe(403);
  });
});

describe('Admin > Routers', () => {
  it("pages every project's routers, named by project, and edits another project's admin state", async () => {
    const made = await demo.post('/api/neutron/routers/', { name: uniqueName('admin-list-router') });
    expect(made.status).toBe(201);
    demoNative.deleteLater(`/routers/${made.body.id}`);
    const page = (await admin.get('/api/neutron/routers/?all_tenants=true&paginate=true&limit=1000')).body;
    expect(page.items.find((row: Row) => row.id === made.body.id)?.tenant_name).toBe('demo');
    const first = (await admin.get('/api/neutron/routers/?all_tenants=true&paginate=true&limit=1')).body;
    expect(first.items).toHaveLength(1);
    const edited = await admin.request('PATCH', `/api/neutron/routers/${made.body.id}/`, { admin_state_up: false });
    expect(edited.status).toBe(200);
    expect((await demo.get(`/api/neutron/routers/${made.body.id}/`)).body.admin_state).toBe('DOWN');
  });
});

describe('Admin > Floating IPs', () => {
  it('allocates to a chosen project a chosen address of the pool, listed with its project; a member may not name either', async () => {
    const pool = (await admin.get('/api/network/floatingippools/')).body.items[0] as { id: string; subnets: string[] };
    const subnet = (await adminNative.ok('GET', `/subnets/${pool.subnets[0]}`)).subnet as { allocation_pools: { end: string }[] };
    // The pool's last address: the least likely to be taken by the other files' allocations.
    const address = subnet.allocation_pools.at(-1)!.end;
    const response = await admin.post('/api/network/floatingip/', { pool_id: pool.id, tenant_id: demoNative.projectId, floating_ip_address: address });
    expect(response.status).toBe(200);
    adminNative.deleteLater(`/floatingips/${response.body.id}`);
    expect(response.body).toMatchObject({ ip: address, tenant_id: demoNative.projectId });
    expect((await demo.get('/api/network/floatingips/')).body.items.map((row: Row) => row.id)).toContain(response.body.id);
    const listed = (await admin.get('/api/network/floatingips/?all_tenants=true&paginate=true&limit=1000')).body.items as Row[];
    expect(listed.find((row) => row.id === response.body.id)?.tenant_name).toBe('demo');
    expect((await demo.post('/api/network/floatingip/', { pool_id: pool.id, tenant_id: adminNative.projectId })).status).toBe(400);
    expect((await demo.post('/api/network/floatingip/', { pool_id: pool.id, floating_ip_address: address })).status).toBe(403);
  });
});
