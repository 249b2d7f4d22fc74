import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { BffContext } from '../../context.js';
import { ApiError } from '../../errors.js';
import type { CloudClient } from '../../openstack/client.js';
import { pageOf, pageSizeOf, RESULT_LIMIT } from '../paging.js';
import { currentMetadata, imageMetadata, imageToDict, type NativeImage, patchOps, pointer, propertiesOf } from './shape.js';
import { issueTicket } from './tickets.js';

/** Glance's JSON-patch media type (api-contract §14.3). */
export const PATCH_TYPE = 'application/openstack-images-v2.1-json-patch';
// `limit` is the browser's page size (not in the contract), never a Glance filter.
const CLIENT_KEYWORDS = ['paginate', 'marker', 'sort_key', 'sort_dir', 'resource_type', 'limit'];

const imagePath = (id: string) => `/v2/images/${encodeURIComponent(id)}`;

/** §1.5 literal coercion: True/False/None become true/false/null, anything else stays a string. */
function coerce(value: string): string | boolean | null {
  return value === 'True' ? true : value === 'False' ? false : value === 'None' ? null : value;
}

/** The image filters of a list call: legacy `is_public` becomes visibility, `property-owner_id` becomes owner. */
function imageFilters(query: Record<string, string | string[]>): Record<string, string> {
  const filters: Record<string, string> = {};
  for (const [key, raw] of Object.entries(query)) {
    if (CLIENT_KEYWORDS.includes(key)) continue;
    const value = coerce(Array.isArray(raw) ? raw[0] : raw);
    if (value === null) continue;
    if (key === 'is_public') {
      if (value === true || value === 'true') filters.visibility = 'public';
      else if (value === false || value === 'false') filters.visibility = 'private';
      else throw new ApiError(400, `invalid is_public filter: ${String(value)}`);
    } else if (key === 'property-owner_id') {
      filters.owner = String(value);
    } else {
      filters[key] = String(value);
    }
  }
  return filters;
}

