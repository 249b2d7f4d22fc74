import type { FastifyRequest } from 'fastify';
import { isAdmin, type RequestContext } from '../../core/context.js';
import { BadRequest, NotFound } from '../../core/errors.js';
import { jsonBody } from '../../core/http.js';
import type { Microversion } from '../../core/microversion.js';
import { cloudUrl } from '../../core/service.js';
import { validateAgainst } from '../../core/validation.js';
import { attachVolume, detachVolume, reserveVolume, unreserveVolume } from '../models/attachments.js';
import type { BlobKind } from '../models/blobs.js';
import type { SourceImage } from '../models/image-source.js';
import { getSnapshot } from '../models/snapshots.js';
import { defaultType, getType, resolveType } from '../models/types.js';
import {
  AVAILABILITY_ZONE,
  createVolume as createVolumeModel,
  deleteVolume as deleteVolumeModel,
  deleteVolumeMetadata,
  extendVolume,
  finishVolumeCopy,
  getVolume,
  listVolumes as listVolumesModel,
  mergeVolumeMetadata,
  replaceVolumeMetadata,
  resetVolumeStatus,
  setBootable,
  updateVolume as updateVolumeModel,
  type Volume,
  volumeMetadataOf,
} from '../models/volumes.js';
import { enforce } from '../policy.js';
import { contextOf, cinderTime, linksOf, pageParams, paramOf, queryStrings, truthy, versionOf, viewerOf, type VolumeDeps, type VolumeHandler } from './common.js';
import { METADATA, parseMetadataFilter } from './metadata.js';
import { uploadToImage } from './upload-image.js';

/**
 * `/v3/{project_id}/volumes` as cinder/api/v3/volumes.py serves it. The
 * volume view grows with the microversion (group_id 3.13, provider_id 3.21,
 * shared_targets and service_uuid 3.48, cluster_name 3.61, volume_type_id
 * 3.63, consumes_quota 3.65); admins also see the host and migration fields.
 */

const GIB = 1024 ** 3;
/** The emulator's one cinder-volume service (os-services lists it). */
export const VOLUME_HOST = 'emulator@lvm';
export const SERVICE_UUID = '6c1a9f4e-3b7d-4c55-9d0e-2f8a5b7c1e90';

const nullableText = { type: ['string', 'null'], maxLength: 255 };
const sizeSchema = {
  type: ['integer', 'string', 'null'],
  pattern: '^[0-9]+$',
  minimum: 1,
  maximum: 2147483647,
};

const CREATE = {
  type: 'object',
  properties: {
    volume: {
      type: 'object',
      properties: {
        name: nullableText,
        description: nullableText,
        display_name: nullableText,
        display_description: nullableText,
        size: sizeSchema,
        availability_zone: nullableText,
        source_volid: { type: ['string', 'null'] },
        snapshot_id: { type: ['string', 'null'] },
        imageRef: { type: ['string', 'null'] },
        image_id: { type: ['string', 'null'] },
        volume_type: nullableText,
        metadata: { ...METADATA, type: ['object', 'null'] },
        multiattach: { type: 'boolean' },
      },
      additionalProperties: true,
    },
  },
  required: ['volume'],
  additionalProperties: true,
};

const UPDATE = {
  type: 'object',
  properties: {
    volume: {
      type: 'object',
      properties: {
        name: nullableText,
        description: nullableText,
        display_name: nullableText,
        display_description: nullableText,
        metadata: METADATA,
      },
      additionalProperties: false,
    },
  },
  required: ['volume'],
  additionalProperties: false,
};

const EXTEND = {
  type: 'object',
  properties: {
    'os-extend': {
      type: 'object',
      properties: {
        new_size: {
          type: ['integer', 'string'],
          pattern: '^[0-9]+$',
          minimum: 1,
          maximum: 2147483647,
        },
      },
      required: ['new_size'],
      additionalProperties: false,
    },
  },
  required: ['os-extend'],
  additionalProperties: false,
};

