import type { Db } from '../../store/db.js';
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
    return { snapshots, volumes };
  });
  for (const id of gone.snapshots) blobs.remove('snapshot', id);
  for (const id of gone.volumes) blobs.remove('volume', id);
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
