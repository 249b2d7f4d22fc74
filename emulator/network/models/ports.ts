import type { Db } from '../../store/db.js';
import { badRequest, conflict, invalidInput, notFound } from '../faults.js';
import { checkQuota, flag, json, newId, newMacAddress, standardAttributes, touch, type Viewer } from './common.js';
import { contains, formatAddress, parseAddress, parseCidr } from './ip.js';
import type { NetworkRow } from './networks.js';
import { ensureDefaultSecurityGroup } from './security-groups.js';
import { type Pool, type SubnetRow, subnetsOfNetwork } from './subnets.js';

/**
 * Ports and IP address management (neutron/db/ipam_pluggable_backend.py):
 * fixed IPs come from the subnets' allocation pools, never the gateway,
 * never twice (UNIQUE (subnet_id, ip_address) backs the check); one IPv4
 * address by default plus one per IPv6 subnet, SLAAC ones from the MAC.
 */

export const VNIC_TYPES = ['normal', 'direct', 'direct-physical', 'macvtap', 'baremetal', 'virtio-forwarder', 'vdpa', 'smart-nic', 'accelerator-direct', 'accelerator-direct-physical', 'remote-managed'];

export interface PortRow {
  id: string;
  name: string;
  description: string;
  project_id: string;
  network_id: string;
  mac_address: string;
  admin_state_up: number;
  status: string;
  device_id: string;
  device_owner: string;
  vnic_type: string;
  host_id: string;
  port_security_enabled: number;
  qos_policy_id: string | null;
  allowed_address_pairs: string;
  dns_name: string;
  revision_number: number;
  created_at: number;
  updated_at: number;
}

export interface FixedIp {
  subnet_id: string;
  ip_address: string;
}

export function fixedIpsOf(db: Db, portId: string): FixedIp[] {
  return db.all<FixedIp>('SELECT subnet_id, ip_address FROM net_ip_allocations WHERE port_id = ? ORDER BY position', portId);
}

export function renderPort(db: Db, row: PortRow) {
  const trunk = db.get<{ id: string }>('SELECT id FROM net_trunks WHERE port_id = ?', row.id);
  const subports = trunk
    ? db.all<{ port_id: string; segmentation_type: string; segmentation_id: number; mac_address: string }>(
        'SELECT s.port_id, s.segmentation_type, s.segmentation_id, p.mac_address FROM net_subports s JOIN net_ports p ON p.id = s.port_id WHERE s.trunk_id = ? ORDER BY s.position',
        trunk.id,
      )
    : [];
  return {
    id: row.id,
    name: row.name,
    network_id: row.network_id,
    tenant_id: row.project_id,
    mac_address: row.mac_address,
    admin_state_up: Boolean(row.admin_state_up),
    status: row.status,
    device_id: row.device_id,
    device_owner: row.device_owner,
    fixed_ips: fixedIpsOf(db, row.id),
    allowed_address_pairs: json<unknown[]>(row.allowed_address_pairs),
    extra_dhcp_opts: [] as unknown[],
    security_groups: db.all<{ security_group_id: string }>('SELECT security_group_id FROM net_port_security_groups WHERE port_id = ? ORDER BY rowid', row.id).map((sg) => sg.security_group_id),
    ...standardAttributes({ ...row, description: undefined }),
    description: row.description,
    'binding:vnic_type': row.vnic_type,
    'binding:profile': {},
    'binding:host_id': row.host_id,
    'binding:vif_type': row.host_id ? 'ovs' : 'unbound',
    'binding:vif_details': {},
    port_security_enabled: Boolean(row.port_security_enabled),
    qos_policy_id: row.qos_policy_id,
    qos_network_policy_id: db.get<{ qos_policy_id: string | null }>('SELECT qos_policy_id FROM net_networks WHERE id = ?', row.network_id)?.qos_policy_id ?? null,
    dns_name: row.dns_name,
    ...(trunk ? { trunk_details: { trunk_id: trunk.id, sub_ports: subports } } : {}),
    project_id: row.project_id,
  };
}

/** A port is its project's; the network owner does not see other projects' ports on a shared network. */
const canSee = (viewer: Viewer, row: PortRow) => viewer.isAdmin || row.project_id === viewer.projectId;

