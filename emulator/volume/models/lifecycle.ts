import { rmSync } from 'node:fs';
import type { Db } from '../../store/db.js';
import { BackupStore } from './backup-store.js';
import type { BackupSource } from './backups.js';
import type { BlobStore } from './blobs.js';

/**
 * The transitional statuses, settled lazily against the emulator's clock
 * (so tests move the clock instead of sleeping, and a restart loses nothing):
 * `creating` becomes `available` once `status_until` has passed and the bytes
 * are in (`error` when their copy failed), `extending` becomes `available`,
 * and `deleting` rows disappear with their bytes. Called before every request.
 */
export function settle(db: Db, now: number, blobs: BlobStore): void {
  const gone = db.tx(() => {
    for (const table of ['cinder_volumes', 'cinder_snapshots']) {
      db.run(
        `UPDATE ${table} SET status = CASE copy_state WHEN 'failed' THEN 'error' ELSE 'available' END, updated_at = status_until, status_until = NULL
         WHERE status = 'creating' AND status_until <= ? AND copy_state != 'pending'`,
        now,
      );
    }
    db.run(
      "UPDATE cinder_volumes SET status = 'available', updated_at = status_until, status_until = NULL WHERE status = 'extending' AND status_until <= ?",
      now,
    );
    const snapshots = db.all<{ id: string }>("SELECT id FROM cinder_snapshots WHERE status = 'deleting' AND status_until <= ?", now).map((row) => row.id);
    for (const id of snapshots) db.run('DELETE FROM cinder_snapshots WHERE id = ?', id);
    // A volume whose snapshots are still deleting waits for them (the foreign key).
    const volumes = db
      .all<{ id: string }>(
        "SELECT id FROM cinder_volumes v WHERE status = 'deleting' AND status_until <= ? AND NOT EXISTS (SELECT 1 FROM cinder_snapshots s WHERE s.volume_id = v.id)",
        now,
      )
      .map((row) => row.id);
    for (const id of volumes) db.run('DELETE FROM cinder_volumes WHERE id = ?', id);
    return { snapshots, volumes, backups: settleBackups(db, now) };
  });
  for (const id of gone.snapshots) blobs.remove('snapshot', id);
  for (const id of gone.volumes) blobs.remove('volume', id);
  if (gone.backups.length) {
    const store = BackupStore.beside(db);
    for (const id of gone.backups) store.remove(id);
  }
}

interface SettlingBackup {
  id: string;
  volume_id: string;
  snapshot_id: string | null;
  copy_state: string;
  volume_previous_status: string | null;
  restore_volume_id: string | null;
  source: string;
  status_until: number;
}

/** The volume (or snapshot) a finished backup read goes back to its status before `backing-up`. */
function releaseSource(db: Db, backup: SettlingBackup, at: number): void {
  if (backup.snapshot_id) db.run("UPDATE cinder_snapshots SET status = 'available', updated_at = ? WHERE id = ? AND status = 'backing-up'", at, backup.snapshot_id);
  else db.run("UPDATE cinder_volumes SET status = ?, updated_at = ? WHERE id = ? AND status = 'backing-up'", backup.volume_previous_status, at, backup.volume_id);
}

/**
 * A restored volume takes the backed-up volume's metadata, image metadata
 * (then it is bootable) and, when it was made for the restore, its name and
 * description, as cinder-backup's metadata restore does.
 */
function restoreVolumeMetadata(db: Db, volumeId: string, source: BackupSource): void {
  const volume = db.get<{ name: string | null }>('SELECT name FROM cinder_volumes WHERE id = ?', volumeId);
  if (!volume) return;
  if (source.name && (!volume.name || volume.name.startsWith('restore_backup_'))) {
    db.run('UPDATE cinder_volumes SET name = ?, description = ? WHERE id = ?', source.name, source.description, volumeId);
  }
  for (const [key, value] of Object.entries(source.metadata)) {
    db.run(
      'INSERT INTO cinder_volume_metadata (volume_id, key, value) VALUES (?, ?, ?) ON CONFLICT (volume_id, key) DO UPDATE SET value = excluded.value',
      volumeId,
      key,
      value,
    );
  }
  if (source.imageMetadata) db.run('UPDATE cinder_volumes SET image_metadata = ?, bootable = 1 WHERE id = ?', JSON.stringify(source.imageMetadata), volumeId);
}

