import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startEmulator, type TestEmulator, tokenFor } from '../../support/emulator.js';

let cloud: TestEmulator;
let demo: string;
let admin: string;
let demoProjectId: string;
let adminProjectId: string;

const BASE = '/cloud/network/v2.0';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const callOn = (target: () => TestEmulator) => (method: Method, path: string, token: string, payload?: unknown) =>
  target().app.inject({ method, url: `${BASE}${path}`, headers: { 'x-auth-token': token }, ...(payload === undefined ? {} : { payload: payload as object }) });
const call = callOn(() => cloud);

/** A call that must succeed; returns the parsed body. */
const okOn = (target: () => TestEmulator) => async (method: Method, path: string, token: string, payload?: unknown) => {
  const response = await callOn(target)(method, path, token, payload);
  if (response.statusCode >= 300) throw new Error(`${method} ${path}: ${response.statusCode} ${response.body}`);
  return response.body ? response.json() : undefined;
};
const ok = okOn(() => cloud);

/** The NeutronError of a failing call. */
async function fault(method: Method, path: string, token: string, payload?: unknown) {
  const response = await call(method, path, token, payload);
  return { status: response.statusCode, ...(response.json() as { NeutronError: { type: string; message: string; detail: string } }).NeutronError };
}

async function projectIdOf(token: string, target = cloud): Promise<string> {
  const response = await target.app.inject({ url: '/cloud/identity/v3/auth/tokens', headers: { 'x-auth-token': token, 'x-subject-token': token } });
  return response.json().token.project.id;
}

const network = async (token: string, name: string, extra: Record<string, unknown> = {}) => (await ok('POST', '/networks', token, { network: { name, ...extra } })).network;
const subnet = async (token: string, networkId: string, extra: Record<string, unknown>) =>
  (await ok('POST', '/subnets', token, { subnet: { network_id: networkId, ip_version: 4, ...extra } })).subnet;
const port = async (token: string, networkId: string, extra: Record<string, unknown> = {}) => (await ok('POST', '/ports', token, { port: { network_id: networkId, ...extra } })).port;

beforeAll(async () => {
  cloud = await startEmulator();
  demo = await tokenFor(cloud.app, 'demo');
  admin = await tokenFor(cloud.app, 'admin');
  demoProjectId = await projectIdOf(demo);
  adminProjectId = await projectIdOf(admin);
});
afterAll(async () => {
  await cloud.close();
});

describe('the seeded topology', () => {
  it('gives demo its private network and the external public one, a router1 with the public gateway and an interface, and a default security group', async () => {
    // A cloud of its own: the file's other tests add networks, routers and groups to theirs, in whatever order they run.
    const seeded = await startEmulator();
    onTestFinished(() => seeded.close());
    const ok = okOn(() => seeded);
    const demo = await tokenFor(seeded.app, 'demo');
    const adminProjectId = await projectIdOf(await tokenFor(seeded.app, 'admin'), seeded);
    const networks = (await ok('GET', '/networks', demo)).networks;
    expect(networks.map((item: { name: string }) => item.name).sort()).toEqual(['private', 'public']);
    const publicNet = networks.find((item: { name: string }) => item.name === 'public');
    expect(publicNet).toMatchObject({ 'router:external': true, shared: false, status: 'ACTIVE', admin_state_up: true, project_id: adminProjectId });
    expect(publicNet).not.toHaveProperty('provider:network_type');
    const routers = (await ok('GET', '/routers', demo)).routers;
    expect(routers).toHaveLength(1);
    expect(routers[0]).toMatchObject({ name: 'router1', external_gateway_info: { network_id: publicNet.id, enable_snat: true } });
    expect(routers[0].external_gateway_info.external_fixed_ips[0].ip_address).toMatch(/^172\.24\.4\./);
    const interfaces = (await ok('GET', `/ports?device_id=${routers[0].id}`, demo)).ports;
    expect(interfaces.map((item: { device_owner: string }) => item.device_owner)).toEqual(['network:router_interface']);
    expect(interfaces[0].fixed_ips[0].ip_address).toBe('10.0.0.1');
    const groups = (await ok('GET', '/security-groups', demo)).security_groups;
    expect(groups.map((group: { name: string }) => group.name)).toEqual(['default']);
    expect(groups[0].security_group_rules).toHaveLength(4);
  });

  it('publishes the network service in the catalog and answers version discovery', async () => {
    const root = await cloud.app.inject({ url: '/cloud/network/' });
    expect(root.json().versions[0]).toMatchObject({ id: 'v2.0', status: 'CURRENT' });
  });

  it('lists the extensions clients gate on, and the agents only to an admin', async () => {
    const aliases = (await ok('GET', '/extensions', demo)).extensions.map((extension: { alias: string }) => extension.alias);
    expect(aliases).toEqual(expect.arrayContaining(['agent', 'quotas', 'trunk', 'qos', 'router', 'external-net', 'subnet_allocation', 'security-group']));
    // Agents are the admin's: a member gets an empty list, and "not found" for one agent.
    expect((await ok('GET', '/agents', demo)).agents).toEqual([]);
    const agents = (await ok('GET', '/agents', admin)).agents;
    expect(agents.map((agent: { agent_type: string }) => agent.agent_type)).toContain('L3 agent');
    expect(agents.every((agent: { alive: boolean }) => agent.alive)).toBe(true);
    expect(await fault('GET', `/agents/${agents[0].id}`, demo)).toMatchObject({ status: 404, type: 'HTTPNotFound', message: 'The resource could not be found.' });
    expect((await ok('GET', `/agents/${agents[0].id}`, admin)).agent.id).toBe(agents[0].id);
  });
});