const STATUSES = [
  'available',
  'error',
  'creating',
  'deleting',
  'in-use',
  'attaching',
  'detaching',
  'error_deleting',
  'maintenance',
  'extending',
  'error_extending',
];
const RESET_STATUS = {
  type: 'object',
  properties: {
    'os-reset_status': {
      type: 'object',
      properties: { status: { type: 'string', enum: STATUSES } },
      required: ['status'],
    },
  },
  required: ['os-reset_status'],
};
const SET_BOOTABLE = {
  type: 'object',
  properties: {
    'os-set_bootable': {
      type: 'object',
      properties: { bootable: { type: ['boolean', 'string'] } },
      required: ['bootable'],
    },
  },
  required: ['os-set_bootable'],
};

/** The attachments Nova made (compute-volumes.ts), as Cinder lists them in the volume. */
function attachmentsOf(db: VolumeDeps['db'], volumeId: string) {
  return db
    .all<{ id: string; server_id: string; host_name: string | null; device: string; attached_at: number }>(
      'SELECT * FROM cinder_attachments WHERE volume_id = ? ORDER BY attached_at, rowid',
      volumeId,
    )
    .map((row) => ({
      id: volumeId,
      attachment_id: row.id,
      volume_id: volumeId,
      server_id: row.server_id,
      host_name: row.host_name,
      device: row.device,
      attached_at: cinderTime(row.attached_at),
    }));
}

/** The volume as Cinder renders it; `extended` adds what the detail and show views add (tenant, host, migration). */
export function renderVolume(deps: VolumeDeps, volume: Volume, version: Microversion, context: RequestContext, extended: boolean) {
  const admin = isAdmin(context);
  const base = cloudUrl(deps, '/volume/v3');
  const view: Record<string, unknown> = {
    id: volume.id,
    status: volume.status,
    size: volume.size,
    availability_zone: volume.availabilityZone,
    created_at: cinderTime(volume.createdAt),
    updated_at: cinderTime(volume.updatedAt),
    name: volume.name,
    description: volume.description,
    volume_type: volume.typeName,
    snapshot_id: volume.snapshotId,
    source_volid: volume.sourceVolid,
    metadata: volume.metadata,
    links: linksOf(base, volume.projectId, 'volumes', volume.id),
    user_id: volume.userId,
    bootable: volume.bootable ? 'true' : 'false',
    encrypted: false,
    replication_status: null,
    consistencygroup_id: null,
    multiattach: false,
    attachments: attachmentsOf(deps.db, volume.id),
  };
  if (admin) view.migration_status = null;
  if (version.atLeast('3.13')) view.group_id = null;
  if (admin && version.atLeast('3.21')) view.provider_id = null;
  if (version.atLeast('3.48')) {
    view.shared_targets = false;
    view.service_uuid = SERVICE_UUID;
  }
  if (admin && version.atLeast('3.61')) view.cluster_name = null;
  if (version.atLeast('3.63')) view.volume_type_id = volume.typeId;
  if (version.atLeast('3.65')) view.consumes_quota = true;
  if (extended) {
    if (volume.imageMetadata) view.volume_image_metadata = volume.imageMetadata;
    view['os-vol-tenant-attr:tenant_id'] = volume.projectId;
    if (admin) {
      view['os-vol-mig-status-attr:migstat'] = null;
      view['os-vol-mig-status-attr:name_id'] = null;
      view['os-vol-host-attr:host'] = `${VOLUME_HOST}#lvm`;
    }
  }
  return view;
}

/** cinder.conf osapi_max_limit */
const OSAPI_MAX_LIMIT = 1000;

function cappedAt<T extends { limit?: number }>(max: number, page: T): T {
  return page.limit === undefined ? page : { ...page, limit: Math.min(max, page.limit) };
}

