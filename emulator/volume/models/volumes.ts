import { randomUUID } from 'node:crypto';
import { BadRequest, NotFound } from '../../core/errors.js';
import type { Db } from '../../store/db.js';
import { checkQuota } from './quotas.js';

/**
 * Volumes (cinder/volume/api.py): owned by a project, of a volume type, with
 * a lifecycle. Creation is `creating` until the emulator clock passes
 * `status_until` and the bytes (from an image, a snapshot or another volume)
 * are copied in; then `available`, or `error` when the copy failed. Deletion
 * is `deleting` until `status_until`, then the row and its bytes are gone
 * (lifecycle.ts settles both). Attachments arrive with servers: until then a
 * volume is never `in-use`.
 */

export const AVAILABILITY_ZONE = 'nova';

export interface Viewer {
  isAdmin: boolean;
  projectId: string;
}

export interface Volume {
  id: string;
  projectId: string;
  userId: string;
  name: string | null;
  description: string | null;
  size: number;
  status: string;
  availabilityZone: string;
  typeId: string;
  typeName: string;
  snapshotId: string | null;
  sourceVolid: string | null;
  imageId: string | null;
  imageMetadata: Record<string, string> | null;
  bootable: boolean;
  createdAt: number;
  updatedAt: number | null;
  metadata: Record<string, string>;
}

interface VolumeRow {
  id: string;
  project_id: string;
  user_id: string;
  name: string | null;
  description: string | null;
  size: number;
  status: string;
  availability_zone: string;
  type_id: string;
  type_name: string;
  snapshot_id: string | null;
  source_volid: string | null;
  image_id: string | null;
  image_metadata: string | null;
  bootable: number;
  created_at: number;
  updated_at: number | null;
}

const SELECT = 'SELECT v.*, t.name AS type_name FROM cinder_volumes v JOIN cinder_volume_types t ON t.id = v.type_id';

export function volumeMetadataOf(db: Db, id: string): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const row of db.all<{ key: string; value: string }>('SELECT key, value FROM cinder_volume_metadata WHERE volume_id = ? ORDER BY rowid', id)) {
    metadata[row.key] = row.value;
  }
  return metadata;
}

function toVolume(db: Db, row: VolumeRow): Volume {
  return {
    id: row.id,
    projectId: row.project_id,
    userId: row.user_id,
    name: row.name,
    description: row.description,
    size: row.size,
    status: row.status,
    availabilityZone: row.availability_zone,
    typeId: row.type_id,
    typeName: row.type_name,
    snapshotId: row.snapshot_id,
    sourceVolid: row.source_volid,
    imageId: row.image_id,
    imageMetadata: row.image_metadata ? (JSON.parse(row.image_metadata) as Record<string, string>) : null,
    bootable: row.bootable === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    metadata: volumeMetadataOf(db, row.id),
  };
}

/** A volume the viewer may see: a non-admin never finds another project's (404, as Cinder). */
export function getVolume(db: Db, viewer: Viewer, id: string): Volume {
  const row = db.get<VolumeRow>(`${SELECT} WHERE v.id = ?`, id);
  if (!row || (!viewer.isAdmin && row.project_id !== viewer.projectId)) throw new NotFound(`Volume ${id} could not be found.`);
  return toVolume(db, row);
}

export interface VolumeListOptions {
  /** null: every project (an admin's all_tenants). */
  projectId: string | null;
  filters: {
    name?: string;
    status?: string;
    /** Cinder compares the column as SQL does: '1' and '01' are both 1 GiB. */
    size?: string;
    bootable?: boolean;
    availabilityZone?: string;
    metadata?: Record<string, string>;
  };
  sortDir: 'asc' | 'desc';
  limit?: number;
  marker?: string;
}

