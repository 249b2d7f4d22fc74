import type { ConformanceContext, NativeCall } from './calls.js';

/**
 * The Neutron v2.0 calls the server makes (server/api/neutron/, server/api/network.ts)
 * and the ones its api tests arrange natively. Trunks and QoS are left out: the
 * reference cloud has neither extension, so there is nothing to compare with.
 */

const neutronUrl = (ctx: ConformanceContext) => `${ctx.endpoint('network').replace(/\/+$/, '')}/v2.0`;
const as = (which: 'demoToken' | 'adminToken') => (ctx: ConformanceContext) => ({ 'X-Auth-Token': ctx[which] });

const NETWORK_FIELDS = [
  'id',
  'name',
  'tenant_id',
  'project_id',
  'status',
  'admin_state_up',
  'shared',
  'router:external',
  'subnets[]',
  'mtu',
  'port_security_enabled',
  'description',
  'tags',
  'revision_number',
  'created_at',
  'updated_at',
];
const SUBNET_FIELDS = ['id', 'name', 'network_id', 'tenant_id', 'cidr', 'ip_version', 'gateway_ip', 'enable_dhcp', 'allocation_pools[].start', 'allocation_pools[].end', 'dns_nameservers', 'host_routes', 'subnetpool_id', 'ipv6_ra_mode', 'ipv6_address_mode'];
const PORT_FIELDS = ['id', 'name', 'network_id', 'tenant_id', 'mac_address', 'status', 'admin_state_up', 'device_id', 'device_owner', 'fixed_ips[].subnet_id', 'fixed_ips[].ip_address', 'security_groups', 'binding:vnic_type'];
const FIP_FIELDS = ['id', 'floating_ip_address', 'fixed_ip_address', 'floating_network_id', 'port_id', 'router_id', 'status', 'tenant_id', 'project_id', 'description', 'port_details'];
const FAULT = ['NeutronError.type', 'NeutronError.message', 'NeutronError.detail'];
const each = (collection: string, fields: string[]) => fields.map((field) => `${collection}[].${field}`);
const one = (member: string, fields: string[]) => fields.map((field) => `${member}.${field}`);

