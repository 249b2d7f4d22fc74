import type { FastifyPluginAsync } from 'fastify';
import type { BffContext } from '../../context.js';
import type { CloudClient } from '../../openstack/client.js';
import { adminFilters } from '../admin-filters.js';
import { isSuperuser } from '../user-session.js';
import { allProjectsPage, encode, filtersOf, hasExtension, neutron, projectOf, wantsAllProjects, withProjectNames, wrap } from './common.js';
import type { NetworkCreate } from '../../../shared/generated/network.js';
import type { SubnetCreate } from '../../../shared/generated/subnet.js';

/** `/api/neutron/networks/`, `subnets/` and `ports/` (api-contract §8). */

export type Native = Record<string, unknown> & { id: string };

/** Subnets get Horizon's `ipver_str`. */
export function shapeSubnet(subnet: Native) {
  return wrap({ ...subnet, ipver_str: subnet.ip_version === 6 ? 'IPv6' : 'IPv4' });
}

/** Networks carry their subnets expanded into full objects, as Horizon's network_list does. */
export function shapeNetwork(network: Native, subnets: Map<string, Native>) {
  const ids = (network.subnets as string[] | undefined) ?? [];
  return wrap({ ...network, subnets: ids.map((id) => subnets.get(id)).filter((subnet): subnet is Native => Boolean(subnet)).map(shapeSubnet) });
}

/** Subnets by id: all the caller sees, or only those of `ids`. */
async function subnetIndex(client: CloudClient, ids?: string[]): Promise<Map<string, Native>> {
  const query = ids ? `?${new URLSearchParams(ids.map((id) => ['id', id])).toString()}` : '';
  const response = await neutron<{ subnets: Native[] }>(client, 'GET', `/subnets${query}`);
  return new Map(response.body.subnets.map((subnet) => [subnet.id, subnet]));
}

/** Horizon's pseudo network offered when a project has none and Neutron can allocate one (api-contract §8). */
function autoAllocateNetwork(projectId: string) {
  return {
    id: '__auto_allocate__',
    name: 'auto_allocated_network',
    description: 'Network to be allocated automatically',
    status: 'ACTIVE',
    admin_state_up: true,
    admin_state: 'UP',
    shared: false,
    'router:external': false,
    router__external: false,
    tenant_id: projectId,
    subnets: [{ id: '__auto_allocate__', name: 'auto_allocated_subnet', network_id: 'auto', ip_version: 4, cidr: '0.0.0.0/0', ipver_str: 'IPv4' }],
  };
}

/** Nova 2.37 is needed to boot on an auto-allocated network. */
async function novaAutoAllocates(client: CloudClient): Promise<boolean> {
  try {
    return (await client.microversion('compute', ['2.37'])) !== undefined;
  } catch {
    return false;
  }
}

export const SUBNET_BODY = {
  type: 'object',
  required: ['network_id'],
  properties: {
    network_id: { type: 'string', minLength: 1 },
    name: { type: 'string', maxLength: 255 },
    description: { type: 'string', maxLength: 255 },
    cidr: { type: 'string' },
    ip_version: { type: 'integer', enum: [4, 6] },
    gateway_ip: { type: ['string', 'null'] },
    enable_dhcp: { type: 'boolean' },
    subnetpool_id: { type: ['string', 'null'] },
    prefixlen: { type: 'integer', minimum: 0, maximum: 128 },
    allocation_pools: { type: 'array', items: { type: 'object', required: ['start', 'end'], properties: { start: { type: 'string' }, end: { type: 'string' } }, additionalProperties: false } },
    dns_nameservers: { type: 'array', items: { type: 'string' } },
    host_routes: { type: 'array', items: { type: 'object', required: ['destination', 'nexthop'], properties: { destination: { type: 'string' }, nexthop: { type: 'string' } }, additionalProperties: false } },
    ipv6_ra_mode: { type: ['string', 'null'], enum: ['dhcpv6-stateful', 'dhcpv6-stateless', 'slaac', null] },
    ipv6_address_mode: { type: ['string', 'null'], enum: ['dhcpv6-stateful', 'dhcpv6-stateless', 'slaac', null] },
  },
  additionalProperties: false,
};

/**
 * The networks the project's Networks panel lists, as Horizon's
 * network_list_for_tenant does: the shared ones, the project's own, then
 * (`withExternal`) the external ones, each once. Neutron shows a member no
 * other network, so a member's are one list, sorted here: on the real
 * cloud's one Neutron worker the three lists by kind took 135-200 ms and
 * the one 70. A superuser's unfiltered list holds every project's networks,
 * so theirs are asked for by kind.
 */
async function projectNetworks(client: CloudClient, projectId: string, withExternal: boolean, superuser: boolean): Promise<Native[]> {
  const list = (query?: Record<string, string>) => neutron<{ networks: Native[] }>(client, 'GET', '/networks', { query }).then((response) => response.body.networks);
  const [shared, own, external] = superuser
    ? await Promise.all([list({ shared: 'True' }), list({ tenant_id: projectId, shared: 'False' }), withExternal ? list({ 'router:external': 'True' }) : []])
    : await list().then((visible) => [
        visible.filter((network) => network.shared === true),
        visible.filter((network) => network.shared !== true && (network.tenant_id ?? network.project_id) === projectId),
        withExternal ? visible.filter((network) => network['router:external'] === true) : [],
      ]);
  const listed = [...shared, ...own];
  const seen = new Set(listed.map((network) => network.id));
  return [...listed, ...external.filter((network) => !seen.has(network.id))];
}

