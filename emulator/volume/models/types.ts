import { randomUUID } from 'node:crypto';
import { BadRequest, Conflict, NotFound } from '../../core/errors.js';
import type { Db } from '../../store/db.js';

/** Volume types (cinder/volume/volume_types.py) with their extra specs; `__DEFAULT__` is the configured default. */

export const DEFAULT_TYPE_NAME = '__DEFAULT__';

export interface VolumeType {
  id: string;
  name: string;
  description: string | null;
  isPublic: boolean;
  qosSpecsId: string | null;
  createdAt: number;
  extraSpecs: Record<string, string>;
}

interface TypeRow {
  id: string;
  name: string;
  description: string | null;
  is_public: number;
  qos_specs_id: string | null;
  created_at: number;
}

export function extraSpecsOf(db: Db, typeId: string): Record<string, string> {
  const specs: Record<string, string> = {};
  for (const row of db.all<{ key: string; value: string }>('SELECT key, value FROM cinder_volume_type_extra_specs WHERE type_id = ? ORDER BY key', typeId)) {
    specs[row.key] = row.value;
  }
  return specs;
}

function toType(db: Db, row: TypeRow): VolumeType {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    isPublic: row.is_public === 1,
    qosSpecsId: row.qos_specs_id,
    createdAt: row.created_at,
    extraSpecs: extraSpecsOf(db, row.id),
  };
}

/** Private types are the admin's only: there is no type-access list to grant them to a project. */
export function listTypes(db: Db, options: { includePrivate: boolean }): VolumeType[] {
  const rows = db.all<TypeRow>(`SELECT * FROM cinder_volume_types ${options.includePrivate ? '' : 'WHERE is_public = 1'} ORDER BY created_at DESC, name`);
  return rows.map((row) => toType(db, row));
}

export function findType(db: Db, id: string): VolumeType | null {
  const row = db.get<TypeRow>('SELECT * FROM cinder_volume_types WHERE id = ?', id);
  return row ? toType(db, row) : null;
}

export function getType(db: Db, id: string): VolumeType {
  const type = findType(db, id);
  if (!type) throw new NotFound(`Volume type ${id} could not be found.`);
  return type;
}

export function defaultType(db: Db): VolumeType {
  const row = db.get<TypeRow>('SELECT * FROM cinder_volume_types WHERE name = ?', DEFAULT_TYPE_NAME);
  if (!row) throw new NotFound(`Volume type ${DEFAULT_TYPE_NAME} could not be found.`);
  return toType(db, row);
}

/** The type a volume create names, by id or by name (cinder's `get_by_name_or_id`). */
export function resolveType(db: Db, nameOrId: string): VolumeType {
  const row =
    db.get<TypeRow>('SELECT * FROM cinder_volume_types WHERE id = ?', nameOrId) ??
    db.get<TypeRow>('SELECT * FROM cinder_volume_types WHERE name = ?', nameOrId);
  if (!row) throw new NotFound(`Volume type with name ${nameOrId} could not be found.`);
  return toType(db, row);
}

export function createType(
  db: Db,
  now: number,
  input: {
    name: string;
    description?: string | null;
    isPublic?: boolean;
    extraSpecs?: Record<string, string>;
  },
): VolumeType {
  return db.tx(() => {
    if (db.get('SELECT 1 FROM cinder_volume_types WHERE name = ?', input.name)) throw new Conflict(`Volume Type ${input.name} already exists.`);
    const id = randomUUID();
    db.run(
      'INSERT INTO cinder_volume_types (id, name, description, is_public, created_at) VALUES (?, ?, ?, ?, ?)',
      id,
      input.name,
      input.description ?? null,
      input.isPublic === false ? 0 : 1,
      now,
    );
    setExtraSpecs(db, id, input.extraSpecs ?? {});
    return getType(db, id);
  });
}

/**
 * `PUT /types/{id}` (volume_types.update, db `_type_update`): only the given
 * fields change; a name another type has is refused, as Cinder's VolumeTypeExists.
 */
export function updateType(db: Db, id: string, changes: { name?: string; description?: string; isPublic?: boolean }): VolumeType {
  return db.tx(() => {
    const type = getType(db, id);
    if (changes.name !== undefined && db.get('SELECT 1 FROM cinder_volume_types WHERE name = ? AND id <> ?', changes.name, id)) {
      throw new Conflict(`Volume Type ${changes.name} already exists.`);
    }
    db.run(
      'UPDATE cinder_volume_types SET name = ?, description = ?, is_public = ? WHERE id = ?',
      changes.name ?? type.name,
      changes.description ?? type.description,
      (changes.isPublic ?? type.isPublic) ? 1 : 0,
      id,
    );
    // The per-type quotas follow the new name (QUOTAS.update_quota_resource).
    if (changes.name !== undefined && changes.name !== type.name) {
      for (const kind of ['volumes', 'gigabytes', 'snapshots']) {
        for (const table of ['cinder_quotas', 'cinder_quota_classes']) {
          db.run(`UPDATE ${table} SET resource = ? WHERE resource = ?`, `${kind}_${changes.name}`, `${kind}_${type.name}`);
        }
      }
    }
    return getType(db, id);
  });
}

/** Adds or replaces the given keys (`POST /types/{id}/extra_specs`). */
export function setExtraSpecs(db: Db, typeId: string, specs: Record<string, string>): Record<string, string> {
  return db.tx(() => {
    getType(db, typeId);
    for (const [key, value] of Object.entries(specs)) {
      db.run(
        'INSERT INTO cinder_volume_type_extra_specs (type_id, key, value) VALUES (?, ?, ?) ON CONFLICT (type_id, key) DO UPDATE SET value = excluded.value',
        typeId,
        key,
        value,
      );
    }
    return extraSpecsOf(db, typeId);
  });
}

export function deleteExtraSpec(db: Db, typeId: string, key: string): void {
  db.tx(() => {
    getType(db, typeId);
    const result = db.run('DELETE FROM cinder_volume_type_extra_specs WHERE type_id = ? AND key = ?', typeId, key);
    if (result.changes === 0) throw new NotFound(`Volume Type ${typeId} has no extra specs with key ${key}.`);
  });
}

/** Deletes a type no volume uses; the default type cannot go. */
export function deleteType(db: Db, id: string): void {
  db.tx(() => {
    const type = getType(db, id);
    if (type.name === DEFAULT_TYPE_NAME) throw new BadRequest('Invalid volume type: Default volume type can not be deleted.');
    if (db.get('SELECT 1 FROM cinder_volumes WHERE type_id = ?', id)) {
      throw new BadRequest(`Invalid volume type: Target volume type is still in use.`);
    }
    db.run('DELETE FROM cinder_volume_types WHERE id = ?', id);
  });
}
