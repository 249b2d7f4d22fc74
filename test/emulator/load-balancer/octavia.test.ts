import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDataDir, removeDataDir, startEmulator, type TestEmulator, tokenFor, userWithRole } from '../../support/emulator.js';

let cloud: TestEmulator;
let admin: string;
let demo: string;
let subnetId: string;
let networkId: string;
const dataDir = makeDataDir();
const LBAAS = '/cloud/load-balancer/v2/lbaas';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function octavia(method: Method, path: string, body?: unknown, token = demo) {
  return cloud.app.inject({ method, url: `${LBAAS}${path}`, headers: { 'x-auth-token': token }, ...(body === undefined ? {} : { payload: body as object }) });
}

/** Moves the clock past the load balancer transition (EMULATOR_LB_TRANSITION_MS, 1.5 s by default). */
const settle = () => cloud.clock.advance(2);

async function createSettled(body: unknown): Promise<Record<string, any>> {
  const response = await octavia('POST', '/loadbalancers', body);
  expect(response.statusCode, response.body).toBe(201);
  settle();
  return response.json().loadbalancer;
}

beforeAll(async () => {
  cloud = await startEmulator({ dataDir });
  admin = await tokenFor(cloud.app, 'admin');
  demo = await tokenFor(cloud.app, 'demo');
  const subnets = (await cloud.app.inject({ url: '/cloud/network/v2.0/subnets?name=private-subnet', headers: { 'x-auth-token': demo } })).json().subnets;
  subnetId = subnets.find((subnet: { project_id: string }) => subnet.project_id)!.id;
  networkId = subnets[0].network_id;
});
afterAll(async () => {
  await cloud.close();
  removeDataDir(dataDir);
});

describe('the load-balancer catalog entry and version document', () => {
  it('publishes Octavia as load-balancer at the service root and lists v2.0 to v2.26', async () => {
    const catalog = (await cloud.app.inject({ url: '/cloud/identity/v3/auth/catalog', headers: { 'x-auth-token': demo } })).json().catalog;
    const entry = catalog.find((service: { type: string }) => service.type === 'load-balancer');
    expect(entry.name).toBe('octavia');
    expect(entry.endpoints[0].url).toBe('http://cloud.test/cloud/load-balancer');
    const versions = (await cloud.app.inject({ url: '/cloud/load-balancer/' })).json().versions;
    expect(versions.at(-1)).toMatchObject({ id: 'v2.26', status: 'CURRENT' });
  });

  it('answers 401 without a token', async () => {
    const response = await cloud.app.inject({ url: `${LBAAS}/loadbalancers` });
    expect(response.statusCode).toBe(401);
  });
});

