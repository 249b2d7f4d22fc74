import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiClient } from '../support/api-client.js';
import { nativeSession, startTestCloud, type TestCloud, uniqueName } from '../support/cloud.js';
import { waitUntil } from '../support/wait.js';
import { NativeNeutron } from './neutron-native.js';

/**
 * `/api/lbaas/` and `/api/octavia-barbican/` (api-contract §10), against the
 * built-in cloud or a real Octavia (`npm run test:realcloud -- test/api/lbaas.test.ts`).
 * Every load balancer made here is deleted at the end (cascade).
 */

// A real Octavia (noop drivers) takes seconds per transition, and its Keystone is slower than the emulator's.
if (process.env.OS_AUTH_URL) vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

let cloud: TestCloud;
let demo: ApiClient;
let admin: ApiClient;
let subnetId: string;
const made: { client: () => ApiClient; id: string }[] = [];

const LB = '/api/lbaas/loadbalancers/';

beforeAll(async () => {
  cloud = await startTestCloud();
  demo = await ApiClient.loggedIn(cloud, 'demo');
  admin = await ApiClient.loggedIn(cloud, 'admin');
  const neutron = await NativeNeutron.login(cloud, 'demo');
  const subnets = (await neutron.ok<{ subnets: { id: string; project_id: string }[] }>('GET', '/subnets?name=private-subnet')).subnets;
  subnetId = subnets.find((subnet) => subnet.project_id === neutron.projectId)!.id;
});
afterAll(async () => {
  // A load balancer still PENDING_* refuses its delete: wait until it has settled (or is gone) first.
  for (const { client, id } of made) {
    await waitUntil(() => client().get(`${LB}${id}/`), (response) => response.status === 404 || !String(response.body?.provisioning_status).startsWith('PENDING_'), { what: `load balancer ${id} settled`, interval: 200 });
    await client().delete(`${LB}${id}/`);
  }
  await cloud.close();
});

/** Waits until the load balancer is ACTIVE again (every change passes through PENDING_*). */
const active = (id: string, client = demo) =>
  waitUntil(() => client.get(`${LB}${id}/`), (response) => response.body?.provisioning_status === 'ACTIVE', { what: `load balancer ${id} ACTIVE`, interval: 200 });

async function createLoadBalancer(spec: Record<string, unknown>, client = demo): Promise<Record<string, any>> {
  const response = await client.post(LB, spec);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  made.push({ client: () => client, id: response.body.id });
  return response.body;
}

const wizardSpec = (name: string) => ({
  loadbalancer: { name, description: 'made by the api tests', vip_subnet_id: subnetId, admin_state_up: true },
  listener: { name: `${name}-http`, protocol: 'HTTP', protocol_port: 80, connection_limit: -1, admin_state_up: true, insert_headers: { 'X-Forwarded-For': 'true', 'X-Forwarded-Port': '' } },
  pool: { name: `${name}-pool`, protocol: 'HTTP', lb_algorithm: 'ROUND_ROBIN', admin_state_up: true, session_persistence: { type: 'HTTP_COOKIE', cookie_name: 'dropped' }, tls_enabled: false, tls_ciphers: 'ignored' },
  members: [
    { address: '10.0.0.31', protocol_port: 80, subnet_id: subnetId, weight: 1, admin_state_up: true, backup: false, name: 'one' },
    { address: '10.0.0.32', protocol_port: 80, subnet_id: subnetId, weight: 2, admin_state_up: true, backup: false, name: 'two' },
    { address: '', protocol_port: 80, name: 'dropped: no address' },
  ],
  monitor: { type: 'HTTP', delay: 5, timeout: 5, max_retries: 3, max_retries_down: 3, http_method: 'GET', url_path: '/', expected_codes: '200', admin_state_up: true },
});

