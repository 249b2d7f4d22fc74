import type { FastifyRequest } from 'fastify';
import { isAdmin, type RequestContext } from '../../core/context.js';
import { CloudError, Unauthorized } from '../../core/errors.js';
import { firstHeader, firstQuery, queryOf } from '../../core/http.js';
import { rules } from '../../core/policy.js';
import { type CloudDeps, cloudUrl } from '../../core/service.js';
import type { Caller } from '../models/store.js';

const contexts = new WeakMap<FastifyRequest, RequestContext>();

export function authenticate(deps: CloudDeps) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = firstHeader(request, 'x-auth-token');
    const context = token ? deps.authenticate(token) : null;
    if (!context || !context.projectId) throw new Unauthorized();
    contexts.set(request, context);
  };
}

/** Barbican's RBAC: every role of the project reads, `member` (or admin) writes. */
export function callerOf(request: FastifyRequest, write = false): Caller {
  const context = contexts.get(request);
  if (!context) throw new Unauthorized();
  const admin = isAdmin(context);
  if (write && !admin && !rules.projectMember(context, {})) throw new CloudError(403, 'Operation not allowed - please review your user/project privileges');
  return { projectId: context.projectId!, userId: context.userId, isAdmin: admin };
}

export const secretRef = (deps: CloudDeps, id: string) => cloudUrl(deps, `/key-manager/v1/secrets/${id}`);
export const containerRef = (deps: CloudDeps, id: string) => cloudUrl(deps, `/key-manager/v1/containers/${id}`);

/** Barbican's timestamps: `2026-11-26T09:24:23.123000` (microseconds, no zone). */
export const barbicanTime = (ms: number) => new Date(ms).toISOString().replace(/\.(\d{3})Z$/, '.$1000');

export const idParam = (request: FastifyRequest) => (request.params as Record<string, string>).id!;

const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 100;

/**
 * Barbican's offset paging: `limit` (default 10, at most 100) and `offset`,
 * answered with `total` and `next`/`previous` links when there are more.
 */
export function page<T>(deps: CloudDeps, request: FastifyRequest, collection: 'secrets' | 'containers', items: T[]) {
  const query = queryOf(request);
  const asInt = (value: string | undefined, fallback: number) => (value !== undefined && /^\d+$/.test(value) ? Number(value) : fallback);
  const limit = Math.min(Math.max(asInt(firstQuery(query, 'limit'), DEFAULT_LIMIT), 1), MAX_LIMIT);
  const offset = asInt(firstQuery(query, 'offset'), 0);
  const link = (at: number) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (key !== 'limit' && key !== 'offset') params.set(key, Array.isArray(value) ? value[0]! : value);
    params.set('limit', String(limit));
    params.set('offset', String(at));
    return `${cloudUrl(deps, `/key-manager/v1/${collection}`)}?${params.toString()}`;
  };
  return {
    [collection]: items.slice(offset, offset + limit),
    total: items.length,
    ...(offset + limit < items.length ? { next: link(offset + limit) } : {}),
    ...(offset > 0 ? { previous: link(Math.max(offset - limit, 0)) } : {}),
  };
}
