import { randomUUID } from 'node:crypto';
import { BadRequest, NotFound } from '../../core/errors.js';
import type { Db } from '../../store/db.js';
import { checkBackupQuota, checkQuota } from './quotas.js';
import { getSnapshot } from './snapshots.js';
import { defaultType } from './types.js';
import { AVAILABILITY_ZONE, getVolume, type Viewer } from './volumes.js';

/**
 * Volume backups (cinder/backup/api.py): a full or incremental copy of a
 * volume's (or one of its snapshots') bytes. `creating` until the clock
 * passes and the data is written, then `available` (`error` when the copy
 * failed); the volume is `backing-up` meanwhile and goes back to what it was.
 * A restore makes the backup `restoring` and the target volume
 * `restoring-backup` until its bytes are written back. Deleting is refused
 * while incremental backups depend on it. Counted against the `backups` and
 * `backup_gigabytes` quotas until gone. lifecycle.ts settles the statuses.
 */

export interface BackupSource {
  name: string | null;
  description: string | null;
  metadata: Record<string, string>;
  imageMetadata: Record<string, string> | null;
}

export interface Backup {
  id: string;
  projectId: string;
  userId: string;
  volumeId: string;
  snapshotId: string | null;
  parentId: string | null;
  name: string | null;
  description: string | null;
  container: string | null;
  availabilityZone: string | null;
  status: string;
  failReason: string | null;
  size: number;
  objectCount: number;
  isIncremental: boolean;
  hasDependentBackups: boolean;
  metadata: Record<string, string>;
  dataTimestamp: number;
  createdAt: number;
  updatedAt: number | null;
}

interface BackupRow {
  id: string;
  project_id: string;
  user_id: string;
  volume_id: string;
  snapshot_id: string | null;
  parent_id: string | null;
  name: string | null;
  description: string | null;
  container: string | null;
  availability_zone: string | null;
  status: string;
  fail_reason: string | null;
  size: number;
  object_count: number;
  metadata: string;
  data_timestamp: number;
  created_at: number;
  updated_at: number | null;
  dependents: number;
}

const SELECT = 'SELECT b.*, (SELECT COUNT(*) FROM cinder_backups c WHERE c.parent_id = b.id) AS dependents FROM cinder_backups b';