describe('the load balancer wizard in one call', () => {
  it('creates the load balancer, its HTTP listener, ROUND_ROBIN pool, two members and HTTP monitor, answering 200 with SDK names', async () => {
    const name = uniqueName('lb-wizard');
    const lb = await createLoadBalancer(wizardSpec(name));
    expect(lb).toMatchObject({ name, vip_subnet_id: subnetId, provisioning_status: 'PENDING_CREATE', is_admin_state_up: true, admin_state_up: true });
    expect(lb.listeners).toHaveLength(1);
    expect(lb.vip_port_id).toEqual(expect.any(String));
    await active(lb.id);

    const listeners = (await demo.get(`/api/lbaas/listeners/?loadbalancerId=${lb.id}`)).body.items;
    expect(listeners).toHaveLength(1);
    expect(listeners[0]).toMatchObject({ protocol: 'HTTP', protocol_port: 80, load_balancer_id: lb.id, load_balancers: [{ id: lb.id }], l7_policies: [], insert_headers: { 'X-Forwarded-For': 'true' } });
    const tree = (await demo.get(`/api/lbaas/listeners/${listeners[0].id}/?includeChildResources=true`)).body;
    expect(tree.pool).toMatchObject({ lb_algorithm: 'ROUND_ROBIN', protocol: 'HTTP', session_persistence: { type: 'HTTP_COOKIE', cookie_name: null }, tls_ciphers: null });
    expect(tree.members.map((member: { address: string; weight: number; name: string }) => [member.address, member.weight, member.name]).sort()).toEqual([['10.0.0.31', 1, 'one'], ['10.0.0.32', 2, 'two']]);
    expect(tree.monitor).toMatchObject({ type: 'HTTP', delay: 5, url_path: '/', expected_codes: '200', pool_id: tree.pool.id });
    expect(tree.pool.health_monitor_id).toBe(tree.monitor.id);
  });

  it('makes an unnamed pool (which Octavia refuses in the single call) in a job once the load balancer is ACTIVE', async () => {
    const spec = wizardSpec(uniqueName('lb-unnamed'));
    const response = await demo.post(LB, { ...spec, pool: { ...spec.pool, name: '' } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    made.push({ client: () => demo, id: response.body.id });
    const job = await waitUntil(() => demo.get(response.headers.get('location')!), (answer) => answer.body.status !== 'RUNNING', { what: 'the pool job', interval: 200 });
    expect(job.body).toMatchObject({ status: 'DONE', steps: [{ label: 'create the pool', done: true }, { label: 'add 2 members', done: true }, { label: 'create the monitor', done: true }] });
    await active(response.body.id);
    const listener = (await demo.get(`/api/lbaas/listeners/?loadbalancerId=${response.body.id}`)).body.items[0];
    const tree = (await demo.get(`/api/lbaas/listeners/${listener.id}/?includeChildResources=true`)).body;
    expect(tree.pool).toMatchObject({ name: '', lb_algorithm: 'ROUND_ROBIN' });
    expect(tree.members).toHaveLength(2);
    expect(tree.monitor).toMatchObject({ type: 'HTTP' });
  });

  it('lists the project’s load balancers with their floating IP when asked for full', async () => {
    const lb = await createLoadBalancer({ loadbalancer: { name: uniqueName('lb-full'), vip_subnet_id: subnetId } });
    const items = (await demo.get(`${LB}?full=true`)).body.items;
    expect(items.find((item: { id: string }) => item.id === lb.id)).toMatchObject({ floating_ip: {}, floating_ip_address: null });
    const plain = (await demo.get(LB)).body.items.find((item: { id: string }) => item.id === lb.id);
    expect(plain.floating_ip).toBeUndefined();
  });
});

describe('validation of the spec, naming the field', () => {
  const refused = async (path: string, body: unknown, message: string) => {
    const response = await demo.post(path, body);
    expect(response.status).toBe(400);
    expect(response.body).toBe(message);
  };

  it('refuses member, monitor, listener and VIP values with the spec’s messages and creates nothing', async () => {
    const before = (await demo.get(LB)).body.items.length;
    const spec = wizardSpec(uniqueName('lb-bad'));
    await refused(LB, { ...spec, members: [{ address: '10.0.0.5', protocol_port: 80, weight: 300 }] }, 'members[0].weight: The weight must be a number between 0 and 256.');
    await refused(LB, { ...spec, members: [{ address: 'not-an-ip', protocol_port: 80 }] }, 'members[0].address: The IP address is not valid.');
    await refused(LB, { ...spec, members: [{ address: '10.0.0.5', protocol_port: 80, monitor_port: 0 }] }, 'members[0].monitor_port: The monitor port must be a number between 1 and 65535.');
    await refused(LB, { ...spec, listener: { ...spec.listener, protocol_port: 70000 } }, 'listener.protocol_port: The port must be a number between 1 and 65535.');
    await refused(LB, { ...spec, monitor: { ...spec.monitor, max_retries: 11 } }, 'monitor.max_retries: The max retry count must be a number between 1 and 10.');
    await refused(LB, { ...spec, monitor: { ...spec.monitor, url_path: 'index.html' } }, 'monitor.url_path: The URL path is not valid.');
    await refused(LB, { ...spec, monitor: { ...spec.monitor, expected_codes: '2xx' } }, 'monitor.expected_codes: The expected status code is not valid.');
    await refused(LB, { ...spec, monitor: { ...spec.monitor, delay: 3, timeout: 5 } }, 'monitor.delay: The health check interval must be greater than or equal to the timeout.');
    await refused(LB, { ...spec, loadbalancer: { ...spec.loadbalancer, vip_address: '10.0.0.999' } }, 'loadbalancer.vip_address: The IP address is not valid.');
    await refused(LB, { ...spec, pool: { ...spec.pool, tls_ciphers: 'ECDHE RSA' } }, 'pool.tls_ciphers: The cipher string must conform to OpenSSL syntax.');
    await refused(LB, { listener: spec.listener }, 'loadbalancer: The load balancer details are required.');
    await refused(LB, {}, 'request requires JSON body');
    expect((await demo.get(LB)).body.items.length).toBe(before);
  });

  it('refuses an L7 rule of type FILE_TYPE that does not compare by REGEX or EQUAL_TO', async () => {
    await refused('/api/lbaas/l7policies/some-policy/l7rules/', { l7rule: { type: 'FILE_TYPE', compare_type: 'CONTAINS', rule_value: 'jpg' } }, 'l7rule.compare_type: FILE_TYPE allows only the REGEX and EQUAL_TO compare types.');
    await refused('/api/lbaas/l7policies/', { parentResourceId: 'x', l7policy: { action: 'REDIRECT_TO_URL', redirect_url: 'ftp://example.org' } }, 'l7policy.redirect_url: The redirect URL must be a valid http or https URL.');
  });
});

describe('changes while the load balancer is busy', () => {
  it('answers Octavia’s refusal (409) to an edit while PENDING_UPDATE, then takes it once ACTIVE', async () => {
    const lb = await createLoadBalancer({ loadbalancer: { name: uniqueName('lb-busy'), vip_subnet_id: subnetId } });
    await active(lb.id);
    expect((await demo.request('PUT', `${LB}${lb.id}/`, { loadbalancer: { description: 'first' } })).status).toBe(204);
    const second = await demo.request('PUT', `${LB}${lb.id}/`, { loadbalancer: { description: 'second' } });
    expect(second.status).toBe(409);
    expect(second.body).toMatch(/PENDING_UPDATE/);
    await active(lb.id);
    expect((await demo.request('PUT', `${LB}${lb.id}/`, { loadbalancer: { description: 'second' } })).status).toBe(204);
    expect((await active(lb.id)).body.description).toBe('second');
  });
});

describe('one object at a time', () => {
  let lb: Record<string, any>;
  let listenerId: string;
  let poolId: string;
  beforeAll(async () => {
    lb = await createLoadBalancer({ loadbalancer: { name: uniqueName('lb-steps'), vip_subnet_id: subnetId } });
    await active(lb.id);
  });

  it('creates a listener with its pool in one call, then a monitor and an L7 policy with a rule, each answering 200', async () => {
    const listener = await demo.post('/api/lbaas/listeners/', {
      loadbalancer_id: lb.id,
      listener: { name: 'web', protocol: 'HTTP', protocol_port: 8080 },
      pool: { name: 'web-pool', protocol: 'HTTP', lb_algorithm: 'LEAST_CONNECTIONS' },
      members: [{ address: '10.0.0.41', protocol_port: 8080, subnet_id: subnetId }],
    });
    expect(listener.status).toBe(200);
    listenerId = listener.body.id;
    // The pool and its member follow in a server-side job (a released Octavia refuses them in the listener's call).
    const job = await waitUntil(() => demo.get(listener.headers.get('location')!), (response) => response.body.status !== 'RUNNING', { what: 'the listener job', interval: 200 });
    expect(job.body).toMatchObject({ status: 'DONE', steps: [{ label: 'create the pool', done: true }, { label: 'add 1 member', done: true }] });
    await active(lb.id);
    poolId = (await demo.get(`/api/lbaas/listeners/${listenerId}/`)).body.default_pool_id;
    expect(poolId).toEqual(expect.any(String));

    const monitor = await demo.post('/api/lbaas/healthmonitors/', { loadbalancer_id: lb.id, parentResourceId: poolId, monitor: { type: 'PING', delay: 5, timeout: 3, max_retries: 2, url_path: '/dropped' } });
    expect(monitor.status).toBe(200);
    expect(monitor.body).toMatchObject({ type: 'PING', url_path: null, pool_id: poolId });
    await active(lb.id);
    expect((await demo.request('PUT', `/api/lbaas/healthmonitors/${monitor.body.id}/`, { monitor: { delay: 7, timeout: 3, max_retries: 4 } })).status).toBe(204);
    await active(lb.id);
    expect((await demo.get(`/api/lbaas/healthmonitors/?poolId=${poolId}`)).body.items[0]).toMatchObject({ delay: 7, max_retries: 4 });

    const policy = await demo.post('/api/lbaas/l7policies/', { parentResourceId: listenerId, l7policy: { action: 'REDIRECT_TO_URL', redirect_url: 'https://example.org/', redirect_pool_id: poolId } });
    expect(policy.status).toBe(200);
    expect(policy.body).toMatchObject({ action: 'REDIRECT_TO_URL', redirect_pool_id: null, listener_id: listenerId, position: 1 });
    await active(lb.id);
    const rule = await demo.post(`/api/lbaas/l7policies/${policy.body.id}/l7rules/`, { l7rule: { type: 'PATH', compare_type: 'STARTS_WITH', rule_value: '/old' } });
    expect(rule.status).toBe(200);
    expect(rule.body).toMatchObject({ type: 'PATH', rule_value: '/old', l7_policy_id: policy.body.id, invert: false });
    await active(lb.id);
    const expanded = (await demo.get(`/api/lbaas/l7policies/${policy.body.id}/?includeChildResources=true`)).body.l7policy;
    expect(expanded.rules.map((item: { rule_value: string }) => item.rule_value)).toEqual(['/old']);
    expect((await demo.delete(`/api/lbaas/l7policies/${policy.body.id}/`)).status).toBe(204);
    await active(lb.id);
  });

  it('updates one member with 200 and the member, and replaces the member list as a tracked server-side job', async () => {
    const members = (await demo.get(`/api/lbaas/pools/${poolId}/members/`)).body.items;
    expect(members).toHaveLength(1);
    const update = await demo.request('PUT', `/api/lbaas/pools/${poolId}/members/${members[0].id}/`, { weight: 9, name: 'renamed' });
    expect(update.status).toBe(200);
    expect(update.body).toMatchObject({ id: members[0].id, weight: 9, name: 'renamed', pool_id: poolId });
    await active(lb.id);

    // Add one, remove one: the browser sends the whole desired list; the server does the steps.
    const replace = await demo.request('PUT', `/api/lbaas/pools/${poolId}/members/`, { loadbalancer_id: lb.id, members: [{ address: '10.0.0.42', protocol_port: 8080, subnet_id: subnetId, weight: 1 }] });
    expect(replace.status).toBe(204);
    const jobUrl = replace.headers.get('location')!;
    expect(jobUrl).toMatch(/^\/api\/lbaas\/jobs\/[0-9a-f-]+\/$/);
    const job = await waitUntil(() => demo.get(jobUrl), (response) => response.body.status !== 'RUNNING', { what: 'the member job', interval: 200 });
    expect(job.body).toMatchObject({ status: 'DONE', error: null, loadbalancer_id: lb.id });
    expect(job.body.steps).toEqual([
      { label: `delete member 10.0.0.41:8080`, done: true },
      { label: 'add member 10.0.0.42:8080', done: true },
    ]);
    await active(lb.id);
    const after = (await demo.get(`/api/lbaas/pools/${poolId}/members/`)).body.items;
    expect(after.map((member: { address: string }) => member.address)).toEqual(['10.0.0.42']);
    expect((await admin.get(jobUrl)).status).toBe(404);
  });

  it('deletes the monitor, the pool and the listener', async () => {
    const monitorId = (await demo.get(`/api/lbaas/pools/${poolId}/`)).body.health_monitor_id;
    expect((await demo.delete(`/api/lbaas/healthmonitors/${monitorId}/`)).status).toBe(204);
    await active(lb.id);
    expect((await demo.delete(`/api/lbaas/pools/${poolId}/`)).status).toBe(204);
    await active(lb.id);
    expect((await demo.get(`/api/lbaas/pools/${poolId}/`)).status).toBe(404);
    expect((await demo.delete(`/api/lbaas/listeners/${listenerId}/`)).status).toBe(204);
    await active(lb.id);
    expect((await demo.get(`/api/lbaas/listeners/?loadbalancerId=${lb.id}`)).body.items).toEqual([]);
  });

  it('deletes the load balancer with everything below it, and a second delete is still 204', async () => {
    const doomed = await createLoadBalancer(wizardSpec(uniqueName('lb-doomed')));
    await active(doomed.id);
    expect((await demo.delete(`${LB}${doomed.id}/`)).status).toBe(204);
    await waitUntil(() => demo.get(`${LB}${doomed.id}/`), (response) => response.status === 404, { what: 'the load balancer gone', interval: 200 });
    expect((await demo.delete(`${LB}${doomed.id}/`)).status).toBe(204);
  });
});

describe('projects', () => {
  it('shows demo none of admin’s load balancers', async () => {
    const adminLb = await createLoadBalancer({ loadbalancer: { name: uniqueName('lb-admin'), vip_subnet_id: subnetId } }, admin);
    expect((await demo.get(LB)).body.items.map((item: { id: string }) => item.id)).not.toContain(adminLb.id);
    expect((await admin.get(LB)).body.items.map((item: { id: string }) => item.id)).toContain(adminLb.id);
    expect((await demo.get(`${LB}${adminLb.id}/`)).status).toBe(403);
    expect((await demo.delete(`${LB}${adminLb.id}/`)).status).toBe(403);
  });

  it('offers flavors and zones to every project and keeps flavor profiles for the admin', async () => {
    expect((await demo.get('/api/lbaas/flavors/')).status).toBe(200);
    expect((await demo.get('/api/lbaas/availabilityzones/')).body.items).toEqual(expect.any(Array));
    expect((await demo.get('/api/lbaas/providers/')).body.items.map((provider: { name: string }) => provider.name)).toContain('amphora');
    expect((await demo.get('/api/lbaas/flavorprofiles/')).status).toBe(403);
    expect((await demo.post('/api/lbaas/flavorprofiles/', { flavor_profile: { name: 'x', provider_name: 'amphora', flavor_data: '{}' } })).status).toBe(403);
  });

  it('refuses a member the operator’s flavor writes, flavor profiles and amphorae in the server, with the Octavia rule named', async () => {
    const flavorId = (await admin.get('/api/lbaas/flavors/')).body.items[0]?.id ?? '00000000-0000-0000-0000-000000000000';
    const refused = [
      await demo.post('/api/lbaas/flavors/', { flavor: { name: 'x', flavor_profile_id: 'p' } }),
      await demo.request('PUT', `/api/lbaas/flavors/${flavorId}/`, { flavor: { id: flavorId, enabled: false } }),
      await demo.delete(`/api/lbaas/flavors/${flavorId}/`),
      await demo.get('/api/lbaas/flavorprofiles/'),
      await demo.get('/api/lbaas/amphorae/'),
      await demo.get('/api/lbaas/amphorae/00000000-0000-0000-0000-000000000000/'),
    ];
    expect(refused.map((response) => response.status)).toEqual([403, 403, 403, 403, 403, 403]);
    expect(refused[0].body).toBe("Policy doesn't allow os_load-balancer_api:flavor:post to be performed.");
    expect(refused[4].body).toBe("Policy doesn't allow os_load-balancer_api:amphora:get_all to be performed.");
  });

  it.skipIf(process.env.OS_AUTH_URL)('shows the admin the amphora of a load balancer, with its role, status and load balancer', async () => {
    const lb = await createLoadBalancer({ loadbalancer: { name: uniqueName('lb-amphora'), vip_subnet_id: subnetId } });
    await active(lb.id);
    const amphora = (await admin.get('/api/lbaas/amphorae/')).body.items.find((item: { loadbalancer_id: string }) => item.loadbalancer_id === lb.id);
    expect(amphora).toMatchObject({ role: 'STANDALONE', status: 'ALLOCATED', ha_ip: lb.vip_address });
    expect((await admin.get(`/api/lbaas/amphorae/${amphora.id}/`)).body).toMatchObject({ id: amphora.id, loadbalancer_id: lb.id });
  });

  it('creates a flavor profile (not a flavor) and a flavor on it as admin; a load balancer on the flavor once disabled is refused with Octavia’s 400', async () => {
    const profile = await admin.post('/api/lbaas/flavorprofiles/', { flavor_profile: { name: uniqueName('lb-profile'), provider_name: 'amphora', flavor_data: '{}' } });
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ provider_name: 'amphora', flavor_data: '{}' });
    const flavor = await admin.post('/api/lbaas/flavors/', { flavor: { name: uniqueName('lb-flavor'), flavor_profile_id: profile.body.id, description: 'small' } });
    expect(flavor.status).toBe(200);
    expect(flavor.body).toMatchObject({ is_enabled: true, flavor_profile_id: profile.body.id });
    expect((await admin.request('PUT', `/api/lbaas/flavors/${flavor.body.id}/`, { flavor: { id: flavor.body.id, enabled: false } })).status).toBe(204);
    expect((await demo.get(`/api/lbaas/flavors/${flavor.body.id}/`)).body.is_enabled).toBe(false);
    const refused = await demo.post(LB, { loadbalancer: { vip_subnet_id: subnetId, flavor_id: flavor.body.id } });
    expect([refused.status, refused.body]).toEqual([400, `The selected flavor is not allowed in this deployment: ${flavor.body.id}`]);
    expect((await admin.delete(`/api/lbaas/flavors/${flavor.body.id}/`)).status).toBe(204);
    expect((await admin.delete(`/api/lbaas/flavorprofiles/${profile.body.id}/`)).status).toBe(204);
  });
});