describe('subnets: CIDR rules as Neutron words them', () => {
  it('refuses an overlapping CIDR on the same network, a malformed one and a version mismatch', async () => {
    const net = await network(demo, 'cidr-rules');
    const first = await subnet(demo, net.id, { cidr: '10.9.0.0/24', name: 's1' });
    expect(first).toMatchObject({ cidr: '10.9.0.0/24', gateway_ip: '10.9.0.1', allocation_pools: [{ start: '10.9.0.2', end: '10.9.0.254' }], enable_dhcp: true });
    expect(await fault('POST', '/subnets', demo, { subnet: { network_id: net.id, ip_version: 4, cidr: '10.9.0.128/25' } })).toEqual({
      status: 400,
      type: 'InvalidInput',
      message: `Invalid input for operation: Requested subnet with cidr: 10.9.0.128/25 for network: ${net.id} overlaps with another subnet.`,
      detail: '',
    });
    expect(await fault('POST', '/subnets', demo, { subnet: { network_id: net.id, ip_version: 4, cidr: '10.9.300.0/24' } })).toMatchObject({
      status: 400,
      message: 'Invalid input for operation: 10.9.300.0/24 is not in a CIDR format.',
    });
    expect(await fault('POST', '/subnets', demo, { subnet: { network_id: net.id, ip_version: 4, cidr: 'fd00::/64' } })).toMatchObject({
      message: "Invalid input for operation: cidr 'fd00::/64' does not match the ip_version '4'.",
    });
    expect(await fault('POST', '/subnets', demo, { subnet: { network_id: net.id, ip_version: 5, cidr: '10.8.0.0/24' } })).toMatchObject({
      type: 'HTTPBadRequest',
      message: 'Invalid input for ip_version. Reason: 5 is not in valid_values.',
    });
    expect(await fault('POST', '/subnets', demo, { subnet: { network_id: net.id, ip_version: 4 } })).toMatchObject({
      message: 'Bad subnets request: a subnetpool must be specified in the absence of a cidr.',
    });
    expect(await fault('POST', '/subnets', demo, { subnet: { network_id: net.id, ip_version: 4, cidr: '10.8.0.0/32' } })).toMatchObject({
      message: 'Invalid input for operation: Subnet has a prefix length that is incompatible with DHCP service enabled.',
    });
    expect(await fault('POST', '/subnets', demo, { subnet: { network_id: 'nope', ip_version: 4, cidr: '10.8.0.0/24' } })).toMatchObject({
      message: "Invalid input for network_id. Reason: 'nope' is not a valid UUID.",
    });
    // Host bits are dropped; another network may reuse the same range.
    const other = await network(demo, 'cidr-rules-2');
    expect((await subnet(demo, other.id, { cidr: '10.9.0.5/24' })).cidr).toBe('10.9.0.0/24');
  });

  it('keeps the gateway out of the allocation pools and pools inside the CIDR', async () => {
    const net = await network(demo, 'pools');
    expect(await fault('POST', '/subnets', demo, { subnet: { network_id: net.id, ip_version: 4, cidr: '10.8.0.0/24', allocation_pools: [{ start: '10.8.0.1', end: '10.8.0.10' }] } })).toEqual({
      status: 409,
      type: 'GatewayConflictWithAllocationPools',
      message: 'Gateway ip 10.8.0.1 conflicts with allocation pool 10.8.0.1-10.8.0.10.',
      detail: '',
    });
    expect(await fault('POST', '/subnets', demo, { subnet: { network_id: net.id, ip_version: 4, cidr: '10.8.0.0/24', allocation_pools: [{ start: '10.8.0.20', end: '10.8.1.5' }] } })).toMatchObject({
      status: 400,
      type: 'OutOfBoundsAllocationPool',
    });
    const created = await subnet(demo, net.id, { cidr: '10.8.0.0/24', allocation_pools: [{ start: '10.8.0.20', end: '10.8.0.21' }] });
    expect(created.allocation_pools).toEqual([{ start: '10.8.0.20', end: '10.8.0.21' }]);
  });

  it('creates IPv6 subnets with the subnet-router address as gateway', async () => {
    const net = await network(demo, 'v6');
    const created = await subnet(demo, net.id, { ip_version: 6, cidr: 'fd00:1::/64' });
    expect(created).toMatchObject({ gateway_ip: 'fd00:1::', allocation_pools: [{ start: 'fd00:1::1', end: 'fd00:1::ffff:ffff:ffff:ffff' }], ip_version: 6 });
  });
});

