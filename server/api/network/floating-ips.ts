import type { FastifyPluginAsync } from 'fastify';
import type { BffContext } from '../../context.js';
import { encode, neutron, projectOf } from '../neutron/common.js';

/**
 * Floating IP routes the Floating IPs panel needs beyond api-contract §7
 * (Horizon does them through its Django views): release, and the targets
 * an address may be associated with.
 */

type Native = Record<string, unknown> & { id: string };
type FixedIp = { subnet_id: string; ip_address: string };

/** Horizon's ROUTER_INTERFACE_OWNERS: the ports that join a subnet to a router. */
const INTERFACE_OWNERS = ['network:router_interface', 'network:router_interface_distributed', 'network:ha_router_replicated_interface'];

/**
 * Horizon's FloatingIpManager.list_targets for one floating IP: every fixed
 * IPv4 address of the project's non-network ports on a subnet that a router
 * with a gateway on the address's external network reaches (or on a shared
 * subnet, whose router interface a member may not see). Each target is
 * `{id: "<port id>_<fixed ip>", name: "<port name>: <fixed ip>"}`.
 */
export function floatingIpTargets(floatingNetworkId: string, ports: Native[], routers: Native[], sharedSubnets: Set<string>) {
  const gatewayRouters = new Set(
    routers.filter((router) => (router.external_gateway_info as { network_id?: string } | null)?.network_id === floatingNetworkId).map((router) => router.id),
  );
  const reachable = new Set(sharedSubnets);
  for (const port of ports) {
    if (INTERFACE_OWNERS.includes(String(port.device_owner)) && gatewayRouters.has(String(port.device_id))) {
      for (const fixed of (port.fixed_ips as FixedIp[]) ?? []) reachable.add(fixed.subnet_id);
    }
  }
  const targets = [];
  for (const port of ports) {
    if (String(port.device_owner ?? '').startsWith('network:')) continue;
    for (const fixed of (port.fixed_ips as FixedIp[]) ?? []) {
      // Floating IPs can only target IPv4 addresses.
      if (!reachable.has(fixed.subnet_id) || fixed.ip_address.includes(':')) continue;
      const label = (port.name as string) || '';
      targets.push({
        id: `${port.id}_${fixed.ip_address}`,
        name: label ? `${label}: ${fixed.ip_address}` : fixed.ip_address,
        port_id: port.id,
        ip_address: fixed.ip_address,
        instance_id: (port.device_id as string) || null,
      });
    }
  }
  return targets;
}

export const floatingIpRoutes: FastifyPluginAsync<BffContext> = async (app, { access }) => {
  /** Release (not in the contract: Horizon's Release Floating IP action). */
  app.delete<{ Params: { id: string } }>('/api/network/floatingips/:id/', async (request, reply) => {
    const client = await access.client(request);
    await neutron(client, 'DELETE', `/floatingips/${encode(request.params.id)}`);
    return reply.code(204).send();
  });

  /** The Associate form's choices for one floating IP (not in the contract: Horizon's associate view). */
  app.get<{ Params: { id: string } }>('/api/network/floatingips/:id/targets/', async (request) => {
    const client = await access.client(request);
    const projectId = projectOf(request);
    const fip = (await neutron<{ floatingip: Native }>(client, 'GET', `/floatingips/${encode(request.params.id)}`)).body.floatingip;
    const [ports, routers, shared] = await Promise.all([
      neutron<{ ports: Native[] }>(client, 'GET', '/ports', { query: { project_id: projectId } }),
      neutron<{ routers: Native[] }>(client, 'GET', '/routers', { query: { project_id: projectId } }),
      neutron<{ networks: Native[] }>(client, 'GET', '/networks', { query: { shared: 'True' } }),
    ]);
    const sharedSubnets = new Set(shared.body.networks.flatMap((network) => (network.subnets as string[]) ?? []));
    return { items: floatingIpTargets(String(fip.floating_network_id), ports.body.ports, routers.body.routers, sharedSubnets) };
  });
};
