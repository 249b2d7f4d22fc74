import type { FastifyReply, FastifyRequest } from 'fastify';
import { firstHeader } from '../../core/http.js';
import type { CloudDeps } from '../../core/service.js';
import {
  deleteContainer,
  findContainer,
  getContainer,
  publicAccess,
  putContainer,
  updateContainer,
  type ContainerChanges,
} from '../models/containers.js';
import { SwiftError } from '../models/errors.js';
import { listObjects, type StoredObject } from '../models/objects.js';
import { type Caller, httpDate, listingTime, metadataFrom, metadataHeaders, refuse, swiftTimestamp } from './common.js';
import { listingQuery, sendListing } from './listing.js';

function changesFrom(request: FastifyRequest): ContainerChanges {
  const acl = (name: string) => (request.headers[`x-remove-container-${name}`] !== undefined ? '' : firstHeader(request, `x-container-${name}`));
  return { storagePolicy: firstHeader(request, 'x-storage-policy'), readAcl: acl('read'), writeAcl: acl('write'), metadata: metadataFrom(request, 'container') };
}

/** HEAD/GET on a container: counters, policy, ACLs, metadata; GET lists its objects. The owner, or anyone when it is public with listings. */
export function readContainer(deps: CloudDeps, request: FastifyRequest, reply: FastifyReply, caller: Caller, projectId: string, name: string): FastifyReply {
  const container = findContainer(deps.db, projectId, name);
  if (caller.kind !== 'owner' && !publicAccess(container?.readAcl ?? null).listings) refuse(caller);
  if (!container) throw new SwiftError(404);
  const query = listingQuery(request);
  reply.headers({
    'X-Container-Object-Count': String(container.objectCount),
    'X-Container-Bytes-Used': String(container.bytesUsed),
    'X-Storage-Policy': container.storagePolicy,
    'X-Timestamp': swiftTimestamp(container.createdAt),
    'Last-Modified': httpDate(container.updatedAt),
    'Accept-Ranges': 'bytes',
    ...(caller.kind === 'owner' && container.readAcl ? { 'X-Container-Read': container.readAcl } : {}),
    ...(caller.kind === 'owner' && container.writeAcl ? { 'X-Container-Write': container.writeAcl } : {}),
    ...metadataHeaders('Container', container.metadata),
  });
  if (request.method === 'HEAD') return reply.code(204).header('content-type', 'text/plain; charset=utf-8').send();
  return sendListing(request, reply, listObjects(deps.db, projectId, name, query), (object: StoredObject) => ({
    name: object.name,
    hash: object.etag.replace(/"/g, ''),
    bytes: object.bytes,
    content_type: object.contentType,
    last_modified: listingTime(object.lastModified),
  }));
}

/** PUT: 201 when created, 202 when it existed (its ACLs and metadata updated). */
export function createContainer(deps: CloudDeps, request: FastifyRequest, reply: FastifyReply, caller: Caller, projectId: string, name: string): FastifyReply {
  if (caller.kind !== 'owner') refuse(caller);
  const created = putContainer(deps.db, projectId, name, changesFrom(request), deps.clock.now());
  return reply.code(created ? 201 : 202).header('content-type', 'text/html; charset=UTF-8').send();
}

export function postContainer(deps: CloudDeps, request: FastifyRequest, reply: FastifyReply, caller: Caller, projectId: string, name: string): FastifyReply {
  if (caller.kind !== 'owner') refuse(caller);
  const changes = changesFrom(request);
  getContainer(deps.db, projectId, name);
  updateContainer(deps.db, projectId, name, changes, deps.clock.now());
  return reply.code(204).send();
}

export function removeContainer(deps: CloudDeps, _request: FastifyRequest, reply: FastifyReply, caller: Caller, projectId: string, name: string): FastifyReply {
  if (caller.kind !== 'owner') refuse(caller);
  deleteContainer(deps.db, projectId, name);
  return reply.code(204).send();
}
