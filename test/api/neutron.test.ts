import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client.js';
import { startTestCloud, type TestCloud, uniqueName } from '../support/cloud.js';
import { NativeNeutron } from './neutron-native.js';

let cloud: TestCloud;
let demo: ApiClient;
let admin: ApiClient;
let demoNative: NativeNeutron;
let adminNative: NativeNeutron;
let aliases: string[];

/** Extensions the real cloud may lack: the tests that need them skip, saying why. */
const needs = (alias: string) => (aliases.includes(alias) ? null : `the cloud's Neutron has no ${alias} extension`);

beforeAll(async () => {
  cloud = await startTestCloud();
  demo = await ApiClient.loggedIn(cloud, 'demo');
  admin = await ApiClient.loggedIn(cloud, 'admin');
  demoNative = await NativeNeutron.login(cloud, 'demo');
  adminNative = await NativeNeutron.login(cloud, 'admin');
  aliases = await demoNative.extensionAliases();
});
afterAll(async () => {
  await demoNative?.cleanUp();
  await adminNative?.cleanUp();
  await cloud.close();
}, 120_000);

const patch = (client: ApiClient, path: string, body: unknown) => client.request('PATCH', path, body);

/** Creates a network through /api and deletes it natively at clean-up. */
async function apiNetwork(client: ApiClient, native: NativeNeutron, body: Record<string, unknown>) {
  const response = await client.post('/api/neutron/networks/', body);
  expect(response.status).toBe(201);
  native.deleteLater(`/networks/${response.body.id}`);
  return response;
}

describe('networks and subnets through /api/neutron/', () => {
  it('creates a network: 201, Location, the classic shape with admin_state and the __ aliases', async () => {
    const name = uniqueName('api-net');
    const response = await apiNetwork(demo, demoNative, { name, admin_state_up: true });
    expect(response.headers.get('location')).toBe(`/api/neutron/networks/${response.body.id}`);
    expect(response.body).toMatchObject({ name, admin_state_up: true, admin_state: 'UP', shared: false, 'router:external': false, router__external: false, subnets: [], tenant_id: demoNative.projectId });
  });

  it('creates a subnet from a subnet pool and lists the network with its subnets expanded', async () => {
    const network = (await apiNetwork(demo, demoNative, { name: uniqueName('api-pool-net') })).body;
    const pool = (await demoNative.ok('POST', '/subnetpools', { subnetpool: { name: uniqueName('api-pool'), prefixes: ['10.231.0.0/16'], default_prefixlen: 26, min_prefixlen: 24, max_prefixlen: 28 } })).subnetpool;
    demoNative.deleteLater(`/subnetpools/${pool.id}`);
    const response = await demo.post('/api/neutron/subnets/', { network_id: network.id, subnetpool_id: pool.id, name: 'from-pool', ip_version: 4 });
    expect(response.status).toBe(201);
    expect(response.headers.get('location')).toBe(`/api/neutron/subnets/${response.body.id}`);
    expect(response.body).toMatchObject({ network_id: network.id, subnetpool_id: pool.id, ip_version: 4, ipver_str: 'IPv4', enable_dhcp: true });
    expect(response.body.cidr).toMatch(/^10\.231\.\d+\.\d+\/26$/);
    const listed = (await demo.get('/api/neutron/networks/')).body.items.find((item: { id: string }) => item.id === network.id);
    expect(listed.subnets).toEqual([expect.objectContaining({ id: response.body.id, cidr: response.body.cidr, ipver_str: 'IPv4' })]);
    const filtered = (await demo.get(`/api/neutron/subnets/?network_id=${network.id}`)).body.items;
    expect(filtered.map((item: { id: string }) => item.id)).toEqual([response.body.id]);
  });

  it('refuses an overlapping or invalid CIDR with Neutron’s message', async () => {
    const network = (await apiNetwork(demo, demoNative, { name: uniqueName('api-cidr') })).body;
    expect((await demo.post('/api/neutron/subnets/', { network_id: network.id, cidr: '10.232.0.0/24', ip_version: 4 })).status).toBe(201);
    const overlap = await demo.post('/api/neutron/subnets/', { network_id: network.id, cidr: '10.232.0.128/25', ip_version: 4 });
    expect(overlap.status).toBe(400);
    expect(overlap.body).toBe(`Invalid input for operation: Requested subnet with cidr: 10.232.0.128/25 for network: ${network.id} overlaps with another subnet.`);
    const invalid = await demo.post('/api/neutron/subnets/', { network_id: network.id, cidr: '10.232.300.0/24', ip_version: 4 });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toBe('Invalid input for operation: 10.232.300.0/24 is not in a CIDR format.');
    const mismatch = await demo.post('/api/neutron/subnets/', { network_id: network.id, cidr: 'fd00:232::/64', ip_version: 4 });
    expect(mismatch.body).toBe("Invalid input for operation: cidr 'fd00:232::/64' does not match the ip_version '4'.");
  });

  it('validates bodies and names the field', async () => {
    const badName = await demo.post('/api/neutron/networks/', { name: 5 });
    expect(badName.status).toBe(400);
    expect(badName.body).toMatch(/name/);
    const noNetwork = await demo.post('/api/neutron/subnets/', { cidr: '10.0.0.0/24' });
    expect(noNetwork.status).toBe(400);
    expect(noNetwork.body).toMatch(/network_id/);
    const shared = await demo.post('/api/neutron/networks/', { name: 'x', shared: true });
    expect(shared.status).toBe(403);
    expect(shared.body).toBe('(rule:create_network and rule:create_network:shared) is disallowed by policy');
  });
});

