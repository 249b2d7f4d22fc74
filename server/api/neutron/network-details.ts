import type { FastifyPluginAsync } from 'fastify';
import type { BffContext } from '../../context.js';
import type { CloudClient } from '../../openstack/client.js';
import { encode, hasExtension, neutron, wrap } from './common.js';
import { type Native, shapeNetwork, shapeSubnet } from './networks.js';

/**
 * The Networks panel's routes beyond api-contract §8 (Horizon does them in
 * its Django views): one network, subnet or port, their edits and deletes,
 * and the subnet pools the Create Network wizard offers. Tenancy is Neutron's
 * own: a project's token does not see another project's private network.
 */

const ID = { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1 } } };

/** Neutron answers a pool's prefix lengths as strings ("26"); the wizard computes with them, so they become numbers. */
function shapeSubnetPool(pool: Native) {
  const number = (value: unknown) => (value === null || value === undefined || value === '' ? null : Number(value));
  return wrap({ ...pool, min_prefixlen: number(pool.min_prefixlen), max_prefixlen: number(pool.max_prefixlen), default_prefixlen: number(pool.default_prefixlen) });
}

/** One network with its subnets expanded, as in the list. */
async function networkWithSubnets(client: CloudClient, id: string) {
  const network = (await neutron<{ network: Native }>(client, 'GET', `/networks/${encode(id)}`)).body.network;
  const subnets = (network.subnets as string[] | undefined)?.length
    ? (await neutron<{ subnets: Native[] }>(client, 'GET', '/subnets', { query: { network_id: network.id } })).body.subnets
    : [];
  return shapeNetwork(network, new Map(subnets.map((subnet) => [subnet.id, subnet])));
}

/** A port with Horizon's derived keys and, when the cloud has trunks, the trunk it belongs to. */
async function portDetail(client: CloudClient, id: string) {
  const port = (await neutron<{ port: Native }>(client, 'GET', `/ports/${encode(id)}`)).body.port;
  const [network, trunk, groupNames] = await Promise.all([
    neutron<{ network: Native }>(client, 'GET', `/networks/${encode(String(port.network_id))}`).then(
      (response) => response.body.network,
      () => undefined,
    ),
    trunkOf(client, port),
    securityGroupNames(client, (port.security_groups as string[] | undefined) ?? []),
  ]);
  return wrap({ ...port, network_name: network?.name ?? '', security_group_names: groupNames, ...trunk });
}

/** Horizon's port details name the port's security groups; one the caller cannot see keeps its id. */
async function securityGroupNames(client: CloudClient, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const query = new URLSearchParams(ids.map((id) => ['id', id])).toString();
  const groups = await neutron<{ security_groups: Native[] }>(client, 'GET', `/security-groups?${query}&fields=id&fields=name`).then(
    (response) => response.body.security_groups,
    () => [],
  );
  const names = new Map(groups.map((group) => [group.id, String(group.name || group.id)]));
  return ids.map((id) => names.get(id) ?? id);
}

/** Horizon's port detail shows the trunk a port is the parent or a subport of. */
async function trunkOf(client: CloudClient, port: Native): Promise<Record<string, unknown>> {
  const details = port.trunk_details as { trunk_id?: string } | undefined;
  if (details?.trunk_id) return { trunk_id: details.trunk_id };
  if (!(await hasExtension(client, 'trunk'))) return {};
  const trunks = (await neutron<{ trunks: (Native & { port_id: string; sub_ports?: { port_id: string; segmentation_type: string; segmentation_id: number }[] })[] }>(client, 'GET', '/trunks')).body.trunks;
  for (const trunk of trunks) {
    if (trunk.port_id === port.id) return { trunk_id: trunk.id };
    const subport = trunk.sub_ports?.find((each) => each.port_id === port.id);
    if (subport) return { trunk_id: trunk.id, segmentation_type: subport.segmentation_type, segmentation_id: subport.segmentation_id };
  }
  return {};
}

export const networkDetailRoutes: FastifyPluginAsync<BffContext> = async (app, { access }) => {
  // (not in the contract: Horizon's network detail view)
  app.get<{ Params: { id: string } }>('/api/neutron/networks/:id/', { schema: { params: ID } }, async (request) => {
    return networkWithSubnets(await access.client(request), request.params.id);
  });

  // (not in the contract: Horizon's Edit Network form; `shared` is Neutron's update_network:shared rule)
  app.patch<{ Params: { id: string }; Body: Record<string, unknown> }>('/api/neutron/networks/:id/', { schema: { params: ID, body: { $ref: 'network.schema.json#/$defs/update' } } }, async (request) => {
    const client = await access.client(request);
    await neutron(client, 'PUT', `/networks/${encode(request.params.id)}`, { body: { network: request.body } });
    return networkWithSubnets(client, request.params.id);
  });

  /**
   * (not in the contract: Horizon's Delete Network) Horizon deletes the
   * network's subnets first, then the network; Neutron's refusal (ports in
   * use) comes back as it is.
   */
  app.delete<{ Params: { id: string } }>('/api/neutron/networks/:id/', { schema: { params: ID } }, async (request, reply) => {
    const client = await access.client(request);
    const network = (await neutron<{ network: Native }>(client, 'GET', `/networks/${encode(request.params.id)}`)).body.network;
    for (const subnetId of (network.subnets as string[] | undefined) ?? []) await neutron(client, 'DELETE', `/subnets/${encode(subnetId)}`);
    await neutron(client, 'DELETE', `/networks/${encode(network.id)}`);
    return reply.code(204).send();
  });

  // (not in the contract: Horizon's subnet detail view)
  app.get<{ Params: { id: string } }>('/api/neutron/subnets/:id/', { schema: { params: ID } }, async (request) => {
    const client = await access.client(request);
    return shapeSubnet((await neutron<{ subnet: Native }>(client, 'GET', `/subnets/${encode(request.params.id)}`)).body.subnet);
  });

  // (not in the contract: Horizon's Edit Subnet workflow)
  app.patch<{ Params: { id: string }; Body: Record<string, unknown> }>('/api/neutron/subnets/:id/', { schema: { params: ID, body: { $ref: 'subnet.schema.json#/$defs/update' } } }, async (request) => {
    const client = await access.client(request);
    const response = await neutron<{ subnet: Native }>(client, 'PUT', `/subnets/${encode(request.params.id)}`, { body: { subnet: request.body } });
    return shapeSubnet(response.body.subnet);
  });

  // (not in the contract: Horizon's Delete Subnet)
  app.delete<{ Params: { id: string } }>('/api/neutron/subnets/:id/', { schema: { params: ID } }, async (request, reply) => {
    await neutron(await access.client(request), 'DELETE', `/subnets/${encode(request.params.id)}`);
    return reply.code(204).send();
  });

  // (not in the contract: the subnet pools Horizon's Create Network wizard offers: the project's own and the shared ones)
  app.get('/api/neutron/subnetpools/', async (request) => {
    const client = await access.client(request);
    if (!(await hasExtension(client, 'subnet_allocation'))) return { items: [] };
    const response = await neutron<{ subnetpools: Native[] }>(client, 'GET', '/subnetpools');
    return { items: response.body.subnetpools.map(shapeSubnetPool) };
  });

  // (not in the contract: Horizon's port detail view, spec 2 §2.2)
  app.get<{ Params: { id: string } }>('/api/neutron/ports/:id/', { schema: { params: ID } }, async (request) => {
    return portDetail(await access.client(request), request.params.id);
  });
};