describe.skipIf(process.env.OS_AUTH_URL)('TLS certificates from Barbican (the real test cloud has no Barbican)', () => {
  async function barbican(persona: 'demo' | 'admin', method: string, path: string, body?: unknown) {
    const session = await nativeSession(cloud, persona, ['key-manager']);
    const response = await fetch(`${session.endpoint}/v1${path}`, { method, headers: { 'X-Auth-Token': session.token, 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    return response.json();
  }
  async function certificate(persona: 'demo' | 'admin', name: string): Promise<string> {
    const cert = (await barbican(persona, 'POST', '/secrets', { name, payload: '-----BEGIN CERTIFICATE-----', payload_content_type: 'text/plain', secret_type: 'certificate' })).secret_ref;
    const key = (await barbican(persona, 'POST', '/secrets', { name: `${name}-key`, payload: '-----BEGIN PRIVATE KEY-----', payload_content_type: 'text/plain', secret_type: 'private' })).secret_ref;
    return (await barbican(persona, 'POST', '/containers', { type: 'certificate', name, secret_refs: [{ name: 'certificate', secret_ref: cert }, { name: 'private_key', secret_ref: key }] })).container_ref;
  }

  it('lists the project’s certificate containers and secrets only, with created_at and both expiration names', async () => {
    const mine = await certificate('demo', uniqueName('tls-demo'));
    const theirs = await certificate('admin', uniqueName('tls-admin'));
    const containers = (await demo.get('/api/octavia-barbican/certificates/')).body.items;
    expect(containers.map((item: { container_ref: string }) => item.container_ref)).toContain(mine);
    expect(containers.map((item: { container_ref: string }) => item.container_ref)).not.toContain(theirs);
    expect(containers.find((item: { container_ref: string }) => item.container_ref === mine)).toMatchObject({ type: 'certificate', created_at: expect.any(String), secret_refs: [{ name: 'certificate' }, { name: 'private_key' }] });
    const secrets = (await demo.get('/api/octavia-barbican/secrets/')).body.items;
    expect(secrets.length).toBeGreaterThanOrEqual(2);
    expect(secrets[0]).toMatchObject({ expiration: null, expires_at: null, secret_ref: expect.any(String) });
    const adminNames = (await admin.get('/api/octavia-barbican/secrets/')).body.items.map((item: { name: string }) => item.name);
    expect(adminNames.some((item: string) => item.startsWith('tls-demo'))).toBe(false);
  });

  it('adds a TERMINATED_HTTPS listener with a certificate made in Barbican, preselectable from sni_container_refs', async () => {
    const lb = await createLoadBalancer({ loadbalancer: { name: uniqueName('lb-tls'), vip_subnet_id: subnetId } });
    await active(lb.id);
    const ref = await certificate('demo', uniqueName('tls-www'));
    const listener = await demo.post('/api/lbaas/listeners/', { loadbalancer_id: lb.id, listener: { protocol: 'TERMINATED_HTTPS', protocol_port: 443, tls_ciphers: 'ECDHE-RSA-AES256-GCM-SHA384' }, certificates: [ref], pool: { protocol: 'HTTPS', lb_algorithm: 'ROUND_ROBIN' } });
    expect(listener.status, JSON.stringify(listener.body)).toBe(200);
    expect(listener.body).toMatchObject({ protocol: 'TERMINATED_HTTPS', default_tls_container_ref: ref, sni_container_refs: [ref], tls_ciphers: 'ECDHE-RSA-AES256-GCM-SHA384' });
    await waitUntil(() => demo.get(listener.headers.get('location')!), (response) => response.body.status === 'DONE', { what: 'the listener job', interval: 200 });
    await active(lb.id);
    // Spec 3 §5.1: a pool on a TERMINATED_HTTPS listener gets protocol HTTP.
    const pools = (await demo.get(`/api/lbaas/pools/?listenerId=${listener.body.id}`)).body.items;
    expect(pools.map((pool: { protocol: string }) => pool.protocol)).toEqual(['HTTP']);
    const missing = await demo.post('/api/lbaas/listeners/', { loadbalancer_id: lb.id, listener: { protocol: 'TERMINATED_HTTPS', protocol_port: 8443 }, certificates: [`${ref}-nope`] });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatch(/^Could not retrieve certificate/);
  });
});