describe('subnet pools', () => {
  it('allocates the default prefix length, honours min and max, and keeps one pool per network', async () => {
    const pool = (await ok('POST', '/subnetpools', demo, { subnetpool: { name: 'pp', prefixes: ['10.200.0.0/16'], default_prefixlen: 26, min_prefixlen: 24, max_prefixlen: 28 } })).subnetpool;
    expect(pool).toMatchObject({ default_prefixlen: '26', min_prefixlen: '24', max_prefixlen: '28', prefixes: ['10.200.0.0/16'], ip_version: 4 });
    expect(await fault('POST', '/subnetpools', demo, { subnetpool: { name: 'bad', prefixes: ['10.201.0.0/16'], default_prefixlen: 20, min_prefixlen: 24 } })).toMatchObject({
      status: 400,
      type: 'IllegalSubnetPoolPrefixBounds',
      message: 'Illegal prefix bounds: default_prefixlen=20, min_prefixlen=24.',
    });
    expect(await fault('POST', '/subnetpools', demo, { subnetpool: { name: 'shared', prefixes: ['10.202.0.0/16'], shared: true } })).toMatchObject({
      status: 403,
      message: '(rule:create_subnetpool and rule:create_subnetpool:shared) is disallowed by policy',
    });
    const net = await network(demo, 'from-pool');
    const first = await subnet(demo, net.id, { subnetpool_id: pool.id });
    const second = await subnet(demo, net.id, { subnetpool_id: pool.id, prefixlen: 28 });
    expect([first.cidr, second.cidr]).toEqual(['10.200.0.0/26', '10.200.0.64/28']);
    expect(first.subnetpool_id).toBe(pool.id);
    expect(await fault('POST', '/subnets', demo, { subnet: { network_id: net.id, ip_version: 4, subnetpool_id: pool.id, prefixlen: 29 } })).toMatchObject({
      type: 'MaxPrefixSubnetAllocationError',
      message: 'Unable to allocate subnet with prefix length 29, maximum allowed prefix is 28.',
    });
    expect(await fault('POST', '/subnets', demo, { subnet: { network_id: net.id, ip_version: 4, cidr: '10.77.0.0/24' } })).toMatchObject({
      type: 'NetworkSubnetPoolAffinityError',
      message: 'Subnets hosted on the same network must be allocated from the same subnet pool.',
    });
    expect(await fault('DELETE', `/subnetpools/${pool.id}`, demo)).toMatchObject({ status: 409, type: 'SubnetPoolInUse' });
  });
});

