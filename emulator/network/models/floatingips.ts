import type { Db } from '../../store/db.js';
import { badResourceRequest, conflict, notFound } from '../faults.js';
import { checkQuota, newId, standardAttributes, touch, type Viewer } from './common.js';
import { findNetwork } from './networks.js';
import { createPort, deletePort, findPort, fixedIpsOf, getPort } from './ports.js';
import { interfacePorts } from './routers.js';

/**
 * Floating IPs (neutron/db/l3_db.py): an address taken from an external
 * network (held by a `network:floatingip` port), associated with a port's
 * fixed IP through a router that has a gateway on that network and an
 * interface on the fixed IP's subnet.
 */

export interface FloatingIpRow {
  id: string;
  project_id: string;
  description: string;
  floating_network_id: string;
  floating_port_id: string;
  floating_ip_address: string;
  port_id: string | null;
  fixed_ip_address: string | null;
  router_id: string | null;
  status: string;
  dns_name: string;
  dns_domain: string;
  revision_number: number;
  created_at: number;
  updated_at: number;
}

export function renderFloatingIp(db: Db, row: FloatingIpRow) {
  const port = row.port_id ? findPort(db, row.port_id) : undefined;
  return {
    id: row.id,
    tenant_id: row.project_id,
    floating_ip_address: row.floating_ip_address,
    floating_network_id: row.floating_network_id,
    router_id: row.router_id,
    port_id: row.port_id,
    fixed_ip_address: row.fixed_ip_address,
    status: row.status,
    description: row.description,
    port_details: port
      ? {
          name: port.name,
          network_id: port.network_id,
          mac_address: port.mac_address,
          admin_state_up: Boolean(port.admin_state_up),
          status: port.status,
          device_id: port.device_id,
          device_owner: port.device_owner,
        }
      : null,
    ...standardAttributes({ ...row, description: undefined }),
    project_id: row.project_id,
  };
}

const canSee = (viewer: Viewer, row: FloatingIpRow) => viewer.isAdmin || row.project_id === viewer.projectId;

export function getFloatingIp(db: Db, viewer: Viewer, id: string): FloatingIpRow {
  const row = db.get<FloatingIpRow>('SELECT * FROM net_floatingips WHERE id = ?', id);
  if (!row || !canSee(viewer, row)) throw notFound('FloatingIPNotFound', `Floating IP ${id} could not be found`);
  return row;
}

export function listFloatingIps(db: Db, viewer: Viewer): FloatingIpRow[] {
  return db.all<FloatingIpRow>('SELECT * FROM net_floatingips ORDER BY created_at, rowid').filter((row) => canSee(viewer, row));
}

/** Where the association lands: the port's fixed IP and the router that reaches it from the external network. */
function resolveAssociation(db: Db, viewer: Viewer, fip: { id: string; floating_network_id: string; floating_ip_address: string }, portId: string, fixedIp?: string | null) {
  const port = getPort(db, viewer, portId);
  const v4 = fixedIpsOf(db, port.id).filter((fixed) => !fixed.ip_address.includes(':'));
  let chosen = v4[0];
  if (fixedIp) {
    chosen = fixedIpsOf(db, port.id).find((fixed) => fixed.ip_address === fixedIp)!;
    if (!chosen) throw badResourceRequest('floatingip', `Port ${port.id} does not have fixed ip ${fixedIp}`);
  } else if (v4.length > 1) {
    throw badResourceRequest('floatingip', `Port ${port.id} has multiple fixed IPv4 addresses.  Must provide a specific IPv4 address when assigning a floating IP`);
  }
  if (!chosen) throw badResourceRequest('floatingip', `Port ${port.id} does not have any fixed IPv4 address`);
  const routers = db.all<{ id: string }>(
    'SELECT r.id FROM net_routers r JOIN net_ports g ON g.id = r.gw_port_id WHERE g.network_id = ? ORDER BY r.created_at, r.rowid',
    fip.floating_network_id,
  );
  const router = routers.find((candidate) => interfacePorts(db, candidate.id).some((iface) => fixedIpsOf(db, iface.id).some((fixed) => fixed.subnet_id === chosen.subnet_id)));
  if (!router) {
    throw notFound(
      'ExternalGatewayForFloatingIPNotFound',
      `External network ${fip.floating_network_id} is not reachable from subnet ${chosen.subnet_id}.  Therefore, cannot associate Port ${port.id} with a Floating IP.`,
    );
  }
  const holder = db.get<{ id: string }>(
    'SELECT id FROM net_floatingips WHERE floating_network_id = ? AND port_id = ? AND fixed_ip_address = ? AND id != ?',
    fip.floating_network_id,
    port.id,
    chosen.ip_address,
    fip.id,
  );
  if (holder) {
    throw conflict(
      'FloatingIPPortAlreadyAssociated',
      `Cannot associate floating IP ${fip.floating_ip_address} (${fip.id}) with port ${port.id} using fixed IP ${chosen.ip_address}, as that fixed IP already has a floating IP on external network ${fip.floating_network_id}.`,
    );
  }
  return { portId: port.id, fixedIp: chosen.ip_address, routerId: router.id };
}

