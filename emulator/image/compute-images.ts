import { Readable } from 'node:stream';
import { NotFound } from '../core/errors.js';
import type { CloudDeps } from '../core/service.js';
import type { ComputeImages } from '../compute/models/collaborators.js';
import { readBlob, removeBlob, writeBlob } from './models/blobs.js';
import { activate, createImage, deleteImage, getImage, revertUpload, setStatus } from './models/images.js';

/**
 * Glance as Nova's image API uses it (nova/image/glance.py): find the boot
 * image as the caller may see it, and store a server snapshot (createImage):
 * a private image of the caller's project, `image_type: snapshot`, queued,
 * then saving while the root disk's bytes (the base image's, the emulated
 * disk never changes) are copied, then active.
 */
export function glanceForCompute(deps: CloudDeps): ComputeImages {
  const { db } = deps;
  return {
    find(caller, id) {
      try {
        const image = getImage(db, { isAdmin: caller.isAdmin, projectId: caller.projectId }, id);
        return { id: image.id, name: image.name, status: image.status, size: image.size ?? 0, minDisk: image.minDisk, minRam: image.minRam, properties: image.properties };
      } catch (error) {
        if (error instanceof NotFound) return null;
        throw error;
      }
    },

    snapshot(caller, request) {
      const base = request.baseImageId ? db.get<{ disk_format: string | null; container_format: string | null }>('SELECT disk_format, container_format FROM images WHERE id = ?', request.baseImageId) : undefined;
      const image = createImage(db, deps.clock.now(), {
        name: request.name,
        visibility: 'private',
        owner: caller.projectId,
        diskFormat: base?.disk_format ?? 'qcow2',
        containerFormat: base?.container_format ?? 'bare',
        minDisk: request.minDisk,
        minRam: request.minRam,
        properties: {
          ...request.properties,
          image_type: request.imageType ?? 'snapshot',
          instance_uuid: request.serverId,
          user_id: caller.userId,
          owner_project_name: '',
          ...(request.baseImageId ? { base_image_ref: request.baseImageId, image_location: 'snapshot' } : { bdm_v2: 'True', root_device_name: '/dev/vda' }),
        },
      });
      setStatus(db, deps.clock.now(), image.id, ['queued'], 'saving');
      // Upload once the caller's transaction has committed; an image that was rolled back is not found and nothing is written.
      setImmediate(() => {
        if (!db.raw.open || !db.get("SELECT 1 FROM images WHERE id = ? AND status = 'saving'", image.id)) return;
        const source = request.baseImageId && db.get("SELECT 1 FROM images WHERE id = ? AND size IS NOT NULL", request.baseImageId) ? readBlob(deps.dataDir, request.baseImageId) : emptySource();
        writeBlob(deps.dataDir, image.id, source).then(
          (data) => db.raw.open && activate(db, deps.clock.now(), image.id, data),
          () => db.raw.open && revertUpload(db, deps.clock.now(), image.id),
        );
      });
      return image.id;
    },

    rotateBackups(serverId, backupType, keep) {
      // Nova's _rotate_backups: the server's backups of this type, newest first; those past `keep` are deleted.
      const backups = db.all<{ id: string }>(
        `SELECT i.id FROM images i
           JOIN image_properties t ON t.image_id = i.id AND t.name = 'image_type' AND t.value = 'backup'
           JOIN image_properties b ON b.image_id = i.id AND b.name = 'backup_type' AND b.value = ?
           JOIN image_properties s ON s.image_id = i.id AND s.name = 'instance_uuid' AND s.value = ?
         WHERE i.deleted = 0 ORDER BY i.created_at DESC, i.rowid DESC`,
        backupType,
        serverId,
      );
      for (const { id } of backups.slice(keep)) {
        deleteImage(db, deps.clock.now(), getImage(db, { isAdmin: true, projectId: '' }, id));
        removeBlob(deps.dataDir, id);
      }
    },
  };
}

/** A volume-backed server's snapshot image holds no bytes (its disk is a Cinder snapshot). */
function emptySource() {
  return Readable.from([] as Buffer[]);
}
