import type { Db } from '../../store/db.js';
import { conflict, invalidInput, notFound } from '../faults.js';
import { checkQuota, flag, json, newId, standardAttributes, touch, type Viewer } from './common.js';

/**
 * Networks (neutron/db/db_base_plugin_v2.py with the external-net, provider
 * and mtu extensions). A project sees its own networks plus the shared and
 * the external ones; everything else is "could not be found".
 */

export interface NetworkRow {
  id: string;
  name: string;
  description: string;
  project_id: string;
  admin_state_up: number;
  status: string;
  shared: number;
  external: number;
  is_default: number;
  mtu: number;
  port_security_enabled: number;
  qos_policy_id: string | null;
  network_type: string;
  physical_network: string | null;
  segmentation_id: number | null;
  az_hints: string;
  revision_number: number;
  created_at: number;
  updated_at: number;
}

export function canSeeNetwork(viewer: Viewer, row: NetworkRow): boolean {
  return viewer.isAdmin || row.project_id === viewer.projectId || Boolean(row.shared) || Boolean(row.external);
}

export function renderNetwork(db: Db, row: NetworkRow) {
  const subnets = db.all<{ id: string }>('SELECT id FROM net_subnets WHERE network_id = ? ORDER BY created_at, rowid', row.id).map((subnet) => subnet.id);
  return {
    id: row.id,
    name: row.name,
    tenant_id: row.project_id,
    admin_state_up: Boolean(row.admin_state_up),
    mtu: row.mtu,
    status: row.status,
    subnets,
    shared: Boolean(row.shared),
    availability_zone_hints: json<string[]>(row.az_hints),
    availability_zones: ['nova'],
    ipv4_address_scope: null,
    ipv6_address_scope: null,
    'router:external': Boolean(row.external),
    port_security_enabled: Boolean(row.port_security_enabled),
    qos_policy_id: row.qos_policy_id,
    ...(row.external ? { is_default: Boolean(row.is_default) } : {}),
    ...standardAttributes(row),
    project_id: row.project_id,
    'provider:network_type': row.network_type,
    'provider:physical_network': row.physical_network,
    'provider:segmentation_id': row.segmentation_id,
  };
}

export function findNetwork(db: Db, id: string): NetworkRow | undefined {
  return db.get<NetworkRow>('SELECT * FROM net_networks WHERE id = ?', id);
}

/** The network if the viewer may see it; NetworkNotFound otherwise, as Neutron hides what policy forbids. */
export function getNetwork(db: Db, viewer: Viewer, id: string): NetworkRow {
  const row = findNetwork(db, id);
  if (!row || !canSeeNetwork(viewer, row)) throw notFound('NetworkNotFound', `Network ${id} could not be found.`);
  return row;
}

export function listNetworks(db: Db, viewer: Viewer): NetworkRow[] {
  return db.all<NetworkRow>('SELECT * FROM net_networks ORDER BY created_at, rowid').filter((row) => canSeeNetwork(viewer, row));
}

export interface NetworkInput {
  name?: string;
  description?: string;
  projectId: string;
  adminStateUp?: boolean;
  shared?: boolean;
  external?: boolean;
  isDefault?: boolean;
  mtu?: number;
  portSecurityEnabled?: boolean;
  qosPolicyId?: string | null;
  networkType?: string;
  physicalNetwork?: string | null;
  segmentationId?: number | null;
  azHints?: string[];
  id?: string;
}

/** A free segment id of a type (VXLAN ids from 1, VLAN ids on a physical network), as the type driver allocates tenant segments. */
function nextSegmentId(db: Db, networkType: string, physicalNetwork: string | null = null): number {
  const rows = db.all<{ segmentation_id: number }>('SELECT segmentation_id FROM net_networks WHERE network_type = ? AND physical_network IS ?', networkType, physicalNetwork);
  const used = new Set(rows.map((row) => row.segmentation_id));
  let candidate = 1;
  while (used.has(candidate)) candidate++;
  return candidate;
}

/** The physical networks the emulated ML2 knows (the agent's bridge mapping), and the tunnel types. */
const PHYSICAL_NETWORKS = ['physnet1'];
const TUNNEL_TYPES = ['vxlan', 'geneve', 'gre'];

/**
 * The ML2 type drivers' validate_provider_segment and reserve_provider_segment:
 * which attributes each type takes, the VLAN range, and a segment another
 * network holds (409). Answers the segment the network gets.
 */