export function findPort(db: Db, id: string): PortRow | undefined {
  return db.get<PortRow>('SELECT * FROM net_ports WHERE id = ?', id);
}

export function getPort(db: Db, viewer: Viewer, id: string): PortRow {
  const row = findPort(db, id);
  if (!row || !canSee(viewer, row)) throw notFound('PortNotFound', `Port ${id} could not be found.`);
  return row;
}

export function listPorts(db: Db, viewer: Viewer): PortRow[] {
  return db.all<PortRow>('SELECT * FROM net_ports ORDER BY created_at, rowid').filter((row) => canSee(viewer, row));
}

function allocated(db: Db, subnetId: string): Set<string> {
  return new Set(db.all<{ ip_address: string }>('SELECT ip_address FROM net_ip_allocations WHERE subnet_id = ?', subnetId).map((row) => row.ip_address));
}

/** The first free address of the subnet's pools, skipping the gateway; null when the pools are full. */
function nextFreeAddress(db: Db, subnet: SubnetRow): string | null {
  const taken = allocated(db, subnet.id);
  if (subnet.gateway_ip) taken.add(subnet.gateway_ip);
  for (const pool of json<Pool[]>(subnet.allocation_pools)) {
    const start = parseAddress(pool.start)!.value;
    const end = parseAddress(pool.end)!.value;
    for (let value = start; value <= end; value++) {
      const text = formatAddress(subnet.ip_version, value);
      if (!taken.has(text)) return text;
    }
  }
  return null;
}

/** SLAAC: the EUI-64 interface id from the MAC (U/L bit flipped, ff:fe in the middle). */
function eui64(subnet: SubnetRow, mac: string): string {
  const bytes = mac.split(':').map((part) => parseInt(part, 16));
  const id = [bytes[0] ^ 2, bytes[1], bytes[2], 0xff, 0xfe, bytes[3], bytes[4], bytes[5]].reduce((value, byte) => (value << 8n) | BigInt(byte), 0n);
  return formatAddress(6, parseCidr(subnet.cidr)!.network | id);
}

const isSlaac = (subnet: SubnetRow) => subnet.ipv6_address_mode === 'slaac' || subnet.ipv6_address_mode === 'dhcpv6-stateless';

export interface FixedIpRequest {
  subnet_id?: string;
  ip_address?: string;
}

function ipAlreadyAllocated(ip: string, subnetId: string) {
  return conflict('IpAddressAlreadyAllocated', `IP address ${ip} already allocated in subnet ${subnetId}`);
}

/** The addresses a port gets on `network`, as (subnet, address) pairs, checked but not yet stored. */
export function chooseFixedIps(db: Db, network: NetworkRow, mac: string, requested: FixedIpRequest[] | undefined, portId?: string): FixedIp[] {
  const subnets = subnetsOfNetwork(db, network.id);
  const result: FixedIp[] = [];
  const claim = (subnet: SubnetRow, ip: string) => {
    const holder = db.get<{ port_id: string }>('SELECT port_id FROM net_ip_allocations WHERE subnet_id = ? AND ip_address = ?', subnet.id, ip);
    if ((holder && holder.port_id !== portId) || result.some((fixed) => fixed.subnet_id === subnet.id && fixed.ip_address === ip)) throw ipAlreadyAllocated(ip, subnet.id);
    result.push({ subnet_id: subnet.id, ip_address: ip });
  };
  if (requested === undefined) {
    const v4 = subnets.filter((subnet) => subnet.ip_version === 4);
    for (const subnet of v4) {
      const ip = nextFreeAddress(db, subnet);
      if (ip) {
        claim(subnet, ip);
        break;
      }
    }
    for (const subnet of subnets.filter((candidate) => candidate.ip_version === 6)) {
      const ip = isSlaac(subnet) ? eui64(subnet, mac) : nextFreeAddress(db, subnet);
      if (ip) claim(subnet, ip);
    }
    if (subnets.length && !result.length) throw conflict('IpAddressGenerationFailure', `No more IP addresses available on network ${network.id}.`);
    return result;
  }
  for (const item of requested) {
    if (item.ip_address !== undefined && !parseAddress(item.ip_address)) {
      throw badRequest('HTTPBadRequest', `Invalid input for fixed_ips. Reason: '${item.ip_address}' is not a valid IP address.`);
    }
    const address = item.ip_address === undefined ? null : parseAddress(item.ip_address)!;
    let subnet: SubnetRow | undefined;
    if (item.subnet_id !== undefined) {
      subnet = subnets.find((candidate) => candidate.id === item.subnet_id);
      if (!subnet) throw invalidInput(`Failed to create port on network ${network.id}, because fixed_ips included invalid subnet ${item.subnet_id}`);
      if (address && !contains(parseCidr(subnet.cidr)!, address.value)) {
        throw badRequest('InvalidIpForSubnet', `IP address ${item.ip_address} is not a valid IP for the specified subnet.`);
      }
    } else if (address) {
      subnet = subnets.find((candidate) => contains(parseCidr(candidate.cidr)!, address.value));
      if (!subnet) throw badRequest('InvalidIpForNetwork', `IP address ${item.ip_address} is not a valid IP for any of the subnets on the specified network.`);
    } else {
      throw badRequest('BadRequest', 'Bad port request: fixed_ips must have a subnet_id or an ip_address.');
    }
    if (address) claim(subnet, formatAddress(subnet.ip_version, address.value));
    else {
      const ip = isSlaac(subnet) ? eui64(subnet, mac) : nextFreeAddress(db, subnet);
      if (!ip) throw conflict('IpAddressGenerationFailure', `No more IP addresses available for subnet ${subnet.id}.`);
      claim(subnet, ip);
    }
  }
  return result;
}