export interface FloatingIpInput {
  projectId: string;
  floatingNetworkId: string;
  floatingIpAddress?: string;
  subnetId?: string;
  portId?: string | null;
  fixedIpAddress?: string | null;
  description?: string;
  dnsName?: string;
  dnsDomain?: string;
}

export function createFloatingIp(db: Db, viewer: Viewer, now: number, input: FloatingIpInput): FloatingIpRow {
  return db.tx(() => {
    const network = findNetwork(db, input.floatingNetworkId);
    if (!network) throw notFound('NetworkNotFound', `Network ${input.floatingNetworkId} could not be found.`);
    if (!network.external) throw badResourceRequest('floatingip', `Network ${network.id} is not a valid external network`);
    checkQuota(db, input.projectId, 'floatingip');
    const id = newId();
    const request = input.floatingIpAddress || input.subnetId ? [{ ...(input.subnetId ? { subnet_id: input.subnetId } : {}), ...(input.floatingIpAddress ? { ip_address: input.floatingIpAddress } : {}) }] : undefined;
    const v4Only = request ?? (db.get<{ id: string }>('SELECT id FROM net_subnets WHERE network_id = ? AND ip_version = 4 ORDER BY created_at, rowid', network.id) ? undefined : []);
    const port = createPort(db, now, { projectId: '', network, deviceId: id, deviceOwner: 'network:floatingip', fixedIps: v4Only, status: 'N/A' });
    const address = fixedIpsOf(db, port.id).find((fixed) => !fixed.ip_address.includes(':'));
    if (!address) throw badResourceRequest('floatingip', `No IPv4 subnet found in external network ${network.id}`);
    db.run(
      `INSERT INTO net_floatingips (id, project_id, description, floating_network_id, floating_port_id, floating_ip_address, dns_name, dns_domain, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      id,
      input.projectId,
      input.description ?? '',
      network.id,
      port.id,
      address.ip_address,
      input.dnsName ?? '',
      input.dnsDomain ?? '',
      now,
      now,
    );
    if (input.portId) return updateFloatingIp(db, viewer, now, getFloatingIp(db, { isAdmin: true, projectId: '' }, id), { port_id: input.portId, fixed_ip_address: input.fixedIpAddress });
    return getFloatingIp(db, { isAdmin: true, projectId: '' }, id);
  });
}

export function updateFloatingIp(db: Db, viewer: Viewer, now: number, row: FloatingIpRow, changes: { port_id?: string | null; fixed_ip_address?: string | null; description?: string }): FloatingIpRow {
  return db.tx(() => {
    if ('port_id' in changes) {
      if (changes.port_id) {
        const target = resolveAssociation(db, viewer, row, changes.port_id, changes.fixed_ip_address);
        db.run("UPDATE net_floatingips SET port_id = ?, fixed_ip_address = ?, router_id = ?, status = 'ACTIVE' WHERE id = ?", target.portId, target.fixedIp, target.routerId, row.id);
      } else {
        db.run("UPDATE net_floatingips SET port_id = NULL, fixed_ip_address = NULL, router_id = NULL, status = 'DOWN' WHERE id = ?", row.id);
      }
    }
    if (changes.description !== undefined) db.run('UPDATE net_floatingips SET description = ? WHERE id = ?', changes.description, row.id);
    touch(db, 'net_floatingips', row.id, now);
    return db.get<FloatingIpRow>('SELECT * FROM net_floatingips WHERE id = ?', row.id)!;
  });
}

export function deleteFloatingIp(db: Db, now: number, row: FloatingIpRow): void {
  db.tx(() => {
    db.run('DELETE FROM net_floatingips WHERE id = ?', row.id);
    const port = findPort(db, row.floating_port_id);
    if (port) deletePort(db, now, port, { internal: true });
  });
}
