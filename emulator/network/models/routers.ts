import type { Db } from '../../store/db.js';
import { badRequest, badResourceRequest, conflict, notFound } from '../faults.js';
import { checkQuota, flag, json, newId, standardAttributes, touch, type Viewer } from './common.js';
import { contains, formatCidr, overlaps, parseAddress, parseCidr } from './ip.js';
import { findNetwork, type NetworkRow } from './networks.js';
import { createPort, deletePort, findPort, fixedIpsOf, getPort, type PortRow } from './ports.js';
import { findSubnet, getSubnet } from './subnets.js';

/**
 * Routers (neutron/db/l3_db.py): an external gateway port on an external
 * network, and interfaces, i.e. `network:router_interface` ports holding
 * each subnet's gateway IP. Interface subnets may not overlap.
 */

export interface RouterRow {
  id: string;
  name: string;
  description: string;
  project_id: string;
  admin_state_up: number;
  status: string;
  gw_port_id: string | null;
  enable_snat: number;
  routes: string;
  az_hints: string;
  revision_number: number;
  created_at: number;
  updated_at: number;
}

export function gatewayInfo(db: Db, row: RouterRow) {
  if (!row.gw_port_id) return null;
  const port = findPort(db, row.gw_port_id)!;
  return { network_id: port.network_id, external_fixed_ips: fixedIpsOf(db, port.id), enable_snat: Boolean(row.enable_snat) };
}

export function renderRouter(db: Db, row: RouterRow) {
  return {
    id: row.id,
    name: row.name,
    tenant_id: row.project_id,
    admin_state_up: Boolean(row.admin_state_up),
    status: row.status,
    external_gateway_info: gatewayInfo(db, row),
    description: row.description,
    availability_zones: ['nova'],
    distributed: false,
    ha: false,
    availability_zone_hints: json<string[]>(row.az_hints),
    routes: json<unknown[]>(row.routes),
    flavor_id: null,
    ...standardAttributes({ ...row, description: undefined }),
    project_id: row.project_id,
  };
}

const canSee = (viewer: Viewer, row: RouterRow) => viewer.isAdmin || row.project_id === viewer.projectId;

export function findRouter(db: Db, id: string): RouterRow | undefined {
  return db.get<RouterRow>('SELECT * FROM net_routers WHERE id = ?', id);
}

export function getRouter(db: Db, viewer: Viewer, id: string): RouterRow {
  const row = findRouter(db, id);
  if (!row || !canSee(viewer, row)) throw notFound('RouterNotFound', `Router ${id} could not be found`);
  return row;
}

export function listRouters(db: Db, viewer: Viewer): RouterRow[] {
  return db.all<RouterRow>('SELECT * FROM net_routers ORDER BY created_at, rowid').filter((row) => canSee(viewer, row));
}

export interface GatewayInput {
  network_id: string;
  enable_snat?: boolean;
  external_fixed_ips?: { subnet_id?: string; ip_address?: string }[];
}

function setGateway(db: Db, now: number, router: RouterRow, gateway: GatewayInput | null): void {
  const current = router.gw_port_id ? findPort(db, router.gw_port_id) : undefined;
  if (current && (!gateway || gateway.network_id !== current.network_id)) {
    if (db.get('SELECT 1 FROM net_floatingips WHERE router_id = ?', router.id)) {
      throw conflict(
        'RouterExternalGatewayInUseByFloatingIp',
        `Gateway cannot be updated for router ${router.id}, since a gateway to external network ${current.network_id} is required by one or more floating IPs.`,
      );
    }
    db.run('UPDATE net_routers SET gw_port_id = NULL WHERE id = ?', router.id);
    deletePort(db, now, current, { internal: true });
  }
  if (!gateway) return;
  const network = findNetwork(db, gateway.network_id);
  if (!network) throw notFound('NetworkNotFound', `Network ${gateway.network_id} could not be found.`);
  if (!network.external) throw badResourceRequest('router', `Network ${network.id} is not an external network`);
  if (!current || current.network_id !== network.id) {
    // The gateway port belongs to no project, as in Neutron.
    const port = createPort(db, now, {
      projectId: '',
      network,
      deviceId: router.id,
      deviceOwner: 'network:router_gateway',
      fixedIps: gateway.external_fixed_ips,
      status: 'ACTIVE',
    });
    db.run('UPDATE net_routers SET gw_port_id = ? WHERE id = ?', port.id, router.id);
  }
  db.run('UPDATE net_routers SET enable_snat = ? WHERE id = ?', flag(gateway.enable_snat ?? true), router.id);
}

