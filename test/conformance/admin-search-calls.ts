import type { ConformanceContext, NativeCall } from './calls.js';

/**
 * The searches of the admin lists of every project (server/api/admin-filters.ts):
 * each service's own filters with the project made its id, so both clouds must
 * accept them (no 400 for an unknown filter) and answer the same shape.
 */

const admin = (ctx: ConformanceContext) => ({ 'X-Auth-Token': ctx.adminToken });
const nova = (ctx: ConformanceContext) => ctx.endpoint('compute').replace(/\/+$/, '');
const neutron = (ctx: ConformanceContext) => `${ctx.endpoint('network').replace(/\/+$/, '')}/v2.0`;
const cinder = (ctx: ConformanceContext) => ctx.endpoint('volumev3').replace(ctx.demoProjectId, ctx.saved.adminProjectId);
const get = (service: NativeCall['service'], name: string, url: (ctx: ConformanceContext) => string, reads: string[], headers = admin): NativeCall => ({ service, name, method: 'GET', url, headers, reads });

export const ADMIN_SEARCH_CALLS: NativeCall[] = [
  get('compute', 'GET /servers/detail?all_tenants=1&project_id=&name=&status=&ip= (admin search)', (ctx) => `${nova(ctx)}/servers/detail?all_tenants=1&project_id=${ctx.demoProjectId}&name=conf&status=ACTIVE&ip=10\\.&limit=2`, ['servers']),
  get('compute', 'GET /servers/detail?all_tenants=1&host=&availability_zone=&ip6=&image=&flavor= (admin search)', (ctx) => `${nova(ctx)}/servers/detail?all_tenants=1&host=nowhere&availability_zone=nova&ip6=fd00&image=x&flavor=1&limit=2`, ['servers']),
  get('volume', 'GET /volumes/detail?all_tenants=1&project_id=&name=&status=&size=&bootable= (admin search)', (ctx) => `${cinder(ctx)}/volumes/detail?all_tenants=1&project_id=${ctx.demoProjectId}&name=conf&status=available&size=1&bootable=false&availability_zone=nova&limit=2`, ['volumes']),
  get('volume', 'GET /snapshots/detail?all_tenants=1&project_id=&name=&status= (admin search)', (ctx) => `${cinder(ctx)}/snapshots/detail?all_tenants=1&project_id=${ctx.demoProjectId}&name=conf&status=available&limit=2`, ['snapshots']),
  get('network', 'GET /networks?project_id=&name=&shared=&router:external=&status=&admin_state_up= (admin search)', (ctx) => `${neutron(ctx)}/networks?project_id=${ctx.demoProjectId}&name=private&shared=false&router:external=false&status=ACTIVE&admin_state_up=true&limit=2`, ['networks']),
  get('network', 'GET /routers?project_id=&name=&admin_state_up= (admin search)', (ctx) => `${neutron(ctx)}/routers?project_id=${ctx.demoProjectId}&name=conf&admin_state_up=true&limit=2`, ['routers']),
  // Why Admin > Routers has no Status facet: Neutron does not filter routers by it.
  get('network', 'GET /routers?status= (refused)', (ctx) => `${neutron(ctx)}/routers?status=ACTIVE`, ['NeutronError.type', 'NeutronError.message']),
  get('network', 'GET /floatingips?project_id=&floating_ip_address=&fixed_ip_address=&status=&floating_network_id= (admin search)', (ctx) => `${neutron(ctx)}/floatingips?project_id=${ctx.demoProjectId}&floating_ip_address=192.0.2.1&fixed_ip_address=10.0.0.1&status=DOWN&floating_network_id=x&limit=2`, ['floatingips']),
  get('network', 'GET /networks?name=&router:external=True (the pool named)', (ctx) => `${neutron(ctx)}/networks?name=public&router:external=True`, ['networks[].id']),
];
