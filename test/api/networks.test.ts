import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client.js';
import { type TestCloud, uniqueName } from '../support/cloud.js';
import { closeNeutronTestBed, NativeNeutron, openNeutronTestBed } from './neutron-native.js';

/** The Networks panel's routes beyond the contract: one network, subnet or port, edits, deletes, subnet pools. */

let cloud: TestCloud, demo: ApiClient, admin: ApiClient, demoNative: NativeNeutron, adminNative: NativeNeutron;

beforeAll(async () => {
  ({ cloud, demo, admin, demoNative, adminNative } = await openNeutronTestBed());
});
afterAll(() => closeNeutronTestBed({ cloud, demoNative, adminNative }), 120_000);

const patch = (client: ApiClient, path: string, body: unknown) => client.request('PATCH', path, body);

async function network(client: ApiClient, native: NativeNeutron, body: Record<string, unknown> = {}) {
  const response = await client.post('/api/neutron/networks/', { name: uniqueName('panel-net'), ...body });
  expect(response.status).toBe(201);
  native.deleteLater(`/networks/${response.body.id}`);
  return response.body as { id: string; name: string };
}

describe('the Networks panel list', () => {
  it('adds the external networks with ?include_external=true, each once; the plain list keeps the contract’s shared and project networks', async () => {
    const external = (await demoNative.ok('GET', '/networks?router:external=True')).networks as { id: string; shared: boolean }[];
    expect(external.length).toBeGreaterThan(0);
    const panel = (await demo.get('/api/neutron/networks/?include_external=true')).body.items as { id: string; router__external: boolean }[];
    for (const network of external) expect(panel.filter((item) => item.id === network.id)).toHaveLength(1);
    const plain = (await demo.get('/api/neutron/networks/')).body.items as { id: string }[];
    for (const network of external.filter((each) => !each.shared)) expect(plain.map((item) => item.id)).not.toContain(network.id);
  });

  it('lists the shared networks, then the project’s own, each once, and never another project’s: for a member and for an admin', async () => {
    const own = await network(demo, demoNative);
    const adminOwn = await network(admin, adminNative);
    const shared = await network(admin, adminNative);
    expect((await patch(admin, `/api/neutron/networks/${shared.id}/`, { shared: true })).status).toBe(200);

    const demoIds = ((await demo.get('/api/neutron/networks/?include_external=true')).body.items as { id: string }[]).map((item) => item.id);
    expect(demoIds.filter((id) => id === shared.id)).toHaveLength(1);
    expect(demoIds.indexOf(shared.id)).toBeLessThan(demoIds.indexOf(own.id));
    expect(demoIds).not.toContain(adminOwn.id);

    const adminIds = ((await admin.get('/api/neutron/networks/?include_external=true')).body.items as { id: string }[]).map((item) => item.id);
    expect(adminIds).toEqual(expect.arrayContaining([adminOwn.id, shared.id]));
    expect(adminIds.filter((id) => id === shared.id)).toHaveLength(1);
    expect(adminIds, 'an admin’s project panel holds no other project’s network').not.toContain(own.id);
  });
});

describe('one network', () => {
  it('shows a network with its subnets expanded and Horizon’s derived keys', async () => {
    const net = await network(demo, demoNative);
    const subnet = (await demo.post('/api/neutron/subnets/', { network_id: net.id, cidr: '10.236.0.0/24', ip_version: 4, name: 'sub-a' })).body;
    const response = await demo.get(`/api/neutron/networks/${net.id}/`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: net.id, name: net.name, admin_state: 'UP', router__external: false, shared: false });
    expect(response.body.subnets).toEqual([expect.objectContaining({ id: subnet.id, name: 'sub-a', cidr: '10.236.0.0/24', ipver_str: 'IPv4' })]);
  });

  it('edits the name and the admin state; a member may not share it (Neutron’s policy, 403)', async () => {
    const net = await network(demo, demoNative);
    const edited = await patch(demo, `/api/neutron/networks/${net.id}/`, { name: `${net.name}-x`, admin_state_up: false });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: `${net.name}-x`, admin_state_up: false, admin_state: 'DOWN' });
    const shared = await patch(demo, `/api/neutron/networks/${net.id}/`, { shared: true });
    expect(shared.status).toBe(403);
    const adminNet = await network(admin, adminNative);
    expect((await patch(admin, `/api/neutron/networks/${adminNet.id}/`, { shared: true })).body).toMatchObject({ shared: true });
  });

  it('validates the edit body and names the field', async () => {
    const net = await network(demo, demoNative);
    const bad = await patch(demo, `/api/neutron/networks/${net.id}/`, { admin_state_up: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatch(/admin_state_up/);
    const unknown = await patch(demo, `/api/neutron/networks/${net.id}/`, { mtu: 1400 });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatch(/mtu/);
  });

  it('deletes the network’s subnets, then the network (204)', async () => {
    const net = await network(demo, demoNative);
    const subnet = (await demo.post('/api/neutron/subnets/', { network_id: net.id, cidr: '10.237.0.0/24', ip_version: 4 })).body;
    expect((await demo.delete(`/api/neutron/networks/${net.id}/`)).status).toBe(204);
    expect((await demo.get(`/api/neutron/networks/${net.id}/`)).status).toBe(404);
    expect((await demo.get(`/api/neutron/subnets/${subnet.id}/`)).status).toBe(404);
  });

  it('refuses to delete a network with a port in use, with Neutron’s message', async () => {
    const net = await network(demo, demoNative);
    const port = (await demoNative.ok('POST', '/ports', { port: { network_id: net.id, name: 'busy', device_owner: 'compute:nova', device_id: 'd1' } })).port;
    demoNative.deleteLater(`/ports/${port.id}`);
    const response = await demo.delete(`/api/neutron/networks/${net.id}/`);
    expect(response.status).toBe(409);
    expect(response.body).toMatch(new RegExp(`Unable to complete operation on network ${net.id}\\. There are one or more ports still in use on the network`));
  });
});