export function createRouter(
  db: Db,
  now: number,
  input: { projectId: string; name?: string; description?: string; adminStateUp?: boolean; gateway?: GatewayInput | null; azHints?: string[] },
): RouterRow {
  return db.tx(() => {
    checkQuota(db, input.projectId, 'router');
    const id = newId();
    db.run(
      'INSERT INTO net_routers (id, name, description, project_id, admin_state_up, az_hints, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      id,
      input.name ?? '',
      input.description ?? '',
      input.projectId,
      flag(input.adminStateUp ?? true),
      JSON.stringify(input.azHints ?? []),
      now,
      now,
    );
    // Neutron takes `"external_gateway_info": {}` as no gateway, as null.
    if (input.gateway?.network_id) setGateway(db, now, findRouter(db, id)!, input.gateway);
    return findRouter(db, id)!;
  });
}

export function updateRouter(db: Db, now: number, row: RouterRow, changes: Record<string, unknown>): RouterRow {
  return db.tx(() => {
    if ('external_gateway_info' in changes) {
      const info = changes.external_gateway_info as GatewayInput | null | Record<string, never>;
      setGateway(db, now, row, info && 'network_id' in info ? (info as GatewayInput) : null);
    }
    db.run(
      'UPDATE net_routers SET name = ?, description = ?, admin_state_up = ?, routes = ? WHERE id = ?',
      (changes.name as string | undefined) ?? row.name,
      (changes.description as string | undefined) ?? row.description,
      changes.admin_state_up === undefined ? row.admin_state_up : flag(changes.admin_state_up),
      changes.routes === undefined ? row.routes : JSON.stringify(changes.routes ?? []),
      row.id,
    );
    touch(db, 'net_routers', row.id, now);
    return findRouter(db, row.id)!;
  });
}

export function interfacePorts(db: Db, routerId: string): PortRow[] {
  return db.all<PortRow>("SELECT * FROM net_ports WHERE device_id = ? AND device_owner = 'network:router_interface' ORDER BY created_at, rowid", routerId);
}

export function deleteRouter(db: Db, now: number, row: RouterRow): void {
  db.tx(() => {
    const ports = interfacePorts(db, row.id);
    if (ports.length) throw conflict('RouterInUse', `Router ${row.id} has ports still attached: ${ports.map((port) => port.id).join(', ')}`);
    setGateway(db, now, row, null);
    db.run('DELETE FROM net_routers WHERE id = ?', row.id);
  });
}

export interface InterfaceInfo {
  id: string;
  tenant_id: string;
  port_id: string;
  network_id: string;
  subnet_id: string;
  subnet_ids: string[];
}

function interfaceInfo(router: RouterRow, port: PortRow, subnetIds: string[]): InterfaceInfo {
  // Neutron answers the router's tenant_id only (no project_id) here.
  return { id: router.id, tenant_id: router.project_id, port_id: port.id, network_id: port.network_id, subnet_id: subnetIds[0], subnet_ids: subnetIds };
}

/** Interface subnets of one router may not overlap (`_check_for_dup_router_subnets`). */
function checkOverlap(db: Db, router: RouterRow, subnetIds: string[]): void {
  const existing = interfacePorts(db, router.id).flatMap((port) => fixedIpsOf(db, port.id).map((fixed) => findSubnet(db, fixed.subnet_id)!));
  for (const id of subnetIds) {
    const subnet = findSubnet(db, id)!;
    if (existing.some((other) => other.id === id)) throw badResourceRequest('router', `Router already has a port on subnet ${id}`);
    const cidr = parseCidr(subnet.cidr)!;
    const clash = existing.find((other) => overlaps(parseCidr(other.cidr)!, cidr));
    if (clash) throw badResourceRequest('router', `Cidr ${formatCidr(cidr)} of subnet ${id} overlaps with cidr ${clash.cidr} of subnet ${clash.id}`);
  }
}