function storeFixedIps(db: Db, portId: string, networkId: string, fixedIps: FixedIp[]): void {
  db.run('DELETE FROM net_ip_allocations WHERE port_id = ?', portId);
  fixedIps.forEach((fixed, position) =>
    db.run('INSERT INTO net_ip_allocations (port_id, subnet_id, network_id, ip_address, position) VALUES (?, ?, ?, ?, ?)', portId, fixed.subnet_id, networkId, fixed.ip_address, position),
  );
}

export interface PortInput {
  projectId: string;
  network: NetworkRow;
  name?: string;
  description?: string;
  adminStateUp?: boolean;
  deviceId?: string;
  deviceOwner?: string;
  vnicType?: string;
  hostId?: string;
  portSecurityEnabled?: boolean;
  qosPolicyId?: string | null;
  macAddress?: string;
  fixedIps?: FixedIpRequest[];
  /** Explicit groups; undefined gives the project's default group (when port security is on and the port is not a network service's). */
  securityGroups?: string[];
  allowedAddressPairs?: unknown[];
  dnsName?: string;
  status?: string;
}

export function createPort(db: Db, now: number, input: PortInput): PortRow {
  return db.tx(() => {
    if (input.projectId) checkQuota(db, input.projectId, 'port');
    const mac = input.macAddress ?? newMacAddress(db);
    if (input.macAddress && db.get('SELECT 1 FROM net_ports WHERE network_id = ? AND mac_address = ?', input.network.id, mac)) {
      throw conflict('MacAddressInUse', `Unable to complete operation for network ${input.network.id}. The mac address ${mac} is in use.`);
    }
    const fixedIps = chooseFixedIps(db, input.network, mac, input.fixedIps);
    const owner = input.deviceOwner ?? '';
    const portSecurity = input.portSecurityEnabled ?? (owner.startsWith('network:') ? false : Boolean(input.network.port_security_enabled));
    let groups = input.securityGroups;
    if (groups === undefined) groups = portSecurity && !owner.startsWith('network:') && input.projectId ? [ensureDefaultSecurityGroup(db, now, input.projectId)] : [];
    if (groups.length && !portSecurity) {
      throw conflict('PortSecurityAndIPRequiredForSecurityGroups', 'Port security must be enabled and port must have an IP address in order to use security groups.');
    }
    const id = newId();
    db.run(
      `INSERT INTO net_ports (id, name, description, project_id, network_id, mac_address, admin_state_up, status, device_id, device_owner, vnic_type, host_id,
         port_security_enabled, qos_policy_id, allowed_address_pairs, dns_name, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      id,
      input.name ?? '',
      input.description ?? '',
      input.projectId,
      input.network.id,
      mac,
      flag(input.adminStateUp ?? true),
      input.status ?? 'DOWN',
      input.deviceId ?? '',
      owner,
      input.vnicType ?? 'normal',
      input.hostId ?? '',
      flag(portSecurity),
      input.qosPolicyId ?? null,
      JSON.stringify(input.allowedAddressPairs ?? []),
      input.dnsName ?? '',
      now,
      now,
    );
    storeFixedIps(db, id, input.network.id, fixedIps);
    for (const group of groups) db.run('INSERT OR IGNORE INTO net_port_security_groups (port_id, security_group_id) VALUES (?, ?)', id, group);
    return findPort(db, id)!;
  });
}

const COLUMNS: Record<string, string> = {
  name: 'name',
  description: 'description',
  admin_state_up: 'admin_state_up',
  device_id: 'device_id',
  device_owner: 'device_owner',
  'binding:vnic_type': 'vnic_type',
  'binding:host_id': 'host_id',
  port_security_enabled: 'port_security_enabled',
  qos_policy_id: 'qos_policy_id',
  dns_name: 'dns_name',
};

export function updatePort(db: Db, now: number, row: PortRow, network: NetworkRow, changes: Record<string, unknown>): PortRow {
  return db.tx(() => {
    for (const [key, value] of Object.entries(changes)) {
      const column = COLUMNS[key];
      if (column) db.run(`UPDATE net_ports SET ${column} = ? WHERE id = ?`, typeof value === 'boolean' ? flag(value) : value, row.id);
    }
    if (changes.allowed_address_pairs !== undefined) db.run('UPDATE net_ports SET allowed_address_pairs = ? WHERE id = ?', JSON.stringify(changes.allowed_address_pairs), row.id);
    if (changes.fixed_ips !== undefined) {
      const keep = fixedIpsOf(db, row.id);
      const requested = (changes.fixed_ips as FixedIpRequest[]).map((item) =>
        // An entry naming an address the port already holds keeps it.
        item.ip_address === undefined && item.subnet_id ? (keep.find((fixed) => fixed.subnet_id === item.subnet_id) ?? item) : item,
      );
      storeFixedIps(db, row.id, network.id, chooseFixedIps(db, network, row.mac_address, requested, row.id));
    }
    if (changes.security_groups !== undefined) {
      db.run('DELETE FROM net_port_security_groups WHERE port_id = ?', row.id);
      for (const group of changes.security_groups as string[]) db.run('INSERT OR IGNORE INTO net_port_security_groups (port_id, security_group_id) VALUES (?, ?)', row.id, group);
    }
    const updated = findPort(db, row.id)!;
    const hasGroups = db.get('SELECT 1 FROM net_port_security_groups WHERE port_id = ?', row.id);
    if (hasGroups && !updated.port_security_enabled) {
      throw conflict('PortSecurityPortHasSecurityGroup', 'Port has security group associated. Cannot disable port security or ip address until security group is removed');
    }
    touch(db, 'net_ports', row.id, now);
    return findPort(db, row.id)!;
  });
}

/** Deletes a port; its floating IPs are disassociated, as Neutron's disassociate_floatingips does. */
export function deletePort(db: Db, now: number, row: PortRow, options: { internal?: boolean } = {}): void {
  db.tx(() => {
    if (!options.internal && (row.device_owner === 'network:router_interface' || row.device_owner === 'network:router_gateway' || row.device_owner === 'network:floatingip')) {
      throw conflict('ServicePortInUse', `Port ${row.id} cannot be deleted directly via the port API: has device owner ${row.device_owner}.`);
    }
    if (db.get('SELECT 1 FROM net_trunks WHERE port_id = ?', row.id)) {
      throw conflict('PortInUseAsTrunkParent', `Port ${row.id} is currently a parent port for trunk ${db.get<{ id: string }>('SELECT id FROM net_trunks WHERE port_id = ?', row.id)!.id}.`);
    }
    const subport = db.get<{ trunk_id: string }>('SELECT trunk_id FROM net_subports WHERE port_id = ?', row.id);
    if (subport) throw conflict('PortInUseAsSubPort', `Port ${row.id} is currently a subport for trunk ${subport.trunk_id}.`);
    db.run("UPDATE net_floatingips SET port_id = NULL, fixed_ip_address = NULL, router_id = NULL, status = 'DOWN', updated_at = ? WHERE port_id = ?", now, row.id);
    db.run('DELETE FROM net_ports WHERE id = ?', row.id);
  });
}
