import { neutronId } from './lookup.js';
import { CallFailure, pick, type ResourceContext, type ResourceType, updatable } from './types.js';

/** OS::Neutron::* plugins: each makes its Neutron object with the caller's rights. */

async function show(context: ResourceContext, collection: string, id: string): Promise<Record<string, unknown> | null> {
  const answer = (await context.cloud.find('network', `/v2.0/${collection}/${id}`)) as Record<string, Record<string, unknown>> | null;
  return answer ? Object.values(answer)[0]! : null;
}

async function removeQuietly(context: ResourceContext, path: string): Promise<void> {
  try {
    await context.cloud.call('network', 'DELETE', path);
  } catch (error) {
    if (!(error instanceof CallFailure && error.status === 404)) throw error;
  }
}

/** An in-place update of a Neutron object: a PUT of the changed fields (Heat's update_allowed properties of that plugin, named as Neutron names them). */
function putChanges(collection: string, singular: string, type: ResourceType, names: string[]): ResourceType {
  return updatable(type, names, async (context, id, changes) => {
    await context.cloud.call('network', 'PUT', `/v2.0/${collection}/${id}`, { [singular]: pick(changes, names) });
  });
}

function simple(collection: string, singular: string, build: (context: ResourceContext, properties: Record<string, unknown>) => Promise<Record<string, unknown>>, properties: ResourceType['properties']): ResourceType {
  return {
    properties,
    async create(context, values) {
      const answer = (await context.cloud.call('network', 'POST', `/v2.0/${collection}`, { [singular]: await build(context, values) })) as Record<string, { id: string }>;
      return { physicalId: answer[singular]!.id };
    },
    remove: (context, id) => removeQuietly(context, `/v2.0/${collection}/${id}`),
    attributes: (context, id) => show(context, collection, id),
  };
}

const net = simple(
  'networks',
  'network',
  async (_context, values) => ({ ...pick(values, ['name', 'admin_state_up', 'shared', 'port_security_enabled', 'dns_domain']), ...((values.value_specs as object) ?? {}) }),
  { name: {}, admin_state_up: { default: true }, shared: { default: false }, port_security_enabled: {}, value_specs: {}, dns_domain: {}, tenant_id: {}, qos_policy: {}, tags: {}, availability_zone_hints: {}, dhcp_agent_ids: {} },
);

const subnet = simple(
  'subnets',
  'subnet',
  async (context, values) => {
    const network = values.network ?? values.network_id;
    if (network === undefined || network === null) throw new CallFailure(400, 'Property error: resources.' + context.resourceName + '.properties: Property network not assigned');
    return {
      ...pick(values, ['name', 'cidr', 'ip_version', 'enable_dhcp', 'gateway_ip', 'allocation_pools', 'dns_nameservers', 'host_routes', 'prefixlen', 'ipv6_address_mode', 'ipv6_ra_mode']),
      network_id: await neutronId(context.cloud, 'networks', network),
      ...(values.subnetpool ? { subnetpool_id: String(values.subnetpool) } : {}),
      ...((values.value_specs as object) ?? {}),
    };
  },
  { network: {}, network_id: {}, name: {}, cidr: {}, ip_version: { default: 4 }, enable_dhcp: { default: true }, gateway_ip: {}, allocation_pools: {}, dns_nameservers: {}, host_routes: {}, prefixlen: {}, subnetpool: {}, ipv6_address_mode: {}, ipv6_ra_mode: {}, value_specs: {}, tags: {}, segment: {} },
);

async function fixedIps(context: ResourceContext, list: unknown): Promise<unknown[] | undefined> {
  if (!Array.isArray(list)) return undefined;
  return Promise.all(
    list.map(async (entry: Record<string, unknown>) => ({
      ...(entry.subnet ?? entry.subnet_id ? { subnet_id: await neutronId(context.cloud, 'subnets', entry.subnet ?? entry.subnet_id) } : {}),
      ...(entry.ip_address ? { ip_address: entry.ip_address } : {}),
    })),
  );
}

async function securityGroupIds(context: ResourceContext, list: unknown): Promise<string[] | undefined> {
  if (!Array.isArray(list)) return undefined;
  return Promise.all(list.map((group) => neutronId(context.cloud, 'security-groups', group)));
}

const port = simple(
  'ports',
  'port',
  async (context, values) => ({
    ...pick(values, ['name', 'admin_state_up', 'mac_address', 'device_id', 'device_owner', 'port_security_enabled', 'allowed_address_pairs']),
    network_id: await neutronId(context.cloud, 'networks', values.network ?? values.network_id),
    ...(values.fixed_ips ? { fixed_ips: await fixedIps(context, values.fixed_ips) } : {}),
    ...(values.security_groups ? { security_groups: await securityGroupIds(context, values.security_groups) } : {}),
    ...((values.value_specs as object) ?? {}),
  }),
  { network: {}, network_id: {}, name: {}, admin_state_up: { default: true }, fixed_ips: {}, security_groups: {}, mac_address: {}, device_id: {}, device_owner: {}, port_security_enabled: {}, allowed_address_pairs: {}, value_specs: {}, 'binding:vnic_type': {}, qos_policy: {}, tags: {} },
);

const router = simple(
  'routers',
  'router',
  async (context, values) => {
    const gateway = values.external_gateway_info as Record<string, unknown> | undefined;
    return {
      ...pick(values, ['name', 'admin_state_up', 'distributed', 'ha']),
      ...(gateway?.network
        ? { external_gateway_info: { network_id: await neutronId(context.cloud, 'networks', gateway.network), ...pick(gateway, ['enable_snat', 'external_fixed_ips']) } }
        : {}),
      ...((values.value_specs as object) ?? {}),
    };
  },
  { name: {}, admin_state_up: { default: true }, external_gateway_info: {}, value_specs: {}, distributed: {}, ha: {}, l3_agent_ids: {}, tags: {} },
);