export function listVolumes(db: Db, options: VolumeListOptions): Volume[] {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (clause: string, ...values: unknown[]) => {
    where.push(clause);
    params.push(...values);
  };
  if (options.projectId !== null) {
    where.push('v.project_id = ?');
    params.push(options.projectId);
  }
  const { filters } = options;
  if (filters.name !== undefined) add('v.name = ?', filters.name);
  if (filters.status !== undefined) add('v.status = ?', filters.status);
  if (filters.size !== undefined) add('v.size = ?', Number(filters.size));
  if (filters.bootable !== undefined) add('v.bootable = ?', filters.bootable ? 1 : 0);
  if (filters.availabilityZone !== undefined) add('v.availability_zone = ?', filters.availabilityZone);
  for (const [key, value] of Object.entries(filters.metadata ?? {})) {
    where.push('EXISTS (SELECT 1 FROM cinder_volume_metadata m WHERE m.volume_id = v.id AND m.key = ? AND m.value = ?)');
    params.push(key, value);
  }
  const dir = options.sortDir === 'asc' ? 'ASC' : 'DESC';
  if (options.marker !== undefined) {
    const marker = db.get<{ created_at: number; id: string }>('SELECT created_at, id FROM cinder_volumes WHERE id = ?', options.marker);
    if (!marker) throw new NotFound(`Marker ${options.marker} could not be found.`);
    const op = dir === 'ASC' ? '>' : '<';
    where.push(`(v.created_at ${op} ? OR (v.created_at = ? AND v.id ${op} ?))`);
    params.push(marker.created_at, marker.created_at, marker.id);
  }
  const limit = options.limit !== undefined ? ` LIMIT ${Math.max(0, Math.floor(options.limit))}` : '';
  const rows = db.all<VolumeRow>(
    `${SELECT} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY v.created_at ${dir}, v.id ${dir}${limit}`,
    ...params,
  );
  return rows.map((row) => toVolume(db, row));
}

export interface VolumeCreate {
  projectId: string;
  userId: string;
  name: string | null;
  description: string | null;
  size: number;
  typeId: string;
  availabilityZone: string;
  metadata: Record<string, string>;
  snapshotId?: string;
  sourceVolid?: string;
  imageId?: string;
  imageMetadata?: Record<string, string>;
  bootable: boolean;
  /** True when bytes are to be copied in: the volume stays `creating` until `finishCopy`. */
  copies: boolean;
}