/** Settles creating, restoring and deleting backups (inside settle's transaction); returns the ids of the backups gone. */
function settleBackups(db: Db, now: number): string[] {
  const due = (status: string) =>
    db.all<SettlingBackup>(`SELECT * FROM cinder_backups WHERE status = ? AND status_until <= ? AND copy_state != 'pending'`, status, now);
  for (const backup of due('creating')) {
    const ok = backup.copy_state === 'done';
    db.run(
      `UPDATE cinder_backups SET status = ?, fail_reason = ?, container = COALESCE(container, 'volumebackups'), status_until = NULL, updated_at = ? WHERE id = ?`,
      ok ? 'available' : 'error',
      ok ? null : 'The backup data could not be written.',
      backup.status_until,
      backup.id,
    );
    releaseSource(db, backup, backup.status_until);
  }
  for (const backup of due('restoring')) {
    const ok = backup.copy_state === 'done';
    db.run("UPDATE cinder_backups SET status = 'available', restore_volume_id = NULL, status_until = NULL, updated_at = ? WHERE id = ?", backup.status_until, backup.id);
    db.run(
      "UPDATE cinder_volumes SET status = ?, updated_at = ? WHERE id = ? AND status = 'restoring-backup'",
      ok ? 'available' : 'error_restoring',
      backup.status_until,
      backup.restore_volume_id,
    );
    if (ok && backup.restore_volume_id) restoreVolumeMetadata(db, backup.restore_volume_id, JSON.parse(backup.source) as BackupSource);
  }
  const gone = db.all<{ id: string }>("SELECT id FROM cinder_backups WHERE status = 'deleting' AND status_until <= ?", now).map((row) => row.id);
  for (const id of gone) db.run('DELETE FROM cinder_backups WHERE id = ?', id);
  return gone;
}

/**
 * At start, as cinder-backup's init_host cleans up: what settles by now
 * settles; a backup still `creating` ends in `error` (its volume back to its
 * status), a restore still running leaves the backup `available` and the
 * volume `error_restoring`; data no backup owns any more is removed.
 */
export function recoverBackups(db: Db, now: number, blobs: BlobStore): void {
  settle(db, now, blobs);
  const keep = db.tx(() => {
    for (const backup of db.all<SettlingBackup>("SELECT * FROM cinder_backups WHERE status = 'creating'")) {
      db.run(
        "UPDATE cinder_backups SET status = 'error', fail_reason = 'incomplete backup reset on manager restart', copy_state = 'failed', status_until = NULL, updated_at = ? WHERE id = ?",
        now,
        backup.id,
      );
      releaseSource(db, backup, now);
    }
    for (const backup of db.all<SettlingBackup>("SELECT * FROM cinder_backups WHERE status = 'restoring'")) {
      db.run("UPDATE cinder_backups SET status = 'available', restore_volume_id = NULL, status_until = NULL, updated_at = ? WHERE id = ?", now, backup.id);
      db.run("UPDATE cinder_volumes SET status = 'error_restoring', updated_at = ? WHERE id = ? AND status = 'restoring-backup'", now, backup.restore_volume_id);
    }
    return new Set(db.all<{ id: string }>("SELECT id FROM cinder_backups WHERE status IN ('available', 'deleting')").map((row) => row.id));
  });
  BackupStore.beside(db).sweep(keep);
  // A restore writes `<volume file>.part`; an interrupted one leaves the volume's own file as it was.
  for (const volume of db.all<{ id: string }>("SELECT id FROM cinder_volumes WHERE status = 'error_restoring'")) {
    rmSync(`${blobs.path('volume', volume.id)}.part`, { force: true });
  }
}

/** At start: a copy the previous process did not finish cannot resume, so its volume or snapshot ends in `error`, as after a cinder-volume restart. */
export function failInterruptedCopies(db: Db, blobs: BlobStore): void {
  const pending = db.tx(() => {
    const volumes = db.all<{ id: string }>("SELECT id FROM cinder_volumes WHERE copy_state = 'pending'").map((row) => row.id);
    const snapshots = db.all<{ id: string }>("SELECT id FROM cinder_snapshots WHERE copy_state = 'pending'").map((row) => row.id);
    db.run("UPDATE cinder_volumes SET copy_state = 'failed' WHERE copy_state = 'pending'");
    db.run("UPDATE cinder_snapshots SET copy_state = 'failed' WHERE copy_state = 'pending'");
    return { volumes, snapshots };
  });
  for (const id of pending.volumes) blobs.remove('volume', id);
  for (const id of pending.snapshots) blobs.remove('snapshot', id);
}