/** `all_tenants` is the admin's; anyone else silently gets their own project, as in Cinder. */
function listOptions(request: FastifyRequest) {
  const query = queryStrings(request);
  const context = contextOf(request);
  const allTenants = 'all_tenants' in query && truthy(query.all_tenants === '' ? 'true' : query.all_tenants) && isAdmin(context);
  return {
    // An admin listing all tenants may narrow them to one project.
    projectId: allTenants ? (query.project_id ?? null) : context.projectId!,
    filters: {
      name: query.name ?? query.display_name,
      status: query.status,
      size: query.size,
      bootable: query.bootable === undefined ? undefined : truthy(query.bootable),
      availabilityZone: query.availability_zone,
      metadata: parseMetadataFilter(query.metadata),
    },
    // cinder.api.common._get_limit_param: a larger limit than osapi_max_limit is capped, never an error.
    ...cappedAt(OSAPI_MAX_LIMIT, pageParams(query, 'volumes')),
  };
}

export const listVolumesDetail: VolumeHandler = (deps) => async (request) => {
  const context = contextOf(request);
  enforce('volume:get_all', context);
  const volumes = listVolumesModel(deps.db, listOptions(request));
  return {
    volumes: volumes.map((volume) => renderVolume(deps, volume, versionOf(request), context, true)),
  };
};

export const listVolumes: VolumeHandler = (deps) => async (request) => {
  const context = contextOf(request);
  enforce('volume:get_all', context);
  const base = cloudUrl(deps, '/volume/v3');
  return {
    volumes: listVolumesModel(deps.db, listOptions(request)).map((volume) => ({
      id: volume.id,
      name: volume.name,
      links: linksOf(base, volume.projectId, 'volumes', volume.id),
    })),
  };
};

export const showVolume: VolumeHandler = (deps) => async (request) => {
  const context = contextOf(request);
  const volume = getVolume(deps.db, viewerOf(request), paramOf(request, 'id'));
  enforce('volume:get', context, { project_id: volume.projectId });
  return {
    volume: renderVolume(deps, volume, versionOf(request), context, true),
  };
};

interface CreateBody {
  name?: string | null;
  description?: string | null;
  display_name?: string | null;
  display_description?: string | null;
  size?: number | string | null;
  availability_zone?: string | null;
  source_volid?: string | null;
  snapshot_id?: string | null;
  imageRef?: string | null;
  image_id?: string | null;
  volume_type?: string | null;
  metadata?: Record<string, string> | null;
}

/** Starts streaming a source's bytes into the new volume; the volume settles once it is done. */
function startCopy(deps: VolumeDeps, volumeId: string, copy: () => Promise<void>): void {
  copy().then(
    () => finishVolumeCopy(deps.db, volumeId, true),
    () => {
      deps.blobs.remove('volume', volumeId);
      try {
        finishVolumeCopy(deps.db, volumeId, false);
      } catch {
        // the database closed under the copy (shutdown): the restart marks it failed
      }
    },
  );
}

