import type { FastifyReply, FastifyRequest } from 'fastify';
import { CloudError, NotFound } from '../../core/errors.js';
import { firstHeader, firstQuery, jsonBody, queryOf } from '../../core/http.js';
import type { CloudDeps } from '../../core/service.js';
import {
  checkMetadatum,
  createSecret,
  deleteSecret,
  getSecret,
  listSecrets,
  schemaError,
  secretMetadata,
  type SecretRow,
  setSecretMetadata,
  storePayload,
} from '../models/store.js';
import { barbicanTime, callerOf, idParam, page, secretRef } from './common.js';

/** Barbican v1 secrets: metadata as JSON, the payload as raw bytes of its content type, user metadata. */

type Respond = (deps: CloudDeps) => (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

export function renderSecret(deps: CloudDeps, row: SecretRow) {
  return {
    status: row.status,
    created: barbicanTime(row.created_at),
    updated: barbicanTime(row.updated_at),
    expiration: row.expiration,
    algorithm: row.algorithm,
    bit_length: row.bit_length,
    mode: row.mode,
    name: row.name,
    secret_ref: secretRef(deps, row.id),
    secret_type: row.secret_type,
    creator_id: row.creator_id,
    ...(row.content_type ? { content_types: { default: row.content_type } } : {}),
    consumers: [] as unknown[],
  };
}

const FILTERS: [query: string, column: keyof SecretRow][] = [
  ['name', 'name'],
  ['alg', 'algorithm'],
  ['mode', 'mode'],
  ['bits', 'bit_length'],
  ['secret_type', 'secret_type'],
];

export const listSecretsHandler: Respond = (deps) => async (request) => {
  const query = queryOf(request);
  let rows = listSecrets(deps.db, callerOf(request));
  for (const [key, column] of FILTERS) {
    const wanted = firstQuery(query, key);
    if (wanted !== undefined && wanted !== '') rows = rows.filter((row) => String(row[column]) === wanted);
  }
  return page(deps, request, 'secrets', rows.map((row) => renderSecret(deps, row)));
};

export const createSecretHandler: Respond = (deps) => async (request, reply) => {
  const row = deps.db.tx(() => createSecret(deps.db, deps.clock.now(), callerOf(request, true), jsonBody(request)));
  return reply.code(201).header('Location', secretRef(deps, row.id)).send({ secret_ref: secretRef(deps, row.id) });
};

function sendPayload(request: FastifyRequest, reply: FastifyReply, row: SecretRow) {
  if (row.payload === null || !row.content_type) throw new NotFound('Not Found. Sorry but your secret is in another castle.');
  const accept = firstHeader(request, 'accept');
  const wanted = accept?.split(';')[0]!.trim().toLowerCase();
  if (wanted && wanted !== '*/*' && wanted !== row.content_type && !(wanted === 'text/plain' && row.content_type.startsWith('text/plain'))) {
    throw new CloudError(406, 'Wrong payload content-type');
  }
  return reply.code(200).header('Content-Type', row.content_type === 'text/plain' ? 'text/plain; charset=utf-8' : row.content_type).send(row.payload);
}

/** `GET /v1/secrets/{id}`: the metadata, or (legacy) the payload when Accept names something other than JSON. */
export const showSecret: Respond = (deps) => async (request, reply) => {
  const row = getSecret(deps.db, callerOf(request), idParam(request));
  const accept = firstHeader(request, 'accept')?.split(';')[0]!.trim().toLowerCase();
  if (accept && accept !== 'application/json' && accept !== '*/*') return sendPayload(request, reply, row);
  return renderSecret(deps, row);
};

export const showPayload: Respond = (deps) => async (request, reply) => sendPayload(request, reply, getSecret(deps.db, callerOf(request), idParam(request)));

export const putPayload: Respond = (deps) => async (request, reply) => {
  const row = getSecret(deps.db, callerOf(request, true), idParam(request), true);
  const raw = request.body;
  const bytes = Buffer.isBuffer(raw) ? raw : Buffer.from(typeof raw === 'string' ? raw : '');
  storePayload(deps.db, deps.clock.now(), row, bytes, firstHeader(request, 'content-type') ?? 'text/plain', firstHeader(request, 'content-encoding'));
  return reply.code(204).send();
};

export const deleteSecretHandler: Respond = (deps) => async (request, reply) => {
  deleteSecret(deps.db, getSecret(deps.db, callerOf(request, true), idParam(request), true));
  return reply.code(204).send();
};

// ---- user metadata -----------------------------------------------------------

export const showMetadata: Respond = (deps) => async (request) => ({ metadata: secretMetadata(getSecret(deps.db, callerOf(request), idParam(request))) });

export const replaceMetadata: Respond = (deps) => async (request, reply) => {
  const row = getSecret(deps.db, callerOf(request, true), idParam(request), true);
  const body = jsonBody(request) as Record<string, unknown>;
  const metadata = body?.metadata;
  if (!metadata || typeof metadata !== 'object' || Array.isArray(metadata)) throw schemaError('Secret Metadata', "'metadata' is a required property", 'metadata');
  for (const [key, value] of Object.entries(metadata)) checkMetadatum(key, value);
  setSecretMetadata(deps.db, deps.clock.now(), row, metadata as Record<string, string>);
  return reply.code(201).send({ metadata_ref: `${secretRef(deps, row.id)}/metadata` });
};

export const addMetadatum: Respond = (deps) => async (request, reply) => {
  const row = getSecret(deps.db, callerOf(request, true), idParam(request), true);
  const { key, value } = (jsonBody(request) ?? {}) as Record<string, unknown>;
  checkMetadatum(key, value);
  const metadata = secretMetadata(row);
  if ((key as string) in metadata) throw new CloudError(409, 'Conflict. Key in request is already in the secret metadata');
  setSecretMetadata(deps.db, deps.clock.now(), row, { ...metadata, [key as string]: value as string });
  return reply.code(201).header('Location', `${secretRef(deps, row.id)}/metadata/${key as string}`).send({ key, value });
};

const keyParam = (request: FastifyRequest) => (request.params as Record<string, string>).key!;

export const showMetadatum: Respond = (deps) => async (request) => {
  const metadata = secretMetadata(getSecret(deps.db, callerOf(request), idParam(request)));
  const key = keyParam(request);
  if (!(key in metadata)) throw new NotFound('Secret metadata not found');
  return { key, value: metadata[key] };
};

export const updateMetadatum: Respond = (deps) => async (request) => {
  const row = getSecret(deps.db, callerOf(request, true), idParam(request), true);
  const { key, value } = (jsonBody(request) ?? {}) as Record<string, unknown>;
  checkMetadatum(key, value);
  if (key !== keyParam(request)) throw new CloudError(400, 'Key in request data does not match key in the request url.');
  const metadata = secretMetadata(row);
  if (!((key as string) in metadata)) throw new NotFound('Secret metadata not found');
  setSecretMetadata(deps.db, deps.clock.now(), row, { ...metadata, [key as string]: value as string });
  return { key, value };
};

export const deleteMetadatum: Respond = (deps) => async (request, reply) => {
  const row = getSecret(deps.db, callerOf(request, true), idParam(request), true);
  const metadata = secretMetadata(row);
  const key = keyParam(request);
  if (!(key in metadata)) throw new NotFound('Secret metadata not found');
  delete metadata[key];
  setSecretMetadata(deps.db, deps.clock.now(), row, metadata);
  return reply.code(204).send();
};
