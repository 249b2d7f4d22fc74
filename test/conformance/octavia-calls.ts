import type { ConformanceContext, NativeCall } from './calls.js';
import { getJson, settle } from './settle.js';

/**
 * The Octavia v2 calls of /api/lbaas (server/api/lbaas), in the order a user
 * makes them: the wizard's fully populated load balancer, an edit and the 409
 * of a second edit while it is PENDING_UPDATE, a listener, a pool's member
 * list replaced in one call, one member added, changed and removed, the
 * monitor changed, an L7 policy with a rule, the operator's catalog (the
 * admin's amphorae, flavor profiles and flavors), then the cascade delete. Each change first waits for the load balancer to be ACTIVE
 * again, as the server's jobs do.
 */

const lbaas = (ctx: ConformanceContext) => `${ctx.endpoint('load-balancer')}/v2/lbaas`;
const demo = (ctx: ConformanceContext) => ({ 'X-Auth-Token': ctx.demoToken });
const admin = (ctx: ConformanceContext) => ({ 'X-Auth-Token': ctx.adminToken });
const call = (name: string, method: NativeCall['method'], path: (ctx: ConformanceContext) => string, rest: Partial<NativeCall> = {}): NativeCall => ({
  service: 'load-balancer',
  name,
  method,
  url: (ctx) => `${lbaas(ctx)}${path(ctx)}`,
  headers: demo,
  reads: [],
  ...rest,
});

/** Waits (at most a minute) until the saved load balancer is ACTIVE: every change needs it. */
async function untilActive(ctx: ConformanceContext): Promise<void> {
  // Never made (an earlier call failed) or gone: the call itself will show it.
  if (!ctx.saved.lbId) return;
  await settle(`${lbaas(ctx)}/loadbalancers/${ctx.saved.lbId}`, ctx.demoToken, ({ status, body }) => status === 404 || body?.loadbalancer?.provisioning_status === 'ACTIVE');
}

/**
 * Waits until the saved health monitor's pool and the monitor itself are ACTIVE too:
 * Octavia refuses to change a monitor while its pool is not (the real one may
 * report the load balancer ACTIVE a moment before the pool).
 */
async function untilMonitorActive(ctx: ConformanceContext): Promise<void> {
  await untilActive(ctx);
  for (const path of [`/pools/${ctx.saved.lbPool}`, `/healthmonitors/${ctx.saved.lbMonitor}`]) {
    await settle(`${lbaas(ctx)}${path}`, ctx.demoToken, ({ status, body }) => status === 404 || Object.values(body ?? {}).some((item) => (item as { provisioning_status?: string })?.provisioning_status === 'ACTIVE'));
  }
}

/**
 * Puts the saved load balancer in PENDING_UPDATE and reads it there, so that
 * the next call meets a change in progress on both sides: the real Octavia's
 * noop driver may end the edit before the next call arrives, so while the
 * load balancer reads ACTIVE the edit is made again (a few times at most).
 */
async function whilePendingUpdate(ctx: ConformanceContext): Promise<void> {
  const url = `${lbaas(ctx)}/loadbalancers/${ctx.saved.lbId}`;
  for (let attempt = 0; attempt < 20; attempt++) {
    const { body } = await getJson(url, ctx.demoToken);
    const status = body?.loadbalancer?.provisioning_status;
    if (status === 'PENDING_UPDATE') return;
    if (status === 'ACTIVE') await fetch(url, { method: 'PUT', headers: { ...demo(ctx), 'Content-Type': 'application/json' }, body: JSON.stringify({ loadbalancer: { description: `edited ${attempt}` } }) });
  }
  console.warn(`${url} was never seen PENDING_UPDATE`);
}

async function privateSubnet(ctx: ConformanceContext): Promise<void> {
  const response = await fetch(`${ctx.endpoint('network')}/v2.0/subnets?name=private-subnet`, { headers: demo(ctx) });
  const subnets = ((await response.json()) as { subnets?: { id: string; project_id: string }[] }).subnets ?? [];
  const own = subnets.find((subnet) => subnet.project_id === ctx.demoProjectId) ?? subnets[0];
  if (!own) throw new Error(`no private-subnet for demo at ${ctx.endpoint('network')}: ${response.status}`);
  ctx.saved.lbSubnet = own.id;
}

