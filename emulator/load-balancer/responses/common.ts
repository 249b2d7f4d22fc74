import type { FastifyRequest } from 'fastify';
import { isAdmin, type RequestContext } from '../../core/context.js';
import { Forbidden, Unauthorized } from '../../core/errors.js';
import { firstHeader, queryOf } from '../../core/http.js';
import { rules } from '../../core/policy.js';
import type { CloudDeps } from '../../core/service.js';
import type { LoadBalancerCollaborators } from '../models/collaborators.js';
import type { Operation } from '../models/operations.js';
import type { Viewer } from '../models/objects.js';
import { OperatingStatus } from '../models/render.js';

export interface LbDeps extends CloudDeps {
  collaborators: LoadBalancerCollaborators;
  transitionMs: number;
}

const contexts = new WeakMap<FastifyRequest, RequestContext>();

/** preHandler: a valid project-scoped token (keystonemiddleware's 401 otherwise). */
export function authenticate(deps: CloudDeps) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = firstHeader(request, 'x-auth-token');
    const context = token ? deps.authenticate(token) : null;
    if (!context || !context.projectId) throw new Unauthorized();
    contexts.set(request, context);
  };
}

const POLICY_REFUSAL = 'Policy does not allow this request to be performed.';

/**
 * Octavia's default RBAC (octavia/policies): any role of the project reads,
 * `member` (or admin) writes; the operator catalog and quotas of others are the admin's.
 */
export function viewerOf(request: FastifyRequest, need: 'read' | 'write' | 'admin' = 'read'): Viewer {
  const context = contexts.get(request);
  if (!context) throw new Unauthorized();
  const admin = isAdmin(context);
  const allowed = need === 'admin' ? admin : need === 'write' ? admin || rules.projectMember(context, {}) : admin || rules.projectReader(context, {});
  if (!allowed) throw new Forbidden(POLICY_REFUSAL);
  return { projectId: context.projectId!, isAdmin: admin };
}

export function operation(deps: LbDeps, request: FastifyRequest): Operation {
  return {
    db: deps.db,
    now: deps.clock.now(),
    transitionMs: deps.transitionMs,
    viewer: viewerOf(request, 'write'),
    collaborators: deps.collaborators,
    lbUrl: (id) => lbUrl(deps, id),
  };
}

export function lbUrl(deps: CloudDeps, id: string): string {
  return `${deps.publicUrl().replace(/\/+$/, '')}/cloud/load-balancer/v2/lbaas/loadbalancers/${id}`;
}

export const statusOf = (deps: LbDeps) => new OperatingStatus(deps.db, deps.collaborators.networking);

export const param = (request: FastifyRequest, name: string) => (request.params as Record<string, string>)[name]!;

const NOT_FILTERS = new Set(['fields', 'limit', 'marker', 'page_reverse', 'sort', 'sort_key', 'sort_dir', 'project_id', 'tenant_id']);

/**
 * Octavia's list query: any attribute filters by equality (`?name=x`,
 * `?provisioning_status=ACTIVE`); `project_id` narrows an admin's list;
 * `fields` picks the keys answered.
 */
export function filterList(request: FastifyRequest, viewer: Viewer, items: Record<string, unknown>[]): Record<string, unknown>[] {
  const query = queryOf(request);
  const wantedProject = (query.project_id ?? query.tenant_id) as string | undefined;
  let result = items.filter((item) => !wantedProject || item.project_id === wantedProject || !viewer.isAdmin);
  for (const [key, raw] of Object.entries(query)) {
    if (NOT_FILTERS.has(key)) continue;
    const wanted = Array.isArray(raw) ? raw : [raw];
    result = result.filter((item) => key in item && wanted.some((value) => String(item[key]) === value || (typeof item[key] === 'boolean' && value.toLowerCase() === String(item[key]))));
  }
  const fields = query.fields;
  if (fields) {
    const keys = (Array.isArray(fields) ? fields : [fields]).flatMap((value) => value.split(','));
    result = result.map((item) => Object.fromEntries(Object.entries(item).filter(([key]) => keys.includes(key))));
  }
  return result;
}
