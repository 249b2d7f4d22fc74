import type { FastifyPluginAsync } from 'fastify';
import type { BffContext } from '../../context.js';
import { ApiError } from '../../errors.js';
import type { CloudClient } from '../../openstack/client.js';
import { adminFilters } from '../admin-filters.js';
import { allProjectsPage, encode, neutron, projectOf, wantsAllProjects, withProjectNames, wrap } from './common.js';
import type { RouterCreate } from '../../../shared/generated/router.js';

/**
 * `/api/neutron/routers/` (not in the contract: Horizon's Routers panel does
 * these through its Django views): list, create, details with the
 * interfaces, edit, set or clear the gateway, add and delete interfaces,
 * and delete, which removes the router's interfaces first as Horizon does.
 */

type Native = Record<string, unknown> & { id: string };

/** Owners of a router's internal interface ports (Horizon's ROUTER_INTERFACE_OWNERS). */
const INTERFACE_OWNERS = ['network:router_interface', 'network:router_interface_distributed', 'network:ha_router_replicated_interface'];
const GATEWAY_OWNER = 'network:router_gateway';

/** Horizon's router: `external_gateway_info.network` is the external network's name (its `_set_external_network`). */
function shapeRouter(router: Native, networkNames: Map<string, string>) {
  const gateway = router.external_gateway_info as (Record<string, unknown> & { network_id: string }) | null | undefined;
  const external = gateway ? { ...gateway, network: networkNames.get(gateway.network_id) ?? gateway.network_id } : gateway ?? null;
  return wrap({ ...router, external_gateway_info: external });
}

/** An interface row (Horizon's routers/ports table): its name or `(first 13 of the id)`, and the Type the owner gives. */
function shapeInterface(port: Native) {
  const owner = String(port.device_owner ?? '');
  return {
    ...wrap(port),
    name_or_id: (port.name as string) || `(${port.id.slice(0, 13)})`,
    interface_type: owner === GATEWAY_OWNER ? 'External Gateway' : 'Internal Interface',
  };
}

async function networkNames(client: CloudClient, routers: Native[]): Promise<Map<string, string>> {
  const ids = [...new Set(routers.map((router) => (router.external_gateway_info as { network_id?: string } | null)?.network_id).filter((id): id is string => Boolean(id)))];
  if (!ids.length) return new Map();
  const params = new URLSearchParams(ids.map((id) => ['id', id]));
  const response = await neutron<{ networks: Native[] }>(client, 'GET', `/networks?${params.toString()}`);
  return new Map(response.body.networks.map((network) => [network.id, String(network.name ?? '')]));
}

/** The router's interface and gateway ports the caller may see (a member does not see the gateway port). */
async function interfacesOf(client: CloudClient, routerId: string): Promise<Native[]> {
  const response = await neutron<{ ports: Native[] }>(client, 'GET', '/ports', { query: { device_id: routerId } });
  return response.body.ports.filter((port) => INTERFACE_OWNERS.includes(String(port.device_owner)) || port.device_owner === GATEWAY_OWNER);
}

const routerPath = (id: string) => `/routers/${encode(id)}`;

async function getRouter(client: CloudClient, id: string): Promise<Native> {
  return (await neutron<{ router: Native }>(client, 'GET', routerPath(id))).body.router;
}

/** Removes one interface port from the router (by port, which also covers a port made for a chosen IP). */
function removeInterface(client: CloudClient, routerId: string, portId: string) {
  return neutron(client, 'PUT', `${routerPath(routerId)}/remove_router_interface`, { body: { port_id: portId } });
}

async function answerRouter(client: CloudClient, router: Native) {
  return shapeRouter(router, await networkNames(client, [router]));
}

