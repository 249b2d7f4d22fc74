import { randomUUID } from 'node:crypto';
import { BadRequest, Conflict, NotFound } from '../../core/errors.js';
import { findProject } from '../../identity/models/resources.js';
import type { Db } from '../../store/db.js';

/**
 * Nova flavors (nova/objects/flavor.py, nova/compute/flavors.py): sizes that
 * admins define, public or private to the projects given access, with extra
 * specs. No HTTP here; `Viewer` says who looks, as Nova's context does.
 */

export interface Flavor {
  /** Internal row id: Nova's messages about access quote it. */
  id: number;
  flavorid: string;
  name: string;
  memoryMb: number;
  vcpus: number;
  rootGb: number;
  ephemeralGb: number;
  swap: number;
  rxtxFactor: number;
  disabled: boolean;
  isPublic: boolean;
  description: string | null;
  extraSpecs: Record<string, string>;
}

interface FlavorRow {
  id: number;
  flavorid: string;
  name: string;
  memory_mb: number;
  vcpus: number;
  root_gb: number;
  ephemeral_gb: number;
  swap: number;
  rxtx_factor: number;
  disabled: number;
  is_public: number;
  description: string | null;
}

/** Who asks: admins see every flavor; others public ones and those their project was given. */
export interface Viewer {
  isAdmin: boolean;
  projectId: string | null;
}

function extraSpecsOf(db: Db, id: number): Record<string, string> {
  const specs: Record<string, string> = {};
  for (const row of db.all<{ key: string; value: string }>('SELECT key, value FROM flavor_extra_specs WHERE flavor_id = ? ORDER BY rowid', id)) {
    specs[row.key] = row.value;
  }
  return specs;
}

function toFlavor(db: Db, row: FlavorRow): Flavor {
  return {
    id: row.id,
    flavorid: row.flavorid,
    name: row.name,
    memoryMb: row.memory_mb,
    vcpus: row.vcpus,
    rootGb: row.root_gb,
    ephemeralGb: row.ephemeral_gb,
    swap: row.swap,
    rxtxFactor: row.rxtx_factor,
    disabled: row.disabled === 1,
    isPublic: row.is_public === 1,
    description: row.description,
    extraSpecs: extraSpecsOf(db, row.id),
  };
}

/** `_flavor_get_query_from_db`: the rows a non-admin may see at all. */
function visibility(viewer: Viewer): { sql: string; params: unknown[] } {
  if (viewer.isAdmin) return { sql: '1 = 1', params: [] };
  return {
    sql: '(f.is_public = 1 OR EXISTS (SELECT 1 FROM flavor_projects p WHERE p.flavor_id = f.id AND p.project_id = ?))',
    params: [viewer.projectId],
  };
}

export function findFlavor(db: Db, viewer: Viewer, flavorid: string): Flavor | null {
  const scope = visibility(viewer);
  const row = db.get<FlavorRow>(`SELECT f.* FROM flavors f WHERE f.flavorid = ? AND ${scope.sql} ORDER BY f.id LIMIT 1`, flavorid, ...scope.params);
  return row ? toFlavor(db, row) : null;
}

/** `common.get_flavor`: 404 "Flavor X could not be found." when missing or not visible. */
export function getFlavor(db: Db, viewer: Viewer, flavorid: string): Flavor {
  const flavor = findFlavor(db, viewer, flavorid);
  if (!flavor) throw new NotFound(`Flavor ${flavorid} could not be found.`);
  return flavor;
}

/** The API's sort keys (schemas/flavors.py VALID_SORT_KEYS) and their columns. */
export const FLAVOR_SORT_KEYS: Record<string, string> = {
  created_at: 'created_at',
  description: 'description',
  disabled: 'disabled',
  ephemeral_gb: 'ephemeral_gb',
  flavorid: 'flavorid',
  id: 'id',
  is_public: 'is_public',
  memory_mb: 'memory_mb',
  name: 'name',
  root_gb: 'root_gb',
  rxtx_factor: 'rxtx_factor',
  swap: 'swap',
  updated_at: 'updated_at',
  vcpu_weight: 'vcpu_weight',
  vcpus: 'vcpus',
};

export interface FlavorListOptions {
  /** true: public (plus the viewer project's private ones); false: private only; null: all. */
  isPublic: boolean | null;
  /** Non-admins never see disabled flavors. */
  disabled?: boolean;
  minMemoryMb?: number;
  minRootGb?: number;
  sortKey: string;
  sortDir: 'asc' | 'desc';
  limit: number;
  marker?: string;
}