/** `POST /volumes`: 202 with the `creating` volume; from nothing, an image, a snapshot or another volume. */
export const createVolume: VolumeHandler = (deps) => async (request, reply) => {
  const context = contextOf(request);
  const viewer = viewerOf(request);
  const body = jsonBody(request);
  validateAgainst(CREATE, body);
  enforce('volume:create', context);
  const input = (body as { volume: CreateBody }).volume;
  let size = input.size === null || input.size === undefined ? null : Number(input.size);
  let type = input.volume_type ? resolveType(deps.db, input.volume_type) : null;
  let availabilityZone = input.availability_zone ?? null;
  let bootable = false;
  let imageMetadata: Record<string, string> | undefined;
  let image: SourceImage | null = null;
  let source: { kind: BlobKind; id: string } | null = null;
  const imageId = input.imageRef ?? input.image_id ?? null;

  if (input.snapshot_id) {
    const snapshot = getSnapshot(deps.db, viewer, input.snapshot_id);
    if (snapshot.status !== 'available') throw new BadRequest("Invalid snapshot: Originating snapshot status must be one of 'available' values");
    const origin = getVolume(deps.db, { isAdmin: true, projectId: snapshot.projectId }, snapshot.volumeId);
    size ??= snapshot.size;
    if (size < snapshot.size) {
      throw new BadRequest(
        `Invalid input received: Volume size '${size}'GB cannot be smaller than the snapshot size ${snapshot.size}GB. They must be >= original snapshot size.`,
      );
    }
    type ??= getType(deps.db, origin.typeId);
    availabilityZone ??= origin.availabilityZone;
    bootable = origin.bootable;
    imageMetadata = origin.imageMetadata ?? undefined;
    source = { kind: 'snapshot', id: snapshot.id };
  } else if (input.source_volid) {
    const origin = getVolume(deps.db, viewer, input.source_volid);
    if (!['available', 'in-use'].includes(origin.status))
      throw new BadRequest("Invalid volume: Originating source volume status must be one of 'available, in-use' values");
    size ??= origin.size;
    if (size < origin.size) {
      throw new BadRequest(
        `Invalid input received: Volume size '${size}'GB cannot be smaller than original volume size ${origin.size}GB. They must be >= original volume size.`,
      );
    }
    type ??= getType(deps.db, origin.typeId);
    availabilityZone ??= origin.availabilityZone;
    bootable = origin.bootable;
    imageMetadata = origin.imageMetadata ?? undefined;
    source = { kind: 'volume', id: origin.id };
  } else if (imageId) {
    image = deps.images.find(context, imageId);
    if (!image) throw new BadRequest('Invalid image identifier or unable to access requested image.');
    if (image.status !== 'active') throw new BadRequest(`Invalid input received: Image ${image.id} is not active.`);
    const imageGiB = Math.max(1, Math.ceil(image.size / GIB));
    size ??= Math.max(imageGiB, image.minDisk);
    if (size < imageGiB) throw new BadRequest(`Invalid input received: Size of specified image ${imageGiB}GB is larger than volume size ${size}GB.`);
    if (size < image.minDisk)
      throw new BadRequest(`Invalid input received: Volume size ${size}GB cannot be smaller than the image minDisk size ${image.minDisk}GB.`);
    bootable = true;
    imageMetadata = {
      ...image.properties,
      image_id: image.id,
      image_name: image.name ?? '',
      checksum: image.checksum ?? '',
      container_format: image.containerFormat ?? '',
      disk_format: image.diskFormat ?? '',
      min_disk: String(image.minDisk),
      min_ram: String(image.minRam),
      size: String(image.size),
    };
  }
  if (size === null) throw new BadRequest('The server could not comply with the request since it is either malformed or otherwise incorrect.');
  availabilityZone ??= AVAILABILITY_ZONE;
  if (availabilityZone !== AVAILABILITY_ZONE) throw new BadRequest(`Availability zone '${availabilityZone}' is invalid.`);
  type ??= defaultType(deps.db);

  const volume = createVolumeModel(deps.db, deps.clock.now(), deps.transitionMs, {
    projectId: context.projectId!,
    userId: context.userId,
    name: input.name ?? input.display_name ?? null,
    description: input.description ?? input.display_description ?? null,
    size,
    typeId: type.id,
    availabilityZone,
    metadata: input.metadata ?? {},
    snapshotId: input.snapshot_id ?? undefined,
    sourceVolid: input.snapshot_id ? undefined : (input.source_volid ?? undefined),
    imageId: source ? undefined : (imageId ?? undefined),
    imageMetadata,
    bootable,
    copies: Boolean(source || image),
  });
  if (source) {
    const from = source;
    startCopy(deps, volume.id, () => deps.blobs.copy(from, { kind: 'volume', id: volume.id }));
  } else if (image) {
    const from = image;
    startCopy(deps, volume.id, () => deps.blobs.write('volume', volume.id, from.open()));
  }
  reply.code(202);
  return {
    volume: renderVolume(deps, volume, versionOf(request), context, false),
  };
};