const LB_FIELDS = ['id', 'name', 'description', 'vip_address', 'vip_subnet_id', 'vip_network_id', 'vip_port_id', 'flavor_id', 'availability_zone', 'provider', 'admin_state_up', 'provisioning_status', 'operating_status', 'listeners[].id', 'pools[].id', 'project_id', 'created_at'];
const LISTENER_FIELDS = ['id', 'name', 'protocol', 'protocol_port', 'connection_limit', 'default_pool_id', 'default_tls_container_ref', 'sni_container_refs', 'insert_headers', 'timeout_client_data', 'timeout_member_connect', 'timeout_member_data', 'timeout_tcp_inspect', 'allowed_cidrs', 'tls_ciphers', 'l7policies', 'loadbalancers[].id', 'admin_state_up', 'provisioning_status', 'operating_status'];
const POOL_FIELDS = ['id', 'name', 'protocol', 'lb_algorithm', 'session_persistence', 'healthmonitor_id', 'listeners[].id', 'loadbalancers[].id', 'members', 'tls_enabled', 'tls_ciphers', 'admin_state_up', 'provisioning_status', 'operating_status'];
const MEMBER_FIELDS = ['id', 'name', 'address', 'protocol_port', 'weight', 'subnet_id', 'monitor_address', 'monitor_port', 'backup', 'admin_state_up', 'provisioning_status', 'operating_status'];
const MONITOR_FIELDS = ['id', 'name', 'type', 'delay', 'timeout', 'max_retries', 'max_retries_down', 'http_method', 'url_path', 'expected_codes', 'pools[].id', 'admin_state_up', 'provisioning_status'];
const prefixed = (key: string, fields: string[]) => fields.map((field) => `${key}.${field}`);
const NULLABLE_LB = ['flavor_id', 'availability_zone', 'description'];

