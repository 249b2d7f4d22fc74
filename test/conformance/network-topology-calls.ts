import type { ConformanceContext, NativeCall } from './calls.js';

/**
 * The native calls of `project/network_topology/json`
 * (server/api/network-topology.ts), as demo makes them: Nova's server list at
 * the default microversion, Neutron's shared, own and external networks, the
 * subnets, the project's routers and every port the member may see.
 */

const neutron = (ctx: ConformanceContext, path: string) => `${ctx.endpoint('network').replace(/\/+$/, '')}/v2.0${path}`;
const demo = (ctx: ConformanceContext) => ({ 'X-Auth-Token': ctx.demoToken });
const NETWORK_FIELDS = ['id', 'name', 'status', 'subnets', 'router:external', 'tenant_id'];
const each = (collection: string, fields: string[]) => fields.map((field) => `${collection}[].${field}`);
const get = (name: string, service: NativeCall['service'], url: (ctx: ConformanceContext) => string, reads: string[]): NativeCall => ({ service, name, method: 'GET', url, headers: demo, reads });

export const NETWORK_TOPOLOGY_CALLS: NativeCall[] = [
  get('GET /servers/detail?project_id= (topology, no microversion)', 'compute', (ctx) => `${ctx.endpoint('compute').replace(/\/+$/, '')}/servers/detail?project_id=${ctx.demoProjectId}`, each('servers', ['id', 'name', 'status', 'OS-EXT-STS:task_state'])),
  get('GET /v2.0/networks?shared=True (topology)', 'network', (ctx) => neutron(ctx, '/networks?shared=True'), each('networks', NETWORK_FIELDS)),
  get('GET /v2.0/networks?tenant_id=&shared=False (topology)', 'network', (ctx) => neutron(ctx, `/networks?tenant_id=${ctx.demoProjectId}&shared=False`), each('networks', NETWORK_FIELDS)),
  get('GET /v2.0/networks?router:external=True (topology)', 'network', (ctx) => neutron(ctx, '/networks?router%3Aexternal=True'), each('networks', NETWORK_FIELDS)),
  get('GET /v2.0/subnets (topology)', 'network', (ctx) => neutron(ctx, '/subnets'), each('subnets', ['id', 'cidr'])),
  get('GET /v2.0/routers?tenant_id= (topology)', 'network', (ctx) => neutron(ctx, `/routers?tenant_id=${ctx.demoProjectId}`), each('routers', ['id', 'name', 'status', 'external_gateway_info'])),
  get('GET /v2.0/ports (topology)', 'network', (ctx) => neutron(ctx, '/ports'), each('ports', ['id', 'network_id', 'device_id', 'device_owner', 'fixed_ips[].ip_address', 'fixed_ips[].subnet_id', 'status'])),
];
