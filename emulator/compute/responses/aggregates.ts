import { novaTime } from '../../core/clock.js';
import { BadRequest } from '../../core/errors.js';
import { jsonBody } from '../../core/http.js';
import type { FastifyRequest } from 'fastify';
import type { Handler } from '../../core/service.js';
import { validateAgainst } from '../../core/validation.js';
import {
  addAggregateHost,
  type Aggregate,
  createAggregate,
  deleteAggregate as deleteAggregateModel,
  getAggregate,
  listAggregates as listAggregatesModel,
  removeAggregateHost,
  setAggregateMetadata,
  updateAggregate as updateAggregateModel,
} from '../models/aggregates.js';
import { adminOnly, contextOf, versionOf } from './common.js';

/** `/os-aggregates` (nova/api/openstack/compute/aggregates.py): admin only under Nova's default policy. */

const admin = (request: FastifyRequest, action: string) => adminOnly(contextOf(request), `os_compute_api:os-aggregates:${action}`);

const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;

function render(aggregate: Aggregate, request: FastifyRequest) {
  return {
    id: aggregate.id,
    name: aggregate.name,
    availability_zone: aggregate.availabilityZone,
    hosts: aggregate.hosts,
    metadata: aggregate.metadata,
    created_at: novaTime(aggregate.createdAt),
    updated_at: aggregate.updatedAt === null ? null : novaTime(aggregate.updatedAt),
    deleted_at: null,
    deleted: false,
    ...(versionOf(request).atLeast('2.41') ? { uuid: aggregate.uuid } : {}),
  };
}

const name = { type: 'string', minLength: 1, maxLength: 255, pattern: '\\S' };
const zone = { type: ['string', 'null'], minLength: 1, maxLength: 255 };
const CREATE = {
  type: 'object',
  properties: { aggregate: { type: 'object', properties: { name, availability_zone: zone }, required: ['name'], additionalProperties: false } },
  required: ['aggregate'],
  additionalProperties: false,
};
const UPDATE = {
  type: 'object',
  properties: { aggregate: { type: 'object', properties: { name, availability_zone: zone }, minProperties: 1, additionalProperties: false } },
  required: ['aggregate'],
  additionalProperties: false,
};
const host = { type: 'object', properties: { host: { type: 'string', minLength: 1, maxLength: 255 } }, required: ['host'], additionalProperties: false };
const ACTION = {
  type: 'object',
  properties: {
    add_host: host,
    remove_host: host,
    set_metadata: {
      type: 'object',
      properties: {
        metadata: { type: 'object', propertyNames: { minLength: 1, maxLength: 255 }, additionalProperties: { type: ['string', 'null'], maxLength: 255 } },
      },
      required: ['metadata'],
      additionalProperties: false,
    },
  },
  minProperties: 1,
  maxProperties: 1,
  additionalProperties: false,
};

export const listAggregates: Handler = (deps) => async (request) => {
  admin(request, 'index');
  return { aggregates: listAggregatesModel(deps.db).map((aggregate) => render(aggregate, request)) };
};

export const createAggregateRoute: Handler = (deps) => async (request) => {
  admin(request, 'create');
  const body = jsonBody(request);
  validateAgainst(CREATE, body);
  const input = (body as { aggregate: { name: string; availability_zone?: string | null } }).aggregate;
  // Nova's create answer has no hosts or metadata yet (the real cloud's shows neither); show and the actions do.
  const { hosts: _hosts, metadata: _metadata, ...created } = render(createAggregate(deps.db, deps.clock.now(), { name: input.name.trim(), availabilityZone: input.availability_zone ?? null }), request);
  return { aggregate: created };
};

export const showAggregate: Handler = (deps) => async (request) => {
  admin(request, 'show');
  return { aggregate: render(getAggregate(deps.db, idOf(request)), request) };
};

export const updateAggregate: Handler = (deps) => async (request) => {
  admin(request, 'update');
  const body = jsonBody(request);
  validateAgainst(UPDATE, body);
  const input = (body as { aggregate: { name?: string; availability_zone?: string | null } }).aggregate;
  return { aggregate: render(updateAggregateModel(deps.db, deps.clock.now(), idOf(request), { name: input.name?.trim(), availabilityZone: input.availability_zone }), request) };
};

export const deleteAggregate: Handler = (deps) => async (request, reply) => {
  admin(request, 'delete');
  deleteAggregateModel(deps.db, idOf(request));
  return reply.code(200).send();
};

/** `POST /os-aggregates/{id}/action`: one of add_host, remove_host, set_metadata. */
export const aggregateAction: Handler = (deps) => async (request) => {
  const body = jsonBody(request);
  validateAgainst(ACTION, body);
  const action = body as { add_host?: { host: string }; remove_host?: { host: string }; set_metadata?: { metadata: Record<string, string | null> } };
  const now = deps.clock.now();
  const id = idOf(request);
  if (action.add_host) {
    admin(request, 'add_host');
    return { aggregate: render(addAggregateHost(deps.db, now, id, action.add_host.host), request) };
  }
  if (action.remove_host) {
    admin(request, 'remove_host');
    return { aggregate: render(removeAggregateHost(deps.db, now, id, action.remove_host.host), request) };
  }
  if (action.set_metadata) {
    admin(request, 'set_metadata');
    return { aggregate: render(setAggregateMetadata(deps.db, now, id, action.set_metadata.metadata), request) };
  }
  throw new BadRequest('Invalid input for field/attribute action.');
};
