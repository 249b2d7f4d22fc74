import { BadRequest, NotFound } from '../core/errors.js';
import type { CloudDeps } from '../core/service.js';
import { type Caller, callerContext, type ComputeVolumes } from '../compute/models/collaborators.js';
import { transitionMsFromEnv } from './index.js';
import { BlobStore } from './models/blobs.js';
import { type ImageSourceFactory, NO_IMAGES } from './models/image-source.js';
import { settle } from './models/lifecycle.js';
import { getSnapshot } from './models/snapshots.js';
import { defaultType, getType, resolveType } from './models/types.js';
import { attachVolume, detachVolume } from './models/attachments.js';
import { AVAILABILITY_ZONE, createVolume, deleteVolume, finishVolumeCopy, getVolume } from './models/volumes.js';

const GIB = 1024 ** 3;

/**
 * Cinder as Nova's volume API uses it (nova/volume/cinder.py): look volumes
 * up, create the boot volume of a `block_device_mapping_v2` (from an image or
 * a volume snapshot, its bytes copied in as Cinder does), attach and detach
 * (`in-use` with an attachment naming the server, back to `available`), and
 * delete a delete_on_termination volume.
 */
export function cinderForCompute(options: { images?: ImageSourceFactory; transitionMs?: number } = {}) {
  return (deps: CloudDeps): ComputeVolumes => {
    const { db } = deps;
    const blobs = BlobStore.beside(db);
    const images = options.images?.(deps) ?? NO_IMAGES;
    const transitionMs = options.transitionMs ?? transitionMsFromEnv();
    const viewerOf = (caller: Caller) => ({ isAdmin: caller.isAdmin, projectId: caller.projectId });

    /** Copies once the caller's transaction has committed; a rolled-back volume is simply not found. */
    const copyLater = (volumeId: string, copy: () => Promise<void>) =>
      setImmediate(() => {
        if (!db.raw.open || !db.get('SELECT 1 FROM cinder_volumes WHERE id = ?', volumeId)) return;
        copy().then(
          () => finishVolumeCopy(db, volumeId, true),
          () => {
            blobs.remove('volume', volumeId);
            if (db.raw.open) finishVolumeCopy(db, volumeId, false);
          },
        );
      });

    return {
      find(caller, id) {
        try {
          const volume = getVolume(db, viewerOf(caller), id);
          return {
            id: volume.id,
            name: volume.name,
            status: volume.status,
            size: volume.size,
            bootable: volume.bootable,
            projectId: volume.projectId,
            imageMetadata: volume.imageMetadata,
          };
        } catch (error) {
          if (error instanceof NotFound) return null;
          throw error;
        }
      },

      findSnapshot(caller, id) {
        try {
          const snapshot = getSnapshot(db, viewerOf(caller), id);
          return { id: snapshot.id, size: snapshot.size, status: snapshot.status };
        } catch (error) {
          if (error instanceof NotFound) return null;
          throw error;
        }
      },

      createBootVolume(caller, request) {
        const type = request.volumeType ? resolveType(db, request.volumeType) : null;
        if (request.snapshotId) {
          const snapshot = getSnapshot(db, viewerOf(caller), request.snapshotId);
          const origin = getVolume(db, { isAdmin: true, projectId: snapshot.projectId }, snapshot.volumeId);
          const volume = createVolume(db, deps.clock.now(), transitionMs, {
            projectId: caller.projectId,
            userId: caller.userId,
            name: '',
            description: '',
            size: Math.max(request.size, snapshot.size),
            typeId: (type ?? getType(db, origin.typeId)).id,
            availabilityZone: AVAILABILITY_ZONE,
            metadata: {},
            snapshotId: snapshot.id,
            imageMetadata: origin.imageMetadata ?? undefined,
            bootable: origin.bootable,
            copies: true,
          });
          copyLater(volume.id, () => blobs.copy({ kind: 'snapshot', id: snapshot.id }, { kind: 'volume', id: volume.id }));
          return volume.id;
        }
        const image = request.imageId ? images.find(callerContext(caller), request.imageId) : null;
        if (!image) throw new BadRequest(`Image ${request.imageId} could not be found.`);
        const imageGiB = Math.max(1, Math.ceil(image.size / GIB));
        if (request.size < imageGiB) {
          throw new BadRequest(`Volume is smaller than the minimum size specified in image metadata. Volume size is ${request.size * GIB} bytes, minimum size is ${image.size} bytes.`);
        }
        const volume = createVolume(db, deps.clock.now(), transitionMs, {
          projectId: caller.projectId,
          userId: caller.userId,
          name: '',
          description: '',
          size: request.size,
          typeId: (type ?? defaultType(db)).id,
          availabilityZone: AVAILABILITY_ZONE,
          metadata: {},
          imageId: image.id,
          imageMetadata: {
            ...image.properties,
            image_id: image.id,
            image_name: image.name ?? '',
            checksum: image.checksum ?? '',
            container_format: image.containerFormat ?? '',
            disk_format: image.diskFormat ?? '',
            min_disk: String(image.minDisk),
            min_ram: String(image.minRam),
            size: String(image.size),
          },
          bootable: true,
          copies: true,
        });
        copyLater(volume.id, () => blobs.write('volume', volume.id, image.open()));
        return volume.id;
      },

      attach(volumeId, serverId, device, host) {
        return attachVolume(db, deps.clock.now(), volumeId, serverId, device, host);
      },

      detach(volumeId, serverId) {
        detachVolume(db, deps.clock.now(), volumeId, { serverId });
      },

      remove(volumeId) {
        const row = db.get<{ project_id: string; status: string }>('SELECT project_id, status FROM cinder_volumes WHERE id = ?', volumeId);
        // Nova only logs a volume it could not delete (still creating, say); the volume stays for its owner to delete.
        if (!row || !['available', 'error'].includes(row.status)) return;
        deleteVolume(db, deps.clock.now(), transitionMs, { isAdmin: true, projectId: row.project_id }, volumeId, false);
      },

      settle() {
        settle(db, deps.clock.now(), blobs);
      },
    };
  };
}
