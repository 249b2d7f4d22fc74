import { BadRequest, Conflict } from '../core/errors.js';
import type { CloudDeps } from '../core/service.js';
import type { Caller, ComputeNetworking, PortBinding, ServerPort } from '../compute/models/collaborators.js';
import type { Viewer } from './models/common.js';
import { findNetwork, listNetworks, type NetworkRow } from './models/networks.js';
import { createPort, deletePort, findPort, fixedIpsOf, getPort, updatePort } from './models/ports.js';
import { ensureDefaultSecurityGroup, listSecurityGroups } from './models/security-groups.js';

/**
 * Neutron as Nova's network API uses it (nova/network/neutron.py): pick the
 * boot networks, resolve security groups, create and bind the server's ports
 * (device_owner `compute:<az>`, device_id = server, binding:host_id = host,
 * status ACTIVE), describe them for `addresses`, and release them at delete.
 */
export function neutronForCompute(deps: CloudDeps): ComputeNetworking {
  const { db } = deps;
  const viewerOf = (caller: Caller): Viewer => ({ projectId: caller.projectId, isAdmin: caller.isAdmin });
  const visible = (caller: Caller, row: NetworkRow | undefined) =>
    Boolean(row && (caller.isAdmin || row.project_id === caller.projectId || row.shared || row.external));

  const bind = (portId: string, binding: PortBinding) => {
    const row = findPort(db, portId)!;
    const network = findNetwork(db, row.network_id)!;
    updatePort(db, deps.clock.now(), row, network, {
      device_id: binding.serverId,
      device_owner: `compute:${binding.availabilityZone}`,
      'binding:host_id': binding.host,
    });
    db.run("UPDATE net_ports SET status = 'ACTIVE' WHERE id = ?", portId);
  };

  return {
    availableNetworks(caller) {
      // Without requested networks Nova takes the project's networks and the shared ones; external networks only when shared.
      return listNetworks(db, viewerOf(caller))
        .filter((row) => row.project_id === caller.projectId || row.shared)
        .filter((row) => !row.external || row.shared)
        .map((row) => ({ id: row.id, name: row.name }));
    },

    findNetwork(caller, id) {
      const row = findNetwork(db, id);
      return row && visible(caller, row) ? { id: row.id, name: row.name } : null;
    },

    resolveSecurityGroups(caller, namesOrIds) {
      ensureDefaultSecurityGroup(db, deps.clock.now(), caller.projectId);
      const groups = listSecurityGroups(db, viewerOf(caller));
      const ids: string[] = [];
      for (const wanted of namesOrIds) {
        const byId = groups.find((group) => group.id === wanted);
        // A name is looked up in the caller's project (Neutron's name filter plus tenant_id).
        const byName = groups.filter((group) => group.name === wanted && group.project_id === caller.projectId);
        if (byName.length > 1) throw new Conflict(`Multiple security_group matches found for name '${wanted}', use an ID to be more specific.`);
        const found = byId ?? byName[0];
        if (!found) throw new BadRequest(`Unable to find security_group with name or id '${wanted}'`);
        if (!ids.includes(found.id)) ids.push(found.id);
      }
      return ids;
    },

    checkFreePort(caller, portId) {
      let row;
      try {
        row = getPort(db, viewerOf(caller), portId);
      } catch {
        throw new BadRequest(`Port id ${portId} could not be found.`);
      }
      if (row.device_id) throw new Conflict(`Port ${portId} is still in use.`);
    },

    createServerPort(caller, networkId, binding, securityGroupIds, fixedIp) {
      const network = findNetwork(db, networkId)!;
      if (!db.get('SELECT 1 FROM net_subnets WHERE network_id = ?', networkId)) {
        throw new BadRequest(`Network ${networkId} requires a subnet in order to boot instances on.`);
      }
      try {
        const port = createPort(db, deps.clock.now(), {
          projectId: caller.projectId,
          network,
          deviceId: binding.serverId,
          deviceOwner: `compute:${binding.availabilityZone}`,
          hostId: binding.host,
          status: 'ACTIVE',
          securityGroups: network.port_security_enabled ? (securityGroupIds ?? undefined) : [],
          fixedIps: fixedIp ? [{ ip_address: fixedIp }] : undefined,
        });
        return port.id;
      } catch (error) {
        // Neutron's refusals (quota, no address left, address taken) reach the Nova user as its own errors.
        const message = (error as Error).message;
        if (/Quota exceeded/.test(message)) throw new Conflict('Maximum number of ports exceeded.');
        if (/already allocated/.test(message)) throw new Conflict(`Fixed IP address ${fixedIp} is already in use on instance ${binding.serverId}.`);
        if (/No more IP addresses/.test(message)) throw new Conflict(`No more IP addresses available on network ${networkId}.`);
        throw error;
      }
    },

    bindPort(_caller, portId, binding) {
      bind(portId, binding);
    },

    describePorts(portIds) {
      const ports: ServerPort[] = [];
      for (const id of portIds) {
        const row = findPort(db, id);
        if (!row) continue;
        const network = findNetwork(db, row.network_id);
        ports.push({
          id: row.id,
          networkId: row.network_id,
          networkName: network?.name ?? '',
          macAddress: row.mac_address,
          fixedIps: fixedIpsOf(db, row.id).map((fixed) => ({ address: fixed.ip_address, version: fixed.ip_address.includes(':') ? 6 : 4 })),
          floatingIps: db
            .all<{ floating_ip_address: string }>('SELECT floating_ip_address FROM net_floatingips WHERE port_id = ? ORDER BY rowid', row.id)
            .map((floating) => floating.floating_ip_address),
          securityGroupIds: db
            .all<{ security_group_id: string }>('SELECT security_group_id FROM net_port_security_groups WHERE port_id = ? ORDER BY rowid', row.id)
            .map((group) => group.security_group_id),
        });
      }
      return ports;
    },

    releasePort(portId, created) {
      const row = findPort(db, portId);
      if (!row) return;
      if (created) {
        deletePort(db, deps.clock.now(), row, { internal: true });
        return;
      }
      const network = findNetwork(db, row.network_id)!;
      updatePort(db, deps.clock.now(), row, network, { device_id: '', device_owner: '', 'binding:host_id': '' });
      db.run("UPDATE net_ports SET status = 'DOWN' WHERE id = ?", portId);
    },

    changePortSecurityGroup(portIds, groupId, add) {
      for (const portId of portIds) {
        const row = findPort(db, portId);
        if (!row) continue;
        const current = db.all<{ security_group_id: string }>('SELECT security_group_id FROM net_port_security_groups WHERE port_id = ? ORDER BY rowid', portId).map((sg) => sg.security_group_id);
        const next = add ? [...new Set([...current, groupId])] : current.filter((id) => id !== groupId);
        updatePort(db, deps.clock.now(), row, findNetwork(db, row.network_id)!, { security_groups: next });
      }
    },

    securityGroupNames(ids) {
      return ids.map((id) => db.get<{ name: string }>('SELECT name FROM net_security_groups WHERE id = ?', id)?.name ?? id);
    },
  };
}
