import type { FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { BadRequest, CloudError, Forbidden } from '../../core/errors.js';
import { firstQuery, queryOf } from '../../core/http.js';
import type { Handler } from '../../core/service.js';
import { readBlob, removeBlob, writeBlob } from '../models/blobs.js';
import {
  activate,
  assertMayUseVisibility,
  assertOwner,
  ConflictDetail,
  type CoreChanges,
  createImage as createImageModel,
  deleteImage as deleteImageModel,
  getImage,
  type Image,
  type ImageFilters,
  listImages as listImagesModel,
  revertUpload,
  saveImage,
  setStatus,
  SORT_KEYS,
  VISIBILITIES,
  type Visibility,
} from '../models/images.js';
import { CORE_ATTRIBUTES, checkAttribute } from './image-schema.js';
import { contextOf, glanceTime, mediaType, readJson, viewerOf } from './common.js';

/**
 * `/v2/images` as glance/api/v2/images.py serves it: the serializer's key
 * order, the deserializer's checks, JSON-patch updates and the data
 * upload/download of image_data.py.
 */

export function renderImage(image: Image) {
  // The same object as `{ ...image.properties, name, … }`, built onto a new one: Node's V8 writes each key that
  // follows a spread through a slow path, 30-75 µs an image (most of the cost of an image list).
  return Object.assign({}, image.properties, {
    name: image.name,
    disk_format: image.diskFormat,
    container_format: image.containerFormat,
    visibility: image.visibility,
    size: image.size,
    virtual_size: image.virtualSize,
    status: image.status,
    checksum: image.checksum,
    protected: image.protected,
    min_ram: image.minRam,
    min_disk: image.minDisk,
    owner: image.owner,
    os_hidden: image.osHidden,
    os_hash_algo: image.osHashAlgo,
    os_hash_value: image.osHashValue,
    id: image.id,
    created_at: glanceTime(image.createdAt),
    updated_at: glanceTime(image.updatedAt),
    tags: image.tags,
    self: `/v2/images/${image.id}`,
    file: `/v2/images/${image.id}/file`,
    schema: '/v2/schemas/image',
    ...(image.size !== null ? { stores: 'file' } : {}),
  });
}

const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;

/** Glance's limit_param_default and api_limit_max. */
const DEFAULT_LIMIT = 25;
const MAX_LIMIT = 1000;

/** Query keywords that are not property filters. */
const KEYWORDS = new Set(['limit', 'marker', 'sort_key', 'sort_dir', 'sort', 'name', 'status', 'visibility', 'owner', 'protected', 'os_hidden', 'disk_format', 'container_format', 'size', 'size_min', 'size_max', 'member_status', 'tag', 'id']);

function booleanFilter(name: string, text: string | undefined): boolean | undefined {
  if (text === undefined) return undefined;
  const lower = text.toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false') return false;
  throw new BadRequest(`Invalid value '${text}' for '${name}' filter. Valid values are 'true' or 'false'.`);
}

function sizeFilter(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text)) throw new BadRequest(`Invalid value '${text}' for '${name}' filter: must be a non-negative integer.`);
  return Number(text);
}