export const routerRoutes: FastifyPluginAsync<BffContext> = async (app, { access }) => {
  app.get('/api/neutron/routers/', async (request) => {
    const client = await access.client(request);
    if (wantsAllProjects(request)) {
      // Admin > Routers: one page of every project's routers (Neutron filters a router by name and admin state, not by status).
      const page = await allProjectsPage<Native>(request, client, 'routers', await adminFilters(request, client, ['name', 'admin_state_up']));
      const names = await networkNames(client, page.items);
      return { ...page, items: await withProjectNames(client, page.items.map((router) => shapeRouter(router, names))) };
    }
    const response = await neutron<{ routers: Native[] }>(client, 'GET', '/routers', { query: { project_id: projectOf(request) } });
    const names = await networkNames(client, response.body.routers);
    return { items: response.body.routers.map((router) => shapeRouter(router, names)) };
  });

  app.post<{ Body: RouterCreate }>('/api/neutron/routers/', { schema: { body: { $ref: 'router.schema.json#/$defs/create' } } }, async (request, reply) => {
    const client = await access.client(request);
    const { external_gateway_info: gateway, ...rest } = request.body;
    const body = { ...rest, ...(gateway ? { external_gateway_info: gateway } : {}), project_id: projectOf(request) };
    const router = (await neutron<{ router: Native }>(client, 'POST', '/routers', { body: { router: body } })).body.router;
    reply.code(201).header('Location', `/api/neutron/routers/${encode(router.id)}`);
    return answerRouter(client, router);
  });

  /** One router with its `interfaces` (the details' Interfaces tab). */
  app.get<{ Params: { id: string } }>('/api/neutron/routers/:id/', async (request) => {
    const client = await access.client(request);
    const [router, ports] = await Promise.all([getRouter(client, request.params.id), interfacesOf(client, request.params.id)]);
    return { ...(await answerRouter(client, router)), interfaces: ports.map(shapeInterface) };
  });

  /** Edit (name, admin state) and Set / Clear Gateway (`external_gateway_info`: an external network, or null). */
  app.patch<{ Params: { id: string }; Body: RouterCreate }>('/api/neutron/routers/:id/', { schema: { body: { $ref: 'router.schema.json#/$defs/update' } } }, async (request) => {
    const client = await access.client(request);
    const { external_gateway_info: gateway, ...rest } = request.body;
    const changes: Record<string, unknown> = { ...rest };
    // Neutron clears a gateway with an empty object.
    if (gateway !== undefined) changes.external_gateway_info = gateway ?? {};
    const router = (await neutron<{ router: Native }>(client, 'PUT', routerPath(request.params.id), { body: { router: changes } })).body.router;
    return answerRouter(client, router);
  });

  /** Horizon's router_delete: the internal interfaces go first, then the router (its gateway goes with it). */
  app.delete<{ Params: { id: string } }>('/api/neutron/routers/:id/', async (request, reply) => {
    const client = await access.client(request);
    const ports = await interfacesOf(client, request.params.id);
    for (const port of ports.filter((candidate) => candidate.device_owner !== GATEWAY_OWNER)) await removeInterface(client, request.params.id, port.id);
    await neutron(client, 'DELETE', routerPath(request.params.id));
    return reply.code(204).send();
  });

  app.get<{ Params: { id: string } }>('/api/neutron/routers/:id/interfaces/', async (request) => {
    const client = await access.client(request);
    await getRouter(client, request.params.id); // an unknown or foreign router is a 404, not an empty list
    return { items: (await interfacesOf(client, request.params.id)).map(shapeInterface) };
  });

  /**
   * Add Interface. Without an IP the interface takes the subnet's gateway
   * address; with one, Horizon first makes a port holding that address on
   * the subnet and attaches it, deleting the port again if that fails.
   */
  app.post<{ Params: { id: string }; Body: { subnet_id: string; ip_address?: string } }>(
    '/api/neutron/routers/:id/interfaces/',
    { schema: { body: { $ref: 'router-interface.schema.json#/$defs/create' } } },
    async (request, reply) => {
      const client = await access.client(request);
      const routerId = request.params.id;
      const router = await getRouter(client, routerId);
      const { subnet_id: subnetId, ip_address: address } = request.body;
      let portId: string;
      if (address) {
        const subnet = (await neutron<{ subnet: Native }>(client, 'GET', `/subnets/${encode(subnetId)}`)).body.subnet;
        const port = (
          await neutron<{ port: Native }>(client, 'POST', '/ports', {
            body: { port: { network_id: subnet.network_id, fixed_ips: [{ subnet_id: subnetId, ip_address: address }], project_id: router.project_id ?? router.tenant_id } },
          })
        ).body.port;
        try {
          await neutron(client, 'PUT', `${routerPath(routerId)}/add_router_interface`, { body: { port_id: port.id } });
        } catch (error) {
          await neutron(client, 'DELETE', `/ports/${encode(port.id)}`).catch(() => undefined);
          throw error;
        }
        portId = port.id;
      } else {
        const info = (await neutron<{ port_id: string }>(client, 'PUT', `${routerPath(routerId)}/add_router_interface`, { body: { subnet_id: subnetId } })).body;
        portId = info.port_id;
      }
      const port = (await neutron<{ port: Native }>(client, 'GET', `/ports/${encode(portId)}`)).body.port;
      reply.code(201).header('Location', `/api/neutron/routers/${encode(routerId)}/interfaces/${encode(portId)}`);
      return shapeInterface(port);
    },
  );

  /** Delete Interface: an internal interface only; the gateway is cleared through the router. */
  app.delete<{ Params: { id: string; port: string } }>('/api/neutron/routers/:id/interfaces/:port/', async (request, reply) => {
    const client = await access.client(request);
    const ports = await interfacesOf(client, request.params.id);
    const port = ports.find((candidate) => candidate.id === request.params.port);
    if (!port) throw new ApiError(404, `Router ${request.params.id} has no interface ${request.params.port}`);
    if (port.device_owner === GATEWAY_OWNER) throw new ApiError(400, 'port: the external gateway is removed with Clear Gateway, not as an interface');
    await removeInterface(client, request.params.id, port.id);
    return reply.code(204).send();
  });
};
