import type { FastifyRequest } from 'fastify';
import { novaTime } from '../../core/clock.js';
import { BadRequest } from '../../core/errors.js';
import { firstQuery, jsonBody, queryOf } from '../../core/http.js';
import type { Microversion } from '../../core/microversion.js';
import { type CloudDeps, cloudUrl, type Handler } from '../../core/service.js';
import { defineFormat, multiParams, validateAgainst, validateQuery } from '../../core/validation.js';
import { createKeypair as createKeypairModel, deleteKeypair as deleteKeypairModel, getKeypair, type Keypair, type KeypairType, listKeypairs as listKeypairsModel } from '../models/keypairs.js';
import { enforce } from '../policy.js';
import { contextOf, versionOf } from './common.js';
import { name as nameParam, nonNegativeInteger } from './parameter-types.js';

/**
 * `/os-keypairs` as nova/api/openstack/compute/keypairs.py serves it: the
 * schema, the policy target and the shape change with the microversion
 * (`type` from 2.2, `user_id` from 2.10, paging from 2.35, strict query from 2.75,
 * import only and '@' '.' in names from 2.92).
 */

const KEYPAIR_NAME_CHARS = '_- 0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** From 2.92 names may also hold '@' and '.' (keypair_name_special_chars_292). */
const KEYPAIR_NAME_CHARS_292 = '@._- 0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

defineFormat('keypair_name_20', {
  test: (value) => [...value].every((char) => KEYPAIR_NAME_CHARS.includes(char)),
  invalidNameReason: `Only expected characters: [${KEYPAIR_NAME_CHARS}]`,
});
defineFormat('keypair_name_292', {
  test: (value) => [...value].every((char) => KEYPAIR_NAME_CHARS_292.includes(char)),
  invalidNameReason: `Only expected characters: [${KEYPAIR_NAME_CHARS_292}]`,
});

const keypairName = (format: string) => ({ allOf: [nameParam, { type: 'string', minLength: 1, maxLength: 255, format }] });

function createSchema(extra: Record<string, object>, options: { format?: string; required?: string[] } = {}) {
  return {
    type: 'object',
    properties: {
      keypair: {
        type: 'object',
        properties: { name: keypairName(options.format ?? 'keypair_name_20'), ...extra, public_key: { type: 'string' } },
        required: options.required ?? ['name'],
        additionalProperties: false,
      },
    },
    required: ['keypair'],
    additionalProperties: false,
  };
}

const keyType = { type: 'string', enum: ['ssh', 'x509'] };
const CREATE_V21 = createSchema({});
const CREATE_V22 = createSchema({ type: keyType });
const CREATE_V210 = createSchema({ type: keyType, user_id: { type: 'string' } });
/** 2.92 forbids generating a key: public_key is required. */
const CREATE_V292 = createSchema({ type: keyType, user_id: { type: 'string' } }, { format: 'keypair_name_292', required: ['name', 'public_key'] });

const USER_QUERY = { type: 'object', properties: { user_id: multiParams({ type: 'string' }) }, additionalProperties: true };
const PAGED_QUERY = {
  type: 'object',
  properties: { user_id: multiParams({ type: 'string' }), limit: multiParams(nonNegativeInteger), marker: multiParams({ type: 'string' }) },
  additionalProperties: true,
};
const strict = (schema: object) => ({ ...schema, additionalProperties: false });
const USER_QUERY_275 = strict(USER_QUERY);
const PAGED_QUERY_275 = strict(PAGED_QUERY);

/** CONF.api.max_limit */
const MAX_LIMIT = 1000;

function checkUserQuery(request: FastifyRequest, version: Microversion): string | undefined {
  const query = queryOf(request);
  if (!version.atLeast('2.10')) return undefined;
  validateQuery(version.atLeast('2.75') ? USER_QUERY_275 : USER_QUERY, query);
  return firstQuery(query, 'user_id');
}

function renderListItem(keypair: Keypair, version: Microversion) {
  return {
    name: keypair.name,
    public_key: keypair.publicKey,
    fingerprint: keypair.fingerprint,
    ...(version.atLeast('2.2') ? { type: keypair.type } : {}),
  };
}

function renderKeypair(keypair: Keypair, version: Microversion) {
  return {
    name: keypair.name,
    public_key: keypair.publicKey,
    fingerprint: keypair.fingerprint,
    user_id: keypair.userId,
    created_at: novaTime(keypair.createdAt),
    deleted: false,
    deleted_at: null,
    id: keypair.id,
    updated_at: keypair.updatedAt === null ? null : novaTime(keypair.updatedAt),
    ...(version.atLeast('2.2') ? { type: keypair.type } : {}),
  };
}