function listParams(request: FastifyRequest) {
  const query = queryOf(request);
  const one = (name: string) => firstQuery(query, name);
  let limit = DEFAULT_LIMIT;
  const limitText = one('limit');
  if (limitText !== undefined) {
    if (!/^-?\d+$/.test(limitText)) throw new BadRequest('limit param must be an integer');
    limit = Number(limitText);
    if (limit < 0) throw new BadRequest('limit param must be positive');
  }
  limit = Math.min(limit, MAX_LIMIT);
  // `sort=key[:dir][,…]` (the newer syntax) or `sort_key` and `sort_dir`; the first key orders the list.
  const sort = one('sort');
  if (sort !== undefined && (one('sort_key') !== undefined || one('sort_dir') !== undefined)) {
    throw new BadRequest('The sort param cannot be used with sort_key or sort_dir.');
  }
  const [sortKeyOf, sortDirOf] = sort === undefined ? [] : sort.split(',')[0].split(':');
  const sortKey = sortKeyOf ?? one('sort_key') ?? 'created_at';
  if (!SORT_KEYS.includes(sortKey)) throw new BadRequest(`Invalid sort key: ${sortKey}. It must be one of the following: ${SORT_KEYS.join(', ')}.`);
  const sortDir = sortDirOf ?? one('sort_dir') ?? 'desc';
  if (sortDir !== 'asc' && sortDir !== 'desc') throw new BadRequest(`Invalid sort direction: ${sortDir}`);
  const visibility = one('visibility');
  if (visibility !== undefined && !['all', ...VISIBILITIES].includes(visibility)) throw new BadRequest(`Invalid visibility value: ${visibility}`);
  const memberStatus = one('member_status');
  if (memberStatus !== undefined && !['pending', 'accepted', 'rejected', 'all'].includes(memberStatus)) throw new BadRequest(`Invalid status value: ${memberStatus}`);
  const tags = query.tag === undefined ? undefined : ([] as string[]).concat(query.tag);
  const idText = one('id');
  const properties: Record<string, string> = {};
  for (const key of Object.keys(query)) if (!KEYWORDS.has(key)) properties[key] = one(key)!;
  const filters: ImageFilters = {
    name: one('name'),
    status: one('status'),
    visibility: visibility as ImageFilters['visibility'],
    owner: one('owner'),
    protected: booleanFilter('protected', one('protected')),
    osHidden: booleanFilter('os_hidden', one('os_hidden')),
    diskFormat: one('disk_format'),
    containerFormat: one('container_format'),
    // `size=N` compares the core column exactly, as Glance's DB filters do.
    sizeMin: sizeFilter('size_min', one('size_min')) ?? sizeFilter('size', one('size')),
    sizeMax: sizeFilter('size_max', one('size_max')) ?? sizeFilter('size', one('size')),
    memberStatus: memberStatus as ImageFilters['memberStatus'],
    tags,
    ids: idText === undefined ? undefined : idText.startsWith('in:') ? idText.slice(3).split(',') : [idText],
    properties,
  };
  return { limit, sortKey, sortDir: sortDir as 'asc' | 'desc', marker: one('marker'), filters };
}

/** The query string as sent, minus `marker`, for the `first` and `next` links. */
function linkQuery(request: FastifyRequest, marker?: string): string {
  const url = new URL(request.url, 'http://x');
  url.searchParams.delete('marker');
  if (marker) url.searchParams.append('marker', marker);
  const text = url.searchParams.toString();
  return text ? `/v2/images?${text}` : '/v2/images';
}

/** `GET /v2/images` */
export const listImages: Handler = (deps) => async (request) => {
  const params = listParams(request);
  const { images } = listImagesModel(deps.db, viewerOf(request), params);
  const body: Record<string, unknown> = { images: images.map(renderImage), first: linkQuery(request), schema: '/v2/schemas/images' };
  // Glance offers `next` whenever a page came back full.
  if (images.length && images.length === params.limit) body.next = linkQuery(request, images.at(-1)!.id);
  return body;
};

/** `GET /v2/images/{id}` */
export const showImage: Handler = (deps) => async (request) => renderImage(getImage(deps.db, viewerOf(request), idOf(request)));

/** `POST /v2/images`: 201, queued, Location of the new image. */
export const createImage: Handler = (deps) => async (request, reply) => {
  const body = await readJson(request);
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw new BadRequest(`Provided object does not match schema 'image': ${JSON.stringify(body)} is not of type 'object'`);
  }
  const viewer = viewerOf(request);
  const context = contextOf(request);
  const values = body as Record<string, unknown>;
  for (const [key, value] of Object.entries(values)) checkAttribute(key, value);
  if (values.locations !== undefined) throw new Forbidden("It's not allowed to add locations if locations are invisible.");
  const owner = values.owner === undefined ? context.projectId : (values.owner as string | null);
  if (!viewer.isAdmin && owner !== context.projectId) throw new Forbidden(`You are not permitted to create images owned by '${String(values.owner)}'.`);
  const visibility = (values.visibility as Visibility | undefined) ?? 'shared';
  assertMayUseVisibility(viewer, visibility);
  const properties: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) if (!CORE_ATTRIBUTES.includes(key)) properties[key] = value as string;
  const image = createImageModel(deps.db, deps.clock.now(), {
    id: values.id as string | undefined,
    name: values.name as string | null | undefined,
    visibility,
    protected: values.protected as boolean | undefined,
    osHidden: values.os_hidden as boolean | undefined,
    diskFormat: values.disk_format as string | null | undefined,
    containerFormat: values.container_format as string | null | undefined,
    minDisk: values.min_disk as number | undefined,
    minRam: values.min_ram as number | undefined,
    owner,
    tags: values.tags as string[] | undefined,
    properties,
  });
  reply.code(201).header('Location', `${deps.publicUrl()}/cloud/image/v2/images/${image.id}`);
  reply.header('OpenStack-image-import-methods', 'glance-direct,web-download,copy-image');
  return renderImage(image);
};