describe('ports: fixed IPs from the subnet', () => {
  it('allocates from the pools, never the gateway nor an address twice, and refuses addresses outside the network', async () => {
    const net = await network(demo, 'ipam');
    const sub = await subnet(demo, net.id, { cidr: '10.60.0.0/29' });
    const v6 = await subnet(demo, net.id, { ip_version: 6, cidr: 'fd00:60::/64', ipv6_address_mode: 'slaac', ipv6_ra_mode: 'slaac' });
    const first = await port(demo, net.id, { name: 'p1', 'binding:vnic_type': 'direct' });
    expect(first.fixed_ips[0]).toEqual({ subnet_id: sub.id, ip_address: '10.60.0.2' });
    expect(first.fixed_ips[1].subnet_id).toBe(v6.id);
    expect(first.fixed_ips[1].ip_address).toMatch(/^fd00:60::/);
    expect(first).toMatchObject({ status: 'DOWN', admin_state_up: true, device_owner: '', 'binding:vnic_type': 'direct', mac_address: expect.stringMatching(/^fa:16:3e:/) });
    expect(first.security_groups).toHaveLength(1);
    const fixed = await port(demo, net.id, { fixed_ips: [{ ip_address: '10.60.0.5' }] });
    expect(fixed.fixed_ips).toEqual([{ subnet_id: sub.id, ip_address: '10.60.0.5' }]);
    expect(await fault('POST', '/ports', demo, { port: { network_id: net.id, fixed_ips: [{ ip_address: '10.60.0.5' }] } })).toEqual({
      status: 409,
      type: 'IpAddressAlreadyAllocated',
      message: `IP address 10.60.0.5 already allocated in subnet ${sub.id}`,
      detail: '',
    });
    expect(await fault('POST', '/ports', demo, { port: { network_id: net.id, fixed_ips: [{ ip_address: '192.168.0.5' }] } })).toMatchObject({
      status: 400,
      type: 'InvalidIpForNetwork',
      message: 'IP address 192.168.0.5 is not a valid IP for any of the subnets on the specified network.',
    });
    expect(await fault('POST', '/ports', demo, { port: { network_id: net.id, 'binding:vnic_type': 'bogus' } })).toMatchObject({
      message: 'Invalid input for binding:vnic_type. Reason: bogus is not in valid_values.',
    });
    // .2 and .5 are taken, .1 is the gateway: the /29 pool .2–.6 has .3, .4, .6 left, then it is full.
    const addresses = [];
    for (let i = 0; i < 3; i++) addresses.push((await port(demo, net.id, { fixed_ips: [{ subnet_id: sub.id }] })).fixed_ips[0].ip_address);
    expect(addresses).toEqual(['10.60.0.3', '10.60.0.4', '10.60.0.6']);
    expect(await fault('POST', '/ports', demo, { port: { network_id: net.id, fixed_ips: [{ subnet_id: sub.id }] } })).toMatchObject({ status: 409, type: 'IpAddressGenerationFailure' });
    expect(await fault('DELETE', `/networks/${net.id}`, demo)).toMatchObject({ status: 409, type: 'NetworkInUse' });
    expect(await fault('DELETE', `/subnets/${sub.id}`, demo)).toMatchObject({
      status: 409,
      message: `Unable to complete operation on subnet ${sub.id}: One or more ports have an IP allocation from this subnet.`,
    });
  });
});

describe('tenancy', () => {
  it("hides admin's private network, subnets and ports from demo, on every call", async () => {
    const secret = await network(admin, 'admin-secret');
    const secretSubnet = await subnet(admin, secret.id, { cidr: '10.99.0.0/24' });
    const secretPort = await port(admin, secret.id);
    const names = (await ok('GET', '/networks', demo)).networks.map((item: { name: string }) => item.name);
    expect(names).not.toContain('admin-secret');
    expect((await ok('GET', '/ports', demo)).ports.map((item: { id: string }) => item.id)).not.toContain(secretPort.id);
    expect((await ok('GET', '/subnets', demo)).subnets.map((item: { id: string }) => item.id)).not.toContain(secretSubnet.id);
    expect(await fault('GET', `/networks/${secret.id}`, demo)).toMatchObject({ status: 404, type: 'NetworkNotFound', message: `Network ${secret.id} could not be found.` });
    expect(await fault('GET', `/ports/${secretPort.id}`, demo)).toMatchObject({ status: 404, type: 'PortNotFound' });
    expect(await fault('GET', `/subnets/${secretSubnet.id}`, demo)).toMatchObject({ status: 404, type: 'SubnetNotFound' });
    expect(await fault('PUT', `/networks/${secret.id}`, demo, { network: { name: 'x' } })).toMatchObject({ status: 404 });
    expect(await fault('DELETE', `/ports/${secretPort.id}`, demo)).toMatchObject({ status: 404 });
    expect(await fault('POST', '/ports', demo, { port: { network_id: secret.id } })).toMatchObject({ status: 404 });
    // An admin lists every project's networks, as Neutron does.
    expect((await ok('GET', '/networks', admin)).networks.map((item: { name: string }) => item.name)).toContain('admin-secret');
  });

  it('shows shared networks to every project and refuses sharing or external flags to a member', async () => {
    const shared = await network(admin, 'admin-shared', { shared: true });
    expect((await ok('GET', '/networks?shared=True', demo)).networks.map((item: { id: string }) => item.id)).toContain(shared.id);
    expect(await fault('POST', '/networks', demo, { network: { name: 'x', shared: true } })).toMatchObject({
      status: 403,
      type: 'PolicyNotAuthorized',
      message: '(rule:create_network and rule:create_network:shared) is disallowed by policy',
    });
    expect(await fault('POST', '/networks', demo, { network: { name: 'x', 'router:external': true } })).toMatchObject({ status: 403 });
    expect(await fault('POST', '/networks', demo, { network: { name: 'x', tenant_id: adminProjectId } })).toMatchObject({ status: 400 });
    expect(await fault('POST', '/networks', demo, { network: { name: 'x', bogus: 1 } })).toMatchObject({ status: 400, message: "Unrecognized attribute(s) 'bogus'" });
    const malformed = await cloud.app.inject({ method: 'POST', url: `${BASE}/networks`, headers: { 'x-auth-token': demo, 'content-type': 'application/json' }, payload: 'notjson' });
    expect(malformed.json()).toEqual({ NeutronError: { type: 'HTTPBadRequest', message: 'Body contains invalid data', detail: '' } });
  });

  it('refuses a filter that is no attribute, as the filter-validation extension does', async () => {
    expect(await fault('GET', '/networks?bogus=1', demo)).toEqual({ status: 400, type: 'HTTPBadRequest', message: "['bogus'] is invalid attribute for filtering", detail: '' });
    expect((await ok('GET', '/trunks?port_id=none', demo)).trunks).toEqual([]);
    // A router shows its status but is not filtered by it (as the real Neutron answers); a network is.
    expect(await fault('GET', '/routers?status=ACTIVE', demo)).toEqual({ status: 400, type: 'HTTPBadRequest', message: "['status'] is invalid attribute for filtering", detail: '' });
    expect((await ok('GET', '/networks?status=ACTIVE&name=private', demo)).networks).toHaveLength(1);
  });

  it('answers 401 without a token', async () => {
    const response = await cloud.app.inject({ url: `${BASE}/networks` });
    expect(response.statusCode).toBe(401);
  });
});

