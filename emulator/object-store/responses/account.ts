import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CloudDeps } from '../../core/service.js';
import { accountInfo, updateAccountMetadata } from '../models/accounts.js';
import { listContainers, type Container } from '../models/containers.js';
import { SwiftError } from '../models/errors.js';
import { callerIsAdmin, type Caller, httpDate, listingTime, metadataFrom, metadataHeaders, refuse, swiftTimestamp } from './common.js';
import { listingQuery, sendListing } from './listing.js';

function accountHeaders(deps: CloudDeps, reply: FastifyReply, projectId: string): void {
  const account = accountInfo(deps.db, projectId, deps.clock.now());
  reply.headers({
    'X-Account-Container-Count': String(account.containerCount),
    'X-Account-Object-Count': String(account.objectCount),
    'X-Account-Bytes-Used': String(account.bytesUsed),
    'X-Timestamp': swiftTimestamp(account.createdAt),
    ...metadataHeaders('Account', account.metadata),
  });
}

/** HEAD/GET on the account: its totals and metadata; GET lists its containers. Only the owner. */
export function readAccount(deps: CloudDeps, request: FastifyRequest, reply: FastifyReply, caller: Caller, projectId: string): FastifyReply {
  if (caller.kind !== 'owner') refuse(caller);
  const query = listingQuery(request);
  accountHeaders(deps, reply, projectId);
  if (request.method === 'HEAD') return reply.code(204).header('content-type', 'text/plain; charset=utf-8').send();
  return sendListing(request, reply, listContainers(deps.db, projectId, query), (container: Container) => ({
    name: container.name,
    count: container.objectCount,
    bytes: container.bytesUsed,
    last_modified: listingTime(container.updatedAt),
  }));
}

/** POST on the account: metadata. Its quota (`X-Account-Meta-Quota-Bytes`) is for an admin to set, as account_quotas wants a reseller admin. */
export function updateAccount(deps: CloudDeps, request: FastifyRequest, reply: FastifyReply, caller: Caller, projectId: string): FastifyReply {
  if (caller.kind !== 'owner') refuse(caller);
  const changes = metadataFrom(request, 'account');
  if ('quota-bytes' in changes) {
    if (!callerIsAdmin(caller)) throw new SwiftError(403);
    if (changes['quota-bytes'] !== '' && !/^\d+$/.test(changes['quota-bytes']!)) throw new SwiftError(400);
  }
  updateAccountMetadata(deps.db, projectId, changes, deps.clock.now());
  reply.header('Last-Modified', httpDate(deps.clock.now()));
  return reply.code(204).send();
}
