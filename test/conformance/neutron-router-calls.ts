import type { ConformanceContext, NativeCall } from './calls.js';

/**
 * The Neutron v2.0 calls of the Routers and Floating IPs panels
 * (server/api/neutron/routers.ts, server/api/network/floating-ips.ts), in the
 * order a user makes them: a router with the public gateway, an interface by
 * subnet and one by a port holding a chosen IP, a floating IP's targets,
 * then clearing the gateway and deleting it all. Runs after NEUTRON_CALLS,
 * which saves the public network.
 */

const neutronUrl = (ctx: ConformanceContext) => `${ctx.endpoint('network').replace(/\/+$/, '')}/v2.0`;
const demo = (ctx: ConformanceContext) => ({ 'X-Auth-Token': ctx.demoToken });
const call = (name: string, method: NativeCall['method'], path: (ctx: ConformanceContext) => string, rest: Partial<NativeCall> = {}): NativeCall => ({
  service: 'network',
  name,
  method,
  url: (ctx) => `${neutronUrl(ctx)}${path(ctx)}`,
  headers: demo,
  reads: [],
  ...rest,
});

const ROUTER_FIELDS = [
  'id',
  'name',
  'tenant_id',
  'project_id',
  'admin_state_up',
  'status',
  'description',
  'external_gateway_info.network_id',
  'external_gateway_info.enable_snat',
  'external_gateway_info.external_fixed_ips[].subnet_id',
  'external_gateway_info.external_fixed_ips[].ip_address',
  'availability_zones',
];
const PORT_FIELDS = ['id', 'name', 'network_id', 'tenant_id', 'status', 'admin_state_up', 'device_id', 'device_owner', 'fixed_ips[].subnet_id', 'fixed_ips[].ip_address'];
const FAULT = ['NeutronError.type', 'NeutronError.message'];
const one = (member: string, fields: string[]) => fields.map((field) => `${member}.${field}`);
const each = (collection: string, fields: string[]) => fields.map((field) => `${collection}[].${field}`);
const router = (ctx: ConformanceContext) => `/routers/${ctx.saved.router}`;