/** Inserts a `creating` volume after the quota check, in one transaction. */
export function createVolume(db: Db, now: number, delayMs: number, input: VolumeCreate): Volume {
  return db.tx(() => {
    checkQuota(db, input.projectId, { kind: 'volume', gigabytes: input.size });
    const id = randomUUID();
    db.run(
      `INSERT INTO cinder_volumes (id, project_id, user_id, name, description, size, status, status_until, copy_state, availability_zone, type_id,
         snapshot_id, source_volid, image_id, image_metadata, bootable, created_at)
       VALUES (?, ?, ?, ?, ?, ?, 'creating', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      id,
      input.projectId,
      input.userId,
      input.name,
      input.description,
      input.size,
      now + delayMs,
      input.copies ? 'pending' : 'done',
      input.availabilityZone,
      input.typeId,
      input.snapshotId ?? null,
      input.sourceVolid ?? null,
      input.imageId ?? null,
      input.imageMetadata ? JSON.stringify(input.imageMetadata) : null,
      input.bootable ? 1 : 0,
      now,
    );
    for (const [key, value] of Object.entries(input.metadata))
      db.run('INSERT INTO cinder_volume_metadata (volume_id, key, value) VALUES (?, ?, ?)', id, key, value);
    return getVolume(db, { isAdmin: true, projectId: input.projectId }, id);
  });
}

/** Records the end of a copy into a `creating` volume: it settles to `available`, or `error` when the copy failed. */
export function finishVolumeCopy(db: Db, id: string, ok: boolean): void {
  db.tx(() => db.run("UPDATE cinder_volumes SET copy_state = ? WHERE id = ? AND copy_state = 'pending'", ok ? 'done' : 'failed', id));
}

export function updateVolume(
  db: Db,
  now: number,
  viewer: Viewer,
  id: string,
  changes: {
    name?: string | null;
    description?: string | null;
    metadata?: Record<string, string>;
  },
): Volume {
  return db.tx(() => {
    getVolume(db, viewer, id);
    if (changes.name !== undefined) db.run('UPDATE cinder_volumes SET name = ? WHERE id = ?', changes.name, id);
    if (changes.description !== undefined) db.run('UPDATE cinder_volumes SET description = ? WHERE id = ?', changes.description, id);
    if (changes.metadata !== undefined) replaceVolumeMetadata(db, id, changes.metadata);
    db.run('UPDATE cinder_volumes SET updated_at = ? WHERE id = ?', now, id);
    return getVolume(db, viewer, id);
  });
}

/** `POST …/metadata` merges; `PUT …/metadata` replaces. */
export function mergeVolumeMetadata(db: Db, viewer: Viewer, id: string, metadata: Record<string, string>): Record<string, string> {
  return db.tx(() => {
    getVolume(db, viewer, id);
    for (const [key, value] of Object.entries(metadata)) {
      db.run(
        'INSERT INTO cinder_volume_metadata (volume_id, key, value) VALUES (?, ?, ?) ON CONFLICT (volume_id, key) DO UPDATE SET value = excluded.value',
        id,
        key,
        value,
      );
    }
    return volumeMetadataOf(db, id);
  });
}

export function replaceVolumeMetadata(db: Db, id: string, metadata: Record<string, string>): Record<string, string> {
  return db.tx(() => {
    db.run('DELETE FROM cinder_volume_metadata WHERE volume_id = ?', id);
    for (const [key, value] of Object.entries(metadata)) db.run('INSERT INTO cinder_volume_metadata (volume_id, key, value) VALUES (?, ?, ?)', id, key, value);
    return volumeMetadataOf(db, id);
  });
}

export function deleteVolumeMetadata(db: Db, viewer: Viewer, id: string, key: string): void {
  db.tx(() => {
    getVolume(db, viewer, id);
    const result = db.run('DELETE FROM cinder_volume_metadata WHERE volume_id = ? AND key = ?', id, key);
    if (result.changes === 0) throw new NotFound(`Volume ${id} has no metadata with key ${key}.`);
  });
}

/** `os-extend`: available only (in-use needs attachments), a larger size, within quota; `extending` until the clock passes. */
export function extendVolume(db: Db, now: number, delayMs: number, viewer: Viewer, id: string, newSize: number): void {
  db.tx(() => {
    const volume = getVolume(db, viewer, id);
    if (volume.status !== 'available') {
      throw new BadRequest(`Invalid volume: Volume ${id} status must be available to extend, but current status is: ${volume.status}.`);
    }
    if (newSize <= volume.size) {
      throw new BadRequest(`Invalid input received: New size for extend must be greater than current size. (current: ${volume.size}, extended: ${newSize}).`);
    }
    checkQuota(db, volume.projectId, {
      kind: 'extend',
      gigabytes: newSize - volume.size,
    });
    db.run("UPDATE cinder_volumes SET size = ?, status = 'extending', status_until = ?, updated_at = ? WHERE id = ?", newSize, now + delayMs, now, id);
  });
}

const DELETABLE = ['available', 'error', 'error_restoring', 'error_extending', 'error_managing'];

/** Starts a delete: `deleting` (with the snapshots too when `cascade`), gone once the clock passes. */
export function deleteVolume(db: Db, now: number, delayMs: number, viewer: Viewer, id: string, cascade: boolean): void {
  db.tx(() => {
    const volume = getVolume(db, viewer, id);
    const snapshots = db.all<{ id: string; status: string }>('SELECT id, status FROM cinder_snapshots WHERE volume_id = ?', id);
    const snapshotsBlock = cascade ? snapshots.some((snapshot) => !['available', 'error'].includes(snapshot.status)) : snapshots.length > 0;
    if (!DELETABLE.includes(volume.status) || snapshotsBlock) {
      throw new BadRequest(
        'Invalid volume: Volume status must be available or error or error_restoring or error_extending or error_managing and must not be migrating, attached, belong to a group, have snapshots, awaiting a transfer, or be disassociated from snapshots after volume transfer.',
      );
    }
    if (cascade) db.run("UPDATE cinder_snapshots SET status = 'deleting', status_until = ?, updated_at = ? WHERE volume_id = ?", now + delayMs, now, id);
    db.run("UPDATE cinder_volumes SET status = 'deleting', status_until = ?, updated_at = ? WHERE id = ?", now + delayMs, now, id);
  });
}

/** `os-reset_status` (admin): sets the status as is, ending any transition. */
export function resetVolumeStatus(db: Db, now: number, id: string, status: string): void {
  db.tx(() => db.run('UPDATE cinder_volumes SET status = ?, status_until = NULL, updated_at = ? WHERE id = ?', status, now, id));
}

export function setBootable(db: Db, now: number, id: string, bootable: boolean): void {
  db.tx(() => db.run('UPDATE cinder_volumes SET bootable = ?, updated_at = ? WHERE id = ?', bootable ? 1 : 0, now, id));
}
