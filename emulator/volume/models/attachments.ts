import { randomUUID } from 'node:crypto';
import { BadRequest } from '../../core/errors.js';
import type { Db } from '../../store/db.js';

/**
 * A volume's attachments (cinder.volume_attachment) and the statuses around
 * them: `os-reserve` makes an available volume `attaching`, an attachment
 * makes it `in-use`, the last detach makes it `available` again. Nova's
 * attach (compute-volumes.ts) and Cinder's own os-attach both come here.
 */

const statusOf = (db: Db, id: string) => db.get<{ status: string }>('SELECT status FROM cinder_volumes WHERE id = ?', id)?.status;

function setStatus(db: Db, now: number, id: string, status: string): void {
  db.run('UPDATE cinder_volumes SET status = ?, updated_at = ? WHERE id = ?', status, now, id);
}

export function reserveVolume(db: Db, now: number, id: string): void {
  db.tx(() => {
    const status = statusOf(db, id);
    if (status !== 'available') throw new BadRequest(`Invalid volume: Volume status must be available to reserve, but the status is ${status}.`);
    setStatus(db, now, id, 'attaching');
  });
}

export function unreserveVolume(db: Db, now: number, id: string): void {
  db.tx(() => {
    if (statusOf(db, id) === 'attaching') setStatus(db, now, id, 'available');
  });
}

export function attachVolume(db: Db, now: number, id: string, serverId: string, device: string, host: string | null): string {
  return db.tx(() => {
    const status = statusOf(db, id);
    if (!['available', 'attaching', 'in-use'].includes(status ?? '')) throw new BadRequest(`Invalid volume: Volume ${id} status must be available or attaching to attach, but the status is ${status}.`);
    const attachmentId = randomUUID();
    db.run('INSERT INTO cinder_attachments (id, volume_id, server_id, host_name, device, attached_at) VALUES (?, ?, ?, ?, ?, ?)', attachmentId, id, serverId, host, device, now);
    setStatus(db, now, id, 'in-use');
    return attachmentId;
  });
}

/** Removes the attachments matching `which` (a server or an attachment id; all when neither); the volume is available once none is left. */
export function detachVolume(db: Db, now: number, id: string, which: { serverId?: string; attachmentId?: string }): void {
  db.tx(() => {
    if (which.attachmentId) db.run('DELETE FROM cinder_attachments WHERE volume_id = ? AND id = ?', id, which.attachmentId);
    else if (which.serverId) db.run('DELETE FROM cinder_attachments WHERE volume_id = ? AND server_id = ?', id, which.serverId);
    else db.run('DELETE FROM cinder_attachments WHERE volume_id = ?', id);
    if (!db.get('SELECT 1 FROM cinder_attachments WHERE volume_id = ?', id) && statusOf(db, id) === 'in-use') setStatus(db, now, id, 'available');
  });
}