export const networkRoutes: FastifyPluginAsync<BffContext> = async (app, { access }) => {
  app.get('/api/neutron/networks/', async (request) => {
    const client = await access.client(request);
    if (wantsAllProjects(request)) {
      // Admin > Networks: one page of every project's networks, with only that page's subnets.
      const page = await allProjectsPage<Native>(request, client, 'networks', await adminFilters(request, client, ['name', 'shared', 'router:external', 'status', 'admin_state_up']));
      const ids = page.items.flatMap((network) => (network.subnets as string[] | undefined) ?? []);
      const subnets = ids.length ? await subnetIndex(client, ids) : new Map<string, Native>();
      return { ...page, items: await withProjectNames(client, page.items.map((network) => shapeNetwork(network, subnets))) };
    }
    const projectId = projectOf(request);
    // (not in the contract: `?include_external=true` adds the external networks, as Horizon's Networks panel lists them)
    const withExternal = (request.query as Record<string, unknown> | undefined)?.include_external === 'true';
    const [networks, subnets] = await Promise.all([projectNetworks(client, projectId, withExternal, isSuperuser(request.session!)), subnetIndex(client)]);
    const items = networks.map((network) => shapeNetwork(network, subnets));
    if (!items.length && (await hasExtension(client, 'auto-allocated-topology')) && (await novaAutoAllocates(client))) return { items: [autoAllocateNetwork(projectId)] };
    return { items };
  });

  app.post<{ Body: NetworkCreate }>('/api/neutron/networks/', { schema: { body: { $ref: 'network.schema.json#/$defs/create' } } }, async (request, reply) => {
    const client = await access.client(request);
    // Admin > Networks creates for the project it names (Neutron refuses anyone else another project's).
    const { tenant_id: tenantId, ...fields } = request.body;
    const response = await neutron<{ network: Native }>(client, 'POST', '/networks', { body: { network: { ...fields, tenant_id: tenantId || projectOf(request) } } });
    const network = response.body.network;
    const subnets = (network.subnets as string[] | undefined)?.length ? await subnetIndex(client, network.subnets as string[]) : new Map<string, Native>();
    reply.code(201).header('Location', `/api/neutron/networks/${encode(network.id)}`);
    return shapeNetwork(network, subnets);
  });

  app.get('/api/neutron/subnets/', async (request) => {
    const client = await access.client(request);
    const response = await neutron<{ subnets: Native[] }>(client, 'GET', `/subnets${filtersOf(request)}`);
    return { items: response.body.subnets.map(shapeSubnet) };
  });

  app.post<{ Body: SubnetCreate }>('/api/neutron/subnets/', { schema: { body: { $ref: 'subnet.schema.json#/$defs/create' } } }, async (request, reply) => {
    const client = await access.client(request);
    // Horizon defaults the version to IPv4, as its form does.
    const body = { ip_version: 4, ...request.body, tenant_id: projectOf(request) };
    const response = await neutron<{ subnet: Native }>(client, 'POST', '/subnets', { body: { subnet: body } });
    const subnet = response.body.subnet;
    reply.code(201).header('Location', `/api/neutron/subnets/${encode(subnet.id)}`);
    return shapeSubnet(subnet);
  });

  app.get('/api/neutron/ports/', async (request) => {
    const client = await access.client(request);
    const projectId = projectOf(request);
    const query = (request.query ?? {}) as Record<string, unknown>;
    // Master defaults project_id to the caller's project, so an admin sees its own ports here too.
    const scope = 'project_id' in query || 'tenant_id' in query ? '' : `${filtersOf(request) ? '&' : '?'}project_id=${encode(projectId)}`;
    const [ports, trunks] = await Promise.all([
      neutron<{ ports: Native[] }>(client, 'GET', `/ports${filtersOf(request)}${scope}`),
      hasExtension(client, 'trunk').then((has) => (has ? neutron<{ trunks: Native[] }>(client, 'GET', '/trunks', { query: { project_id: projectId } }).then((r) => r.body.trunks) : [])),
    ]);
    const subports = new Map<string, { trunk_id: string; segmentation_type?: string; segmentation_id?: number }>();
    for (const trunk of trunks) {
      // A parent port is marked with its trunk too, so the launch wizard can leave it out.
      subports.set(trunk.port_id as string, { trunk_id: trunk.id });
      for (const subport of (trunk.sub_ports as { port_id: string; segmentation_type: string; segmentation_id: number }[]) ?? []) {
        subports.set(subport.port_id, { trunk_id: trunk.id, segmentation_type: subport.segmentation_type, segmentation_id: subport.segmentation_id });
      }
    }
    return { items: ports.body.ports.map((port) => wrap({ ...port, ...(subports.get(port.id) ?? {}) })) };
  });
};