describe('one subnet', () => {
  it('shows, edits (name, gateway, DHCP, DNS, host routes) and deletes a subnet', async () => {
    const net = await network(demo, demoNative);
    const subnet = (await demo.post('/api/neutron/subnets/', { network_id: net.id, cidr: '10.238.0.0/24', ip_version: 4, name: 'edit-me' })).body;
    expect((await demo.get(`/api/neutron/subnets/${subnet.id}/`)).body).toMatchObject({ id: subnet.id, cidr: '10.238.0.0/24', gateway_ip: '10.238.0.1', ipver_str: 'IPv4' });
    const edited = await patch(demo, `/api/neutron/subnets/${subnet.id}/`, {
      name: 'edited',
      enable_dhcp: false,
      dns_nameservers: ['10.238.0.53'],
      host_routes: [{ destination: '10.99.0.0/24', nexthop: '10.238.0.9' }],
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'edited', gateway_ip: '10.238.0.1', enable_dhcp: false, dns_nameservers: ['10.238.0.53'], host_routes: [{ destination: '10.99.0.0/24', nexthop: '10.238.0.9' }] });
    expect((await demo.delete(`/api/neutron/subnets/${subnet.id}/`)).status).toBe(204);
    expect((await demo.get(`/api/neutron/subnets/${subnet.id}/`)).status).toBe(404);
  });

  it('validates the subnet edit body and names the field; Neutron refuses a gateway that is no IP address', async () => {
    const net = await network(demo, demoNative);
    const subnet = (await demo.post('/api/neutron/subnets/', { network_id: net.id, cidr: '10.239.0.0/24', ip_version: 4 })).body;
    const bad = await patch(demo, `/api/neutron/subnets/${subnet.id}/`, { cidr: '10.1.0.0/24' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatch(/cidr/);
    const routes = await patch(demo, `/api/neutron/subnets/${subnet.id}/`, { host_routes: [{ destination: '10.0.0.0/8' }] });
    expect(routes.status).toBe(400);
    expect(routes.body).toMatch(/nexthop/);
    const invalid = await patch(demo, `/api/neutron/subnets/${subnet.id}/`, { gateway_ip: 'not-an-ip' });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatch(/not-an-ip/);
  });
});

describe('subnet pools', () => {
  it('offers the project’s own and the shared pools with their prefix lengths, not another project’s private one', async () => {
    const sharedPool = (await adminNative.ok('POST', '/subnetpools', { subnetpool: { name: uniqueName('shared-pool'), prefixes: ['10.242.0.0/16'], min_prefixlen: 24, max_prefixlen: 28, default_prefixlen: 26, shared: true } })).subnetpool;
    adminNative.deleteLater(`/subnetpools/${sharedPool.id}`);
    const privatePool = (await adminNative.ok('POST', '/subnetpools', { subnetpool: { name: uniqueName('admin-pool'), prefixes: ['10.243.0.0/16'] } })).subnetpool;
    adminNative.deleteLater(`/subnetpools/${privatePool.id}`);
    const response = await demo.get('/api/neutron/subnetpools/');
    expect(response.status).toBe(200);
    const ids = response.body.items.map((pool: { id: string }) => pool.id);
    expect(ids).toContain(sharedPool.id);
    expect(ids).not.toContain(privatePool.id);
    const listed = response.body.items.find((pool: { id: string }) => pool.id === sharedPool.id);
    // Neutron answers the prefix lengths as strings; the server gives them as numbers.
    expect(listed).toMatchObject({ ip_version: 4, min_prefixlen: 24, max_prefixlen: 28, default_prefixlen: 26, shared: true, prefixes: ['10.242.0.0/16'] });
  });
});

describe('one port', () => {
  it('shows a port with its network name and Horizon’s derived keys; demo cannot see admin’s port or network', async () => {
    const net = await network(demo, demoNative);
    const port = (await demoNative.ok('POST', '/ports', { port: { network_id: net.id, name: 'seen' } })).port;
    demoNative.deleteLater(`/ports/${port.id}`);
    const response = await demo.get(`/api/neutron/ports/${port.id}/`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: port.id, name: 'seen', network_id: net.id, network_name: net.name, admin_state: 'UP', binding__vnic_type: 'normal', mac_address: port.mac_address });
    // The port's security groups by name, in the port's order (the project's default group here).
    const groups = (await demoNative.ok('GET', `/security-groups?${(port.security_groups as string[]).map((id) => `id=${id}`).join('&')}`)).security_groups as { id: string; name: string }[];
    expect(response.body.security_group_names).toEqual((port.security_groups as string[]).map((id) => groups.find((group) => group.id === id)!.name));
    expect(response.body.security_group_names).toContain('default');

    const secret = await network(admin, adminNative);
    const secretPort = (await adminNative.ok('POST', '/ports', { port: { network_id: secret.id, name: 'secret' } })).port;
    adminNative.deleteLater(`/ports/${secretPort.id}`);
    expect((await demo.get(`/api/neutron/ports/${secretPort.id}/`)).status).toBe(404);
    expect((await demo.get(`/api/neutron/networks/${secret.id}/`)).status).toBe(404);
    expect((await demo.delete(`/api/neutron/networks/${secret.id}/`)).status).toBe(404);
    expect((await patch(demo, `/api/neutron/networks/${secret.id}/`, { name: 'stolen' })).status).toBe(404);
    expect((await admin.get(`/api/neutron/networks/${secret.id}/`)).body.name).toBe(secret.name);
  });
});
