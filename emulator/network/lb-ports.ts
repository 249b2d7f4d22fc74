import { BadRequest } from '../core/errors.js';
import type { CloudDeps } from '../core/service.js';
import type { LbCaller, LoadBalancerNetworking, VipPort } from '../load-balancer/models/collaborators.js';
import { findNetwork } from './models/networks.js';
import { createPort, deletePort, findPort, fixedIpsOf } from './models/ports.js';
import { canSeeSubnet, findSubnet, subnetsOfNetwork } from './models/subnets.js';

/**
 * Neutron as Octavia's network driver uses it (octavia/network/drivers/neutron):
 * the VIP port is a real port of the load balancer's project on the chosen
 * subnet (device_owner `Octavia`, name `octavia-lb-<id>`), so it holds its
 * address, shows in the port list and can carry a floating IP.
 */
export function neutronForLoadBalancer(deps: CloudDeps): LoadBalancerNetworking {
  const { db } = deps;
  const viewer = (caller: LbCaller) => ({ projectId: caller.projectId, isAdmin: caller.isAdmin });
  const vipOf = (portId: string): VipPort | null => {
    const row = findPort(db, portId);
    const fixed = row ? fixedIpsOf(db, row.id)[0] : undefined;
    return row && fixed ? { portId: row.id, address: fixed.ip_address, subnetId: fixed.subnet_id, networkId: row.network_id } : null;
  };
  return {
    findSubnet(caller, id) {
      const row = findSubnet(db, id);
      return row && canSeeSubnet(db, viewer(caller), row) ? { id: row.id, networkId: row.network_id } : null;
    },
    subnetOfNetwork(caller, networkId) {
      const subnet = subnetsOfNetwork(db, networkId).find((row) => canSeeSubnet(db, viewer(caller), row));
      return subnet ? { id: subnet.id, networkId: subnet.network_id } : null;
    },
    findPort(caller, id) {
      const row = findPort(db, id);
      if (!row || (!caller.isAdmin && row.project_id !== caller.projectId)) return null;
      return vipOf(id);
    },
    createVipPort(projectId, loadBalancerId, subnetId, address) {
      const subnet = findSubnet(db, subnetId)!;
      const network = findNetwork(db, subnet.network_id)!;
      try {
        const port = createPort(db, deps.clock.now(), {
          projectId,
          network,
          name: `octavia-lb-${loadBalancerId}`,
          deviceId: `lb-${loadBalancerId}`,
          deviceOwner: 'Octavia',
          status: 'DOWN',
          fixedIps: [{ subnet_id: subnetId, ...(address ? { ip_address: address } : {}) }],
        });
        return vipOf(port.id)!;
      } catch (error) {
        // Octavia turns Neutron's refusal into its own 400 (AllocateVIPException).
        throw new BadRequest(`Validation failure: ${(error as Error).message}`);
      }
    },
    deleteVipPort(portId) {
      const row = findPort(db, portId);
      if (row) deletePort(db, deps.clock.now(), row, { internal: true });
    },
    memberAnswers(address, subnetId) {
      return Boolean(
        db.get(
          `SELECT 1 FROM net_ip_allocations a JOIN net_ports p ON p.id = a.port_id
            WHERE a.ip_address = ? AND (? IS NULL OR a.subnet_id = ?) AND p.device_owner LIKE 'compute:%' AND p.status = 'ACTIVE' AND p.admin_state_up = 1`,
          address,
          subnetId,
          subnetId,
        ),
      );
    },
  };
}
