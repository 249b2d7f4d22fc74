import type { Db } from '../../store/db.js';
import { conflict, invalidInput, notFound } from '../faults.js';
import { flag, newId, standardAttributes, touch, type Viewer } from './common.js';
import { findNetwork } from './networks.js';
import { getPort, type PortRow } from './ports.js';

/**
 * Trunks (neutron/services/trunk): a parent port carrying subports, each
 * tagged with a VLAN id (1–4094) or inheriting its network's segmentation.
 * A port is the parent of one trunk at most and a subport of one at most.
 */

export interface TrunkRow {
  id: string;
  name: string;
  description: string;
  project_id: string;
  port_id: string;
  admin_state_up: number;
  status: string;
  revision_number: number;
  created_at: number;
  updated_at: number;
}

export interface SubPort {
  port_id: string;
  segmentation_type: string;
  segmentation_id?: number;
}

export function subportsOf(db: Db, trunkId: string) {
  return db.all<{ port_id: string; segmentation_type: string; segmentation_id: number }>(
    'SELECT port_id, segmentation_type, segmentation_id FROM net_subports WHERE trunk_id = ? ORDER BY position',
    trunkId,
  );
}

export function renderTrunk(db: Db, row: TrunkRow) {
  return {
    id: row.id,
    name: row.name,
    tenant_id: row.project_id,
    admin_state_up: Boolean(row.admin_state_up),
    port_id: row.port_id,
    status: row.status,
    sub_ports: subportsOf(db, row.id),
    ...standardAttributes(row),
    project_id: row.project_id,
  };
}

const canSee = (viewer: Viewer, row: TrunkRow) => viewer.isAdmin || row.project_id === viewer.projectId;

export function getTrunk(db: Db, viewer: Viewer, id: string): TrunkRow {
  const row = db.get<TrunkRow>('SELECT * FROM net_trunks WHERE id = ?', id);
  if (!row || !canSee(viewer, row)) throw notFound('TrunkNotFound', `Trunk ${id} could not be found.`);
  return row;
}

export function listTrunks(db: Db, viewer: Viewer): TrunkRow[] {
  return db.all<TrunkRow>('SELECT * FROM net_trunks ORDER BY created_at, rowid').filter((row) => canSee(viewer, row));
}

function checkPortFree(db: Db, port: PortRow, role: 'parent' | 'subport'): void {
  const parentOf = db.get<{ id: string }>('SELECT id FROM net_trunks WHERE port_id = ?', port.id);
  const subportOf = db.get<{ trunk_id: string }>('SELECT trunk_id FROM net_subports WHERE port_id = ?', port.id);
  if (role === 'parent' && (parentOf || subportOf)) {
    throw conflict('ParentPortInUse', `Port ${port.id} is currently in use and is not eligible for use as a parent port.`);
  }
  if (role === 'subport' && parentOf) throw conflict('PortInUseAsTrunkParent', `Port ${port.id} is currently a parent port for trunk ${parentOf.id}.`);
  if (role === 'subport' && subportOf) throw conflict('PortInUseAsSubPort', `Port ${port.id} is currently a subport for trunk ${subportOf.trunk_id}.`);
}

function addSubportsRows(db: Db, viewer: Viewer, trunk: TrunkRow, subports: SubPort[]): void {
  let position = db.get<{ n: number }>('SELECT COALESCE(MAX(position), 0) AS n FROM net_subports WHERE trunk_id = ?', trunk.id)!.n;
  for (const subport of subports) {
    if (subport.port_id === trunk.port_id) throw conflict('ParentPortInUse', `Port ${subport.port_id} is currently in use and is not eligible for use as a parent port.`);
    const port = getPort(db, viewer, subport.port_id);
    checkPortFree(db, port, 'subport');
    let segmentationId = subport.segmentation_id;
    if (subport.segmentation_type === 'inherit') {
      // The subport's own network decides its segmentation.
      const network = findNetwork(db, port.network_id)!;
      if (network.segmentation_id === null) throw invalidInput(`Segmentation type inherit is not supported: network ${network.id} has no segmentation id`);
      segmentationId = network.segmentation_id;
    } else if (subport.segmentation_type !== 'vlan') {
      throw invalidInput(`Segmentation type ${subport.segmentation_type} is not supported`);
    } else if (!Number.isInteger(segmentationId) || segmentationId! < 1 || segmentationId! > 4094) {
      throw invalidInput(`Segmentation ID ${String(segmentationId)} for subport ${subport.port_id} is not in the VLAN range 1 to 4094`);
    }
    const clash = db.get('SELECT 1 FROM net_subports WHERE trunk_id = ? AND segmentation_type = ? AND segmentation_id = ?', trunk.id, subport.segmentation_type, segmentationId);
    if (clash) {
      throw conflict('DuplicateSubPort', `segmentation_type ${subport.segmentation_type} and segmentation_id ${segmentationId} already in use on trunk ${trunk.id}.`);
    }
    db.run(
      'INSERT INTO net_subports (trunk_id, port_id, segmentation_type, segmentation_id, position) VALUES (?, ?, ?, ?, ?)',
      trunk.id,
      port.id,
      subport.segmentation_type,
      segmentationId,
      ++position,
    );
    db.run("UPDATE net_ports SET device_id = ?, device_owner = 'trunk:subport' WHERE id = ?", trunk.id, port.id);
  }
}

