import type { ConformanceContext, NativeCall } from './calls.js';

/**
 * The Neutron calls of Admin > Networks, Routers and Floating IPs
 * (server/api/neutron/common.ts allProjectsPage, the admin's create): every
 * project's records a page at a time, a network made for demo's project with
 * a provider segment, and ML2's refusal of a flat network without a physical one.
 */

const neutronUrl = (ctx: ConformanceContext) => `${ctx.endpoint('network').replace(/\/+$/, '')}/v2.0`;
const admin = (ctx: ConformanceContext) => ({ 'X-Auth-Token': ctx.adminToken });
const FAULT = ['NeutronError.type', 'NeutronError.message', 'NeutronError.detail'];
const PROVIDER = ['provider:network_type', 'provider:physical_network', 'provider:segmentation_id'];

export const NEUTRON_ADMIN_CALLS: NativeCall[] = [
  {
    service: 'network',
    name: 'GET /v2.0/networks?limit=1 (admin, every project)',
    method: 'GET',
    url: (ctx) => `${neutronUrl(ctx)}/networks?limit=1`,
    headers: admin,
    reads: ['networks[].id', 'networks[].tenant_id', 'networks[].project_id', 'networks[].subnets', ...PROVIDER.map((field) => `networks[].${field}`)],
    nullable: ['networks[].provider:physical_network', 'networks[].provider:segmentation_id'],
  },
  {
    service: 'network',
    name: 'POST /v2.0/networks vxlan for another project (admin)',
    method: 'POST',
    url: (ctx) => `${neutronUrl(ctx)}/networks`,
    headers: admin,
    body: (ctx) => ({ network: { name: ctx.unique('conf-admin-net'), tenant_id: ctx.demoProjectId, 'provider:network_type': 'vxlan', shared: false, 'router:external': false } }),
    reads: ['network.id', 'network.tenant_id', 'network.provider:network_type', 'network.provider:segmentation_id', 'network.provider:physical_network'],
    nullable: ['network.provider:physical_network'],
    after: (ctx, body) => {
      ctx.saved.adminNetwork = body.network.id;
    },
  },
  {
    service: 'network',
    name: 'DELETE /v2.0/networks/{id} (admin, another project’s)',
    method: 'DELETE',
    url: (ctx) => `${neutronUrl(ctx)}/networks/${ctx.saved.adminNetwork}`,
    headers: admin,
    reads: [],
  },
  {
    service: 'network',
    name: 'POST /v2.0/networks flat without a physical network (admin)',
    method: 'POST',
    url: (ctx) => `${neutronUrl(ctx)}/networks`,
    headers: admin,
    body: (ctx) => ({ network: { name: ctx.unique('conf-flat'), 'provider:network_type': 'flat' } }),
    reads: FAULT,
  },
  {
    service: 'network',
    name: 'GET /v2.0/routers?limit=1 (admin, every project)',
    method: 'GET',
    url: (ctx) => `${neutronUrl(ctx)}/routers?limit=1`,
    headers: admin,
    reads: ['routers[].id', 'routers[].tenant_id', 'routers[].admin_state_up'],
  },
  {
    service: 'network',
    name: 'GET /v2.0/floatingips?limit=1 (admin, every project)',
    method: 'GET',
    url: (ctx) => `${neutronUrl(ctx)}/floatingips?limit=1`,
    headers: admin,
    reads: ['floatingips'],
  },
  {
    // Port details name the port's security groups (server/api/neutron/network-details.ts).
    service: 'network',
    name: 'GET /v2.0/security-groups?fields=id&fields=name',
    method: 'GET',
    url: (ctx) => `${neutronUrl(ctx)}/security-groups?fields=id&fields=name`,
    headers: (ctx) => ({ 'X-Auth-Token': ctx.demoToken }),
    reads: ['security_groups[].id', 'security_groups[].name'],
  },
];