describe('security groups', () => {
  it('adds rules with Neutron checks and keeps the default group', async () => {
    const group = (await ok('POST', '/security-groups', demo, { security_group: { name: 'web', description: 'web servers' } })).security_group;
    expect(group.security_group_rules.map((rule: { direction: string }) => rule.direction)).toEqual(['egress', 'egress']);
    const rule = {
      security_group_id: group.id,
      direction: 'ingress',
      ethertype: 'IPv4',
      protocol: 'tcp',
      port_range_min: 80,
      port_range_max: 80,
      remote_ip_prefix: '0.0.0.0/0',
    };
    const created = (await ok('POST', '/security-group-rules', demo, { security_group_rule: rule })).security_group_rule;
    expect(await fault('POST', '/security-group-rules', demo, { security_group_rule: rule })).toMatchObject({
      status: 409,
      type: 'SecurityGroupRuleExists',
      message: `Security group rule already exists. Rule id is ${created.id}.`,
    });
    expect(await fault('POST', '/security-group-rules', demo, { security_group_rule: { ...rule, port_range_min: 90 } })).toMatchObject({
      message: 'For TCP/UDP protocols, port_range_min must be <= port_range_max',
    });
    expect(await fault('POST', '/security-group-rules', demo, { security_group_rule: { ...rule, remote_ip_prefix: 'fd00::/64' } })).toMatchObject({
      message: 'Conflicting value ethertype IPv4 for CIDR fd00::/64',
    });
    const defaultGroup = (await ok('GET', '/security-groups?name=default', demo)).security_groups[0];
    // A port of this test's own puts demo's default group in use (whatever the other tests left), and Neutron names
    // that before the default rule.
    const privateNet = (await ok('GET', '/networks?name=private', demo)).networks[0];
    const user = await port(demo, privateNet.id);
    expect(user.security_groups).toEqual([defaultGroup.id]);
    expect(await fault('DELETE', `/security-groups/${defaultGroup.id}`, demo)).toMatchObject({ status: 409, message: `Security Group ${defaultGroup.id} in use.` });
    await ok('DELETE', `/ports/${user.id}`, demo);
    await ok('DELETE', `/security-group-rules/${created.id}`, demo);
    await ok('DELETE', `/security-groups/${group.id}`, demo);
  });
});

