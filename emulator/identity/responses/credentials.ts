import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RequestContext } from '../../core/context.js';
import { BadRequest, Forbidden, NotFound } from '../../core/errors.js';
import { firstQuery, jsonBody, queryOf } from '../../core/http.js';
import { newKeystoneId } from '../../core/ids.js';
import type { CloudDeps, Handler } from '../../core/service.js';
import { validateAgainst } from '../../core/validation.js';
import { deleteDocument, type Document, getDocument, listDocuments, putDocument } from '../models/documents.js';
import { isCloudAdmin } from '../policy.js';
import { adminOnly } from './catalog-admin.js';
import { collectionLinks, requireContext, v3Url } from './common.js';

/**
 * `/v3/credentials` (keystone/api/credentials.py), `/v3/users/{id}/credentials/OS-EC2`
 * (keystone/api/users.py, stored as credentials of type ec2) and `/v3/policies`.
 * A credential is its owner's or a cloud admin's; policies are the admin's.
 */

const param = (request: FastifyRequest, name: string) => (request.params as Record<string, string>)[name];

function entity(request: FastifyRequest, key: string, schema: object): Record<string, unknown> {
  const body = jsonBody(request);
  const value = body && typeof body === 'object' && !Array.isArray(body) ? ((body as Record<string, unknown>)[key] ?? {}) : {};
  validateAgainst(schema, value);
  return value as Record<string, unknown>;
}

function refuse(rule: string): never {
  throw new Forbidden(`You are not authorized to perform the requested action: identity:${rule}.`);
}

const ownerOrAdmin = (context: RequestContext, userId: unknown, rule: string) => {
  if (!isCloudAdmin(context) && context.userId !== userId) refuse(rule);
};

// ---- credentials

const CREDENTIAL = {
  type: 'object',
  properties: { blob: { type: 'string' }, project_id: { type: ['string', 'null'] }, type: { type: 'string' }, user_id: { type: 'string' } },
  additionalProperties: true,
};
const CREATE_CREDENTIAL = { ...CREDENTIAL, required: ['blob', 'type', 'user_id'] };
const UPDATE_CREDENTIAL = { ...CREDENTIAL, minProperties: 1 };

/** An EC2 credential's id is the SHA-256 of its access key, as Keystone's `_assign_unique_id`. */
function ec2Id(blob: string, projectId: unknown): string {
  let access: unknown;
  try {
    access = (JSON.parse(blob) as { access?: unknown }).access;
  } catch {
    throw new BadRequest('Invalid blob in credential');
  }
  if (typeof access !== 'string' || !access) throw new BadRequest('Invalid blob in credential');
  if (!projectId) throw new BadRequest('Invalid blob in credential: project_id is required for an ec2 credential');
  return createHash('sha256').update(access).digest('hex');
}

const renderCredential = (deps: CloudDeps, document: Document) => ({ ...document, links: { self: `${v3Url(deps)}/credentials/${document.id}` } });

export const listCredentials: Handler = (deps) => async (request) => {
  const context = requireContext(request, deps);
  const query = queryOf(request);
  const documents = listDocuments(deps.db, 'credential', { user_id: firstQuery(query, 'user_id'), type: firstQuery(query, 'type') }).filter(
    (document) => isCloudAdmin(context) || document.user_id === context.userId,
  );
  return { credentials: documents.map((document) => renderCredential(deps, document)), links: collectionLinks(deps, request) };
};

export const showCredential: Handler = (deps) => async (request) => {
  const context = requireContext(request, deps);
  const document = getDocument(deps.db, 'credential', param(request, 'credential_id'));
  ownerOrAdmin(context, document.user_id, 'get_credential');
  return { credential: renderCredential(deps, document) };
};

export const createCredential: Handler = (deps) => async (request, reply: FastifyReply) => {
  const context = requireContext(request, deps);
  const body = entity(request, 'credential', CREATE_CREDENTIAL);
  ownerOrAdmin(context, body.user_id, 'create_credential');
  const id = body.type === 'ec2' ? ec2Id(body.blob as string, body.project_id) : newKeystoneId();
  const document = putDocument(deps.db, 'credential', { ...body, id, project_id: body.project_id ?? null }, deps.clock.now());
  return reply.code(201).send({ credential: renderCredential(deps, document) });
};