const PATCH_TYPES = ['application/openstack-images-v2.0-json-patch', 'application/openstack-images-v2.1-json-patch'];

interface PatchOp {
  op: string;
  path: string;
  value?: unknown;
}

function parsePath(path: unknown): string {
  if (typeof path !== 'string' || !path.startsWith('/') || path.length < 2) throw new BadRequest(`Invalid JSON pointer for this resource: '${String(path)}'`);
  const parts = path.slice(1).split('/');
  if (parts[0] === 'locations') throw new Forbidden("It's not allowed to add locations if locations are invisible.");
  if (parts.length > 1) throw new BadRequest(`Invalid JSON pointer for this resource: '${path}'`);
  return parts[0].replace(/~1/g, '/').replace(/~0/g, '~');
}

/**
 * The v2.0 media type's operations name the op as their key (`{"replace": "/name", "value": …}`,
 * Glance's `_get_change_operation_d4`); v2.1's are RFC 6902 (`{"op", "path", "value"}`).
 */
function draft4Op(raw: Record<string, unknown>): PatchOp {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new BadRequest('Operations must be JSON objects.');
  const ops = ['replace', 'add', 'remove'].filter((key) => key in raw);
  if (ops.length > 1) throw new BadRequest('Operation objects must contain only one member named "add", "remove", or "replace".');
  if (!ops.length) throw new BadRequest('Operation objects must contain exactly one member named "add", "remove", or "replace".');
  return { op: ops[0], path: raw[ops[0]] as string, ...('value' in raw ? { value: raw.value } : {}) };
}

/** `PATCH /v2/images/{id}`: JSON-patch (add, replace, remove), all or nothing. */
export const updateImage: Handler = (deps) => async (request, reply) => {
  if (!PATCH_TYPES.includes(mediaType(request))) {
    reply.header('Accept-Patch', PATCH_TYPES.join(', '));
    throw new CloudError(415, `The request media type ${mediaType(request) || 'None'} is not supported by this server.\n`);
  }
  const ops = await readJson(request);
  if (!Array.isArray(ops)) throw new BadRequest('Request body must be a JSON array of operation objects.');
  const viewer = viewerOf(request);
  const image = getImage(deps.db, viewer, idOf(request));
  assertOwner(viewer, image);
  const core: CoreChanges = {};
  const properties = { ...image.properties };
  const draft4 = mediaType(request) === PATCH_TYPES[0];
  for (const given of ops as Record<string, unknown>[]) {
    const raw = draft4 ? draft4Op(given) : (given as unknown as PatchOp);
    if (!raw || typeof raw !== 'object' || typeof raw.op !== 'string') throw new BadRequest('Operations must be JSON objects.');
    if (!['add', 'remove', 'replace'].includes(raw.op)) throw new BadRequest(`Invalid operation: \`${raw.op}\`. It must be one of the following: add, remove, replace.`);
    const field = parsePath(raw.path);
    if (raw.op !== 'remove' && !('value' in raw)) throw new BadRequest(`Operation "${raw.op}" requires a member named "value".`);
    if (field === 'id' || (field === 'owner' && !viewer.isAdmin)) throw new Forbidden(`Attribute '${field}' is read-only.`);
    if (raw.op === 'remove') {
      if (CORE_ATTRIBUTES.includes(field) || ['status', 'size', 'checksum'].includes(field)) throw new Forbidden(`Attribute '${field}' is read-only.`);
      if (!(field in properties)) throw new ConflictDetail(`Property ${field} does not exist.`);
      delete properties[field];
      continue;
    }
    checkAttribute(field, raw.value);
    if (CORE_ATTRIBUTES.includes(field)) {
      if (field === 'visibility') assertMayUseVisibility(viewer, raw.value as Visibility);
      (core as Record<string, unknown>)[field] = raw.value;
    } else {
      if (raw.op === 'replace' && !(field in properties)) throw new ConflictDetail(`Property ${field} does not exist.`);
      properties[field] = raw.value as string;
    }
  }
  const saved = saveImage(deps.db, deps.clock.now(), image.id, core, properties);
  return renderImage(saved);
};

/** `DELETE /v2/images/{id}`: 204; 403 when protected; the data file goes with it. */
export const deleteImage: Handler = (deps) => async (request, reply) => {
  const viewer = viewerOf(request);
  const image = getImage(deps.db, viewer, idOf(request));
  assertOwner(viewer, image);
  deleteImageModel(deps.db, deps.clock.now(), image);
  removeBlob(deps.dataDir, image.id);
  return reply.code(204).send();
};