describe('quotas', () => {
  it('reports limits and usage to the project, and lets only an admin change them', async () => {
    const details = (await ok('GET', `/quotas/${demoProjectId}/details`, demo)).quota;
    expect(details.network).toMatchObject({ limit: 100, reserved: 0 });
    expect(details.network.used).toBeGreaterThan(0);
    expect(await fault('GET', `/quotas/${adminProjectId}`, demo)).toMatchObject({ status: 403, message: 'rule:get_quota is disallowed by policy' });
    expect(await fault('PUT', `/quotas/${demoProjectId}`, demo, { quota: { network: 50 } })).toMatchObject({ status: 403, message: 'rule:update_quota is disallowed by policy' });
    const used = details.router.used;
    await ok('PUT', `/quotas/${demoProjectId}`, admin, { quota: { router: used } });
    expect(await fault('POST', '/routers', demo, { router: { name: 'one-too-many' } })).toMatchObject({ status: 409, type: 'OverQuota', message: "Quota exceeded for resources: ['router']." });
    expect((await ok('GET', `/quotas/${demoProjectId}/default`, demo)).quota.router).toBe(10);
    await ok('DELETE', `/quotas/${demoProjectId}`, admin);
    expect((await ok('GET', `/quotas/${demoProjectId}`, demo)).quota.router).toBe(10);
  });
});

