import { randomUUID } from 'node:crypto';
import { BadRequest, NotFound } from '../../core/errors.js';
import type { Db } from '../../store/db.js';
import { checkQuota } from './quotas.js';
import { getVolume, type Viewer } from './volumes.js';

/**
 * Snapshots (cinder/volume/api.py create_snapshot): a copy of an available
 * volume's bytes, `creating` until the clock passes and the copy is done,
 * counted against the snapshots and gigabytes quotas.
 */

export interface Snapshot {
  id: string;
  projectId: string;
  userId: string;
  volumeId: string;
  name: string | null;
  description: string | null;
  size: number;
  status: string;
  createdAt: number;
  updatedAt: number | null;
  metadata: Record<string, string>;
}

interface SnapshotRow {
  id: string;
  project_id: string;
  user_id: string;
  volume_id: string;
  name: string | null;
  description: string | null;
  size: number;
  status: string;
  created_at: number;
  updated_at: number | null;
}

export function snapshotMetadataOf(db: Db, id: string): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const row of db.all<{ key: string; value: string }>('SELECT key, value FROM cinder_snapshot_metadata WHERE snapshot_id = ? ORDER BY rowid', id)) {
    metadata[row.key] = row.value;
  }
  return metadata;
}

function toSnapshot(db: Db, row: SnapshotRow): Snapshot {
  return {
    id: row.id,
    projectId: row.project_id,
    userId: row.user_id,
    volumeId: row.volume_id,
    name: row.name,
    description: row.description,
    size: row.size,
    status: row.status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    metadata: snapshotMetadataOf(db, row.id),
  };
}

export function getSnapshot(db: Db, viewer: Viewer, id: string): Snapshot {
  const row = db.get<SnapshotRow>('SELECT * FROM cinder_snapshots WHERE id = ?', id);
  if (!row || (!viewer.isAdmin && row.project_id !== viewer.projectId)) throw new NotFound(`Snapshot ${id} could not be found.`);
  return toSnapshot(db, row);
}

export function listSnapshots(
  db: Db,
  options: {
    projectId: string | null;
    filters: {
      status?: string;
      name?: string;
      volumeId?: string;
      metadata?: Record<string, string>;
    };
    sortDir?: 'asc' | 'desc';
    limit?: number;
    marker?: string;
  },
): Snapshot[] {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (clause: string, ...values: unknown[]) => {
    where.push(clause);
    params.push(...values);
  };
  if (options.projectId !== null) add('project_id = ?', options.projectId);
  if (options.filters.status !== undefined) add('status = ?', options.filters.status);
  if (options.filters.name !== undefined) add('name = ?', options.filters.name);
  if (options.filters.volumeId !== undefined) add('volume_id = ?', options.filters.volumeId);
  for (const [key, value] of Object.entries(options.filters.metadata ?? {})) {
    where.push('EXISTS (SELECT 1 FROM cinder_snapshot_metadata m WHERE m.snapshot_id = cinder_snapshots.id AND m.key = ? AND m.value = ?)');
    params.push(key, value);
  }
  const dir = options.sortDir === 'asc' ? 'ASC' : 'DESC';
  if (options.marker !== undefined) {
    const marker = db.get<{ created_at: number; id: string }>('SELECT created_at, id FROM cinder_snapshots WHERE id = ?', options.marker);
    if (!marker) throw new NotFound(`Marker ${options.marker} could not be found.`);
    const op = dir === 'ASC' ? '>' : '<';
    add(`(created_at ${op} ? OR (created_at = ? AND id ${op} ?))`, marker.created_at, marker.created_at, marker.id);
  }
  const limit = options.limit !== undefined ? ` LIMIT ${Math.max(0, Math.floor(options.limit))}` : '';
  const rows = db.all<SnapshotRow>(
    `SELECT * FROM cinder_snapshots ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY created_at ${dir}, id ${dir}${limit}`,
    ...params,
  );
  return rows.map((row) => toSnapshot(db, row));
}

