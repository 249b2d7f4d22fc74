import type { FastifyReply, FastifyRequest } from 'fastify';
import { NotFound } from '../../core/errors.js';
import { firstQuery, jsonBody, queryOf } from '../../core/http.js';
import type { CloudDeps } from '../../core/service.js';
import {
  aclOf,
  addConsumer,
  consumersOf,
  type ContainerRow,
  createContainer,
  deleteAcl,
  deleteContainer,
  getContainer,
  getSecret,
  listContainers,
  parseConsumer,
  removeConsumer,
  setAcl,
} from '../models/store.js';
import { barbicanTime, callerOf, containerRef, idParam, page, secretRef } from './common.js';

/** Barbican v1 containers, their consumers, and the ACL of secrets and containers. */

type Respond = (deps: CloudDeps) => (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

export function renderContainer(deps: CloudDeps, row: ContainerRow) {
  return {
    status: row.status,
    updated: barbicanTime(row.updated_at),
    name: row.name,
    consumers: consumersOf(deps.db, row.id).map((consumer) => ({ name: consumer.name, URL: consumer.url })),
    created: barbicanTime(row.created_at),
    container_ref: containerRef(deps, row.id),
    creator_id: row.creator_id,
    secret_refs: (JSON.parse(row.secret_refs) as { name: string; secret_id: string }[]).map((entry) => ({ secret_ref: secretRef(deps, entry.secret_id), name: entry.name })),
    type: row.type,
  };
}

export const listContainersHandler: Respond = (deps) => async (request) => {
  const query = queryOf(request);
  let rows = listContainers(deps.db, callerOf(request));
  const name = firstQuery(query, 'name');
  const type = firstQuery(query, 'type');
  if (name) rows = rows.filter((row) => row.name === name);
  if (type) rows = rows.filter((row) => row.type === type);
  return page(deps, request, 'containers', rows.map((row) => renderContainer(deps, row)));
};

export const createContainerHandler: Respond = (deps) => async (request, reply) => {
  const row = deps.db.tx(() => createContainer(deps.db, deps.clock.now(), callerOf(request, true), jsonBody(request)));
  return reply.code(201).header('Location', containerRef(deps, row.id)).send({ container_ref: containerRef(deps, row.id) });
};

export const showContainer: Respond = (deps) => async (request) => renderContainer(deps, getContainer(deps.db, callerOf(request), idParam(request)));

export const deleteContainerHandler: Respond = (deps) => async (request, reply) => {
  deleteContainer(deps.db, getContainer(deps.db, callerOf(request, true), idParam(request), true));
  return reply.code(204).send();
};

export const listConsumers: Respond = (deps) => async (request) => {
  const row = getContainer(deps.db, callerOf(request), idParam(request));
  const consumers = consumersOf(deps.db, row.id).map((consumer) => ({ name: consumer.name, URL: consumer.url, created: barbicanTime(consumer.created_at), updated: barbicanTime(consumer.created_at), status: 'ACTIVE' }));
  const query = queryOf(request);
  const limit = Number(firstQuery(query, 'limit') ?? 10) || 10;
  const offset = Number(firstQuery(query, 'offset') ?? 0) || 0;
  return { consumers: consumers.slice(offset, offset + limit), total: consumers.length };
};

export const addConsumerHandler: Respond = (deps) => async (request) => {
  const row = getContainer(deps.db, callerOf(request), idParam(request));
  addConsumer(deps.db, deps.clock.now(), row.id, parseConsumer(jsonBody(request)));
  return renderContainer(deps, row);
};

export const removeConsumerHandler: Respond = (deps) => async (request) => {
  const row = getContainer(deps.db, callerOf(request), idParam(request));
  if (!removeConsumer(deps.db, row.id, parseConsumer(jsonBody(request)))) throw new NotFound('Consumer not found.');
  return renderContainer(deps, row);
};

// ---- ACLs ---------------------------------------------------------------------

type Entity = 'secrets' | 'containers';

function entityOf(deps: CloudDeps, request: FastifyRequest, entity: Entity, write: boolean) {
  const caller = callerOf(request, write);
  return entity === 'secrets' ? getSecret(deps.db, caller, idParam(request), write) : getContainer(deps.db, caller, idParam(request), write);
}

const aclRef = (deps: CloudDeps, entity: Entity, id: string) => `${entity === 'secrets' ? secretRef(deps, id) : containerRef(deps, id)}/acl`;

export const showAcl =
  (entity: Entity): Respond =>
  (deps) =>
  async (request) => {
    const row = entityOf(deps, request, entity, false);
    const acl = aclOf(deps.db, row.id);
    if (!acl.row) return { read: { 'project-access': true } };
    return { read: { 'project-access': acl.projectAccess, users: acl.users, created: barbicanTime(acl.row.created_at), updated: barbicanTime(acl.row.updated_at) } };
  };

export const setAclHandler =
  (entity: Entity, mode: 'replace' | 'merge'): Respond =>
  (deps) =>
  async (request) => {
    const row = entityOf(deps, request, entity, true);
    setAcl(deps.db, deps.clock.now(), row.id, jsonBody(request), mode);
    return { acl_ref: aclRef(deps, entity, row.id) };
  };

export const deleteAclHandler =
  (entity: Entity): Respond =>
  (deps) =>
  async (request, reply) => {
    deleteAcl(deps.db, entityOf(deps, request, entity, true).id);
    return reply.code(204).send();
  };