export const OCTAVIA_CALLS: NativeCall[] = [
  call('GET /loadbalancers?project_id=', 'GET', (ctx) => `/loadbalancers?project_id=${ctx.demoProjectId}`, { reads: prefixed('loadbalancers[]', LB_FIELDS), nullable: prefixed('loadbalancers[]', NULLABLE_LB) }),
  call('POST /loadbalancers (fully populated)', 'POST', () => '/loadbalancers', {
    before: privateSubnet,
    body: (ctx) => ({
      loadbalancer: {
        name: ctx.unique('conf-lb'),
        vip_subnet_id: ctx.saved.lbSubnet,
        listeners: [
          {
            name: 'http',
            protocol: 'HTTP',
            protocol_port: 80,
            default_pool: {
              name: 'web',
              protocol: 'HTTP',
              lb_algorithm: 'ROUND_ROBIN',
              members: [{ address: '10.0.0.61', protocol_port: 80, subnet_id: ctx.saved.lbSubnet }],
              healthmonitor: { type: 'HTTP', delay: 5, timeout: 5, max_retries: 3 },
            },
          },
        ],
      },
    }),
    reads: [...prefixed('loadbalancer', LB_FIELDS.filter((field) => !field.endsWith('[].id'))), 'loadbalancer.listeners[].id', 'loadbalancer.pools[].id'],
    nullable: prefixed('loadbalancer', NULLABLE_LB),
    after: (ctx, body) => {
      ctx.saved.lbId = body.loadbalancer.id;
      ctx.saved.lbListener = body.loadbalancer.listeners[0].id;
      ctx.saved.lbPool = body.loadbalancer.pools[0].id;
    },
  }),
  call('GET /loadbalancers/{id}', 'GET', (ctx) => `/loadbalancers/${ctx.saved.lbId}`, { before: untilActive, reads: prefixed('loadbalancer', LB_FIELDS), nullable: prefixed('loadbalancer', NULLABLE_LB) }),
  call('PUT /loadbalancers/{id}', 'PUT', (ctx) => `/loadbalancers/${ctx.saved.lbId}`, { body: () => ({ loadbalancer: { description: 'edited' } }), reads: ['loadbalancer.provisioning_status'] }),
  call('PUT /loadbalancers/{id} (while PENDING_UPDATE)', 'PUT', (ctx) => `/loadbalancers/${ctx.saved.lbId}`, { before: whilePendingUpdate, body: () => ({ loadbalancer: { description: 'again' } }), reads: ['faultstring'] }),
  call('GET /listeners?project_id=', 'GET', (ctx) => `/listeners?project_id=${ctx.demoProjectId}`, { before: untilActive, reads: prefixed('listeners[]', LISTENER_FIELDS) }),
  call('GET /listeners/{id}', 'GET', (ctx) => `/listeners/${ctx.saved.lbListener}`, { reads: prefixed('listener', LISTENER_FIELDS) }),
  call('POST /listeners', 'POST', () => '/listeners', {
    body: (ctx) => ({ listener: { loadbalancer_id: ctx.saved.lbId, protocol: 'TCP', protocol_port: 8080, connection_limit: -1 } }),
    reads: prefixed('listener', LISTENER_FIELDS),
    after: (ctx, body) => (ctx.saved.lbListener2 = body.listener.id),
  }),
  call('POST /listeners (port taken)', 'POST', () => '/listeners', { before: untilActive, body: (ctx) => ({ listener: { loadbalancer_id: ctx.saved.lbId, protocol: 'TCP', protocol_port: 8080 } }), reads: ['faultstring'] }),
  call('POST /pools (listener_id)', 'POST', () => '/pools', {
    before: untilActive,
    body: (ctx) => ({ pool: { listener_id: ctx.saved.lbListener2, protocol: 'TCP', lb_algorithm: 'SOURCE_IP' } }),
    reads: prefixed('pool', POOL_FIELDS),
    after: (ctx, body) => (ctx.saved.lbPool2 = body.pool.id),
  }),
  call('GET /pools?project_id=', 'GET', (ctx) => `/pools?project_id=${ctx.demoProjectId}`, { before: untilActive, reads: prefixed('pools[]', POOL_FIELDS) }),
  call('GET /pools/{id}', 'GET', (ctx) => `/pools/${ctx.saved.lbPool}`, { reads: prefixed('pool', POOL_FIELDS) }),
  call('PUT /pools/{id}/members (the whole list)', 'PUT', (ctx) => `/pools/${ctx.saved.lbPool2}/members`, { body: () => ({ members: [{ address: '10.0.0.62', protocol_port: 22 }, { address: '10.0.0.63', protocol_port: 22 }] }) }),
  call('GET /pools/{id}/members', 'GET', (ctx) => `/pools/${ctx.saved.lbPool2}/members`, { before: untilActive, reads: prefixed('members[]', MEMBER_FIELDS) }),
  call('POST /pools/{id}/members', 'POST', (ctx) => `/pools/${ctx.saved.lbPool2}/members`, {
    body: () => ({ member: { address: '10.0.0.64', protocol_port: 22, weight: 3, name: 'extra' } }),
    reads: prefixed('member', MEMBER_FIELDS),
    after: (ctx, body) => (ctx.saved.lbMember = body.member.id),
  }),
  call('PUT /pools/{id}/members/{m}', 'PUT', (ctx) => `/pools/${ctx.saved.lbPool2}/members/${ctx.saved.lbMember}`, { before: untilActive, body: () => ({ member: { weight: 5, backup: true } }), reads: prefixed('member', MEMBER_FIELDS) }),
  call('DELETE /pools/{id}/members/{m}', 'DELETE', (ctx) => `/pools/${ctx.saved.lbPool2}/members/${ctx.saved.lbMember}`, { before: untilActive }),
  call('GET /healthmonitors?project_id=', 'GET', (ctx) => `/healthmonitors?project_id=${ctx.demoProjectId}`, {
    before: untilActive,
    reads: prefixed('healthmonitors[]', MONITOR_FIELDS),
    after: (ctx, body) => (ctx.saved.lbMonitor = body.healthmonitors.find((monitor: { pools: { id: string }[] }) => monitor.pools[0]?.id === ctx.saved.lbPool)?.id),
  }),
  call('PUT /healthmonitors/{id}', 'PUT', (ctx) => `/healthmonitors/${ctx.saved.lbMonitor}`, { before: untilMonitorActive, body: () => ({ healthmonitor: { delay: 7, url_path: '/health' } }), reads: prefixed('healthmonitor', MONITOR_FIELDS) }),
  call('POST /l7policies', 'POST', () => '/l7policies', {
    before: untilActive,
    body: (ctx) => ({ l7policy: { listener_id: ctx.saved.lbListener, action: 'REDIRECT_TO_URL', redirect_url: 'https://example.org/' } }),
    reads: ['l7policy.id', 'l7policy.action', 'l7policy.position', 'l7policy.redirect_url', 'l7policy.redirect_pool_id', 'l7policy.listener_id', 'l7policy.rules'],
    after: (ctx, body) => (ctx.saved.lbPolicy = body.l7policy.id),
  }),
  call('POST /l7policies/{id}/rules', 'POST', (ctx) => `/l7policies/${ctx.saved.lbPolicy}/rules`, {
    before: untilActive,
    body: () => ({ rule: { type: 'PATH', compare_type: 'STARTS_WITH', value: '/old' } }),
    reads: ['rule.id', 'rule.type', 'rule.compare_type', 'rule.key', 'rule.value', 'rule.invert', 'rule.admin_state_up'],
  }),
  call('GET /l7policies?listener_id=', 'GET', (ctx) => `/l7policies?listener_id=${ctx.saved.lbListener}`, { before: untilActive, reads: ['l7policies[].id', 'l7policies[].rules[].id', 'l7policies[].position'] }),
  call('GET /l7policies/{id}/rules', 'GET', (ctx) => `/l7policies/${ctx.saved.lbPolicy}/rules`, { reads: ['rules[].id', 'rules[].value', 'rules[].key'] }),
  call('DELETE /l7policies/{id}', 'DELETE', (ctx) => `/l7policies/${ctx.saved.lbPolicy}`),
  call('GET /flavors', 'GET', () => '/flavors', { reads: ['flavors[].id', 'flavors[].name', 'flavors[].enabled'] }),
  call('GET /availabilityzones', 'GET', () => '/availabilityzones', { reads: ['availability_zones[].name', 'availability_zones[].enabled'] }),
  call('GET /providers', 'GET', () => '/providers', { reads: ['providers[].name', 'providers[].description'] }),
  call('GET /flavorprofiles (a project member)', 'GET', () => '/flavorprofiles', { reads: ['faultstring'] }),
  // The admin panels: the amphorae (Octavia's operator API beside /v2/lbaas), a flavor profile and a flavor made, edited and removed.
  call('GET /v2/octavia/amphorae?loadbalancer_id= (admin)', 'GET', () => '', {
    url: (ctx) => `${ctx.endpoint('load-balancer')}/v2/octavia/amphorae?loadbalancer_id=${ctx.saved.lbId}`,
    headers: admin,
    reads: prefixed('amphorae[]', ['id', 'loadbalancer_id', 'role', 'status', 'ha_ip', 'lb_network_ip', 'compute_id', 'cached_zone', 'created_at']),
    nullable: prefixed('amphorae[]', ['role', 'lb_network_ip', 'compute_id', 'cached_zone']),
    after: (ctx, body) => (ctx.saved.lbAmphora = body.amphorae[0]?.id),
  }),
  call('GET /v2/octavia/amphorae (a project member)', 'GET', () => '', { url: (ctx) => `${ctx.endpoint('load-balancer')}/v2/octavia/amphorae`, reads: ['faultstring'] }),
  call('POST /flavorprofiles (admin)', 'POST', () => '/flavorprofiles', {
    headers: admin,
    body: (ctx) => ({ flavorprofile: { name: ctx.unique('conf-lb-profile'), provider_name: 'amphora', flavor_data: '{"loadbalancer_topology": "SINGLE"}' } }),
    reads: prefixed('flavorprofile', ['id', 'name', 'provider_name', 'flavor_data']),
    after: (ctx, body) => (ctx.saved.lbProfile = body.flavorprofile.id),
  }),
  call('GET /flavorprofiles (admin)', 'GET', () => '/flavorprofiles', { headers: admin, reads: prefixed('flavorprofiles[]', ['id', 'name', 'provider_name', 'flavor_data']) }),
  call('POST /flavors (admin)', 'POST', () => '/flavors', {
    headers: admin,
    body: (ctx) => ({ flavor: { name: ctx.unique('conf-lb-flavor'), flavor_profile_id: ctx.saved.lbProfile, description: 'conformance', enabled: true } }),
    reads: prefixed('flavor', ['id', 'name', 'description', 'flavor_profile_id', 'enabled']),
    after: (ctx, body) => (ctx.saved.lbFlavor = body.flavor.id),
  }),
  call('POST /flavors (a project member)', 'POST', () => '/flavors', { body: (ctx) => ({ flavor: { name: 'refused', flavor_profile_id: ctx.saved.lbProfile } }), reads: ['faultstring'] }),
  call('PUT /flavors/{id} (admin)', 'PUT', (ctx) => `/flavors/${ctx.saved.lbFlavor}`, { headers: admin, body: () => ({ flavor: { description: 'edited', enabled: false } }), reads: prefixed('flavor', ['id', 'description', 'enabled']) }),
  // The wizard offers only enabled flavors and zones (spec 3 §9.1); Octavia refuses the others with 400.
  call('POST /loadbalancers (a disabled flavor)', 'POST', () => '/loadbalancers', {
    body: (ctx) => ({ loadbalancer: { name: ctx.unique('conf-lb-off'), vip_subnet_id: ctx.saved.lbSubnet, flavor_id: ctx.saved.lbFlavor } }),
    reads: ['faultstring'],
  }),
  call('POST /loadbalancers (an unknown availability zone)', 'POST', () => '/loadbalancers', {
    body: (ctx) => ({ loadbalancer: { name: ctx.unique('conf-lb-nowhere'), vip_subnet_id: ctx.saved.lbSubnet, availability_zone: ctx.unique('conf-az-nowhere') } }),
    reads: ['faultstring'],
  }),
  call('PUT /flavorprofiles/{id} (new data, in use by a flavor)', 'PUT', (ctx) => `/flavorprofiles/${ctx.saved.lbProfile}`, { headers: admin, body: () => ({ flavorprofile: { flavor_data: '{}' } }), reads: prefixed('flavorprofile', ['id', 'flavor_data']) }),
  call('DELETE /flavorprofiles/{id} (in use by a flavor)', 'DELETE', (ctx) => `/flavorprofiles/${ctx.saved.lbProfile}`, { headers: admin, reads: ['faultstring'] }),
  call('DELETE /flavors/{id} (admin)', 'DELETE', (ctx) => `/flavors/${ctx.saved.lbFlavor}`, { headers: admin }),
  call('DELETE /flavorprofiles/{id} (admin)', 'DELETE', (ctx) => `/flavorprofiles/${ctx.saved.lbProfile}`, { headers: admin }),
  call('DELETE /loadbalancers/{id} (children, no cascade)', 'DELETE', (ctx) => `/loadbalancers/${ctx.saved.lbId}`, { before: untilActive, reads: ['faultstring'] }),
  call('DELETE /loadbalancers/{id}?cascade=true', 'DELETE', (ctx) => `/loadbalancers/${ctx.saved.lbId}?cascade=true`),
  call('GET /loadbalancers/{unknown}', 'GET', () => '/loadbalancers/00000000-0000-0000-0000-000000000000', { reads: ['faultstring'] }),
];