describe('tenancy', () => {
  it("keeps admin's private networks, subnets and ports from demo; shared and external networks are visible", async () => {
    const secret = (await apiNetwork(admin, adminNative, { name: uniqueName('api-admin-secret') })).body;
    const secretSubnet = (await admin.post('/api/neutron/subnets/', { network_id: secret.id, cidr: '10.233.0.0/24', ip_version: 4 })).body;
    const secretPort = (await adminNative.ok('POST', '/ports', { port: { network_id: secret.id, name: 'secret-port' } })).port;
    adminNative.deleteLater(`/ports/${secretPort.id}`);
    const shared = (await apiNetwork(admin, adminNative, { name: uniqueName('api-admin-shared'), shared: true })).body;

    const networks = (await demo.get('/api/neutron/networks/')).body.items as { id: string; shared: boolean }[];
    const ids = networks.map((item) => item.id);
    expect(ids).not.toContain(secret.id);
    expect(ids).toContain(shared.id);
    // Shared networks come first.
    expect(networks.findIndex((item) => !item.shared)).toBeGreaterThan(ids.indexOf(shared.id));
    expect((await demo.get('/api/neutron/subnets/')).body.items.map((item: { id: string }) => item.id)).not.toContain(secretSubnet.id);
    expect((await demo.get(`/api/neutron/subnets/?network_id=${secret.id}`)).body.items).toEqual([]);
    expect((await demo.get('/api/neutron/ports/')).body.items.map((item: { id: string }) => item.id)).not.toContain(secretPort.id);
    expect((await demo.get(`/api/neutron/ports/?network_id=${secret.id}`)).body.items).toEqual([]);
    const subnetOnSecret = await demo.post('/api/neutron/subnets/', { network_id: secret.id, cidr: '10.234.0.0/24', ip_version: 4 });
    expect(subnetOnSecret.status).toBe(404);
    // Even admin's own list is its project's, not every project's.
    expect((await admin.get('/api/neutron/ports/')).body.items.every((item: { project_id: string }) => item.project_id === adminNative.projectId)).toBe(true);
    const pools = (await demo.get('/api/network/floatingippools/')).body.items as { 'router:external': boolean; router__external: boolean }[];
    expect(pools.length).toBeGreaterThan(0);
    expect(pools.every((pool) => pool['router:external'] && pool.router__external)).toBe(true);
  });
});