/** `PUT /volumes/{id}`: name, description, metadata. */
export const updateVolume: VolumeHandler = (deps) => async (request) => {
  const context = contextOf(request);
  const viewer = viewerOf(request);
  const body = jsonBody(request);
  validateAgainst(UPDATE, body);
  const id = paramOf(request, 'id');
  const existing = getVolume(deps.db, viewer, id);
  enforce('volume:update', context, { project_id: existing.projectId });
  const changes = (body as { volume: CreateBody }).volume;
  const name = changes.name !== undefined ? changes.name : changes.display_name;
  const description = changes.description !== undefined ? changes.description : changes.display_description;
  const volume = updateVolumeModel(deps.db, deps.clock.now(), viewer, id, {
    name,
    description,
    metadata: changes.metadata ?? undefined,
  });
  return {
    volume: renderVolume(deps, volume, versionOf(request), context, false),
  };
};

export const deleteVolume: VolumeHandler = (deps) => async (request, reply) => {
  const context = contextOf(request);
  const viewer = viewerOf(request);
  const id = paramOf(request, 'id');
  const volume = getVolume(deps.db, viewer, id);
  enforce('volume:delete', context, { project_id: volume.projectId });
  deleteVolumeModel(deps.db, deps.clock.now(), deps.transitionMs, viewer, id, truthy(queryStrings(request).cascade));
  return reply.code(202).send();
};

const ATTACH = {
  type: 'object',
  properties: {
    'os-attach': {
      type: 'object',
      properties: { instance_uuid: { type: 'string', format: 'uuid' }, host_name: { type: ['string', 'null'] }, mountpoint: { type: 'string', minLength: 1 }, mode: { enum: ['rw', 'ro'] } },
      required: ['mountpoint'],
    },
  },
  required: ['os-attach'],
};
const READONLY = {
  type: 'object',
  properties: { 'os-update_readonly_flag': { type: 'object', properties: { readonly: { type: ['boolean', 'string'] } }, required: ['readonly'] } },
  required: ['os-update_readonly_flag'],
};

/** The attach-side actions (cinder/api/contrib/volume_actions.py) a client without Nova's help uses. */
function attachmentAction(deps: VolumeDeps, action: string, id: string, body: Record<string, unknown>): void {
  const now = deps.clock.now();
  switch (action) {
    case 'os-reserve':
      return reserveVolume(deps.db, now, id);
    case 'os-unreserve':
      return unreserveVolume(deps.db, now, id);
    case 'os-attach': {
      validateAgainst(ATTACH, body);
      const input = body['os-attach'] as { instance_uuid?: string; host_name?: string | null; mountpoint: string };
      if (!input.instance_uuid && !input.host_name) throw new BadRequest('Invalid request to attach volume to an invalid target');
      attachVolume(deps.db, now, id, input.instance_uuid ?? '', input.mountpoint, input.host_name ?? null);
      return;
    }
    case 'os-detach':
      return detachVolume(deps.db, now, id, { attachmentId: ((body['os-detach'] ?? {}) as { attachment_id?: string }).attachment_id });
    case 'os-update_readonly_flag': {
      validateAgainst(READONLY, body);
      const raw = (body['os-update_readonly_flag'] as { readonly: boolean | string }).readonly;
      // Cinder keeps it in the volume's admin metadata and shows it in `metadata` as "True"/"False".
      mergeVolumeMetadata(deps.db, { isAdmin: true, projectId: '' }, id, { readonly: (typeof raw === 'boolean' ? raw : truthy(raw)) ? 'True' : 'False' });
      return;
    }
  }
}

/** `GET /volumes/summary` (3.12): the count and total size of the volumes the caller lists. */
export const volumeSummary: VolumeHandler = (deps) => async (request) => {
  const context = contextOf(request);
  enforce('volume:get_all', context);
  if (!versionOf(request).atLeast('3.12')) throw new NotFound('Volume summary could not be found.');
  const volumes = listVolumesModel(deps.db, listOptions(request));
  return { 'volume-summary': { total_size: volumes.reduce((total, volume) => total + volume.size, 0), total_count: volumes.length, metadata: {} } };
};