export function createSnapshot(
  db: Db,
  now: number,
  delayMs: number,
  viewer: Viewer,
  input: {
    volumeId: string;
    userId: string;
    name: string | null;
    description: string | null;
    force: boolean;
    metadata: Record<string, string>;
  },
): Snapshot {
  return db.tx(() => {
    const volume = getVolume(db, viewer, input.volumeId);
    const allowed = input.force ? ['available', 'in-use'] : ['available'];
    if (!allowed.includes(volume.status)) {
      throw new BadRequest(`Invalid volume: Volume ${volume.id} status must be available, but current status is: ${volume.status}.`);
    }
    checkQuota(db, volume.projectId, {
      kind: 'snapshot',
      gigabytes: volume.size,
    });
    const id = randomUUID();
    db.run(
      `INSERT INTO cinder_snapshots (id, project_id, user_id, volume_id, name, description, size, status, status_until, copy_state, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'creating', ?, 'pending', ?)`,
      id,
      volume.projectId,
      input.userId,
      volume.id,
      input.name,
      input.description,
      volume.size,
      now + delayMs,
      now,
    );
    for (const [key, value] of Object.entries(input.metadata))
      db.run('INSERT INTO cinder_snapshot_metadata (snapshot_id, key, value) VALUES (?, ?, ?)', id, key, value);
    return getSnapshot(db, viewer, id);
  });
}

export function finishSnapshotCopy(db: Db, id: string, ok: boolean): void {
  db.tx(() => db.run("UPDATE cinder_snapshots SET copy_state = ? WHERE id = ? AND copy_state = 'pending'", ok ? 'done' : 'failed', id));
}

export function updateSnapshot(db: Db, now: number, viewer: Viewer, id: string, changes: { name?: string | null; description?: string | null }): Snapshot {
  return db.tx(() => {
    getSnapshot(db, viewer, id);
    if (changes.name !== undefined) db.run('UPDATE cinder_snapshots SET name = ? WHERE id = ?', changes.name, id);
    if (changes.description !== undefined) db.run('UPDATE cinder_snapshots SET description = ? WHERE id = ?', changes.description, id);
    db.run('UPDATE cinder_snapshots SET updated_at = ? WHERE id = ?', now, id);
    return getSnapshot(db, viewer, id);
  });
}

export function mergeSnapshotMetadata(db: Db, viewer: Viewer, id: string, metadata: Record<string, string>, replace: boolean): Record<string, string> {
  return db.tx(() => {
    getSnapshot(db, viewer, id);
    if (replace) db.run('DELETE FROM cinder_snapshot_metadata WHERE snapshot_id = ?', id);
    for (const [key, value] of Object.entries(metadata)) {
      db.run(
        'INSERT INTO cinder_snapshot_metadata (snapshot_id, key, value) VALUES (?, ?, ?) ON CONFLICT (snapshot_id, key) DO UPDATE SET value = excluded.value',
        id,
        key,
        value,
      );
    }
    return snapshotMetadataOf(db, id);
  });
}

export function deleteSnapshotMetadata(db: Db, viewer: Viewer, id: string, key: string): void {
  db.tx(() => {
    getSnapshot(db, viewer, id);
    const result = db.run('DELETE FROM cinder_snapshot_metadata WHERE snapshot_id = ? AND key = ?', id, key);
    if (result.changes === 0) throw new NotFound(`Snapshot ${id} has no metadata with key ${key}.`);
  });
}

export function deleteSnapshot(db: Db, now: number, delayMs: number, viewer: Viewer, id: string): void {
  db.tx(() => {
    const snapshot = getSnapshot(db, viewer, id);
    if (!['available', 'error'].includes(snapshot.status)) {
      throw new BadRequest('Invalid snapshot: Volume Snapshot status must be available or error and must not be part of a group.');
    }
    db.run("UPDATE cinder_snapshots SET status = 'deleting', status_until = ?, updated_at = ? WHERE id = ?", now + delayMs, now, id);
  });
}
