import type { FastifyRequest } from 'fastify';
import { BadRequest, NotFound } from '../../core/errors.js';
import { jsonBody } from '../../core/http.js';
import { validateAgainst } from '../../core/validation.js';
import { deleteMetadataKey, getServer, metadataOf, setMetadata } from '../models/servers.js';
import { contextOf } from './common.js';
import { type ComputeHandler, serverIdOf, serverViewerOf } from './servers.js';

/** `/servers/{id}/metadata` (nova/api/openstack/compute/server_metadata.py): keys and values up to 255 characters. */

const ITEMS = { type: 'object', patternProperties: { '^[a-zA-Z0-9-_:. ]{1,255}$': { type: 'string', maxLength: 255 } }, additionalProperties: false };
const METADATA_BODY = { type: 'object', properties: { metadata: ITEMS }, required: ['metadata'], additionalProperties: false };
const META_BODY = { type: 'object', properties: { meta: { ...ITEMS, minProperties: 1, maxProperties: 1 } }, required: ['meta'], additionalProperties: false };

const keyOf = (request: FastifyRequest) => (request.params as { key: string }).key;

function serverOf(deps: Parameters<ComputeHandler>[0], request: FastifyRequest) {
  return getServer(deps.db, serverViewerOf(contextOf(request)), serverIdOf(request));
}

/** `GET /servers/{id}/metadata` */
export const showServerMetadata: ComputeHandler = (deps) => async (request) => ({ metadata: metadataOf(deps.db, serverOf(deps, request).uuid) });

/** `POST` merges, `PUT` replaces: both answer the whole map. */
export const setServerMetadata =
  (replace: boolean): ComputeHandler =>
  (deps) =>
  async (request) => {
    const body = jsonBody(request);
    validateAgainst(METADATA_BODY, body);
    const row = serverOf(deps, request);
    const metadata = setMetadata(deps.db, deps.clock.now(), row, (body as { metadata: Record<string, string> }).metadata, replace);
    return { metadata: replace ? metadata : (body as { metadata: Record<string, string> }).metadata };
  };

/** `GET /servers/{id}/metadata/{key}` */
export const showServerMetadataItem: ComputeHandler = (deps) => async (request) => {
  const metadata = metadataOf(deps.db, serverOf(deps, request).uuid);
  const key = keyOf(request);
  if (!(key in metadata)) throw new NotFound('Metadata item was not found');
  return { meta: { [key]: metadata[key] } };
};

/** `PUT /servers/{id}/metadata/{key}` with `{meta: {key: value}}`: the key must match the URL. */
export const setServerMetadataItem: ComputeHandler = (deps) => async (request) => {
  const body = jsonBody(request);
  validateAgainst(META_BODY, body);
  const meta = (body as { meta: Record<string, string> }).meta;
  const key = keyOf(request);
  if (!(key in meta)) throw new BadRequest('Request body and URI mismatch');
  setMetadata(deps.db, deps.clock.now(), serverOf(deps, request), meta, false);
  return { meta };
};

/** `DELETE /servers/{id}/metadata/{key}`: 204. */
export const deleteServerMetadataItem: ComputeHandler = (deps) => async (request, reply) => {
  deleteMetadataKey(deps.db, serverOf(deps, request), keyOf(request));
  return reply.code(204).send();
};