export const NEUTRON_CALLS: NativeCall[] = [
  {
    service: 'network',
    name: 'GET /v2.0/extensions',
    method: 'GET',
    url: (ctx) => `${neutronUrl(ctx)}/extensions`,
    headers: as('demoToken'),
    reads: ['extensions[].alias', 'extensions[].name', 'extensions[].description', 'extensions[].updated', 'extensions[].links'],
  },
  {
    service: 'network',
    name: 'GET /v2.0/networks?router:external=True',
    method: 'GET',
    url: (ctx) => `${neutronUrl(ctx)}/networks?router:external=True`,
    headers: as('demoToken'),
    reads: [...each('networks', NETWORK_FIELDS), 'networks[].is_default'],
    after: (ctx, body) => {
      ctx.saved.publicNetwork = body.networks[0]?.id;
    },
  },
  {
    service: 'network',
    name: 'GET /v2.0/networks?shared=True',
    method: 'GET',
    url: (ctx) => `${neutronUrl(ctx)}/networks?shared=True`,
    headers: as('demoToken'),
    reads: ['networks'],
  },
  {
    service: 'network',
    name: 'POST /v2.0/networks',
    method: 'POST',
    url: (ctx) => `${neutronUrl(ctx)}/networks`,
    headers: as('demoToken'),
    body: (ctx) => ({ network: { name: ctx.unique('conf-net'), admin_state_up: true, tenant_id: ctx.demoProjectId } }),
    reads: one('network', NETWORK_FIELDS),
    after: (ctx, body) => {
      ctx.saved.network = body.network.id;
    },
  },
  {
    service: 'network',
    name: 'GET /v2.0/networks (member: its own, the shared and the external ones)',
    method: 'GET',
    url: (ctx) => `${neutronUrl(ctx)}/networks`,
    headers: as('demoToken'),
    reads: each('networks', NETWORK_FIELDS),
  },
  {
    service: 'network',
    name: 'GET /v2.0/networks?tenant_id=&shared=False',
    method: 'GET',
    url: (ctx) => `${neutronUrl(ctx)}/networks?tenant_id=${ctx.demoProjectId}&shared=False`,
    headers: as('demoToken'),
    reads: each('networks', NETWORK_FIELDS),
  },
  {
    service: 'network',
    name: 'POST /v2.0/networks shared (member)',
    method: 'POST',
    url: (ctx) => `${neutronUrl(ctx)}/networks`,
    headers: as('demoToken'),
    body: () => ({ network: { name: 'never', shared: true } }),
    reads: FAULT,
  },
  {
    service: 'network',
    name: 'POST /v2.0/subnets',
    method: 'POST',
    url: (ctx) => `${neutronUrl(ctx)}/subnets`,
    headers: as('demoToken'),
    body: (ctx) => ({ subnet: { network_id: ctx.saved.network, cidr: '10.241.0.0/24', ip_version: 4, name: 'conf-subnet', tenant_id: ctx.demoProjectId } }),
    reads: one('subnet', SUBNET_FIELDS),

    after: (ctx, body) => {
      ctx.saved.subnet = body.subnet.id;
    },
  },
  {
    service: 'network',
    name: 'POST /v2.0/subnets overlapping',
    method: 'POST',
    url: (ctx) => `${neutronUrl(ctx)}/subnets`,
    headers: as('demoToken'),
    body: (ctx) => ({ subnet: { network_id: ctx.saved.network, cidr: '10.241.0.128/25', ip_version: 4 } }),
    reads: FAULT,
  },
  {
    service: 'network',
    name: 'POST /v2.0/subnets invalid CIDR',
    method: 'POST',
    url: (ctx) => `${neutronUrl(ctx)}/subnets`,
    headers: as('demoToken'),
    body: (ctx) => ({ subnet: { network_id: ctx.saved.network, cidr: '10.241.300.0/24', ip_version: 4 } }),
    reads: FAULT,
  },
  {
    service: 'network',
    name: 'GET /v2.0/subnets?network_id=',
    method: 'GET',
    url: (ctx) => `${neutronUrl(ctx)}/subnets?network_id=${ctx.saved.network}`,
    headers: as('demoToken'),
    reads: each('subnets', SUBNET_FIELDS),
  },
  // The Networks panel's detail, edit and subnet-pool calls (server/api/neutron/network-details.ts).
  {
    service: 'network',
    name: 'GET /v2.0/networks/{id}',
    method: 'GET',
    url: (ctx) => `${neutronUrl(ctx)}/networks/${ctx.saved.network}`,
    headers: as('demoToken'),
    reads: one('network', NETWORK_FIELDS),
  },
  {
    service: 'network',
    name: 'PUT /v2.0/networks/{id}',
    method: 'PUT',
    url: (ctx) => `${neutronUrl(ctx)}/networks/${ctx.saved.network}`,
    headers: as('demoToken'),
    body: () => ({ network: { name: 'conf-net-edited', admin_state_up: false } }),
    reads: one('network', NETWORK_FIELDS),
  },
  {
    service: 'network',
    name: 'PUT /v2.0/networks/{id} shared (member)',
    method: 'PUT',
    url: (ctx) => `${neutronUrl(ctx)}/networks/${ctx.saved.network}`,
    headers: as('demoToken'),
    body: () => ({ network: { shared: true } }),
    reads: FAULT,
  },
  {
    service: 'network',
    name: 'GET /v2.0/subnets/{id}',
    method: 'GET',
    url: (ctx) => `${neutronUrl(ctx)}/subnets/${ctx.saved.subnet}`,
    headers: as('demoToken'),
    reads: one('subnet', SUBNET_FIELDS),
  },
  {
    service: 'network',
    name: 'PUT /v2.0/subnets/{id}',
    method: 'PUT',
    url: (ctx) => `${neutronUrl(ctx)}/subnets/${ctx.saved.subnet}`,
    headers: as('demoToken'),
    body: () => ({ subnet: { name: 'conf-subnet-edited', enable_dhcp: false, dns_nameservers: ['10.241.0.53'], host_routes: [{ destination: '10.99.0.0/24', nexthop: '10.241.0.9' }] } }),
    reads: one('subnet', SUBNET_FIELDS),
  },
  {
    service: 'network',
    name: 'GET /v2.0/subnetpools',
    method: 'GET',
    url: (ctx) => `${neutronUrl(ctx)}/subnetpools`,
    headers: as('demoToken'),
    reads: ['subnetpools'],
  },
  {
    service: 'network',
    name: 'POST /v2.0/ports',
    method: 'POST',
    url: (ctx) => `${neutronUrl(ctx)}/ports`,
    headers: as('demoToken'),
    body: (ctx) => ({ port: { network_id: ctx.saved.network, name: 'conf-port', device_owner: 'compute:nova' } }),
    reads: one('port', PORT_FIELDS),
    after: (ctx, body) => {
      ctx.saved.port = body.port.id;
    },
  },
  {
    service: 'network',
    name: 'GET /v2.0/ports/{id}',
    method: 'GET',
    url: (ctx) => `${neutronUrl(ctx)}/ports/${ctx.saved.port}`,
    headers: as('demoToken'),
    reads: one('port', PORT_FIELDS),
  },
  {
    service: 'network',
    name: 'GET /v2.0/ports?project_id=',
    method: 'GET',
    url: (ctx) => `${neutronUrl(ctx)}/ports?project_id=${ctx.demoProjectId}`,
    headers: as('demoToken'),
    reads: each('ports', PORT_FIELDS),
  },
  {
    service: 'network',
    name: 'GET /v2.0/security-groups?tenant_id=',
    method: 'GET',
    url: (ctx) => `${neutronUrl(ctx)}/security-groups?tenant_id=${ctx.demoProjectId}`,
    headers: as('demoToken'),
    reads: [
      ...each('security_groups', ['id', 'name', 'description', 'tenant_id', 'project_id', 'stateful', 'shared']),
      ...['id', 'direction', 'ethertype', 'protocol', 'port_range_min', 'port_range_max', 'remote_ip_prefix', 'remote_group_id', 'security_group_id'].map((field) => `security_groups[].security_group_rules[].${field}`),
    ],
  },
  {
    service: 'network',
    name: 'POST /v2.0/floatingips',
    method: 'POST',
    url: (ctx) => `${neutronUrl(ctx)}/floatingips`,
    headers: as('demoToken'),
    body: (ctx) => ({ floatingip: { floating_network_id: ctx.saved.publicNetwork, tenant_id: ctx.demoProjectId } }),
    reads: one('floatingip', FIP_FIELDS),
    after: (ctx, body) => {
      ctx.saved.floatingip = body.floatingip.id;
    },
  },
  {
    service: 'network',
    name: 'GET /v2.0/floatingips?project_id=',
    method: 'GET',
    url: (ctx) => `${neutronUrl(ctx)}/floatingips?project_id=${ctx.demoProjectId}`,
    headers: as('demoToken'),
    reads: each('floatingips', FIP_FIELDS),
  },
  {
    service: 'network',
    name: 'PUT /v2.0/floatingips/{id} to an unreachable port',
    method: 'PUT',
    url: (ctx) => `${neutronUrl(ctx)}/floatingips/${ctx.saved.floatingip}`,
    headers: as('demoToken'),
    body: (ctx) => ({ floatingip: { port_id: ctx.saved.port } }),
    reads: FAULT,
  },
  {
    service: 'network',
    name: 'PUT /v2.0/floatingips/{id} disassociate',
    method: 'PUT',
    url: (ctx) => `${neutronUrl(ctx)}/floatingips/${ctx.saved.floatingip}`,
    headers: as('demoToken'),
    body: () => ({ floatingip: { port_id: null } }),
    reads: one('floatingip', FIP_FIELDS),
  },
  {
    service: 'network',
    name: 'DELETE /v2.0/floatingips/{id}',
    method: 'DELETE',
    url: (ctx) => `${neutronUrl(ctx)}/floatingips/${ctx.saved.floatingip}`,
    headers: as('demoToken'),
    reads: [],
  },
  {
    service: 'network',
    name: 'DELETE /v2.0/networks/{id} with a port',
    method: 'DELETE',
    url: (ctx) => `${neutronUrl(ctx)}/networks/${ctx.saved.network}`,
    headers: as('demoToken'),
    reads: FAULT,
  },
  {
    service: 'network',
    name: 'DELETE /v2.0/ports/{id}',
    method: 'DELETE',
    url: (ctx) => `${neutronUrl(ctx)}/ports/${ctx.saved.port}`,
    headers: as('demoToken'),
    reads: [],
  },
  {
    service: 'network',
    name: 'DELETE /v2.0/subnets/{id}',
    method: 'DELETE',
    url: (ctx) => `${neutronUrl(ctx)}/subnets/${ctx.saved.subnet}`,
    headers: as('demoToken'),
    reads: [],
  },
  {
    service: 'network',
    name: 'DELETE /v2.0/networks/{id}',
    method: 'DELETE',
    url: (ctx) => `${neutronUrl(ctx)}/networks/${ctx.saved.network}`,
    headers: as('demoToken'),
    reads: [],
  },
  {
    service: 'network',
    name: 'GET /v2.0/agents (admin)',
    method: 'GET',
    url: (ctx) => `${neutronUrl(ctx)}/agents`,
    headers: as('adminToken'),
    reads: each('agents', ['id', 'agent_type', 'binary', 'host', 'topic', 'availability_zone', 'admin_state_up', 'alive', 'description', 'configurations', 'created_at', 'started_at', 'heartbeat_timestamp']),
  },
  {
    service: 'network',
    name: 'GET /v2.0/agents (member)',
    method: 'GET',
    url: (ctx) => `${neutronUrl(ctx)}/agents`,
    headers: as('demoToken'),
    reads: ['agents'],
  },
  {
    service: 'network',
    name: 'GET /v2.0/availability_zones?resource=network&state=available',
    method: 'GET',
    url: (ctx) => `${neutronUrl(ctx)}/availability_zones?resource=network&state=available`,
    headers: as('demoToken'),
    // The real cloud's zones come from DHCP and L3 agents it may lack: the list itself is what both must answer.
    reads: ['availability_zones'],
  },
  {
    service: 'network',
    name: 'GET /v2.0/quotas/{p}/default',
    method: 'GET',
    url: (ctx) => `${neutronUrl(ctx)}/quotas/${ctx.demoProjectId}/default`,
    headers: as('demoToken'),
    reads: ['quota.network', 'quota.subnet', 'quota.port', 'quota.router', 'quota.floatingip', 'quota.security_group', 'quota.security_group_rule'],
  },
  {
    service: 'network',
    name: 'PUT /v2.0/quotas/{p} (member)',
    method: 'PUT',
    url: (ctx) => `${neutronUrl(ctx)}/quotas/${ctx.demoProjectId}`,
    headers: as('demoToken'),
    body: () => ({ quota: { network: 100 } }),
    reads: FAULT,
  },
];
