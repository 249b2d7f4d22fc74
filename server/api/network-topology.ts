import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import instanceSchema from '../../schemas/instance.schema.json' with { type: 'json' };
import networkSchema from '../../schemas/network.schema.json' with { type: 'json' };
import portSchema from '../../schemas/port.schema.json' with { type: 'json' };
import routerSchema from '../../schemas/router.schema.json' with { type: 'json' };
import type { BffContext } from '../context.js';
import type { CloudClient } from '../openstack/client.js';
import { isAllowed } from '../policy/enforce.js';
import { encode, neutron, projectOf } from './neutron/common.js';

/**
 * `project/network_topology/json` (api-contract §12; Horizon's network
 * topology JSONView), the data of both topology views: the project's,
 * shared and external networks with their subnets, the project's routers and
 * servers, and the ports on those networks (HA router ports left out), plus a
 * fake `gateway<netid>` port for a router gateway the member cannot see.
 * Not under /api (the views ask the page's own URL), so a failed list is an
 * empty list, as in Horizon, and the answer is `text/json`.
 */

type Native = Record<string, unknown> & { id: string };

/** Horizon's console-less states: no Open Console link for these. */
const NO_CONSOLE = new Set(['shutoff', 'suspended', 'resize', 'verify_resize', 'revert_resize', 'migrating', 'build', 'shelved', 'shelved_offloaded']);
const HA_PORT_OWNER = 'network:router_ha_interface';

/** The status labels the panels show (each schema's `x-enumLabels`), Horizon's TranslationHelper. */
const labels = (schema: { 'x-enumLabels'?: Record<string, string> }) => (status: unknown) => schema['x-enumLabels']?.[String(status).toUpperCase()] ?? status;
const serverStatus = labels(instanceSchema.$defs.status);
const networkStatus = labels(networkSchema.$defs.status);
const routerStatus = labels(routerSchema.$defs.entity.properties.status);
const portStatus = labels(portSchema.$defs.status);

/** Where each kind of resource is shown in the dashboard (Horizon's detail URLs). */
const urls = {
  server: (id: string) => `/project/instances/${encode(id)}/`,
  network: (id: string) => `/project/networks/${encode(id)}/detail`,
  subnet: (id: string) => `/project/networks/subnets/${encode(id)}/detail`,
  router: (id: string) => `/project/routers/${encode(id)}/`,
  port: (id: string) => `/project/networks/ports/${encode(id)}/detail`,
};

/** A list that could not be read is drawn as empty (Horizon's `except Exception: []`). */
async function orEmpty<T>(read: () => Promise<T[]>): Promise<T[]> {
  try {
    return await read();
  } catch {
    return [];
  }
}

async function servers(client: CloudClient, request: FastifyRequest) {
  const projectId = projectOf(request);
  const list = await orEmpty(async () => (await client.request<{ servers: Native[] }>('compute', 'GET', '/servers/detail', { query: { project_id: projectId } })).body.servers);
  const allowDelete = isAllowed(request, 'compute', 'os_compute_api:servers:delete');
  return list
    .filter((server) => server.tenant_id === undefined || server.tenant_id === projectId)
    .map((server) => ({
      name: server.name,
      status: serverStatus(server.status),
      original_status: server.status,
      allow_delete_server: allowDelete,
      task: server['OS-EXT-STS:task_state'] ?? null,
      id: server.id,
      ...(NO_CONSOLE.has(String(server.status).toLowerCase()) ? {} : { console: 'auto_console' }),
      url: urls.server(server.id),
    }));
}