describe('floating IPs through /api/network/', () => {
  it('allocates from the public pool (200), associates to a port behind a router with the public gateway, disassociates', async () => {
    const publicNet = (await demo.get('/api/network/floatingippools/')).body.items[0];
    const network = (await apiNetwork(demo, demoNative, { name: uniqueName('api-fip-net') })).body;
    const subnet = (await demo.post('/api/neutron/subnets/', { network_id: network.id, cidr: '10.235.0.0/24', ip_version: 4 })).body;
    const router = (await demoNative.ok('POST', '/routers', { router: { name: uniqueName('api-router'), external_gateway_info: { network_id: publicNet.id } } })).router;
    demoNative.deleteLater(`/routers/${router.id}`);
    await demoNative.ok('PUT', `/routers/${router.id}/add_router_interface`, { subnet_id: subnet.id });
    demoNative.later(() => demoNative.call('PUT', `/routers/${router.id}/remove_router_interface`, { subnet_id: subnet.id }));
    const port = (await demoNative.ok('POST', '/ports', { port: { network_id: network.id, name: 'vm-port', device_owner: 'compute:nova', device_id: 'a-server' } })).port;
    demoNative.deleteLater(`/ports/${port.id}`);

    const allocated = await demo.post('/api/network/floatingip/', { pool_id: publicNet.id });
    expect(allocated.status).toBe(200);
    demoNative.deleteLater(`/floatingips/${allocated.body.id}`);
    expect(allocated.body).toMatchObject({ pool: publicNet.id, floating_network_id: publicNet.id, port_id: null, fixed_ip: null });
    expect(allocated.body.ip).toBe(allocated.body.floating_ip_address);

    const fixedIp = port.fixed_ips[0].ip_address;
    const associate = await patch(demo, '/api/network/floatingip/', { address_id: allocated.body.id, port_id: `${port.id}_${fixedIp}` });
    expect(associate.status).toBe(204);
    const listed = (await demo.get('/api/network/floatingips/')).body.items.find((item: { id: string }) => item.id === allocated.body.id);
    expect(listed).toMatchObject({ port_id: port.id, fixed_ip: fixedIp, fixed_ip_address: fixedIp, router_id: router.id, instance_id: 'a-server', instance_type: 'compute', port_forwardings: [] });

    const disassociate = await patch(demo, '/api/network/floatingip/', { address_id: allocated.body.id });
    expect(disassociate.status).toBe(204);
    const after = (await demo.get('/api/network/floatingips/')).body.items.find((item: { id: string }) => item.id === allocated.body.id);
    expect(after).toMatchObject({ port_id: null, fixed_ip: null, instance_id: null });

    expect((await demo.post('/api/network/floatingip/', {})).status).toBe(400);
    expect((await patch(demo, '/api/network/floatingip/', { address_id: allocated.body.id, port_id: 'no-ip-part' })).status).toBe(400);
  }, 90_000); // a real router gateway takes its time
});

describe('security groups through /api/network/', () => {
  it("lists the project's groups with their rules, the default one among them", async () => {
    const groups = (await demo.get('/api/network/securitygroups/')).body.items as { name: string; project_id: string; security_group_rules: unknown[] }[];
    expect(groups.map((group) => group.name)).toContain('default');
    expect(groups.every((group) => group.project_id === demoNative.projectId)).toBe(true);
    expect(groups.find((group) => group.name === 'default')!.security_group_rules.length).toBeGreaterThanOrEqual(2);
  });
});

