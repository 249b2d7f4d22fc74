import type { FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { BadRequest } from '../../core/errors.js';
import { jsonBody } from '../../core/http.js';
import { validateAgainst } from '../../core/validation.js';
import type { ImageUpload } from '../models/image-source.js';
import { getType } from '../models/types.js';
import { beginUpload, endUpload } from '../models/uploads.js';
import { getVolume } from '../models/volumes.js';
import { enforce } from '../policy.js';
import { cinderTime, contextOf, paramOf, versionOf, viewerOf, type VolumeDeps } from './common.js';

/**
 * `os-volume_upload_image` (cinder/api/contrib/volume_actions.py): a new
 * Glance image, in the caller's project, holding the volume's bytes. The
 * volume is `uploading` until they are stored. The image holds what was
 * written to the volume: a thin volume's never-written tail (zeros) is not
 * copied, so a raw image may be shorter than the volume; no format
 * conversion is made (the image is labelled with the disk_format asked).
 */

const BOOLEAN = {
  type: ['boolean', 'string'],
  enum: [true, 'True', 'TRUE', 'true', '1', 'ON', 'On', 'on', 'YES', 'Yes', 'yes', 'y', 't', false, 'False', 'FALSE', 'false', '0', 'OFF', 'Off', 'off', 'NO', 'No', 'no', 'n', 'f'],
};
const PROPERTIES = {
  image_name: { type: 'string', minLength: 1, maxLength: 255 },
  force: BOOLEAN,
  disk_format: { type: 'string', enum: ['raw', 'vmdk', 'vdi', 'qcow2', 'vhd', 'vhdx', 'ploop'] },
  container_format: { type: 'string', enum: ['bare'] },
};
/** Cinder's schemas: 3.1 adds the image's visibility and protected. */
const schema = (withVisibility: boolean) => ({
  type: 'object',
  properties: {
    'os-volume_upload_image': {
      type: 'object',
      properties: withVisibility ? { ...PROPERTIES, visibility: { type: 'string', enum: ['community', 'public', 'private', 'shared'] }, protected: BOOLEAN } : PROPERTIES,
      required: ['image_name'],
      additionalProperties: false,
    },
  },
  required: ['os-volume_upload_image'],
});
const SCHEMA = schema(false);
const SCHEMA_3_1 = schema(true);

const TRUE = ['true', '1', 'on', 'yes', 'y', 't'];
const asBoolean = (value: unknown) => value === true || (typeof value === 'string' && TRUE.includes(value.toLowerCase()));

/** The volume's image metadata Cinder carries into the new image: all but Glance's own attributes. */
const NOT_CARRIED = ['checksum', 'container_format', 'disk_format', 'image_id', 'image_name', 'min_disk', 'min_ram', 'size'];

export async function uploadToImage(deps: VolumeDeps, request: FastifyRequest, reply: FastifyReply) {
  const context = contextOf(request);
  const version = versionOf(request);
  const body = jsonBody(request);
  validateAgainst(version.atLeast('3.1') ? SCHEMA_3_1 : SCHEMA, body);
  const input = (body as { 'os-volume_upload_image': Record<string, unknown> })['os-volume_upload_image'];
  const volume = getVolume(deps.db, viewerOf(request), paramOf(request, 'id'));
  enforce('volume_extension:volume_actions:upload_image', context, { project_id: volume.projectId });
  if (input.visibility === 'public') enforce('volume_extension:volume_actions:upload_public', context, { project_id: volume.projectId });
  if (!deps.images.upload) throw new BadRequest('Image service is not available to upload to.');
  const upload: ImageUpload = {
    name: input.image_name as string,
    diskFormat: (input.disk_format as string | undefined) ?? 'raw',
    containerFormat: (input.container_format as string | undefined) ?? 'bare',
    visibility: (input.visibility as ImageUpload['visibility'] | undefined) ?? 'private',
    protected: asBoolean(input.protected),
    properties: Object.fromEntries(Object.entries(volume.imageMetadata ?? {}).filter(([key]) => !NOT_CARRIED.includes(key))),
  };
  beginUpload(deps.db, deps.clock.now(), volume.id);
  let started;
  try {
    started = deps.images.upload(context, upload, deps.blobs.open('volume', volume.id) ?? Readable.from([]));
  } catch (error) {
    endUpload(deps.db, deps.clock.now(), volume.id);
    throw error;
  }
  const settle = () => {
    try {
      endUpload(deps.db, deps.clock.now(), volume.id);
    } catch {
      // the database closed under the copy (shutdown): the restart makes the volume available
    }
  };
  started.stored.then(settle, settle);
  const type = getType(deps.db, volume.typeId);
  const uploading = getVolume(deps.db, viewerOf(request), volume.id);
  reply.code(202);
  return {
    'os-volume_upload_image': {
      id: volume.id,
      updated_at: cinderTime(uploading.updatedAt),
      status: 'uploading',
      display_description: volume.description,
      size: volume.size,
      volume_type: {
        id: type.id,
        name: type.name,
        description: type.description,
        is_public: type.isPublic,
        extra_specs: type.extraSpecs,
        qos_specs_id: type.qosSpecsId,
        created_at: cinderTime(type.createdAt),
        updated_at: cinderTime(type.createdAt),
        deleted_at: null,
        deleted: false,
      },
      image_id: started.imageId,
      container_format: upload.containerFormat,
      disk_format: upload.diskFormat,
      image_name: upload.name,
      ...(version.atLeast('3.1') ? { protected: upload.protected, visibility: upload.visibility } : {}),
    },
  };
}
