import { BadRequest } from '../../core/errors.js';
import type { Db } from '../../store/db.js';

/**
 * A volume being copied into an image (`os-volume_upload_image`): `uploading`
 * while its bytes stream to Glance, `available` again after, whether the copy
 * worked or not. Cinder's `enable_force_upload` is off by default, so `force`
 * is ignored and only an available volume is uploaded.
 */

/** available → uploading, or Cinder's InvalidVolume. */
export function beginUpload(db: Db, now: number, id: string): void {
  db.tx(() => {
    if (db.run("UPDATE cinder_volumes SET status = 'uploading', updated_at = ? WHERE id = ? AND status = 'available'", now, id).changes === 0) {
      throw new BadRequest(`Invalid volume: Volume ${id} status must be available`);
    }
  });
}

export function endUpload(db: Db, now: number, id: string): void {
  db.tx(() => db.run("UPDATE cinder_volumes SET status = 'available', updated_at = ? WHERE id = ? AND status = 'uploading'", now, id));
}

/** At start: an upload a restart cut short leaves its volume available (and its image queued, as any cut Glance upload). */
export function recoverUploads(db: Db, now: number): void {
  db.tx(() => db.run("UPDATE cinder_volumes SET status = 'available', updated_at = ? WHERE status = 'uploading'", now));
}