async function networks(client: CloudClient, request: FastifyRequest) {
  const projectId = projectOf(request);
  const list = (query: Record<string, string>) => orEmpty(async () => (await neutron<{ networks: Native[] }>(client, 'GET', '/networks', { query })).body.networks);
  const [shared, own, external, subnets] = await Promise.all([
    list({ shared: 'True' }),
    list({ tenant_id: projectId, shared: 'False' }),
    list({ 'router:external': 'True' }),
    orEmpty(async () => (await neutron<{ subnets: Native[] }>(client, 'GET', '/subnets')).body.subnets),
  ]);
  const subnetById = new Map(subnets.map((subnet) => [subnet.id, subnet]));
  const subnetsOf = (network: Native) =>
    ((network.subnets as string[] | undefined) ?? [])
      .map((id) => subnetById.get(id))
      .filter((subnet): subnet is Native => Boolean(subnet))
      .map((subnet) => ({ id: subnet.id, cidr: subnet.cidr, url: urls.subnet(subnet.id) }));
  const base = (network: Native) => ({
    name: (network.name as string) || network.id,
    id: network.id,
    subnets: subnetsOf(network),
    status: networkStatus(network.status),
    original_status: network.status,
    'router:external': network['router:external'] === true,
    url: urls.network(network.id),
  });
  const tenantNetworks = [...shared, ...own];
  const seen = new Set(tenantNetworks.map((network) => network.id));
  const shaped = [
    ...tenantNetworks.map((network) => {
      // Horizon's target: the network's owner, so a member may not delete a shared network it does not own.
      const owner = String(network.tenant_id ?? network.project_id ?? '');
      const target = { 'network:tenant_id': owner, tenant_id: owner, project_id: owner };
      return {
        ...base(network),
        allow_delete_subnet: isAllowed(request, 'network', 'delete_subnet', target),
        allow_delete_network: isAllowed(request, 'network', 'delete_network', target),
      };
    }),
    // The external networks the project may route to, without delete rights (spec 1 §6).
    ...external.filter((network) => !seen.has(network.id)).map(base),
  ];
  // External networks first (Horizon sorts on router:external, reversed; the sort is stable).
  return [...shaped.filter((network) => network['router:external']), ...shaped.filter((network) => !network['router:external'])];
}

async function routers(client: CloudClient, request: FastifyRequest) {
  const list = await orEmpty(async () => (await neutron<{ routers: Native[] }>(client, 'GET', '/routers', { query: { tenant_id: projectOf(request) } })).body.routers);
  return list.map((router) => ({
    id: router.id,
    name: (router.name as string) || router.id,
    status: routerStatus(router.status),
    original_status: router.status,
    external_gateway_info: router.external_gateway_info ?? null,
    url: urls.router(router.id),
  }));
}

type TopologyPort = { id: string; network_id: string; device_id: string; fixed_ips: unknown[]; device_owner?: unknown; status?: unknown; original_status?: unknown; url?: string };

/** The ports on the networks shown, without HA router ports. */
function visiblePorts(ports: Native[], networkIds: Set<string>): TopologyPort[] {
  return ports
    .filter((port) => port.device_owner !== HA_PORT_OWNER && networkIds.has(String(port.network_id)))
    .map((port) => ({
      id: port.id,
      network_id: String(port.network_id),
      device_id: String(port.device_id ?? ''),
      fixed_ips: (port.fixed_ips as unknown[]) ?? [],
      device_owner: port.device_owner,
      status: portStatus(port.status),
      original_status: port.status,
      url: urls.port(port.id),
    }));
}

/** A member cannot see a router's port on the external network: a fake one stands for it (Horizon's _prepare_gateway_ports). */
function addGatewayPorts(routerList: { id: string; external_gateway_info: unknown }[], ports: TopologyPort[]): void {
  for (const router of routerList) {
    const networkId = (router.external_gateway_info as { network_id?: string } | null)?.network_id;
    if (!networkId) continue;
    if (ports.some((port) => port.network_id === networkId && port.device_id === router.id)) continue;
    ports.push({ id: `gateway${networkId}`, network_id: networkId, device_id: router.id, fixed_ips: [] });
  }
}

export const networkTopologyRoutes: FastifyPluginAsync<BffContext> = async (app, { access }) => {
  // The loader adds a timestamp (`json?1700000000000`) so no cache answers it; any query is accepted.
  app.get('/project/network_topology/json', async (request, reply) => {
    const client = await access.client(request);
    const [networkList, serverList, routerList, portList] = await Promise.all([
      networks(client, request),
      servers(client, request),
      routers(client, request),
      orEmpty(async () => (await neutron<{ ports: Native[] }>(client, 'GET', '/ports')).body.ports),
    ]);
    const ports = visiblePorts(portList, new Set(networkList.map((network) => network.id)));
    addGatewayPorts(routerList, ports);
    reply.header('Cache-Control', 'no-cache');
    return reply.type('text/json; charset=utf-8').send(JSON.stringify({ servers: serverList, networks: networkList, ports, routers: routerList }));
  });
};
