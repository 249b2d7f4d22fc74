import { NotFound } from '../core/errors.js';
import { isAdmin } from '../core/context.js';
import type { ImageSourceFactory } from '../volume/models/image-source.js';
import { readBlob } from './models/blobs.js';
import { getImage } from './models/images.js';

/**
 * The images Cinder may copy into a new volume: what the caller could GET from
 * Glance (its own, public, community and accepted shared images), with the
 * bytes read from the image store as Cinder's image download would.
 */
export const glanceImageSource: ImageSourceFactory = (deps) => ({
  find(context, imageId) {
    let image;
    try {
      image = getImage(deps.db, { isAdmin: isAdmin(context), projectId: context.projectId }, imageId);
    } catch (error) {
      if (error instanceof NotFound) return null;
      throw error;
    }
    return {
      id: image.id,
      name: image.name,
      status: image.status,
      size: image.size ?? 0,
      minDisk: image.minDisk,
      minRam: image.minRam,
      diskFormat: image.diskFormat,
      containerFormat: image.containerFormat,
      checksum: image.checksum,
      properties: image.properties,
      open: () => readBlob(deps.dataDir, image.id),
    };
  },
});