function toBackup(row: BackupRow): Backup {
  return {
    id: row.id,
    projectId: row.project_id,
    userId: row.user_id,
    volumeId: row.volume_id,
    snapshotId: row.snapshot_id,
    parentId: row.parent_id,
    name: row.name,
    description: row.description,
    container: row.container,
    availabilityZone: row.availability_zone,
    status: row.status,
    failReason: row.fail_reason,
    size: row.size,
    objectCount: row.object_count,
    isIncremental: row.parent_id !== null,
    hasDependentBackups: row.dependents > 0,
    metadata: JSON.parse(row.metadata) as Record<string, string>,
    dataTimestamp: row.data_timestamp,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function getBackup(db: Db, viewer: Viewer, id: string): Backup {
  const row = db.get<BackupRow>(`${SELECT} WHERE b.id = ?`, id);
  if (!row || (!viewer.isAdmin && row.project_id !== viewer.projectId)) throw new NotFound(`Backup ${id} could not be found.`);
  return toBackup(row);
}

/** The columns a list may be sorted by (Cinder's sort keys; `name` from 3.37). */
export const BACKUP_SORT_KEYS: Record<string, string> = {
  created_at: 'created_at',
  updated_at: 'updated_at',
  id: 'id',
  name: 'name',
  display_name: 'name',
  status: 'status',
  size: 'size',
  volume_id: 'volume_id',
};

export interface BackupListOptions {
  /** null: every project (an admin's all_tenants). */
  projectId: string | null;
  filters: { name?: string; status?: string; volumeId?: string };
  sortKey: string;
  sortDir: 'asc' | 'desc';
  limit: number;
  offset: number;
  marker?: string;
}

/** One page of backups, and how many match the filters in all. */
export function listBackups(db: Db, options: BackupListOptions): { backups: Backup[]; count: number } {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (clause: string, value: unknown) => {
    where.push(clause);
    params.push(value);
  };
  if (options.projectId !== null) add('b.project_id = ?', options.projectId);
  if (options.filters.name !== undefined) add('b.name = ?', options.filters.name);
  if (options.filters.status !== undefined) add('b.status = ?', options.filters.status);
  if (options.filters.volumeId !== undefined) add('b.volume_id = ?', options.filters.volumeId);
  const filtered = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const count = db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM cinder_backups b ${filtered}`, ...params)!.n;
  const column = BACKUP_SORT_KEYS[options.sortKey];
  const dir = options.sortDir === 'asc' ? 'ASC' : 'DESC';
  if (options.marker !== undefined) {
    const marker = db.get<Record<string, unknown>>(`SELECT ${column} AS value, id FROM cinder_backups WHERE id = ?`, options.marker);
    if (!marker) throw new NotFound(`Marker ${options.marker} could not be found.`);
    const op = dir === 'ASC' ? '>' : '<';
    where.push(`(b.${column} ${op} ? OR (b.${column} IS ? AND b.id ${op} ?))`);
    params.push(marker.value, marker.value, marker.id);
  }
  const rows = db.all<BackupRow>(
    `${SELECT} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY b.${column} ${dir}, b.id ${dir} LIMIT ? OFFSET ?`,
    ...params,
    options.limit,
    options.offset,
  );
  return { backups: rows.map(toBackup), count };
}

export interface BackupCreate {
  volumeId: string;
  snapshotId: string | null;
  userId: string;
  name: string | null;
  description: string | null;
  container: string | null;
  incremental: boolean;
  force: boolean;
  metadata: Record<string, string>;
}

/** What the new backup's data is read from, and the backup it is incremental to. */
export interface BackupCopy {
  backup: Backup;
  from: { kind: 'volume' | 'snapshot'; id: string };
  parentId: string | null;
}

/** Checks as cinder/backup/api.py create does (snapshot, volume status, quota, parent) and inserts a `creating` backup. */
export function createBackup(db: Db, now: number, delayMs: number, viewer: Viewer, input: BackupCreate): BackupCopy {
  return db.tx(() => {
    const volume = getVolume(db, viewer, input.volumeId);
    const snapshot = input.snapshotId ? getSnapshot(db, viewer, input.snapshotId) : null;
    if (snapshot) {
      if (snapshot.volumeId !== volume.id) throw new BadRequest(`Invalid volume: Volume ${volume.id} does not match with snapshot.volume_id ${snapshot.volumeId}.`);
      if (snapshot.status !== 'available') {
        throw new BadRequest(`Invalid snapshot: Snapshot to be backed up must be available, but the current status is "${snapshot.status}".`);
      }
    } else if (!['available', 'in-use'].includes(volume.status)) {
      throw new BadRequest(`Invalid volume: Volume to be backed up must be available or in-use, but the current status is "${volume.status}".`);
    } else if (volume.status === 'in-use' && !input.force) {
      throw new BadRequest('Invalid volume: Backing up an in-use volume must use the force flag.');
    }
    checkBackupQuota(db, viewer.projectId, volume.size);
    const dataTimestamp = snapshot ? snapshot.createdAt : now;
    let parentId: string | null = null;
    if (input.incremental) {
      // The latest available backup of the volume whose data is older than what is backed up now.
      const parent = db.get<{ id: string }>(
        "SELECT id FROM cinder_backups WHERE volume_id = ? AND project_id = ? AND status = 'available' AND data_timestamp < ? ORDER BY data_timestamp DESC, created_at DESC LIMIT 1",
        volume.id,
        viewer.projectId,
        snapshot ? snapshot.createdAt : now + 1,
      );
      if (!parent) throw new BadRequest('Invalid backup: No backups available to do an incremental backup.');
      parentId = parent.id;
    }
    const id = randomUUID();
    const source = { name: volume.name, description: volume.description, metadata: volume.metadata, imageMetadata: volume.imageMetadata };
    db.run(
      `INSERT INTO cinder_backups (id, project_id, user_id, volume_id, snapshot_id, parent_id, name, description, container, availability_zone,
         status, status_until, copy_state, size, volume_previous_status, source, metadata, data_timestamp, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'creating', ?, 'pending', ?, ?, ?, ?, ?, ?, ?)`,
      id,
      viewer.projectId,
      input.userId,
      volume.id,
      snapshot?.id ?? null,
      parentId,
      input.name,
      input.description,
      input.container,
      AVAILABILITY_ZONE,
      now + delayMs,
      volume.size,
      snapshot ? null : volume.status,
      JSON.stringify(source),
      JSON.stringify(input.metadata),
      dataTimestamp,
      now,
      now,
    );
    if (snapshot) db.run("UPDATE cinder_snapshots SET status = 'backing-up', updated_at = ? WHERE id = ?", now, snapshot.id);
    else db.run("UPDATE cinder_volumes SET status = 'backing-up', updated_at = ? WHERE id = ?", now, volume.id);
    return { backup: getBackup(db, viewer, id), from: snapshot ? { kind: 'snapshot', id: snapshot.id } : { kind: 'volume', id: volume.id }, parentId };
  });
}

/** Records the end of a backup's or a restore's copy; the backup settles once the clock has passed too. */
export function finishBackupCopy(db: Db, id: string, ok: boolean, objectCount?: number): void {
  db.tx(() => {
    db.run("UPDATE cinder_backups SET copy_state = ? WHERE id = ? AND copy_state = 'pending'", ok ? 'done' : 'failed', id);
    if (ok && objectCount !== undefined) db.run('UPDATE cinder_backups SET object_count = ? WHERE id = ?', objectCount, id);
  });
}

export function updateBackup(
  db: Db,
  now: number,
  viewer: Viewer,
  id: string,
  changes: { name?: string | null; description?: string | null; metadata?: Record<string, string> },
): Backup {
  return db.tx(() => {
    getBackup(db, viewer, id);
    if (changes.name !== undefined) db.run('UPDATE cinder_backups SET name = ? WHERE id = ?', changes.name, id);
    if (changes.description !== undefined) db.run('UPDATE cinder_backups SET description = ? WHERE id = ?', changes.description, id);
    if (changes.metadata !== undefined) db.run('UPDATE cinder_backups SET metadata = ? WHERE id = ?', JSON.stringify(changes.metadata), id);
    db.run('UPDATE cinder_backups SET updated_at = ? WHERE id = ?', now, id);
    return getBackup(db, viewer, id);
  });
}

/** Starts a delete: available or error backups without incremental ones on top; gone once the clock passes. */
export function deleteBackup(db: Db, now: number, delayMs: number, viewer: Viewer, id: string): void {
  db.tx(() => {
    const backup = getBackup(db, viewer, id);
    if (!['available', 'error'].includes(backup.status)) throw new BadRequest('Invalid backup: Backup status must be available or error');
    if (backup.hasDependentBackups) throw new BadRequest('Invalid backup: Incremental backups exist for this backup.');
    db.run("UPDATE cinder_backups SET status = 'deleting', status_until = ?, updated_at = ? WHERE id = ?", now + delayMs, now, id);
  });
}

/** The backup and its ancestors, the backup first and its full backup last: what a restore reads. */
export function chainOf(db: Db, id: string): string[] {
  const chain: string[] = [];
  for (let current: string | null = id; current; ) {
    chain.push(current);
    current = db.get<{ parent_id: string | null }>('SELECT parent_id FROM cinder_backups WHERE id = ?', current)?.parent_id ?? null;
  }
  return chain;
}

export interface RestoreStart {
  backup: Backup;
  volumeId: string;
  volumeName: string | null;
  chain: string[];
}

/**
 * `POST /backups/{id}/restore` (cinder/backup/api.py restore): into the given
 * available volume of at least the backup's size, or a new one
 * (`restore_backup_<id>`, counted against the volume quotas); the backup goes
 * `restoring` and the volume `restoring-backup`.
 */
export function startRestore(
  db: Db,
  now: number,
  delayMs: number,
  viewer: Viewer,
  backupId: string,
  target: { volumeId: string | null; name: string | null; userId: string },
): RestoreStart {
  return db.tx(() => {
    const backup = getBackup(db, viewer, backupId);
    if (backup.status !== 'available') throw new BadRequest('Invalid backup: Backup status must be available');
    let volumeId = target.volumeId;
    if (volumeId === null) {
      checkQuota(db, viewer.projectId, { kind: 'volume', gigabytes: backup.size });
      volumeId = randomUUID();
      db.run(
        `INSERT INTO cinder_volumes (id, project_id, user_id, name, description, size, status, availability_zone, type_id, created_at, updated_at)
         VALUES (?, ?, ?, ?, 'auto-created_from_restore_from_backup', ?, 'available', ?, ?, ?, ?)`,
        volumeId,
        viewer.projectId,
        target.userId,
        target.name ?? `restore_backup_${backup.id}`,
        backup.size,
        AVAILABILITY_ZONE,
        defaultType(db).id,
        now,
        now,
      );
    }
    const volume = getVolume(db, viewer, volumeId);
    if (volume.status !== 'available') throw new BadRequest('Invalid volume: Volume to be restored to must be available');
    if (backup.size > volume.size) {
      throw new BadRequest(`Invalid volume: volume size ${volume.size} is too small to restore backup of size ${backup.size}.`);
    }
    db.run(
      "UPDATE cinder_backups SET status = 'restoring', status_until = ?, copy_state = 'pending', restore_volume_id = ?, updated_at = ? WHERE id = ?",
      now + delayMs,
      volumeId,
      now,
      backup.id,
    );
    db.run("UPDATE cinder_volumes SET status = 'restoring-backup', updated_at = ? WHERE id = ?", now, volumeId);
    return { backup, volumeId, volumeName: volume.name, chain: chainOf(db, backup.id) };
  });
}