function providerSegment(db: Db, networkType: string, physicalNetwork: string | null | undefined, segmentationId: number | null | undefined): { physicalNetwork: string | null; segmentationId: number | null } {
  const physnet = physicalNetwork || null;
  const segment = segmentationId ?? null;
  if (networkType === 'local' || networkType === 'flat') {
    if (networkType === 'flat' && !physnet) throw invalidInput('physical_network required for flat provider network');
    if (networkType === 'local' && physnet) throw invalidInput('physical_network prohibited for local provider network');
    if (segment !== null) throw invalidInput(`segmentation_id prohibited for ${networkType} provider network`);
    if (physnet && db.get('SELECT id FROM net_networks WHERE network_type = ? AND physical_network = ?', 'flat', physnet)) {
      throw conflict('FlatNetworkInUse', `Unable to create the flat network. Physical network ${physnet} is in use.`);
    }
    return { physicalNetwork: physnet, segmentationId: null };
  }
  if (TUNNEL_TYPES.includes(networkType)) {
    if (physnet) throw invalidInput(`provider:physical_network specified for ${networkType} network`);
    if (segment === null) return { physicalNetwork: null, segmentationId: nextSegmentId(db, networkType) };
    if (db.get('SELECT id FROM net_networks WHERE network_type = ? AND segmentation_id = ?', networkType, segment)) {
      throw conflict('TunnelIdInUse', `Unable to create the network. The tunnel ID ${segment} is in use.`);
    }
    return { physicalNetwork: null, segmentationId: segment };
  }
  // VLAN: on a known physical network, 1–4094; without either, the driver picks both.
  if (segment !== null && !physnet) throw invalidInput('segmentation_id requires physical_network for VLAN provider network');
  if (physnet && !PHYSICAL_NETWORKS.includes(physnet)) throw invalidInput(`physical_network '${physnet}' unknown for VLAN provider network`);
  if (segment !== null && (segment < 1 || segment > 4094)) throw invalidInput('segmentation_id out of range (1 through 4094)');
  const onNetwork = physnet ?? PHYSICAL_NETWORKS[0];
  if (segment === null) return { physicalNetwork: onNetwork, segmentationId: nextSegmentId(db, 'vlan', onNetwork) };
  if (db.get('SELECT id FROM net_networks WHERE network_type = ? AND physical_network = ? AND segmentation_id = ?', 'vlan', onNetwork, segment)) {
    throw conflict('VlanIdInUse', `Unable to create the network. The VLAN ${segment} on physical network ${onNetwork} is in use.`);
  }
  return { physicalNetwork: onNetwork, segmentationId: segment };
}

export function createNetwork(db: Db, now: number, input: NetworkInput): NetworkRow {
  return db.tx(() => {
    checkQuota(db, input.projectId, 'network');
    const id = input.id ?? newId();
    const networkType = input.networkType ?? 'vxlan';
    const { physicalNetwork, segmentationId } = providerSegment(db, networkType, input.physicalNetwork, input.segmentationId);
    db.run(
      `INSERT INTO net_networks (id, name, description, project_id, admin_state_up, shared, external, is_default, mtu, port_security_enabled,
         qos_policy_id, network_type, physical_network, segmentation_id, az_hints, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      id,
      input.name ?? '',
      input.description ?? '',
      input.projectId,
      flag(input.adminStateUp ?? true),
      flag(input.shared),
      flag(input.external),
      flag(input.isDefault),
      input.mtu ?? (networkType === 'vxlan' ? 1450 : 1500),
      flag(input.portSecurityEnabled ?? true),
      input.qosPolicyId ?? null,
      networkType,
      physicalNetwork,
      segmentationId,
      JSON.stringify(input.azHints ?? []),
      now,
      now,
    );
    return findNetwork(db, id)!;
  });
}

const UPDATABLE: Record<string, string> = {
  name: 'name',
  description: 'description',
  admin_state_up: 'admin_state_up',
  shared: 'shared',
  'router:external': 'external',
  is_default: 'is_default',
  mtu: 'mtu',
  port_security_enabled: 'port_security_enabled',
  qos_policy_id: 'qos_policy_id',
};

export function updateNetwork(db: Db, now: number, id: string, changes: Record<string, unknown>): NetworkRow {
  return db.tx(() => {
    const row = findNetwork(db, id)!;
    if (changes.shared === false && row.shared) {
      // Another project's port on a network that stops being shared would lose it (InvalidSharedSetting).
      const foreign = db.get('SELECT 1 FROM net_ports WHERE network_id = ? AND project_id NOT IN (?, ?) AND device_owner NOT LIKE ?', id, row.project_id, '', 'network:%');
      if (foreign) throw conflict('InvalidSharedSetting', `Unable to reconfigure sharing settings for network ${id}. Multiple tenants are using it.`);
    }
    for (const [key, value] of Object.entries(changes)) {
      const column = UPDATABLE[key];
      if (!column) continue;
      db.run(`UPDATE net_networks SET ${column} = ? WHERE id = ?`, typeof value === 'boolean' ? flag(value) : value, id);
    }
    touch(db, 'net_networks', id, now);
    return findNetwork(db, id)!;
  });
}

/** Deletes the network with its subnets; NetworkInUse while ports other than DHCP's remain. */
export function deleteNetwork(db: Db, id: string): void {
  db.tx(() => {
    const ports = db.all<{ id: string }>("SELECT id FROM net_ports WHERE network_id = ? AND device_owner != 'network:dhcp' ORDER BY rowid", id);
    if (ports.length) {
      throw conflict(
        'NetworkInUse',
        `Unable to complete operation on network ${id}. There are one or more ports still in use on the network, id for these ports is: ${ports.map((port) => port.id).join(',')}.`,
      );
    }
    db.run('DELETE FROM net_ports WHERE network_id = ?', id);
    db.run('DELETE FROM net_subnets WHERE network_id = ?', id);
    db.run('DELETE FROM net_networks WHERE id = ?', id);
  });
}
