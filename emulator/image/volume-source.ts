import { NotFound } from '../core/errors.js';
import { isAdmin } from '../core/context.js';
import type { ImageSourceFactory } from '../volume/models/image-source.js';
import { readBlob, writeBlob } from './models/blobs.js';
import { activate, assertMayUseVisibility, createImage, deleteImage, getImage, setStatus } from './models/images.js';

/**
 * The images Cinder may copy into a new volume: what the caller could GET from
 * Glance (its own, public, community and accepted shared images), with the
 * bytes read from the image store as Cinder's image download would; and the
 * images Cinder uploads from volumes, made in the caller's project and
 * filled as an upload to `/v2/images/{id}/file` would fill them.
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
  upload(context, input, data) {
    const viewer = { isAdmin: isAdmin(context), projectId: context.projectId };
    assertMayUseVisibility(viewer, input.visibility);
    const image = createImage(deps.db, deps.clock.now(), {
      name: input.name,
      diskFormat: input.diskFormat,
      containerFormat: input.containerFormat,
      visibility: input.visibility,
      protected: input.protected,
      owner: context.projectId,
      properties: input.properties,
    });
    setStatus(deps.db, deps.clock.now(), image.id, ['queued'], 'saving');
    const stored = writeBlob(deps.dataDir, image.id, data).then(
      (facts) => {
        if (!activate(deps.db, deps.clock.now(), image.id, facts)) throw new Error(`image ${image.id} went away during the upload`);
      },
      (error: unknown) => {
        // Cinder deletes the image it could not fill.
        deleteImage(deps.db, deps.clock.now(), { ...getImage(deps.db, { isAdmin: true, projectId: null }, image.id), protected: false });
        throw error;
      },
    );
    return { imageId: image.id, stored };
  },
});