export function createTrunk(
  db: Db,
  viewer: Viewer,
  now: number,
  input: { projectId: string; portId: string; name?: string; description?: string; adminStateUp?: boolean; subports?: SubPort[] },
): TrunkRow {
  return db.tx(() => {
    const parent = getPort(db, viewer, input.portId);
    checkPortFree(db, parent, 'parent');
    const id = newId();
    db.run(
      'INSERT INTO net_trunks (id, name, description, project_id, port_id, admin_state_up, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      id,
      input.name ?? '',
      input.description ?? '',
      input.projectId,
      parent.id,
      flag(input.adminStateUp ?? true),
      now,
      now,
    );
    const trunk = db.get<TrunkRow>('SELECT * FROM net_trunks WHERE id = ?', id)!;
    addSubportsRows(db, viewer, trunk, input.subports ?? []);
    return trunk;
  });
}

export function updateTrunk(db: Db, now: number, row: TrunkRow, changes: { name?: string; description?: string; admin_state_up?: boolean }): TrunkRow {
  return db.tx(() => {
    db.run(
      'UPDATE net_trunks SET name = ?, description = ?, admin_state_up = ? WHERE id = ?',
      changes.name ?? row.name,
      changes.description ?? row.description,
      changes.admin_state_up === undefined ? row.admin_state_up : flag(changes.admin_state_up),
      row.id,
    );
    touch(db, 'net_trunks', row.id, now);
    return db.get<TrunkRow>('SELECT * FROM net_trunks WHERE id = ?', row.id)!;
  });
}

/** A disabled trunk refuses subport changes (TrunkDisabled). */
function checkEnabled(row: TrunkRow): void {
  if (!row.admin_state_up) throw conflict('TrunkDisabled', `Trunk ${row.id} is currently disabled.`);
}

export function addSubports(db: Db, viewer: Viewer, now: number, row: TrunkRow, subports: SubPort[]): TrunkRow {
  return db.tx(() => {
    checkEnabled(row);
    addSubportsRows(db, viewer, row, subports);
    touch(db, 'net_trunks', row.id, now);
    return db.get<TrunkRow>('SELECT * FROM net_trunks WHERE id = ?', row.id)!;
  });
}

export function removeSubports(db: Db, now: number, row: TrunkRow, subports: { port_id: string }[]): TrunkRow {
  return db.tx(() => {
    checkEnabled(row);
    for (const subport of subports) {
      const found = db.get('SELECT 1 FROM net_subports WHERE trunk_id = ? AND port_id = ?', row.id, subport.port_id);
      if (!found) throw notFound('SubPortNotFound', `SubPort on trunk ${row.id} with parent port ${row.port_id} could not be found.`);
      db.run('DELETE FROM net_subports WHERE trunk_id = ? AND port_id = ?', row.id, subport.port_id);
      db.run("UPDATE net_ports SET device_id = '', device_owner = '' WHERE id = ?", subport.port_id);
    }
    touch(db, 'net_trunks', row.id, now);
    return db.get<TrunkRow>('SELECT * FROM net_trunks WHERE id = ?', row.id)!;
  });
}

export function deleteTrunk(db: Db, row: TrunkRow): void {
  db.tx(() => {
    checkEnabled(row);
    db.run("UPDATE net_ports SET device_id = '', device_owner = '' WHERE id IN (SELECT port_id FROM net_subports WHERE trunk_id = ?)", row.id);
    db.run('DELETE FROM net_trunks WHERE id = ?', row.id);
  });
}