function firstOf(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** `image_list_detailed`: one page (paginate) or everything up to 1000, following Glance's `next` links. */
async function listImages(client: CloudClient, request: FastifyRequest) {
  const query = (request.query ?? {}) as Record<string, string | string[]>;
  const filters = imageFilters(query);
  const sortKey = firstOf(query.sort_key) ?? 'created_at';
  const sortDir = firstOf(query.sort_dir) ?? 'desc';
  const marker = firstOf(query.marker);
  const paginate = firstOf(query.paginate) === 'true';
  if (paginate) {
    const size = pageSizeOf(request);
    const response = await client.request<{ images: NativeImage[] }>('image', 'GET', '/v2/images', {
      query: { ...filters, limit: size + 1, marker, sort_key: sortKey, sort_dir: sortDir },
    });
    const page = pageOf(response.body.images, size, marker);
    return { ...page, items: page.items.map((image) => imageToDict(image, false)) };
  }
  const images: NativeImage[] = [];
  let response = await client.request<{ images: NativeImage[]; next?: string }>('image', 'GET', '/v2/images', {
    query: { ...filters, limit: RESULT_LIMIT, marker, sort_key: sortKey, sort_dir: sortDir },
  });
  images.push(...response.body.images);
  while (response.body.next && images.length < RESULT_LIMIT) {
    response = await client.request('image', 'GET', response.body.next);
    images.push(...response.body.images);
  }
  return { items: images.slice(0, RESULT_LIMIT).map((image) => imageToDict(image, false)), has_more_data: false, has_prev_data: false };
}

export async function getNativeImage(client: CloudClient, id: string): Promise<NativeImage> {
  return (await client.request<NativeImage>('image', 'GET', imagePath(id))).body;
}

/** `POST /v2/images` with Horizon's metadata; the created image. */
export async function createNativeImage(client: CloudClient, data: Record<string, unknown>): Promise<NativeImage> {
  return (await client.request<NativeImage>('image', 'POST', '/v2/images', { body: imageMetadata(data) })).body;
}

/** Location uses the image name, not its id (api-contract §4, sic). */
export const createdLocation = (image: NativeImage) => `/api/glance/images/${encodeURIComponent(String(image.name ?? ''))}`;

function isObject(value: unknown): value is Record<string, unknown> {
  return Boolean(value) && typeof value === 'object' && !Array.isArray(value);
}

/** A JSON body the route needs (`data_required`): `{}`, `[]` and nothing are refused. */
function requiredBody(body: unknown): Record<string, unknown> {
  if (!isObject(body) || !Object.keys(body).length) throw new ApiError(400, 'request requires JSON body');
  return body;
}

/** `/api/glance/` images routes (api-contract §4) but the legacy multipart upload (upload.ts). */
export const imageRoutes: FastifyPluginAsync<BffContext> = async (app, { access, settings, uploadTicketKey }) => {
  app.get('/api/glance/version/', async () => ({ version: String(settings.HORIZON_ACTIVE_IMAGE_VERSION ?? '2') }));

  app.get('/api/glance/images/', async (request) => listImages(await access.client(request), request));

  app.get<{ Params: { id: string } }>('/api/glance/images/:id/', async (request) => {
    const client = await access.client(request);
    return imageToDict(await getNativeImage(client, request.params.id), true);
  });

  // JSON create: metadata only, from a URL, or the first half of a direct upload.
  app.put('/api/glance/images/', { schema: { body: { $ref: 'image.schema.json#/$defs/create' } } }, async (request, reply) => {
    const data = requiredBody(request.body);
    const client = await access.client(request);
    const fileName = typeof data.data === 'string' && data.data ? data.data : undefined;
    const url = typeof data.image_url === 'string' && data.image_url ? data.image_url : undefined;
    if (fileName && settings.HORIZON_IMAGES_UPLOAD_MODE === 'off') throw new ApiError(400, 'Image upload from a file is disabled.');
    if (url && data.import_data) throw new ApiError(400, 'Copying image data from a URL (copy_from) needs Glance v1, which this cloud does not offer.');
    if (url && !settings.IMAGES_ALLOW_LOCATION) throw new ApiError(400, 'Creating an image from a URL is not allowed.');
    const image = await createNativeImage(client, data);
    if (url) {
      try {
        await client.request('image', 'PATCH', imagePath(image.id), { contentType: PATCH_TYPE, body: [{ op: 'add', path: '/locations/-', value: { url, metadata: {} } }] });
      } catch (error) {
        // No half-done write: the image without its location goes.
        await client.request('image', 'DELETE', imagePath(image.id)).catch(() => undefined);
        throw error;
      }
    }
    reply.code(201).header('Location', createdLocation(image));
    const result = imageToDict(url ? await getNativeImage(client, image.id) : image, true);
    if (!fileName) return result;
    // The browser PUTs the bytes to us, never to Glance, and never sees the Keystone token.
    return { ...result, upload_url: `/api/glance/images/${encodeURIComponent(image.id)}/data/`, token_id: issueTicket(uploadTicketKey, image.id, request.session!.token) };
  });

  app.patch<{ Params: { id: string } }>('/api/glance/images/:id/', { schema: { body: { $ref: 'image.schema.json#/$defs/update' } } }, async (request, reply) => {
    const data = requiredBody(request.body);
    const client = await access.client(request);
    const image = await getNativeImage(client, request.params.id);
    const ops = patchOps(image, imageMetadata({ ...currentMetadata(image), ...data }));
    if (ops.length) await client.request('image', 'PATCH', imagePath(image.id), { contentType: PATCH_TYPE, body: ops });
    return reply.code(204).send();
  });

  app.delete<{ Params: { id: string } }>('/api/glance/images/:id/', async (request, reply) => {
    const client = await access.client(request);
    await client.request('image', 'DELETE', imagePath(request.params.id));
    return reply.code(204).send();
  });

  app.get<{ Params: { id: string } }>('/api/glance/images/:id/properties/', async (request) => {
    const client = await access.client(request);
    return propertiesOf(await getNativeImage(client, request.params.id));
  });

  app.patch<{ Params: { id: string } }>('/api/glance/images/:id/properties/', { schema: { body: { $ref: 'image.schema.json#/$defs/propertiesUpdate' } } }, async (request, reply) => {
    const body = requiredBody(request.body);
    const updated = body.updated ?? {};
    const removed = body.removed ?? [];
    if (!isObject(updated)) throw new ApiError(400, 'updated must be an object of properties');
    if (!Array.isArray(removed) || !removed.every((key) => typeof key === 'string')) throw new ApiError(400, 'removed must be a list of property names');
    const client = await access.client(request);
    const image = await getNativeImage(client, request.params.id);
    const values = { ...updated };
    if (values.os_hidden === 'true' || values.os_hidden === 'false') values.os_hidden = values.os_hidden === 'true';
    const ops: { op: string; path: string; value?: unknown }[] = Object.entries(values).map(([key, value]) => ({
      op: key in image ? 'replace' : 'add',
      path: `/${pointer(key)}`,
      value,
    }));
    for (const key of removed as string[]) ops.push({ op: 'remove', path: `/${pointer(key)}` });
    if (ops.length) await client.request('image', 'PATCH', imagePath(image.id), { contentType: PATCH_TYPE, body: ops });
    return reply.code(204).send();
  });

  for (const action of ['deactivate', 'reactivate']) {
    app.post<{ Params: { id: string } }>(`/api/glance/images/:id/actions/${action}`, async (request, reply) => {
      const client = await access.client(request);
      await client.request('image', 'POST', `${imagePath(request.params.id)}/actions/${action}`);
      return reply.code(204).send();
    });
  }
};