/** The physical id is Heat's `<router id>:subnet_id=<id>` (or `:port_id=`). */
const routerInterface: ResourceType = {
  properties: { router: { required: true }, router_id: {}, subnet: {}, subnet_id: {}, port: {}, port_id: {} },
  async create(context, values) {
    const routerId = await neutronId(context.cloud, 'routers', values.router ?? values.router_id);
    const subnetRef = values.subnet ?? values.subnet_id;
    const portRef = values.port ?? values.port_id;
    if (!subnetRef && !portRef) throw new CallFailure(400, 'At least one of the following properties must be specified: subnet, port.');
    const [key, id] = subnetRef ? ['subnet_id', await neutronId(context.cloud, 'subnets', subnetRef)] : ['port_id', await neutronId(context.cloud, 'ports', portRef)];
    await context.cloud.call('network', 'PUT', `/v2.0/routers/${routerId}/add_router_interface`, { [key]: id });
    return { physicalId: `${routerId}:${key}=${id}` };
  },
  async remove(context, physicalId) {
    const [routerId, pair] = physicalId.split(':');
    const [key, id] = (pair ?? '').split('=');
    try {
      await context.cloud.call('network', 'PUT', `/v2.0/routers/${routerId}/remove_router_interface`, { [key!]: id });
    } catch (error) {
      if (!(error instanceof CallFailure && error.status === 404)) throw error;
    }
  },
  attributes: async (context, physicalId) => {
    const routerId = physicalId.split(':')[0]!;
    return (await show(context, 'routers', routerId)) ? {} : null;
  },
};

const floatingIp: ResourceType = {
  properties: { floating_network: { required: true }, floating_network_id: {}, port_id: {}, fixed_ip_address: {}, floating_ip_address: {}, value_specs: {}, dns_name: {}, dns_domain: {}, floating_subnet: {} },
  async create(context, values) {
    const answer = (await context.cloud.call('network', 'POST', '/v2.0/floatingips', {
      floatingip: {
        floating_network_id: await neutronId(context.cloud, 'networks', values.floating_network ?? values.floating_network_id),
        ...pick(values, ['port_id', 'fixed_ip_address', 'floating_ip_address']),
        ...((values.value_specs as object) ?? {}),
      },
    })) as { floatingip: { id: string } };
    return { physicalId: answer.floatingip.id };
  },
  remove: (context, id) => removeQuietly(context, `/v2.0/floatingips/${id}`),
  attributes: (context, id) => show(context, 'floatingips', id),
};

/** Rules as Heat takes them (remote_mode remote_ip_prefix or remote_group_id); a rule Neutron already has is fine. */
const securityGroup: ResourceType = {
  properties: { name: {}, description: { default: '' }, rules: {}, tags: {} },
  async create(context, values) {
    const answer = (await context.cloud.call('network', 'POST', '/v2.0/security-groups', {
      security_group: { name: values.name ?? `${context.stackName}-${context.resourceName}`, description: values.description ?? '' },
    })) as { security_group: { id: string } };
    const id = answer.security_group.id;
    for (const rule of (values.rules as Record<string, unknown>[] | undefined) ?? []) {
      const remoteGroup = rule.remote_mode === 'remote_group_id' ? (rule.remote_group_id ?? id) : undefined;
      try {
        await context.cloud.call('network', 'POST', '/v2.0/security-group-rules', {
          security_group_rule: {
            security_group_id: id,
            direction: rule.direction ?? 'ingress',
            ethertype: rule.ethertype ?? 'IPv4',
            ...pick(rule, ['protocol', 'port_range_min', 'port_range_max']),
            ...(remoteGroup ? { remote_group_id: remoteGroup } : rule.remote_ip_prefix ? { remote_ip_prefix: rule.remote_ip_prefix } : {}),
          },
        });
      } catch (error) {
        if (!(error instanceof CallFailure && error.status === 409)) throw error;
      }
    }
    return { physicalId: id };
  },
  remove: (context, id) => removeQuietly(context, `/v2.0/security-groups/${id}`),
  attributes: (context, id) => show(context, 'security-groups', id),
};

// Heat's update_allowed properties that map one to one onto a Neutron field; the others (a subnet's cidr, a port's network) replace.
export const NEUTRON_TYPES: Record<string, ResourceType> = {
  'OS::Neutron::Net': putChanges('networks', 'network', net, ['name', 'admin_state_up', 'shared', 'port_security_enabled', 'dns_domain']),
  'OS::Neutron::Subnet': putChanges('subnets', 'subnet', subnet, ['name', 'enable_dhcp', 'gateway_ip', 'allocation_pools', 'dns_nameservers', 'host_routes']),
  'OS::Neutron::Port': putChanges('ports', 'port', port, ['name', 'admin_state_up', 'device_owner', 'device_id', 'allowed_address_pairs', 'port_security_enabled']),
  'OS::Neutron::Router': putChanges('routers', 'router', router, ['name', 'admin_state_up']),
  'OS::Neutron::RouterInterface': routerInterface,
  'OS::Neutron::FloatingIP': putChanges('floatingips', 'floatingip', floatingIp, ['port_id', 'fixed_ip_address']),
  'OS::Neutron::SecurityGroup': putChanges('security-groups', 'security_group', securityGroup, ['name', 'description']),
};
