import type { ConformanceContext, NativeCall } from './calls.js';

/**
 * The native calls of the Overviews, Edit Quotas and Admin > Instances
 * (server/api/nova/usage.ts, the quota-sets/{project} reads, servers/?all_tenants):
 * usage over a month, a project's quotas with what it uses, every project's servers;
 * and Admin > Hypervisors' reads (server/api/nova/server-actions.ts).
 */

const nova = (ctx: ConformanceContext) => ctx.endpoint('compute').replace(/\/+$/, '');
const neutron = (ctx: ConformanceContext) => `${ctx.endpoint('network').replace(/\/+$/, '')}/v2.0`;
const headers = (which: 'demoToken' | 'adminToken', extra: Record<string, string> = {}) => (ctx: ConformanceContext) => ({ 'X-Auth-Token': ctx[which], ...extra });
const PERIOD = 'start=2026-01-01T00:00:00&end=2026-01-31T23:59:59';

export const USAGE_QUOTA_CALLS: NativeCall[] = [
  {
    service: 'compute',
    name: 'GET /os-simple-tenant-usage/{project}',
    method: 'GET',
    url: (ctx) => `${nova(ctx)}/os-simple-tenant-usage/${ctx.demoProjectId}?${PERIOD}`,
    headers: headers('demoToken'),
    reads: ['tenant_usage'],
  },
  {
    service: 'compute',
    name: 'GET /os-simple-tenant-usage?detailed=1 (admin)',
    method: 'GET',
    url: (ctx) => `${nova(ctx)}/os-simple-tenant-usage?${PERIOD}&detailed=1`,
    headers: headers('adminToken'),
    reads: ['tenant_usages'],
  },
  {
    service: 'compute',
    name: 'GET /os-simple-tenant-usage (member: refused)',
    method: 'GET',
    url: (ctx) => `${nova(ctx)}/os-simple-tenant-usage?${PERIOD}`,
    headers: headers('demoToken'),
    reads: ['forbidden.message'],
  },
  {
    service: 'compute',
    name: 'GET /os-quota-sets/{project}/detail',
    method: 'GET',
    url: (ctx) => `${nova(ctx)}/os-quota-sets/${ctx.demoProjectId}/detail`,
    headers: headers('demoToken'),
    reads: ['quota_set.instances.limit', 'quota_set.instances.in_use', 'quota_set.cores.in_use', 'quota_set.ram.in_use'],
  },
  {
    service: 'compute',
    name: 'GET /servers/detail?all_tenants=1 (admin) [2.47]',
    method: 'GET',
    url: (ctx) => `${nova(ctx)}/servers/detail?all_tenants=1&limit=2`,
    headers: headers('adminToken', { 'OpenStack-API-Version': 'compute 2.47', 'X-OpenStack-Nova-API-Version': '2.47' }),
    reads: ['servers'],
  },
  {
    service: 'volume',
    name: 'GET /os-quota-sets/{project}?usage=true',
    method: 'GET',
    url: (ctx) => `${ctx.endpoint('volumev3')}/os-quota-sets/${ctx.demoProjectId}?usage=true`,
    headers: headers('demoToken'),
    reads: ['quota_set.volumes.limit', 'quota_set.volumes.in_use', 'quota_set.gigabytes.in_use', 'quota_set.snapshots.in_use'],
  },
  {
    service: 'network',
    name: 'GET /v2.0/quotas/{project}/details',
    method: 'GET',
    url: (ctx) => `${neutron(ctx)}/quotas/${ctx.demoProjectId}/details`,
    headers: headers('demoToken'),
    reads: ['quota.network.limit', 'quota.network.used', 'quota.floatingip.used', 'quota.security_group.used'],
  },  {
    service: 'compute',
    name: 'GET /os-hypervisors/detail?with_servers=true (admin) [2.53]',
    method: 'GET',
    url: (ctx) => `${nova(ctx)}/os-hypervisors/detail?with_servers=true`,
    headers: headers('adminToken', { 'OpenStack-API-Version': 'compute 2.53', 'X-OpenStack-Nova-API-Version': '2.53' }),
    reads: ['hypervisors.0.hypervisor_hostname', 'hypervisors.0.vcpus', 'hypervisors.0.vcpus_used', 'hypervisors.0.memory_mb', 'hypervisors.0.memory_mb_used', 'hypervisors.0.running_vms'],
  },
  {
    service: 'compute',
    name: 'GET /os-hypervisors/detail (member: refused)',
    method: 'GET',
    url: (ctx) => `${nova(ctx)}/os-hypervisors/detail`,
    headers: headers('demoToken'),
    reads: ['forbidden.message'],
  },
  {
    service: 'compute',
    name: 'GET /os-services?binary=nova-compute (admin)',
    method: 'GET',
    url: (ctx) => `${nova(ctx)}/os-services?binary=nova-compute`,
    headers: headers('adminToken'),
    reads: ['services.0.host', 'services.0.zone', 'services.0.status', 'services.0.state'],
  },
];