/** Nova's `_get_collection_links`: a `next` link when the page is full. */
function nextLinks(deps: CloudDeps, request: FastifyRequest, items: Keypair[], limit: number) {
  if (!limit || items.length !== limit) return [];
  const params = new Map<string, string>();
  for (const [key, value] of Object.entries(queryOf(request)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    params.set(key, Array.isArray(value) ? value[value.length - 1] : value);
  }
  params.set('marker', items[items.length - 1].name);
  const search = new URLSearchParams([...params.entries()]).toString();
  return [{ rel: 'next', href: `${cloudUrl(deps, '/compute/v2.1')}/os-keypairs?${search}` }];
}

/** `GET /os-keypairs` */
export const listKeypairs: Handler = (deps) => async (request) => {
  const version = versionOf(request);
  const context = contextOf(request);
  const query = queryOf(request);
  let userId: string | undefined;
  let page: { limit?: number; marker?: string } = {};
  let limit = 0;
  if (version.atLeast('2.35')) {
    validateQuery(version.atLeast('2.75') ? PAGED_QUERY_275 : PAGED_QUERY, query);
    userId = firstQuery(query, 'user_id');
    const requested = firstQuery(query, 'limit');
    limit = Math.min(MAX_LIMIT, requested === undefined ? MAX_LIMIT : Number(requested));
    page = { limit, marker: firstQuery(query, 'marker') };
  } else {
    userId = checkUserQuery(request, version);
  }
  userId ??= context.userId;
  enforce('os_compute_api:os-keypairs:index', context, { user_id: userId });
  const keypairs = listKeypairsModel(deps.db, userId, page);
  const body: Record<string, unknown> = { keypairs: keypairs.map((keypair) => ({ keypair: renderListItem(keypair, version) })) };
  if (version.atLeast('2.35')) {
    const links = nextLinks(deps, request, keypairs, limit);
    if (links.length) body.keypairs_links = links;
  }
  return body;
};

/** `POST /os-keypairs`: generate (returns `private_key` once) or import. 200 before 2.2, 201 from 2.2. */
export const createKeypair: Handler = (deps) => async (request, reply) => {
  const version = versionOf(request);
  const context = contextOf(request);
  const body = jsonBody(request);
  validateAgainst(version.atLeast('2.92') ? CREATE_V292 : version.atLeast('2.10') ? CREATE_V210 : version.atLeast('2.2') ? CREATE_V22 : CREATE_V21, body);
  const params = (body as { keypair: { name: string; type?: KeypairType; public_key?: string; user_id?: string } }).keypair;
  const userId = params.user_id ?? context.userId;
  enforce('os_compute_api:os-keypairs:create', context, { user_id: userId });
  if (!context.projectId) throw new BadRequest('A project-scoped token is required.');
  const { keypair, privateKey } = await createKeypairModel(deps.db, deps.clock.now(), {
    userId,
    projectId: context.projectId,
    name: params.name,
    type: params.type ?? 'ssh',
    publicKey: params.public_key,
  });
  reply.code(version.atLeast('2.2') ? 201 : 200);
  return {
    keypair: {
      ...(privateKey !== null ? { private_key: privateKey } : {}),
      ...(version.atLeast('2.2') ? { type: keypair.type } : {}),
      name: keypair.name,
      public_key: keypair.publicKey,
      fingerprint: keypair.fingerprint,
      user_id: keypair.userId,
    },
  };
};

/** `GET /os-keypairs/{name}` */
export const showKeypair: Handler = (deps) => async (request) => {
  const version = versionOf(request);
  const context = contextOf(request);
  const userId = checkUserQuery(request, version) ?? context.userId;
  enforce('os_compute_api:os-keypairs:show', context, { user_id: userId });
  const { name: keypairName } = request.params as { name: string };
  return { keypair: renderKeypair(getKeypair(deps.db, userId, keypairName), version) };
};

/** `DELETE /os-keypairs/{name}`: 202 before 2.2, 204 from 2.2. */
export const deleteKeypair: Handler = (deps) => async (request, reply) => {
  const version = versionOf(request);
  const context = contextOf(request);
  const userId = checkUserQuery(request, version) ?? context.userId;
  enforce('os_compute_api:os-keypairs:delete', context, { user_id: userId });
  const { name: keypairName } = request.params as { name: string };
  deleteKeypairModel(deps.db, userId, keypairName);
  return reply.code(version.atLeast('2.2') ? 204 : 202).send();
};