/** `POST /volumes/{id}/action`: os-extend, os-reset_status (admin), os-set_bootable, os-reserve/unreserve, os-attach/detach, os-update_readonly_flag, os-volume_upload_image. */
export const volumeAction: VolumeHandler = (deps) => async (request, reply) => {
  const context = contextOf(request);
  const viewer = viewerOf(request);
  const body = jsonBody(request) as Record<string, unknown>;
  const id = paramOf(request, 'id');
  const action = body && typeof body === 'object' ? Object.keys(body)[0] : undefined;
  switch (action) {
    case 'os-extend': {
      validateAgainst(EXTEND, body);
      const volume = getVolume(deps.db, viewer, id);
      enforce('volume:extend', context, { project_id: volume.projectId });
      extendVolume(deps.db, deps.clock.now(), deps.transitionMs, viewer, id, Number((body['os-extend'] as { new_size: number | string }).new_size));
      return reply.code(202).send();
    }
    case 'os-reset_status': {
      getVolume(deps.db, viewer, id);
      enforce('volume_extension:volume_admin_actions:reset_status', context);
      validateAgainst(RESET_STATUS, body);
      resetVolumeStatus(deps.db, deps.clock.now(), id, (body['os-reset_status'] as { status: string }).status);
      return reply.code(202).send();
    }
    case 'os-set_bootable': {
      validateAgainst(SET_BOOTABLE, body);
      const volume = getVolume(deps.db, viewer, id);
      enforce('volume:update', context, { project_id: volume.projectId });
      const raw = (body['os-set_bootable'] as { bootable: boolean | string }).bootable;
      setBootable(deps.db, deps.clock.now(), id, typeof raw === 'boolean' ? raw : truthy(raw));
      return reply.code(200).send();
    }
    case 'os-reserve':
    case 'os-unreserve':
    case 'os-attach':
    case 'os-detach':
    case 'os-update_readonly_flag': {
      const volume = getVolume(deps.db, viewer, id);
      enforce('volume:update', context, { project_id: volume.projectId });
      attachmentAction(deps, action, volume.id, body);
      return reply.code(202).send();
    }
    case 'os-volume_upload_image':
      return uploadToImage(deps, request, reply);
    default:
      throw new BadRequest(`There is no such action: ${action ?? 'None'}. Verify the request body and Content-Type header and try again.`);
  }
};

export const showVolumeMetadata: VolumeHandler = (deps) => async (request) => {
  const volume = getVolume(deps.db, viewerOf(request), paramOf(request, 'id'));
  enforce('volume:get_volume_metadata', contextOf(request), {
    project_id: volume.projectId,
  });
  return { metadata: volumeMetadataOf(deps.db, volume.id) };
};

const METADATA_BODY = {
  type: 'object',
  properties: { metadata: METADATA },
  required: ['metadata'],
};

/** `POST` merges, `PUT` replaces; both answer the whole map. */
export const setVolumeMetadata =
  (replace: boolean): VolumeHandler =>
  (deps) =>
  async (request) => {
    const viewer = viewerOf(request);
    const body = jsonBody(request);
    validateAgainst(METADATA_BODY, body);
    const volume = getVolume(deps.db, viewer, paramOf(request, 'id'));
    enforce(replace ? 'volume:update_volume_metadata' : 'volume:create_volume_metadata', contextOf(request), { project_id: volume.projectId });
    const metadata = (body as { metadata: Record<string, string> }).metadata;
    return {
      metadata: replace ? replaceVolumeMetadata(deps.db, volume.id, metadata) : mergeVolumeMetadata(deps.db, viewer, volume.id, metadata),
    };
  };

export const deleteVolumeMetadataKey: VolumeHandler = (deps) => async (request, reply) => {
  const viewer = viewerOf(request);
  const volume = getVolume(deps.db, viewer, paramOf(request, 'id'));
  enforce('volume:delete_volume_metadata', contextOf(request), {
    project_id: volume.projectId,
  });
  deleteVolumeMetadata(deps.db, viewer, volume.id, paramOf(request, 'key'));
  return reply.code(200).send();
};