export const updateCredential: Handler = (deps) => async (request) => {
  const context = requireContext(request, deps);
  const current = getDocument(deps.db, 'credential', param(request, 'credential_id'));
  ownerOrAdmin(context, current.user_id, 'update_credential');
  const body = entity(request, 'credential', UPDATE_CREDENTIAL);
  const document = putDocument(deps.db, 'credential', { ...current, ...body, id: current.id }, deps.clock.now());
  return { credential: renderCredential(deps, document) };
};

export const deleteCredential: Handler = (deps) => async (request, reply: FastifyReply) => {
  const context = requireContext(request, deps);
  const current = getDocument(deps.db, 'credential', param(request, 'credential_id'));
  ownerOrAdmin(context, current.user_id, 'delete_credential');
  deleteDocument(deps.db, 'credential', current.id);
  return reply.code(204).send();
};

// ---- EC2 credentials

function renderEc2(deps: CloudDeps, document: Document) {
  const blob = JSON.parse(document.blob as string) as { access: string; secret: string; trust_id?: string | null };
  return {
    user_id: document.user_id,
    tenant_id: document.project_id,
    access: blob.access,
    secret: blob.secret,
    trust_id: blob.trust_id ?? null,
    links: { self: `${v3Url(deps)}/users/${String(document.user_id)}/credentials/OS-EC2/${blob.access}` },
  };
}

function ec2Of(deps: CloudDeps, userId: string, access: string): Document {
  const document = listDocuments(deps.db, 'credential', { user_id: userId, type: 'ec2' }).find((candidate) => JSON.parse(candidate.blob as string).access === access);
  if (!document) throw new NotFound(`Could not find credential: ${access}.`);
  return document;
}

export const listEc2: Handler = (deps) => async (request) => {
  const context = requireContext(request, deps);
  const userId = param(request, 'user_id');
  ownerOrAdmin(context, userId, 'ec2_list_credentials');
  return { credentials: listDocuments(deps.db, 'credential', { user_id: userId, type: 'ec2' }).map((document) => renderEc2(deps, document)), links: collectionLinks(deps, request) };
};

export const showEc2: Handler = (deps) => async (request) => {
  const context = requireContext(request, deps);
  const userId = param(request, 'user_id');
  ownerOrAdmin(context, userId, 'ec2_get_credential');
  return { credential: renderEc2(deps, ec2Of(deps, userId, param(request, 'access'))) };
};

export const createEc2: Handler = (deps) => async (request, reply: FastifyReply) => {
  const context = requireContext(request, deps);
  const userId = param(request, 'user_id');
  ownerOrAdmin(context, userId, 'ec2_create_credential');
  const body = jsonBody(request) as { tenant_id?: unknown };
  validateAgainst({ type: 'object', properties: { tenant_id: { type: 'string' } }, required: ['tenant_id'] }, body);
  const access = randomBytes(16).toString('hex');
  const blob = JSON.stringify({ access, secret: randomBytes(16).toString('hex'), trust_id: null });
  const document = putDocument(deps.db, 'credential', { id: ec2Id(blob, body.tenant_id), user_id: userId, project_id: body.tenant_id, type: 'ec2', blob }, deps.clock.now());
  return reply.code(201).send({ credential: renderEc2(deps, document) });
};

export const deleteEc2: Handler = (deps) => async (request, reply: FastifyReply) => {
  const context = requireContext(request, deps);
  const userId = param(request, 'user_id');
  ownerOrAdmin(context, userId, 'ec2_delete_credential');
  deleteDocument(deps.db, 'credential', ec2Of(deps, userId, param(request, 'access')).id);
  return reply.code(204).send();
};

// ---- policies