/**
 * `_flavor_get_all_from_db`: filters, then oslo.db's paginate_query over
 * (sort key, id) in one direction, starting after the marker's row.
 */
export function listFlavors(db: Db, viewer: Viewer, options: FlavorListOptions): Flavor[] {
  const scope = visibility(viewer);
  const where = [scope.sql];
  const params: unknown[] = [...scope.params];
  if (options.minMemoryMb !== undefined) {
    where.push('f.memory_mb >= ?');
    params.push(options.minMemoryMb);
  }
  if (options.minRootGb !== undefined) {
    where.push('f.root_gb >= ?');
    params.push(options.minRootGb);
  }
  if (options.disabled !== undefined) {
    where.push('f.disabled = ?');
    params.push(options.disabled ? 1 : 0);
  }
  if (options.isPublic === true && viewer.projectId !== null) {
    where.push('(f.is_public = 1 OR EXISTS (SELECT 1 FROM flavor_projects p WHERE p.flavor_id = f.id AND p.project_id = ?))');
    params.push(viewer.projectId);
  } else if (options.isPublic !== null) {
    where.push('f.is_public = ?');
    params.push(options.isPublic ? 1 : 0);
  }
  const column = FLAVOR_SORT_KEYS[options.sortKey] ?? 'flavorid';
  const direction = options.sortDir === 'desc' ? 'DESC' : 'ASC';
  if (options.marker !== undefined) {
    const marker = db.get<Record<string, unknown>>(`SELECT f.* FROM flavors f WHERE f.flavorid = ? AND ${scope.sql}`, options.marker, ...scope.params);
    if (!marker) throw new MarkerNotFound(options.marker);
    const after = direction === 'ASC' ? '>' : '<';
    where.push(`(f.${column} ${after} ? OR (f.${column} = ? AND f.id ${after} ?))`);
    params.push(marker[column], marker[column], marker.id);
  }
  const rows = db.all<FlavorRow>(
    `SELECT f.* FROM flavors f WHERE ${where.join(' AND ')} ORDER BY f.${column} ${direction}, f.id ${direction} LIMIT ?`,
    ...params,
    options.limit,
  );
  return rows.map((row) => toFlavor(db, row));
}

/** The marker names no flavor the caller can see. */
export class MarkerNotFound extends BadRequest {
  constructor(readonly marker: string) {
    super(`marker [${marker}] not found`);
  }
}

export interface CreateFlavorInput {
  name: string;
  /** Generated (a UUID) when absent, null or empty, as nova.compute.flavors.create does. */
  flavorid?: string | null;
  memoryMb: number;
  vcpus: number;
  rootGb: number;
  ephemeralGb?: number;
  swap?: number;
  rxtxFactor?: number;
  isPublic?: boolean;
  description?: string | null;
}

/**
 * Creates a flavor in one transaction. Duplicates answer as Nova's unique
 * keys do: the id's first ("Flavor with ID x already exists."), then the name's.
 */