describe('QoS policies through /api/neutron/qos_policies/', () => {
  it('creates a policy with bandwidth, minimum bandwidth and DSCP rules, reads and deletes it; a member may not create one', async (context) => {
    const reason = needs('qos');
    if (reason) return context.skip(reason);
    const refused = await demo.post('/api/neutron/qos_policies/', { name: 'nope' });
    expect(refused.status).toBe(403);
    const name = uniqueName('api-qos');
    const created = await admin.post('/api/neutron/qos_policies/', { name, description: 'fast lane', shared: true });
    expect(created.status).toBe(201);
    const id = created.body.id;
    adminNative.deleteLater(`/qos/policies/${id}`);
    expect(created.headers.get('location')).toBe(`/api/neutron/qos_policies/${id}`);
    expect(created.body).toMatchObject({ name, description: 'fast lane', shared: true, rules: [] });
    const limit = await admin.post(`/api/neutron/qos/policies/${id}/bandwidth_limit_rules/`, { max_kbps: 10000, max_burst_kbps: 1000 });
    expect(limit.status).toBe(201);
    expect(limit.body).toMatchObject({ max_kbps: 10000, max_burst_kbps: 1000, direction: 'egress' });
    expect((await admin.post(`/api/neutron/qos/policies/${id}/minimum_bandwidth_rules/`, { min_kbps: 500 })).status).toBe(201);
    expect((await admin.post(`/api/neutron/qos/policies/${id}/dscp_marking_rules/`, { dscp_mark: 26 })).status).toBe(201);
    expect((await admin.post(`/api/neutron/qos/policies/${id}/bogus_rules/`, { dscp_mark: 26 })).status).toBe(400);
    expect((await patch(admin, `/api/neutron/qos/policies/${id}/bandwidth_limit_rules/${limit.body.id}`, { max_kbps: 2000 })).status).toBe(200);
    const policy = (await admin.get(`/api/neutron/qos_policies/${id}/`)).body;
    expect(policy.rules.map((rule: { type: string }) => rule.type)).toEqual(['bandwidth_limit', 'minimum_bandwidth', 'dscp_marking']);
    expect(policy.rules[0]).toMatchObject({ max_kbps: 2000, qos_policy_id: id });
    expect((await admin.get('/api/neutron/qos_policies/')).body.items.map((item: { id: string }) => item.id)).toContain(id);
    expect((await admin.delete(`/api/neutron/qos/policies/${id}/bandwidth_limit_rules/${limit.body.id}`)).status).toBe(204);
    expect((await admin.delete(`/api/neutron/qos_policies/${id}/`)).status).toBe(204);
    expect((await admin.get(`/api/neutron/qos_policies/${id}/`)).status).toBe(404);
  });
});