export function addInterface(db: Db, viewer: Viewer, now: number, router: RouterRow, body: { subnet_id?: string; port_id?: string }): InterfaceInfo {
  return db.tx(() => {
    if (body.subnet_id && body.port_id) throw badResourceRequest('router', 'Cannot specify both subnet-id and port-id');
    if (body.port_id) {
      const port = getPort(db, viewer, body.port_id);
      if (port.device_id) {
        throw conflict('PortInUse', `Unable to complete operation on port ${port.id} for network ${port.network_id}. Port already has an attached device ${port.device_id}.`);
      }
      const subnetIds = fixedIpsOf(db, port.id).map((fixed) => fixed.subnet_id);
      if (!subnetIds.length) throw badResourceRequest('router', `Router port must have at least one fixed IP`);
      checkOverlap(db, router, subnetIds);
      db.run("UPDATE net_ports SET device_id = ?, device_owner = 'network:router_interface', status = 'ACTIVE' WHERE id = ?", router.id, port.id);
      db.run('DELETE FROM net_port_security_groups WHERE port_id = ?', port.id);
      touch(db, 'net_routers', router.id, now);
      return interfaceInfo(router, port, subnetIds);
    }
    if (!body.subnet_id) throw badResourceRequest('router', 'Either subnet_id or port_id must be specified');
    const subnet = getSubnet(db, viewer, body.subnet_id);
    if (!subnet.gateway_ip) throw badResourceRequest('router', 'Subnet for router interface must have a gateway IP');
    checkOverlap(db, router, [subnet.id]);
    if (!contains(parseCidr(subnet.cidr)!, parseAddress(subnet.gateway_ip)!.value)) {
      throw badRequest('InvalidIpForSubnet', `IP address ${subnet.gateway_ip} is not a valid IP for the specified subnet.`);
    }
    const port = createPort(db, now, {
      projectId: router.project_id,
      network: findNetwork(db, subnet.network_id) as NetworkRow,
      deviceId: router.id,
      deviceOwner: 'network:router_interface',
      fixedIps: [{ subnet_id: subnet.id, ip_address: subnet.gateway_ip }],
      status: 'ACTIVE',
    });
    touch(db, 'net_routers', router.id, now);
    return interfaceInfo(router, port, [subnet.id]);
  });
}

export function removeInterface(db: Db, now: number, router: RouterRow, body: { subnet_id?: string; port_id?: string }): InterfaceInfo {
  return db.tx(() => {
    const ports = interfacePorts(db, router.id);
    let port: PortRow | undefined;
    if (body.port_id) {
      port = ports.find((candidate) => candidate.id === body.port_id);
      if (!port) throw notFound('RouterInterfaceNotFound', `Router ${router.id} does not have an interface with id ${body.port_id}`);
    } else if (body.subnet_id) {
      port = ports.find((candidate) => fixedIpsOf(db, candidate.id).some((fixed) => fixed.subnet_id === body.subnet_id));
      if (!port) throw notFound('RouterInterfaceNotFoundForSubnet', `Router ${router.id} has no interface on subnet ${body.subnet_id}`);
    } else {
      throw badResourceRequest('router', 'Either subnet_id or port_id must be specified');
    }
    const subnetIds = fixedIpsOf(db, port.id).map((fixed) => fixed.subnet_id);
    // A floating IP reaching a port through this interface needs it.
    for (const subnetId of subnetIds) {
      const inUse = db.get(
        'SELECT 1 FROM net_floatingips f JOIN net_ip_allocations a ON a.port_id = f.port_id AND a.ip_address = f.fixed_ip_address WHERE f.router_id = ? AND a.subnet_id = ?',
        router.id,
        subnetId,
      );
      if (inUse) {
        throw conflict('RouterInterfaceInUseByFloatingIP', `Router interface for subnet ${subnetId} on router ${router.id} cannot be deleted, as it is required by one or more floating IPs.`);
      }
    }
    deletePort(db, now, port, { internal: true });
    touch(db, 'net_routers', router.id, now);
    return interfaceInfo(router, port, subnetIds);
  });
}