describe('a load balancer and its VIP port', () => {
  it('creates the VIP port in Neutron on the chosen subnet and reports its address', async () => {
    const response = await octavia('POST', '/loadbalancers', { loadbalancer: { name: 'web', vip_subnet_id: subnetId } });
    expect(response.statusCode).toBe(201);
    const lb = response.json().loadbalancer;
    expect(lb).toMatchObject({ name: 'web', provisioning_status: 'PENDING_CREATE', operating_status: 'OFFLINE', vip_subnet_id: subnetId, vip_network_id: networkId, provider: 'amphora' });
    const port = (await cloud.app.inject({ url: `/cloud/network/v2.0/ports/${lb.vip_port_id}`, headers: { 'x-auth-token': demo } })).json().port;
    expect(port).toMatchObject({ device_owner: 'Octavia', name: `octavia-lb-${lb.id}`, network_id: networkId });
    expect(port.fixed_ips).toEqual([{ subnet_id: subnetId, ip_address: lb.vip_address }]);
    settle();
    const settled = (await octavia('GET', `/loadbalancers/${lb.id}`)).json().loadbalancer;
    expect(settled).toMatchObject({ provisioning_status: 'ACTIVE', operating_status: 'ONLINE' });
  });

  it('takes a requested VIP address and refuses one outside the subnet', async () => {
    const lb = await createSettled({ loadbalancer: { vip_subnet_id: subnetId, vip_address: '10.0.0.200' } });
    expect(lb.vip_address).toBe('10.0.0.200');
    const wrong = await octavia('POST', '/loadbalancers', { loadbalancer: { vip_subnet_id: subnetId, vip_address: '192.168.9.9' } });
    expect(wrong.statusCode).toBe(400);
  });

  it('needs a VIP subnet, network or port', async () => {
    const response = await octavia('POST', '/loadbalancers', { loadbalancer: { name: 'x' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ faultcode: 'Client', faultstring: 'Validation failure: VIP must contain one of: vip_port_id, vip_network_id, vip_subnet_id.', debuginfo: null });
  });

  it('refuses a change while the load balancer is pending, with Octavia’s 409', async () => {
    const response = await octavia('POST', '/loadbalancers', { loadbalancer: { vip_subnet_id: subnetId } });
    const lb = response.json().loadbalancer;
    const update = await octavia('PUT', `/loadbalancers/${lb.id}`, { loadbalancer: { name: 'renamed' } });
    expect(update.statusCode).toBe(409);
    expect(update.json().faultstring).toBe(`Invalid state PENDING_CREATE of loadbalancer resource ${lb.id}`);
    const listener = await octavia('POST', '/listeners', { listener: { loadbalancer_id: lb.id, protocol: 'HTTP', protocol_port: 80 } });
    expect(listener.statusCode).toBe(409);
    expect(listener.json().faultstring).toBe(`Load Balancer ${lb.id} is immutable and cannot be updated.`);
    settle();
    expect((await octavia('PUT', `/loadbalancers/${lb.id}`, { loadbalancer: { name: 'renamed' } })).json().loadbalancer).toMatchObject({ name: 'renamed', provisioning_status: 'PENDING_UPDATE' });
    settle();
    expect((await octavia('GET', `/loadbalancers/${lb.id}`)).json().loadbalancer.provisioning_status).toBe('ACTIVE');
  });

  it('refuses to delete a load balancer with children unless cascading, and the cascade removes the tree and the VIP port', async () => {
    const lb = await createSettled({
      loadbalancer: { vip_subnet_id: subnetId, listeners: [{ protocol: 'HTTP', protocol_port: 80, default_pool: { name: 'p', protocol: 'HTTP', lb_algorithm: 'ROUND_ROBIN', members: [{ address: '10.0.0.50', protocol_port: 80 }] } }] },
    });
    const refused = await octavia('DELETE', `/loadbalancers/${lb.id}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().faultstring).toBe(`Validation failure: Cannot delete Load Balancer ${lb.id} - it has children`);
    expect((await octavia('DELETE', `/loadbalancers/${lb.id}?cascade=true`)).statusCode).toBe(204);
    expect((await octavia('GET', `/loadbalancers/${lb.id}`)).json().loadbalancer.provisioning_status).toBe('PENDING_DELETE');
    settle();
    expect((await octavia('GET', `/loadbalancers/${lb.id}`)).statusCode).toBe(404);
    expect((await octavia('GET', `/listeners/${lb.listeners[0].id}`)).statusCode).toBe(404);
    expect((await octavia('GET', `/pools/${lb.pools[0].id}`)).statusCode).toBe(404);
    expect((await cloud.app.inject({ url: `/cloud/network/v2.0/ports/${lb.vip_port_id}`, headers: { 'x-auth-token': demo } })).statusCode).toBe(404);
  });
});

describe('the fully populated create', () => {
  it('creates listener, pool, members, monitor and L7 policy in one call and answers the whole tree', async () => {
    const response = await octavia('POST', '/loadbalancers', {
      loadbalancer: {
        name: 'full',
        vip_subnet_id: subnetId,
        listeners: [
          {
            name: 'http',
            protocol: 'HTTP',
            protocol_port: 80,
            default_pool: {
              name: 'pool',
              protocol: 'HTTP',
              lb_algorithm: 'ROUND_ROBIN',
              session_persistence: { type: 'APP_COOKIE', cookie_name: 'sid' },
              members: [
                { address: '10.0.0.11', protocol_port: 80, subnet_id: subnetId },
                { address: '10.0.0.12', protocol_port: 80, weight: 5 },
              ],
              healthmonitor: { type: 'HTTP', delay: 5, timeout: 5, max_retries: 3 },
            },
            l7policies: [{ action: 'REJECT', rules: [{ type: 'PATH', compare_type: 'STARTS_WITH', value: '/admin' }] }],
          },
        ],
      },
    });
    expect(response.statusCode).toBe(201);
    const lb = response.json().loadbalancer;
    expect(lb.listeners).toHaveLength(1);
    expect(lb.listeners[0]).toMatchObject({ name: 'http', provisioning_status: 'PENDING_CREATE', default_pool_id: lb.pools[0].id, connection_limit: -1, timeout_client_data: 50000 });
    expect(lb.pools[0].members.map((member: { address: string; weight: number }) => [member.address, member.weight])).toEqual([['10.0.0.11', 1], ['10.0.0.12', 5]]);
    expect(lb.pools[0].healthmonitor).toMatchObject({ type: 'HTTP', http_method: 'GET', url_path: '/', expected_codes: '200', max_retries_down: 3 });
    expect(lb.pools[0].session_persistence).toEqual({ type: 'APP_COOKIE', cookie_name: 'sid', persistence_timeout: null, persistence_granularity: null });
    settle();
    const policies = (await octavia('GET', `/l7policies?listener_id=${lb.listeners[0].id}`)).json().l7policies;
    expect(policies).toHaveLength(1);
    expect(policies[0]).toMatchObject({ action: 'REJECT', position: 1, provisioning_status: 'ACTIVE' });
    const rules = (await octavia('GET', `/l7policies/${policies[0].id}/rules`)).json().rules;
    expect(rules[0]).toMatchObject({ type: 'PATH', compare_type: 'STARTS_WITH', value: '/admin', invert: false, key: null });
    const status = (await octavia('GET', `/loadbalancers/${lb.id}/status`)).json().statuses.loadbalancer;
    expect(status.listeners[0].pools[0].members).toHaveLength(2);
    expect(status.provisioning_status).toBe('ACTIVE');
  });

  it('needs every pool of the tree named, as Octavia does', async () => {
    const response = await octavia('POST', '/loadbalancers', { loadbalancer: { vip_subnet_id: subnetId, listeners: [{ protocol: 'HTTP', protocol_port: 80, default_pool: { protocol: 'HTTP', lb_algorithm: 'ROUND_ROBIN' } }] } });
    expect(response.statusCode).toBe(400);
    expect(response.json().faultstring).toBe('Validation failure: Pools must be named when creating a fully populated loadbalancer.');
  });

  it('refuses the whole tree when one member is invalid, leaving nothing behind', async () => {
    const before = (await octavia('GET', '/loadbalancers')).json().loadbalancers.length;
    const response = await octavia('POST', '/loadbalancers', {
      loadbalancer: { vip_subnet_id: subnetId, listeners: [{ protocol: 'HTTP', protocol_port: 80, default_pool: { name: 'p', protocol: 'HTTP', lb_algorithm: 'ROUND_ROBIN', members: [{ address: '10.0.0.1', protocol_port: 70000 }] } }] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().faultstring).toBe("Invalid input for field/attribute protocol_port. Value: '70000'. Value should be lower or equal to 65535");
    expect((await octavia('GET', '/loadbalancers')).json().loadbalancers.length).toBe(before);
  });
});

describe('listeners, pools, members, monitors and L7 rules one by one', () => {
  let lb: Record<string, any>;
  beforeAll(async () => {
    lb = await createSettled({ loadbalancer: { name: 'steps', vip_subnet_id: subnetId } });
  });

  it('walks every change through PENDING_UPDATE of the load balancer and back to ACTIVE', async () => {
    const listener = await octavia('POST', '/listeners', { listener: { loadbalancer_id: lb.id, protocol: 'HTTP', protocol_port: 8080, name: 'l' } });
    expect(listener.statusCode).toBe(201);
    expect((await octavia('GET', `/loadbalancers/${lb.id}`)).json().loadbalancer.provisioning_status).toBe('PENDING_UPDATE');
    settle();
    const listenerId = listener.json().listener.id;
    const duplicate = await octavia('POST', '/listeners', { listener: { loadbalancer_id: lb.id, protocol: 'HTTP', protocol_port: 8080 } });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().faultstring).toBe('Another Listener on this Load Balancer is already using protocol HTTP and protocol_port 8080');

    const wrongProtocol = await octavia('POST', '/pools', { pool: { listener_id: listenerId, protocol: 'UDP', lb_algorithm: 'ROUND_ROBIN' } });
    expect(wrongProtocol.statusCode).toBe(400);
    const pool = (await octavia('POST', '/pools', { pool: { listener_id: listenerId, protocol: 'HTTP', lb_algorithm: 'LEAST_CONNECTIONS' } })).json().pool;
    expect(pool.listeners).toEqual([{ id: listenerId }]);
    settle();
    expect((await octavia('GET', `/listeners/${listenerId}`)).json().listener.default_pool_id).toBe(pool.id);

    const member = (await octavia('POST', `/pools/${pool.id}/members`, { member: { address: '10.0.0.21', protocol_port: 80 } })).json().member;
    expect(member).toMatchObject({ operating_status: 'OFFLINE', provisioning_status: 'PENDING_CREATE', weight: 1, backup: false });
    settle();
    expect((await octavia('GET', `/pools/${pool.id}/members/${member.id}`)).json().member.operating_status).toBe('NO_MONITOR');
    const again = await octavia('POST', `/pools/${pool.id}/members`, { member: { address: '10.0.0.21', protocol_port: 80 } });
    expect(again.statusCode).toBe(409);

    const monitor = await octavia('POST', '/healthmonitors', { healthmonitor: { pool_id: pool.id, type: 'PING', delay: 5, timeout: 3, max_retries: 11 } });
    expect(monitor.statusCode).toBe(400);
    expect(monitor.json().faultstring).toBe("Invalid input for field/attribute max_retries. Value: '11'. Value should be lower or equal to 10");
    const ping = (await octavia('POST', '/healthmonitors', { healthmonitor: { pool_id: pool.id, type: 'PING', delay: 5, timeout: 3, max_retries: 2 } })).json().healthmonitor;
    expect(ping).toMatchObject({ http_method: null, url_path: null, expected_codes: null, pools: [{ id: pool.id }] });
    settle();
    expect((await octavia('POST', '/healthmonitors', { healthmonitor: { pool_id: pool.id, type: 'TCP', delay: 5, timeout: 3, max_retries: 2 } })).statusCode).toBe(409);
    // The member's address belongs to no running instance: the monitor finds it down, the pool in ERROR, the load balancer DEGRADED.
    expect((await octavia('GET', `/pools/${pool.id}/members/${member.id}`)).json().member.operating_status).toBe('ERROR');
    expect((await octavia('GET', `/pools/${pool.id}`)).json().pool).toMatchObject({ operating_status: 'ERROR', healthmonitor_id: ping.id });
    expect((await octavia('GET', `/loadbalancers/${lb.id}`)).json().loadbalancer.operating_status).toBe('DEGRADED');

    const updated = await octavia('PUT', `/pools/${pool.id}/members/${member.id}`, { member: { weight: 7, admin_state_up: false } });
    expect(updated.json().member).toMatchObject({ weight: 7, provisioning_status: 'PENDING_UPDATE' });
    settle();
    expect((await octavia('GET', `/pools/${pool.id}/members/${member.id}`)).json().member.operating_status).toBe('OFFLINE');

    const policy = (await octavia('POST', '/l7policies', { l7policy: { listener_id: listenerId, action: 'REDIRECT_TO_URL', redirect_url: 'https://example.org/' } })).json().l7policy;
    settle();
    const headerWithoutKey = await octavia('POST', `/l7policies/${policy.id}/rules`, { rule: { type: 'HEADER', compare_type: 'EQUAL_TO', value: 'x' } });
    expect(headerWithoutKey.statusCode).toBe(400);
    const rule = await octavia('POST', `/l7policies/${policy.id}/rules`, { rule: { type: 'FILE_TYPE', compare_type: 'EQUAL_TO', value: 'jpg' } });
    expect(rule.statusCode).toBe(201);
    settle();
    const first = (await octavia('POST', '/l7policies', { l7policy: { listener_id: listenerId, action: 'REJECT', position: 1 } })).json().l7policy;
    settle();
    expect((await octavia('GET', `/l7policies/${policy.id}`)).json().l7policy.position).toBe(2);
    expect(first.position).toBe(1);
  });

  it('deletes a pool with its members and monitor, and clears the listener’s default pool', async () => {
    const listener = (await octavia('POST', '/listeners', { listener: { loadbalancer_id: lb.id, protocol: 'TCP', protocol_port: 9000 } })).json().listener;
    settle();
    const pool = (await octavia('POST', '/pools', { pool: { listener_id: listener.id, protocol: 'TCP', lb_algorithm: 'SOURCE_IP', members: [{ address: '10.0.0.31', protocol_port: 22 }], healthmonitor: { type: 'TCP', delay: 3, timeout: 2, max_retries: 1 } } })).json().pool;
    settle();
    const members = (await octavia('GET', `/pools/${pool.id}/members`)).json().members;
    expect(members).toHaveLength(1);
    expect((await octavia('DELETE', `/pools/${pool.id}`)).statusCode).toBe(204);
    expect((await octavia('GET', `/pools/${pool.id}`)).json().pool.provisioning_status).toBe('PENDING_DELETE');
    settle();
    expect((await octavia('GET', `/pools/${pool.id}`)).statusCode).toBe(404);
    expect((await octavia('GET', `/healthmonitors?pool_id=${pool.id}`)).json().healthmonitors).toEqual([]);
    expect((await octavia('GET', `/listeners/${listener.id}`)).json().listener.default_pool_id).toBeNull();
  });

  it('replaces the member list in one call (PUT /pools/{id}/members), matching members by address and port', async () => {
    const pool = (await octavia('POST', '/pools', { pool: { loadbalancer_id: lb.id, protocol: 'HTTP', lb_algorithm: 'ROUND_ROBIN', members: [{ address: '10.0.0.41', protocol_port: 80 }, { address: '10.0.0.42', protocol_port: 80 }] } })).json().pool;
    settle();
    const replace = await octavia('PUT', `/pools/${pool.id}/members`, { members: [{ address: '10.0.0.42', protocol_port: 80, weight: 3 }, { address: '10.0.0.43', protocol_port: 80 }] });
    expect(replace.statusCode).toBe(202);
    settle();
    const members = (await octavia('GET', `/pools/${pool.id}/members`)).json().members;
    expect(members.map((member: { address: string; weight: number }) => [member.address, member.weight])).toEqual([['10.0.0.42', 3], ['10.0.0.43', 1]]);
  });
});

describe('TERMINATED_HTTPS listeners and Barbican', () => {
  async function certificateContainer(token = demo): Promise<string> {
    const secret = await cloud.app.inject({ method: 'POST', url: '/cloud/key-manager/v1/secrets', headers: { 'x-auth-token': token }, payload: { name: 'cert', payload: '-----BEGIN CERTIFICATE-----', payload_content_type: 'text/plain' } });
    const key = await cloud.app.inject({ method: 'POST', url: '/cloud/key-manager/v1/secrets', headers: { 'x-auth-token': token }, payload: { name: 'key', payload: '-----BEGIN PRIVATE KEY-----', payload_content_type: 'text/plain' } });
    const container = await cloud.app.inject({
      method: 'POST',
      url: '/cloud/key-manager/v1/containers',
      headers: { 'x-auth-token': token },
      payload: { type: 'certificate', name: 'tls', secret_refs: [{ name: 'certificate', secret_ref: secret.json().secret_ref }, { name: 'private_key', secret_ref: key.json().secret_ref }] },
    });
    expect(container.statusCode).toBe(201);
    return container.json().container_ref;
  }

  it('needs a container reference that resolves in Barbican, and registers the load balancer as its consumer', async () => {
    const lb = await createSettled({ loadbalancer: { vip_subnet_id: subnetId } });
    const none = await octavia('POST', '/listeners', { listener: { loadbalancer_id: lb.id, protocol: 'TERMINATED_HTTPS', protocol_port: 443 } });
    expect(none.json().faultstring).toBe('Validation failure: An SNI or default certificate container reference must be provided for TERMINATED_HTTPS protocol listeners.');
    const bogus = 'http://cloud.test/cloud/key-manager/v1/containers/00000000-0000-0000-0000-000000000000';
    const missing = await octavia('POST', '/listeners', { listener: { loadbalancer_id: lb.id, protocol: 'TERMINATED_HTTPS', protocol_port: 443, default_tls_container_ref: bogus } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().faultstring).toBe(`Could not retrieve certificate: ['${bogus}']`);
    const othersContainer = await certificateContainer(admin);
    expect((await octavia('POST', '/listeners', { listener: { loadbalancer_id: lb.id, protocol: 'TERMINATED_HTTPS', protocol_port: 443, default_tls_container_ref: othersContainer } })).statusCode).toBe(400);

    const ref = await certificateContainer();
    const listener = await octavia('POST', '/listeners', { listener: { loadbalancer_id: lb.id, protocol: 'TERMINATED_HTTPS', protocol_port: 443, default_tls_container_ref: ref, sni_container_refs: [ref] } });
    expect(listener.statusCode).toBe(201);
    const container = (await cloud.app.inject({ url: ref.replace('http://cloud.test', ''), headers: { 'x-auth-token': demo } })).json();
    expect(container.consumers).toEqual([{ name: 'lbaas', URL: `http://cloud.test${LBAAS}/loadbalancers/${lb.id}` }]);
    settle();
    expect((await octavia('DELETE', `/listeners/${listener.json().listener.id}`)).statusCode).toBe(204);
    settle();
    expect((await octavia('GET', `/listeners/${listener.json().listener.id}`)).statusCode).toBe(404);
    expect((await cloud.app.inject({ url: ref.replace('http://cloud.test', ''), headers: { 'x-auth-token': demo } })).json().consumers).toEqual([]);
  });
});

describe('members found by health monitors', () => {
  it('reports a member ONLINE when its address is a running instance’s port', async () => {
    const flavors = (await cloud.app.inject({ url: '/cloud/compute/v2.1/flavors', headers: { 'x-auth-token': demo } })).json().flavors;
    const images = (await cloud.app.inject({ url: '/cloud/image/v2/images', headers: { 'x-auth-token': demo } })).json().images;
    const boot = await cloud.app.inject({
      method: 'POST',
      url: '/cloud/compute/v2.1/servers',
      headers: { 'x-auth-token': demo },
      payload: { server: { name: 'backend', imageRef: images[0].id, flavorRef: flavors[0].id, networks: [{ uuid: networkId }] } },
    });
    expect(boot.statusCode, boot.body).toBe(202);
    cloud.clock.advance(30);
    const ports = (await cloud.app.inject({ url: `/cloud/network/v2.0/ports?device_id=${boot.json().server.id}`, headers: { 'x-auth-token': demo } })).json().ports;
    const address = ports[0].fixed_ips[0].ip_address;
    const lb = await createSettled({
      loadbalancer: {
        vip_subnet_id: subnetId,
        listeners: [{ protocol: 'HTTP', protocol_port: 80, default_pool: { name: 'p', protocol: 'HTTP', lb_algorithm: 'ROUND_ROBIN', members: [{ address, protocol_port: 80 }, { address: '10.0.0.250', protocol_port: 80 }], healthmonitor: { type: 'HTTP', delay: 5, timeout: 5, max_retries: 3 } } }],
      },
    });
    const members = (await octavia('GET', `/pools/${lb.pools[0].id}/members`)).json().members;
    expect(members.map((member: { operating_status: string }) => member.operating_status)).toEqual(['ONLINE', 'ERROR']);
    expect((await octavia('GET', `/pools/${lb.pools[0].id}`)).json().pool.operating_status).toBe('DEGRADED');
  });
});

describe('projects and the operator catalog', () => {
  it('shows a project only its own load balancers and refuses another project’s with 403', async () => {
    const adminLb = (await octavia('POST', '/loadbalancers', { loadbalancer: { name: 'admins', vip_subnet_id: subnetId } }, admin)).json().loadbalancer;
    const mine = (await octavia('GET', '/loadbalancers')).json().loadbalancers;
    expect(mine.some((lb: { id: string }) => lb.id === adminLb.id)).toBe(false);
    expect((await octavia('GET', `/loadbalancers/${adminLb.id}`)).statusCode).toBe(403);
    expect((await octavia('GET', '/loadbalancers', undefined, admin)).json().loadbalancers.some((lb: { id: string }) => lb.id === adminLb.id)).toBe(true);
  });

  it('lets a reader look but not create', async () => {
    const reader = await userWithRole(cloud, { user: 'lb-reader', project: 'demo', role: 'reader' });
    expect((await octavia('GET', '/loadbalancers', undefined, reader.token)).statusCode).toBe(200);
    const refused = await octavia('POST', '/loadbalancers', { loadbalancer: { vip_subnet_id: subnetId } }, reader.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().faultstring).toBe('Policy does not allow this request to be performed.');
  });

  it('keeps flavor profiles for the admin, offers flavors to projects, and ends in ERROR when the profile asks for it', async () => {
    expect((await octavia('GET', '/flavorprofiles')).statusCode).toBe(403);
    const profile = (await octavia('POST', '/flavorprofiles', { flavorprofile: { name: 'broken', provider_name: 'amphora', flavor_data: '{"emulator:provisioning_status": "ERROR"}' } }, admin)).json().flavorprofile;
    const flavor = (await octavia('POST', '/flavors', { flavor: { name: 'broken', flavor_profile_id: profile.id } }, admin));
    expect(flavor.statusCode).toBe(201);
    expect((await octavia('GET', '/flavors')).json().flavors.map((item: { name: string }) => item.name)).toContain('broken');
    const lb = await createSettled({ loadbalancer: { vip_subnet_id: subnetId, flavor_id: flavor.json().flavor.id } });
    const failed = (await octavia('GET', `/loadbalancers/${lb.id}`)).json().loadbalancer;
    expect(failed).toMatchObject({ provisioning_status: 'ERROR', operating_status: 'ERROR' });
    expect((await octavia('DELETE', `/flavors/${flavor.json().flavor.id}`, undefined, admin)).statusCode).toBe(409);
    expect((await octavia('DELETE', `/loadbalancers/${lb.id}`)).statusCode).toBe(204);
  });

  it('creates a load balancer only with an enabled flavor and availability zone, answering 400 as Octavia does otherwise, and shows both on it', async () => {
    const flavorProfile = (await octavia('POST', '/flavorprofiles', { flavorprofile: { name: 'choice', provider_name: 'amphora', flavor_data: '{}' } }, admin)).json().flavorprofile;
    const zoneProfile = (await octavia('POST', '/availabilityzoneprofiles', { availability_zone_profile: { name: 'choice', provider_name: 'amphora', availability_zone_data: '{}' } }, admin)).json().availability_zone_profile;
    const flavor = (await octavia('POST', '/flavors', { flavor: { name: 'choice-on', flavor_profile_id: flavorProfile.id } }, admin)).json().flavor;
    const offFlavor = (await octavia('POST', '/flavors', { flavor: { name: 'choice-off', flavor_profile_id: flavorProfile.id, enabled: false } }, admin)).json().flavor;
    expect((await octavia('POST', '/availabilityzones', { availability_zone: { name: 'az-on', availability_zone_profile_id: zoneProfile.id } }, admin)).statusCode).toBe(201);
    expect((await octavia('POST', '/availabilityzones', { availability_zone: { name: 'az-off', availability_zone_profile_id: zoneProfile.id, enabled: false } }, admin)).statusCode).toBe(201);
    const before = (await octavia('GET', '/loadbalancers')).json().loadbalancers.length;

    const refusals = [
      [{ flavor_id: '00000000-0000-0000-0000-000000000000' }, 'The selected flavor is not allowed in this deployment: 00000000-0000-0000-0000-000000000000'],
      [{ flavor_id: offFlavor.id }, `The selected flavor is not allowed in this deployment: ${offFlavor.id}`],
      [{ flavor_id: 'not-a-uuid' }, "Invalid input for field/attribute flavor_id. Value: 'not-a-uuid'. Value should be UUID format"],
      [{ availability_zone: 'az-nowhere' }, 'Validation failure: Invalid availability zone.'],
      [{ availability_zone: 'az-off' }, 'The selected availability_zone is not allowed in this deployment: az-off'],
    ] as const;
    for (const [choice, message] of refusals) {
      const refused = await octavia('POST', '/loadbalancers', { loadbalancer: { vip_subnet_id: subnetId, ...choice } });
      expect([refused.statusCode, refused.json().faultstring]).toEqual([400, message]);
    }
    expect((await octavia('GET', '/loadbalancers')).json().loadbalancers).toHaveLength(before);

    const lb = await createSettled({ loadbalancer: { vip_subnet_id: subnetId, flavor_id: flavor.id, availability_zone: 'az-on' } });
    expect(lb).toMatchObject({ flavor_id: flavor.id, availability_zone: 'az-on' });
    expect((await octavia('GET', `/loadbalancers/${lb.id}`)).json().loadbalancer).toMatchObject({ flavor_id: flavor.id, availability_zone: 'az-on', provisioning_status: 'ACTIVE' });
    expect((await octavia('DELETE', `/loadbalancers/${lb.id}`)).statusCode).toBe(204);
    settle();
    for (const path of [`/flavors/${flavor.id}`, `/flavors/${offFlavor.id}`, '/availabilityzones/az-on', '/availabilityzones/az-off', `/flavorprofiles/${flavorProfile.id}`, `/availabilityzoneprofiles/${zoneProfile.id}`]) {
      expect((await octavia('DELETE', path, undefined, admin)).statusCode, path).toBe(204);
    }
  });

  it('keeps a flavor profile’s provider and data while a flavor uses it (a new name is fine), and lists profiles with Octavia’s flavorprofile_links', async () => {
    const profile = (await octavia('POST', '/flavorprofiles', { flavorprofile: { name: 'kept', provider_name: 'amphora', flavor_data: '{}' } }, admin)).json().flavorprofile;
    const flavor = (await octavia('POST', '/flavors', { flavor: { name: 'on-kept', flavor_profile_id: profile.id } }, admin)).json().flavor;
    const refused = await octavia('PUT', `/flavorprofiles/${profile.id}`, { flavorprofile: { flavor_data: '{"loadbalancer_topology": "SINGLE"}' } }, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().faultstring).toBe(`Flavor profile ${profile.id} is in use and cannot be modified.`);
    expect((await octavia('PUT', `/flavorprofiles/${profile.id}`, { flavorprofile: { name: 'renamed' } }, admin)).json().flavorprofile).toMatchObject({ name: 'renamed', flavor_data: '{}' });
    expect(Object.keys((await octavia('GET', '/flavorprofiles', undefined, admin)).json()).sort()).toEqual(['flavorprofile_links', 'flavorprofiles']);
    await octavia('DELETE', `/flavors/${flavor.id}`, undefined, admin);
    expect((await octavia('PUT', `/flavorprofiles/${profile.id}`, { flavorprofile: { flavor_data: '{"loadbalancer_topology": "SINGLE"}' } }, admin)).statusCode).toBe(200);
    expect((await octavia('DELETE', `/flavorprofiles/${profile.id}`, undefined, admin)).statusCode).toBe(204);
  });

  it('lists one STANDALONE amphora per load balancer under /v2/octavia/amphorae, booting until the load balancer is ACTIVE, for the admin only', async () => {
    const operator = (method: Method, path: string, token: string) => cloud.app.inject({ method, url: `/cloud/load-balancer/v2/octavia${path}`, headers: { 'x-auth-token': token } });
    const lb = (await octavia('POST', '/loadbalancers', { loadbalancer: { name: 'carried', vip_subnet_id: subnetId } })).json().loadbalancer;
    const booting = (await operator('GET', `/amphorae?loadbalancer_id=${lb.id}`, admin)).json().amphorae;
    expect(booting).toEqual([expect.objectContaining({ loadbalancer_id: lb.id, role: 'STANDALONE', status: 'BOOTING', ha_ip: lb.vip_address, ha_port_id: lb.vip_port_id })]);
    settle();
    const shown = await operator('GET', `/amphorae/${booting[0].id}`, admin);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().amphora).toMatchObject({ id: booting[0].id, loadbalancer_id: lb.id, status: 'ALLOCATED' });
    expect((await operator('GET', '/amphorae', demo)).statusCode).toBe(403);
    expect((await operator('GET', `/amphorae/${booting[0].id}`, demo)).json().faultstring).toBe('Policy does not allow this request to be performed.');
    expect((await operator('GET', '/amphorae/00000000-0000-0000-0000-000000000000', admin)).statusCode).toBe(404);
    expect((await octavia('DELETE', `/loadbalancers/${lb.id}`)).statusCode).toBe(204);
    settle();
    expect((await operator('GET', `/amphorae?loadbalancer_id=${lb.id}`, admin)).json().amphorae).toEqual([]);
  });

  it('enforces a project quota with 403', async () => {
    const reader = await userWithRole(cloud, { user: 'lb-quota', project: 'lb-quota', role: 'member' });
    expect((await octavia('PUT', `/quotas/${reader.projectId}`, { quota: { load_balancer: 0 } }, admin)).statusCode).toBe(202);
    const network = (await cloud.app.inject({ method: 'POST', url: '/cloud/network/v2.0/networks', headers: { 'x-auth-token': reader.token }, payload: { network: { name: 'q' } } })).json().network;
    const subnet = (await cloud.app.inject({ method: 'POST', url: '/cloud/network/v2.0/subnets', headers: { 'x-auth-token': reader.token }, payload: { subnet: { network_id: network.id, cidr: '10.9.0.0/24', ip_version: 4 } } })).json().subnet;
    const refused = await octavia('POST', '/loadbalancers', { loadbalancer: { vip_subnet_id: subnet.id } }, reader.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().faultstring).toBe('Quota has been met for resources: Load Balancer');
  });
});

describe('state on disk', () => {
  it('keeps load balancers and a pending transition across a restart', async () => {
    const lb = (await octavia('POST', '/loadbalancers', { loadbalancer: { name: 'durable', vip_subnet_id: subnetId } })).json().loadbalancer;
    await cloud.close();
    cloud = await startEmulator({ dataDir, clock: cloud.clock });
    demo = await tokenFor(cloud.app, 'demo');
    admin = await tokenFor(cloud.app, 'admin');
    expect((await octavia('GET', `/loadbalancers/${lb.id}`)).json().loadbalancer.provisioning_status).toBe('PENDING_CREATE');
    settle();
    expect((await octavia('GET', `/loadbalancers/${lb.id}`)).json().loadbalancer).toMatchObject({ name: 'durable', provisioning_status: 'ACTIVE' });
  });
});