export function createFlavor(db: Db, now: number, input: CreateFlavorInput): Flavor {
  const flavorid = input.flavorid ? input.flavorid : randomUUID();
  const name = input.name.trim();
  return db.tx(() => {
    if (db.get('SELECT 1 FROM flavors WHERE flavorid = ?', flavorid)) throw new Conflict(`Flavor with ID ${flavorid} already exists.`);
    if (db.get('SELECT 1 FROM flavors WHERE name = ?', name)) throw new Conflict(`Flavor with name ${name} already exists.`);
    db.run(
      `INSERT INTO flavors (flavorid, name, memory_mb, vcpus, root_gb, ephemeral_gb, swap, rxtx_factor, is_public, description, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      flavorid,
      name,
      input.memoryMb,
      input.vcpus,
      input.rootGb,
      input.ephemeralGb ?? 0,
      input.swap ?? 0,
      input.rxtxFactor ?? 1.0,
      input.isPublic === false ? 0 : 1,
      input.description ?? null,
      now,
    );
    return getFlavor(db, { isAdmin: true, projectId: null }, flavorid);
  });
}

/** `Flavor.destroy()`: the flavor with its access list and extra specs. */
export function deleteFlavor(db: Db, flavorid: string): void {
  db.tx(() => {
    if (db.run('DELETE FROM flavors WHERE flavorid = ?', flavorid).changes === 0) throw new NotFound(`Flavor ${flavorid} could not be found.`);
  });
}

/** 2.55 `PUT /flavors/{id}`: only the description changes. */
export function updateFlavorDescription(db: Db, now: number, flavorid: string, description: string | null): Flavor {
  return db.tx(() => {
    const flavor = getFlavor(db, { isAdmin: true, projectId: null }, flavorid);
    db.run('UPDATE flavors SET description = ?, updated_at = ? WHERE id = ?', description, now, flavor.id);
    return getFlavor(db, { isAdmin: true, projectId: null }, flavorid);
  });
}

/** Merges `specs` into the flavor's extra specs (new keys added, existing ones replaced). */
export function setExtraSpecs(db: Db, viewer: Viewer, flavorid: string, specs: Record<string, string>): void {
  db.tx(() => {
    const flavor = getFlavor(db, viewer, flavorid);
    for (const [key, value] of Object.entries(specs)) {
      db.run(
        'INSERT INTO flavor_extra_specs (flavor_id, key, value) VALUES (?, ?, ?) ON CONFLICT (flavor_id, key) DO UPDATE SET value = excluded.value',
        flavor.id,
        key,
        value,
      );
    }
  });
}

export function deleteExtraSpec(db: Db, viewer: Viewer, flavorid: string, key: string): void {
  db.tx(() => {
    const flavor = getFlavor(db, viewer, flavorid);
    if (db.run('DELETE FROM flavor_extra_specs WHERE flavor_id = ? AND key = ?', flavor.id, key).changes === 0) {
      throw new NotFound(`Flavor ${flavorid} has no extra specs with key ${key}.`);
    }
  });
}

/** The projects given access to a flavor, in the order they were given. */
export function flavorProjects(db: Db, flavor: Flavor): string[] {
  return db.all<{ project_id: string }>('SELECT project_id FROM flavor_projects WHERE flavor_id = ? ORDER BY rowid', flavor.id).map((row) => row.project_id);
}

/**
 * `identity.verify_project_id`: Nova asks Keystone whether the project
 * exists; a missing one is a 400.
 */
export function verifyProjectId(db: Db, projectId: string): void {
  if (!findProject(db, projectId)) throw new BadRequest(`Project ID ${projectId} is not a valid project.`);
}

/** `Flavor.add_access`; with `refusePublic` (from 2.7) a public flavor answers 409. */
export function addFlavorAccess(db: Db, flavorid: string, projectId: string, options: { refusePublic: boolean }): Flavor {
  return db.tx(() => {
    const flavor = getFlavor(db, { isAdmin: true, projectId: null }, flavorid);
    if (options.refusePublic && flavor.isPublic) throw new Conflict('Can not add access to a public flavor.');
    if (db.get('SELECT 1 FROM flavor_projects WHERE flavor_id = ? AND project_id = ?', flavor.id, projectId)) {
      throw new Conflict(`Flavor access already exists for flavor ${flavor.id} and project ${projectId} combination.`);
    }
    db.run('INSERT INTO flavor_projects (flavor_id, project_id) VALUES (?, ?)', flavor.id, projectId);
    return flavor;
  });
}

export function removeFlavorAccess(db: Db, flavorid: string, projectId: string): Flavor {
  return db.tx(() => {
    const flavor = getFlavor(db, { isAdmin: true, projectId: null }, flavorid);
    if (db.run('DELETE FROM flavor_projects WHERE flavor_id = ? AND project_id = ?', flavor.id, projectId).changes === 0) {
      throw new NotFound(`Flavor access not found for ${flavor.id} / ${projectId} combination.`);
    }
    return flavor;
  });
}

/** The demo flavors, each seeded once: a flavor an admin deletes stays deleted across restarts. */
export const DEMO_FLAVORS: { flavorid: string; name: string; memoryMb: number; vcpus: number; rootGb: number }[] = [
  { flavorid: '1', name: 'm1.tiny', memoryMb: 512, vcpus: 1, rootGb: 1 },
  { flavorid: '2', name: 'm1.small', memoryMb: 2048, vcpus: 1, rootGb: 20 },
  { flavorid: '3', name: 'm1.medium', memoryMb: 4096, vcpus: 2, rootGb: 40 },
  { flavorid: '4', name: 'm1.large', memoryMb: 8192, vcpus: 4, rootGb: 80 },
  { flavorid: '5', name: 'm1.xlarge', memoryMb: 16384, vcpus: 8, rootGb: 160 },
];

export function seedFlavors(db: Db, now: number): void {
  db.tx(() => {
    for (const flavor of DEMO_FLAVORS) {
      if (db.run('INSERT OR IGNORE INTO seeded_flavors (flavorid) VALUES (?)', flavor.flavorid).changes === 0) continue;
      const taken = db.get('SELECT 1 FROM flavors WHERE flavorid = ? OR name = ?', flavor.flavorid, flavor.name);
      if (!taken) createFlavor(db, now, flavor);
    }
  });
}