/**
 * `PUT /v2/images/{id}/file`: queued → saving → active. The body streams
 * to disk while being hashed; a broken upload puts the image back to queued.
 */
export const uploadImageData: Handler = (deps) => async (request, reply) => {
  const stream = request.body as Readable | undefined;
  const discard = () => stream?.resume();
  try {
    if (mediaType(request) !== 'application/octet-stream') {
      throw new CloudError(415, `Content-Type must be application/octet-stream`);
    }
    const viewer = viewerOf(request);
    const image = getImage(deps.db, viewer, idOf(request));
    assertOwner(viewer, image);
    setStatus(deps.db, deps.clock.now(), image.id, ['queued'], 'saving');
  } catch (error) {
    discard();
    throw error;
  }
  const id = idOf(request);
  let stored;
  try {
    stored = await writeBlob(deps.dataDir, id, stream ?? Readable.from([]));
  } catch (error) {
    revertUpload(deps.db, deps.clock.now(), id);
    throw error instanceof CloudError ? error : new BadRequest('Error in the image data upload: the data stream was interrupted.');
  }
  if (!activate(deps.db, deps.clock.now(), id, stored)) {
    removeBlob(deps.dataDir, id);
    throw new CloudError(410, `Image ${id} could not be found after upload. The image may have been deleted during the upload.`);
  }
  return reply.code(204).send();
};

/** `GET /v2/images/{id}/file`: the bytes; 204 when there are none yet; 403 for a non-admin on a deactivated image. */
export const downloadImageData: Handler = (deps) => async (request, reply: FastifyReply) => {
  const viewer = viewerOf(request);
  const image = getImage(deps.db, viewer, idOf(request));
  if (image.status === 'deactivated' && !viewer.isAdmin) {
    throw new Forbidden('The requested image has been deactivated. Image data download is forbidden.');
  }
  if (image.size === null || (image.status !== 'active' && image.status !== 'deactivated')) return reply.code(204).send();
  reply.header('Content-Type', 'application/octet-stream');
  reply.header('Content-Length', String(image.size));
  if (image.checksum) reply.header('Content-MD5', image.checksum);
  return reply.send(readBlob(deps.dataDir, image.id));
};

function imageAction(to: 'deactivated' | 'active') {
  const action = to === 'deactivated' ? 'deactivate' : 'reactivate';
  const handler: Handler = (deps) => async (request, reply) => {
    const viewer = viewerOf(request);
    const image = getImage(deps.db, viewer, idOf(request));
    // Glance's default policy: admin or a member of the owning project (ADMIN_OR_PROJECT_MEMBER).
    if (!viewer.isAdmin && image.owner !== viewer.projectId) throw new Forbidden(`You are not authorized to complete ${action} action.`);
    if (image.status !== to) {
      const from = to === 'deactivated' ? 'active' : 'deactivated';
      if (image.status !== from) throw new BadRequest(`Not allowed to ${action} image in status '${image.status}'`);
      setStatus(deps.db, deps.clock.now(), image.id, [from], to);
    }
    return reply.code(204).send();
  };
  return handler;
}

export const deactivateImage = imageAction('deactivated');
export const reactivateImage = imageAction('active');

const tagOf = (request: FastifyRequest) => (request.params as { tag: string }).tag;

/** `PUT /v2/images/{id}/tags/{tag}`: 204 (idempotent). */
export const addTag: Handler = (deps) => async (request, reply) => {
  const viewer = viewerOf(request);
  const image = getImage(deps.db, viewer, idOf(request));
  assertOwner(viewer, image);
  const tag = tagOf(request);
  checkAttribute('tags', [tag]);
  if (!image.tags.includes(tag)) saveImage(deps.db, deps.clock.now(), image.id, { tags: [...image.tags, tag] }, image.properties);
  return reply.code(204).send();
};

/** `DELETE /v2/images/{id}/tags/{tag}`: 204; 404 when the image has no such tag. */
export const deleteTag: Handler = (deps) => async (request, reply) => {
  const viewer = viewerOf(request);
  const image = getImage(deps.db, viewer, idOf(request));
  assertOwner(viewer, image);
  const tag = tagOf(request);
  if (!image.tags.includes(tag)) throw new CloudError(404, `Tag ${tag} not found`);
  saveImage(deps.db, deps.clock.now(), image.id, { tags: image.tags.filter((item) => item !== tag) }, image.properties);
  return reply.code(204).send();
};