describe('trunks through /api/neutron/trunks/', () => {
  it('creates a trunk with two subports, edits it with [old, new], annotates ports, deletes it', async (context) => {
    const reason = needs('trunk');
    if (reason) return context.skip(reason);
    const network = (await apiNetwork(demo, demoNative, { name: uniqueName('api-trunk-net') })).body;
    await demo.post('/api/neutron/subnets/', { network_id: network.id, cidr: '10.236.0.0/24', ip_version: 4 });
    const port = async (name: string) => {
      const created = (await demoNative.ok('POST', '/ports', { port: { network_id: network.id, name } })).port;
      demoNative.deleteLater(`/ports/${created.id}`);
      return created.id as string;
    };
    const [parent, sub1, sub2, sub3] = [await port('parent'), await port('sub1'), await port('sub2'), await port('sub3')];
    const outOfRange = await demo.post('/api/neutron/trunks/', { port_id: parent, sub_ports: [{ port_id: sub1, segmentation_type: 'vlan', segmentation_id: 4095 }] });
    expect(outOfRange.status).toBe(400);
    expect(outOfRange.body).toMatch(/segmentation_id/);
    const created = await demo.post('/api/neutron/trunks/', {
      name: '',
      description: '',
      port_id: parent,
      admin_state_up: true,
      sub_ports: [
        { port_id: sub1, segmentation_type: 'vlan', segmentation_id: 100 },
        { port_id: sub2, segmentation_type: 'vlan', segmentation_id: 200 },
      ],
    });
    expect(created.status).toBe(201);
    const trunk = created.body;
    demoNative.deleteLater(`/trunks/${trunk.id}`);
    expect(created.headers.get('location')).toBe(`/api/neutron/trunks/${trunk.id}`);
    expect(trunk).toMatchObject({ port_id: parent, admin_state: 'UP', subport_count: 2, name_or_id: `(${trunk.id.slice(0, 13)})` });

    const ports = (await demo.get(`/api/neutron/ports/?network_id=${network.id}`)).body.items as Record<string, unknown>[];
    expect(ports.find((item) => item.id === sub1)).toMatchObject({ trunk_id: trunk.id, segmentation_type: 'vlan', segmentation_id: 100 });
    expect(ports.find((item) => item.id === parent)).toMatchObject({ trunk_id: trunk.id, trunk_details: { trunk_id: trunk.id } });

    const after = { ...trunk, name: 'edited', sub_ports: [{ port_id: sub1, segmentation_type: 'vlan', segmentation_id: 100 }, { port_id: sub3, segmentation_type: 'vlan', segmentation_id: 300 }] };
    const edited = await patch(demo, `/api/neutron/trunks/${trunk.id}/`, [trunk, after]);
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: trunk.id, name: 'edited', admin_state: 'UP' });
    expect(edited.body).not.toHaveProperty('name_or_id');
    expect(edited.body.sub_ports.map((item: { port_id: string }) => item.port_id).sort()).toEqual([sub1, sub3].sort());
    const read = (await demo.get(`/api/neutron/trunks/${trunk.id}/`)).body;
    expect(read).toMatchObject({ name: 'edited', name_or_id: 'edited', subport_count: 2 });
    expect((await demo.get('/api/neutron/trunks/')).body.items.map((item: { id: string }) => item.id)).toContain(trunk.id);
    expect((await demo.delete(`/api/neutron/trunks/${trunk.id}/`)).status).toBe(204);
    expect((await demo.get(`/api/neutron/trunks/${trunk.id}/`)).status).toBe(404);
  });
});

describe('extensions, agents and quotas', () => {
  it('lists the extensions, and agents only for an admin', async () => {
    const extensions = (await demo.get('/api/neutron/extensions/')).body.items as { alias: string; name: string }[];
    expect(extensions.map((extension) => extension.alias)).toEqual(expect.arrayContaining(['quotas', 'router', 'external-net']));
    // Neutron filters the agents by policy: a member sees none.
    expect((await demo.get('/api/neutron/agents/')).body).toEqual({ items: [] });
    const agents = await admin.get('/api/neutron/agents/');
    expect(agents.status).toBe(200);
    expect(agents.body.items[0]).toMatchObject({ alive: expect.any(Boolean), admin_state: expect.stringMatching(/^(UP|DOWN)$/) });
  });

  it('gives the default quotas with display names, and lets an admin change a project’s', async () => {
    const defaults = (await demo.get('/api/neutron/quota-sets/defaults/')).body.items as { name: string; display_name: string; limit: number }[];
    expect(defaults.find((item) => item.name === 'network')).toMatchObject({ display_name: 'Networks', limit: expect.any(Number) });
    expect(defaults.map((item) => item.name)).toEqual(['network', 'subnet', 'port', 'router', 'floatingip', 'security_group', 'security_group_rule']);
    const project = demoNative.projectId;
    const before = (await adminNative.ok('GET', `/quotas/${project}`)).quota.security_group as number;
    adminNative.later(() => adminNative.call('PUT', `/quotas/${project}`, { quota: { security_group: before } }));
    expect((await patch(demo, `/api/neutron/quotas-sets/${project}`, { security_group: before + 1 })).status).toBe(403);
    expect((await patch(admin, `/api/neutron/quotas-sets/${project}`, { security_group: before + 1 })).status).toBe(204);
    expect((await adminNative.ok('GET', `/quotas/${project}`)).quota.security_group).toBe(before + 1);
    expect((await patch(admin, `/api/neutron/quotas-sets/${project}`, { security_group: 'many' })).status).toBe(400);
  });
});