export const NEUTRON_ROUTER_CALLS: NativeCall[] = [
  call('POST /v2.0/networks (router interface network)', 'POST', () => '/networks', {
    body: (ctx) => ({ network: { name: ctx.unique('conf-rt-net'), tenant_id: ctx.demoProjectId } }),
    reads: ['network.id'],
    after: (ctx, body) => void (ctx.saved.routerNetwork = body.network.id),
  }),
  call('POST /v2.0/subnets (router interface subnet)', 'POST', () => '/subnets', {
    body: (ctx) => ({ subnet: { network_id: ctx.saved.routerNetwork, cidr: '10.242.0.0/24', ip_version: 4, tenant_id: ctx.demoProjectId } }),
    reads: ['subnet.id', 'subnet.network_id'],
    after: (ctx, body) => void (ctx.saved.routerSubnet = body.subnet.id),
  }),
  call('POST /v2.0/networks (second interface network)', 'POST', () => '/networks', {
    body: (ctx) => ({ network: { name: ctx.unique('conf-rt-net2'), tenant_id: ctx.demoProjectId } }),
    reads: ['network.id'],
    after: (ctx, body) => void (ctx.saved.routerNetwork2 = body.network.id),
  }),
  call('POST /v2.0/subnets (second interface subnet)', 'POST', () => '/subnets', {
    body: (ctx) => ({ subnet: { network_id: ctx.saved.routerNetwork2, cidr: '10.243.0.0/24', ip_version: 4, tenant_id: ctx.demoProjectId } }),
    reads: ['subnet.id'],
    after: (ctx, body) => void (ctx.saved.routerSubnet2 = body.subnet.id),
  }),
  call('POST /v2.0/routers with the public gateway', 'POST', () => '/routers', {
    body: (ctx) => ({ router: { name: ctx.unique('conf-router'), admin_state_up: true, external_gateway_info: { network_id: ctx.saved.publicNetwork }, project_id: ctx.demoProjectId } }),
    reads: one('router', ROUTER_FIELDS),
    after: (ctx, body) => void (ctx.saved.router = body.router.id),
  }),
  call('POST /v2.0/routers with an internal network as gateway', 'POST', () => '/routers', {
    body: (ctx) => ({ router: { name: 'never', external_gateway_info: { network_id: ctx.saved.routerNetwork } } }),
    reads: FAULT,
  }),
  call('GET /v2.0/routers?project_id=', 'GET', (ctx) => `/routers?project_id=${ctx.demoProjectId}`, { reads: each('routers', ROUTER_FIELDS) }),
  call('GET /v2.0/networks?id=', 'GET', (ctx) => `/networks?id=${ctx.saved.publicNetwork}`, { reads: ['networks[].id', 'networks[].name'] }),
  call('GET /v2.0/routers/{id}', 'GET', router, { reads: one('router', ROUTER_FIELDS) }),
  call('PUT /v2.0/routers/{id} (edit)', 'PUT', router, {
    body: () => ({ router: { name: 'conf-router-renamed', admin_state_up: false } }),
    reads: one('router', ROUTER_FIELDS),
  }),
  call('PUT /v2.0/routers/{id}/add_router_interface (subnet)', 'PUT', (ctx) => `${router(ctx)}/add_router_interface`, {
    body: (ctx) => ({ subnet_id: ctx.saved.routerSubnet }),
    reads: ['id', 'port_id', 'subnet_id', 'network_id', 'tenant_id'],
    after: (ctx, body) => void (ctx.saved.routerInterface = body.port_id),
  }),
  call('PUT /v2.0/routers/{id}/add_router_interface (same subnet again)', 'PUT', (ctx) => `${router(ctx)}/add_router_interface`, {
    body: (ctx) => ({ subnet_id: ctx.saved.routerSubnet }),
    reads: FAULT,
  }),
  call('GET /v2.0/subnets/{id}', 'GET', (ctx) => `/subnets/${ctx.saved.routerSubnet2}`, { reads: ['subnet.id', 'subnet.network_id', 'subnet.cidr'] }),
  call('POST /v2.0/ports with a chosen fixed IP', 'POST', () => '/ports', {
    body: (ctx) => ({ port: { network_id: ctx.saved.routerNetwork2, fixed_ips: [{ subnet_id: ctx.saved.routerSubnet2, ip_address: '10.243.0.50' }], project_id: ctx.demoProjectId } }),
    reads: one('port', PORT_FIELDS),
    after: (ctx, body) => void (ctx.saved.routerPort = body.port.id),
  }),
  call('PUT /v2.0/routers/{id}/add_router_interface (port)', 'PUT', (ctx) => `${router(ctx)}/add_router_interface`, {
    body: (ctx) => ({ port_id: ctx.saved.routerPort }),
    reads: ['id', 'port_id', 'subnet_id', 'network_id'],
  }),
  call('GET /v2.0/ports/{id}', 'GET', (ctx) => `/ports/${ctx.saved.routerPort}`, { reads: one('port', PORT_FIELDS) }),
  call('GET /v2.0/ports?device_id=', 'GET', (ctx) => `/ports?device_id=${ctx.saved.router}`, { reads: each('ports', PORT_FIELDS) }),
  call('POST /v2.0/floatingips (for targets)', 'POST', () => '/floatingips', {
    body: (ctx) => ({ floatingip: { floating_network_id: ctx.saved.publicNetwork, tenant_id: ctx.demoProjectId } }),
    reads: ['floatingip.id'],
    after: (ctx, body) => void (ctx.saved.routerFip = body.floatingip.id),
  }),
  call('GET /v2.0/floatingips/{id}', 'GET', (ctx) => `/floatingips/${ctx.saved.routerFip}`, { reads: ['floatingip.id', 'floatingip.floating_network_id'] }),
  call('GET /v2.0/routers?project_id= (targets)', 'GET', (ctx) => `/routers?project_id=${ctx.demoProjectId}`, { reads: ['routers[].id', 'routers[].external_gateway_info.network_id'] }),
  call('DELETE /v2.0/routers/{id} with interfaces', 'DELETE', router, { reads: FAULT }),
  call('PUT /v2.0/routers/{id} (clear gateway)', 'PUT', router, {
    body: () => ({ router: { external_gateway_info: {} } }),
    reads: ['router.id', 'router.external_gateway_info'],
  }),
  call('DELETE /v2.0/floatingips/{id} (release)', 'DELETE', (ctx) => `/floatingips/${ctx.saved.routerFip}`),
  call('PUT /v2.0/routers/{id}/remove_router_interface (port)', 'PUT', (ctx) => `${router(ctx)}/remove_router_interface`, {
    body: (ctx) => ({ port_id: ctx.saved.routerInterface }),
    reads: ['id', 'port_id', 'subnet_id'],
  }),
  call('PUT /v2.0/routers/{id}/remove_router_interface (chosen-IP port)', 'PUT', (ctx) => `${router(ctx)}/remove_router_interface`, {
    body: (ctx) => ({ port_id: ctx.saved.routerPort }),
    reads: ['id', 'port_id'],
  }),
  call('PUT /v2.0/routers/{id}/remove_router_interface (not an interface)', 'PUT', (ctx) => `${router(ctx)}/remove_router_interface`, {
    body: (ctx) => ({ port_id: ctx.saved.routerPort }),
    reads: FAULT,
  }),
  call('DELETE /v2.0/routers/{id}', 'DELETE', router),
  call('DELETE /v2.0/networks/{id} (router interface network)', 'DELETE', (ctx) => `/networks/${ctx.saved.routerNetwork}`),
  call('DELETE /v2.0/networks/{id} (second interface network)', 'DELETE', (ctx) => `/networks/${ctx.saved.routerNetwork2}`),
];