const POLICY = { type: 'object', properties: { blob: { type: 'string' }, type: { type: 'string' } }, additionalProperties: true };
const renderPolicy = (deps: CloudDeps, document: Document) => ({ ...document, links: { self: `${v3Url(deps)}/policies/${document.id}` } });

export const listPolicies: Handler = (deps) => async (request) => {
  adminOnly(request, deps, 'list_policies');
  const documents = listDocuments(deps.db, 'policy', { type: firstQuery(queryOf(request), 'type') });
  return { policies: documents.map((document) => renderPolicy(deps, document)), links: collectionLinks(deps, request) };
};
export const showPolicy: Handler = (deps) => async (request) => {
  adminOnly(request, deps, 'get_policy');
  return { policy: renderPolicy(deps, getDocument(deps.db, 'policy', param(request, 'policy_id'))) };
};
export const createPolicy: Handler = (deps) => async (request, reply: FastifyReply) => {
  adminOnly(request, deps, 'create_policy');
  const body = entity(request, 'policy', { ...POLICY, required: ['blob', 'type'] });
  const document = putDocument(deps.db, 'policy', { ...body, id: newKeystoneId() }, deps.clock.now());
  return reply.code(201).send({ policy: renderPolicy(deps, document) });
};
export const updatePolicy: Handler = (deps) => async (request) => {
  adminOnly(request, deps, 'update_policy');
  const current = getDocument(deps.db, 'policy', param(request, 'policy_id'));
  const body = entity(request, 'policy', { ...POLICY, minProperties: 1 });
  return { policy: renderPolicy(deps, putDocument(deps.db, 'policy', { ...current, ...body, id: current.id }, deps.clock.now())) };
};
export const deletePolicy: Handler = (deps) => async (request, reply: FastifyReply) => {
  adminOnly(request, deps, 'delete_policy');
  deleteDocument(deps.db, 'policy', param(request, 'policy_id'));
  return reply.code(204).send();
};

// ---- OS-OAUTH1 consumers (keystone/api/os_oauth1.py): the secret is shown once, at creation.

const CONSUMER = { type: 'object', properties: { description: { type: ['string', 'null'] } }, additionalProperties: true };
const renderConsumer = (deps: CloudDeps, document: Document) => {
  const { secret: _secret, ...shown } = document;
  return { ...shown, links: { self: `${v3Url(deps)}/OS-OAUTH1/consumers/${document.id}` } };
};

export const listConsumers: Handler = (deps) => async (request) => {
  adminOnly(request, deps, 'list_consumers');
  return { consumers: listDocuments(deps.db, 'consumer').map((document) => renderConsumer(deps, document)), links: collectionLinks(deps, request) };
};
export const showConsumer: Handler = (deps) => async (request) => {
  adminOnly(request, deps, 'get_consumer');
  return { consumer: renderConsumer(deps, getDocument(deps.db, 'consumer', param(request, 'consumer_id'))) };
};
export const createConsumer: Handler = (deps) => async (request, reply: FastifyReply) => {
  adminOnly(request, deps, 'create_consumer');
  const body = entity(request, 'consumer', CONSUMER);
  const document = putDocument(deps.db, 'consumer', { description: null, ...body, id: newKeystoneId(), secret: randomBytes(16).toString('hex') }, deps.clock.now());
  return reply.code(201).send({ consumer: { ...renderConsumer(deps, document), secret: document.secret } });
};
export const updateConsumer: Handler = (deps) => async (request) => {
  adminOnly(request, deps, 'update_consumer');
  const current = getDocument(deps.db, 'consumer', param(request, 'consumer_id'));
  const body = entity(request, 'consumer', CONSUMER);
  if ('secret' in body) throw new BadRequest('Cannot change consumer secret');
  return { consumer: renderConsumer(deps, putDocument(deps.db, 'consumer', { ...current, ...body, id: current.id }, deps.clock.now())) };
};
export const deleteConsumer: Handler = (deps) => async (request, reply: FastifyReply) => {
  adminOnly(request, deps, 'delete_consumer');
  deleteDocument(deps.db, 'consumer', param(request, 'consumer_id'));
  return reply.code(204).send();
};