describe('the whole flow the panels drive', () => {
  it('network + pool subnet, router with gateway and interface, floating IP, QoS policy with rules, trunk with subports, then deletes everything', async () => {
    const publicNet = (await ok('GET', '/networks?router:external=True', demo)).networks[0];
    const sharedPool = (await ok('GET', '/subnetpools?is_default=True', demo)).subnetpools[0];
    expect(sharedPool).toMatchObject({ shared: true, project_id: adminProjectId });

    const net = await network(demo, 'flow-net');
    const sub = await subnet(demo, net.id, { subnetpool_id: sharedPool.id, name: 'flow-subnet' });
    expect(sub.cidr).toMatch(/^10\.128\.\d+\.\d+\/26$/);

    const router = (await ok('POST', '/routers', demo, { router: { name: 'flow-router', external_gateway_info: { network_id: publicNet.id } } })).router;
    expect(router.external_gateway_info.network_id).toBe(publicNet.id);
    expect(await fault('POST', '/routers', demo, { router: { name: 'snat', external_gateway_info: { network_id: publicNet.id, enable_snat: false } } })).toMatchObject({ status: 403 });
    expect(await fault('POST', '/routers', demo, { router: { name: 'inside', external_gateway_info: { network_id: net.id } } })).toMatchObject({
      status: 400,
      type: 'BadRequest',
      message: `Bad router request: Network ${net.id} is not an external network.`,
    });
    expect(await fault('POST', '/floatingips', demo, { floatingip: { floating_network_id: publicNet.id, floating_ip_address: '172.24.4.99' } })).toMatchObject({
      status: 403,
      message: '(rule:create_floatingip and rule:create_floatingip:floating_ip_address) is disallowed by policy',
    });
    const iface = await ok('PUT', `/routers/${router.id}/add_router_interface`, demo, { subnet_id: sub.id });
    expect(iface).toMatchObject({ id: router.id, subnet_id: sub.id, network_id: net.id, subnet_ids: [sub.id] });
    const ifacePort = (await ok('GET', `/ports/${iface.port_id}`, demo)).port;
    expect(ifacePort).toMatchObject({ device_owner: 'network:router_interface', device_id: router.id, fixed_ips: [{ subnet_id: sub.id, ip_address: sub.gateway_ip }] });

    // A second subnet overlapping the first one may not join the same router.
    const clashNet = await network(demo, 'flow-clash');
    const clash = await subnet(demo, clashNet.id, { cidr: sub.cidr.replace(/\/26$/, '/27') });
    expect(await fault('PUT', `/routers/${router.id}/add_router_interface`, demo, { subnet_id: clash.id })).toMatchObject({
      status: 400,
      type: 'BadRequest',
      message: `Bad router request: Cidr ${clash.cidr} of subnet ${clash.id} overlaps with cidr ${sub.cidr} of subnet ${sub.id}.`,
    });
    expect(await fault('DELETE', `/ports/${iface.port_id}`, demo)).toMatchObject({ status: 409, type: 'ServicePortInUse' });

    const vm = await port(demo, net.id, { name: 'vm', device_owner: 'compute:nova', device_id: 'a-server' });
    const fip = (await ok('POST', '/floatingips', demo, { floatingip: { floating_network_id: publicNet.id } })).floatingip;
    expect(fip).toMatchObject({ port_id: null, fixed_ip_address: null, router_id: null, status: 'DOWN', floating_network_id: publicNet.id });
    expect(fip.floating_ip_address).toMatch(/^172\.24\.4\./);
    expect(await fault('POST', '/floatingips', demo, { floatingip: { floating_network_id: net.id } })).toMatchObject({
      message: `Bad floatingip request: Network ${net.id} is not a valid external network.`,
    });
    const lonely = await port(demo, clashNet.id);
    expect(await fault('PUT', `/floatingips/${fip.id}`, demo, { floatingip: { port_id: lonely.id } })).toMatchObject({
      status: 404,
      type: 'ExternalGatewayForFloatingIPNotFound',
      message: `External network ${publicNet.id} is not reachable from subnet ${clash.id}.  Therefore, cannot associate Port ${lonely.id} with a Floating IP.`,
    });
    const associated = (await ok('PUT', `/floatingips/${fip.id}`, demo, { floatingip: { port_id: vm.id } })).floatingip;
    expect(associated).toMatchObject({ port_id: vm.id, fixed_ip_address: vm.fixed_ips[0].ip_address, router_id: router.id, port_details: { device_owner: 'compute:nova', device_id: 'a-server' } });
    expect(await fault('PUT', `/routers/${router.id}/remove_router_interface`, demo, { subnet_id: sub.id })).toMatchObject({ status: 409, type: 'RouterInterfaceInUseByFloatingIP' });
    const released = (await ok('PUT', `/floatingips/${fip.id}`, demo, { floatingip: { port_id: null } })).floatingip;
    expect(released).toMatchObject({ port_id: null, fixed_ip_address: null, router_id: null });

    // QoS policies are the admin's (rule:admin_only), shared so demo can use them.
    expect(await fault('POST', '/qos/policies', demo, { policy: { name: 'nope' } })).toMatchObject({ status: 403, message: 'rule:create_policy is disallowed by policy' });
    const policy = (await ok('POST', '/qos/policies', admin, { policy: { name: 'gold', description: 'fast', shared: true } })).policy;
    const limit = (await ok('POST', `/qos/policies/${policy.id}/bandwidth_limit_rules`, admin, { bandwidth_limit_rule: { max_kbps: 10000, max_burst_kbps: 2000 } })).bandwidth_limit_rule;
    expect(limit).toMatchObject({ max_kbps: 10000, max_burst_kbps: 2000, direction: 'egress' });
    expect(await fault('POST', `/qos/policies/${policy.id}/bandwidth_limit_rules`, admin, { bandwidth_limit_rule: { max_kbps: 1 } })).toMatchObject({ status: 409 });
    await ok('POST', `/qos/policies/${policy.id}/minimum_bandwidth_rules`, admin, { minimum_bandwidth_rule: { min_kbps: 1000 } });
    await ok('POST', `/qos/policies/${policy.id}/dscp_marking_rules`, admin, { dscp_marking_rule: { dscp_mark: 26 } });
    expect(await fault('POST', `/qos/policies/${policy.id}/dscp_marking_rules`, admin, { dscp_marking_rule: { dscp_mark: 27 } })).toMatchObject({
      message: 'Invalid input for dscp_mark. Reason: 27 is not in valid_values.',
    });
    const seen = (await ok('GET', `/qos/policies/${policy.id}`, demo)).policy;
    expect(seen.rules.map((rule: { type: string }) => rule.type)).toEqual(['bandwidth_limit', 'minimum_bandwidth', 'dscp_marking']);
    await ok('PUT', `/qos/policies/${policy.id}/bandwidth_limit_rules/${limit.id}`, admin, { bandwidth_limit_rule: { max_kbps: 5000 } });
    await ok('PUT', `/ports/${vm.id}`, demo, { port: { qos_policy_id: policy.id } });
    expect(await fault('DELETE', `/qos/policies/${policy.id}`, admin)).toMatchObject({ status: 409, message: `QoS Policy ${policy.id} is used by port ${vm.id}.` });
    await ok('PUT', `/ports/${vm.id}`, demo, { port: { qos_policy_id: null } });

    const parent = await port(demo, net.id, { name: 'trunk-parent' });
    const sub1 = await port(demo, net.id, { name: 'sub1' });
    const sub2 = await port(demo, net.id, { name: 'sub2' });
    const sub3 = await port(demo, net.id, { name: 'sub3' });
    expect(await fault('POST', '/trunks', demo, { trunk: { port_id: parent.id, sub_ports: [{ port_id: sub1.id, segmentation_type: 'vlan', segmentation_id: 4095 }] } })).toMatchObject({ status: 400 });
    const trunk = (
      await ok('POST', '/trunks', demo, {
        trunk: {
          name: 'flow-trunk',
          port_id: parent.id,
          sub_ports: [
            { port_id: sub1.id, segmentation_type: 'vlan', segmentation_id: 100 },
            { port_id: sub2.id, segmentation_type: 'inherit' },
          ],
        },
      })
    ).trunk;
    expect(trunk).toMatchObject({ name: 'flow-trunk', port_id: parent.id, admin_state_up: true, status: 'DOWN' });
    expect(trunk.sub_ports).toEqual([
      { port_id: sub1.id, segmentation_type: 'vlan', segmentation_id: 100 },
      { port_id: sub2.id, segmentation_type: 'inherit', segmentation_id: net['provider:segmentation_id'] ?? expect.any(Number) },
    ]);
    expect((await ok('GET', `/ports/${parent.id}`, demo)).port.trunk_details).toMatchObject({ trunk_id: trunk.id });
    expect((await ok('GET', `/ports/${sub1.id}`, demo)).port).toMatchObject({ device_owner: 'trunk:subport', device_id: trunk.id });
    expect(await fault('PUT', `/trunks/${trunk.id}/add_subports`, demo, { sub_ports: [{ port_id: sub3.id, segmentation_type: 'vlan', segmentation_id: 100 }] })).toMatchObject({
      status: 409,
      type: 'DuplicateSubPort',
    });
    expect(await fault('POST', '/trunks', demo, { trunk: { port_id: sub1.id } })).toMatchObject({ status: 409, type: 'ParentPortInUse' });
    // The edit: rename, drop one subport, add another.
    await ok('PUT', `/trunks/${trunk.id}`, demo, { trunk: { name: 'flow-trunk-2' } });
    await ok('PUT', `/trunks/${trunk.id}/remove_subports`, demo, { sub_ports: [{ port_id: sub2.id }] });
    const edited = await ok('PUT', `/trunks/${trunk.id}/add_subports`, demo, { sub_ports: [{ port_id: sub3.id, segmentation_type: 'vlan', segmentation_id: 300 }] });
    expect(edited.name).toBe('flow-trunk-2');
    expect(edited.sub_ports.map((item: { port_id: string }) => item.port_id)).toEqual([sub1.id, sub3.id]);
    expect(await fault('DELETE', `/ports/${parent.id}`, demo)).toMatchObject({ status: 409, type: 'PortInUseAsTrunkParent' });

    // Delete everything, in the order the panels allow.
    await ok('DELETE', `/trunks/${trunk.id}`, demo);
    for (const item of [parent, sub1, sub2, sub3, vm, lonely]) await ok('DELETE', `/ports/${item.id}`, demo);
    await ok('DELETE', `/qos/policies/${policy.id}`, admin);
    await ok('DELETE', `/floatingips/${fip.id}`, demo);
    expect(await fault('DELETE', `/routers/${router.id}`, demo)).toMatchObject({ status: 409, type: 'RouterInUse' });
    await ok('PUT', `/routers/${router.id}/remove_router_interface`, demo, { subnet_id: sub.id });
    await ok('DELETE', `/routers/${router.id}`, demo);
    await ok('DELETE', `/networks/${net.id}`, demo);
    await ok('DELETE', `/networks/${clashNet.id}`, demo);
    expect(await fault('GET', `/subnets/${sub.id}`, demo)).toMatchObject({ status: 404 });
    // The public addresses went back: no port is left on the external network for these.
    const publicPorts = (await ok('GET', `/ports?network_id=${publicNet.id}`, admin)).ports;
    expect(publicPorts.every((item: { device_id: string }) => item.device_id !== router.id && item.device_id !== fip.id)).toBe(true);
  });
});

describe('persistence', () => {
  it('keeps networks across a restart and seeds the topology only once', async () => {
    const own = await startEmulator();
    try {
      const token = await tokenFor(own.app, 'demo');
      const created = await own.app.inject({ method: 'POST', url: `${BASE}/networks`, headers: { 'x-auth-token': token }, payload: { network: { name: 'kept' } } });
      expect(created.statusCode).toBe(201);
      const restarted = await startEmulator({ dataDir: own.dataDir });
      try {
        const again = await tokenFor(restarted.app, 'demo');
        const names = (await restarted.app.inject({ url: `${BASE}/networks`, headers: { 'x-auth-token': again } })).json().networks.map((item: { name: string }) => item.name);
        expect(names.sort()).toEqual(['kept', 'private', 'public']);
      } finally {
        await restarted.close();
      }
    } finally {
      await own.close();
    }
  });
});
