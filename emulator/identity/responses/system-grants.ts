import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CloudDeps, Handler } from '../../core/service.js';
import { enforce } from '../policy.js';
import { getGroup } from '../models/groups.js';
import type { ActorType } from '../models/inherited-grants.js';
import { effectiveSystemRoles, getRole } from '../models/roles.js';
import { grantSystem, listSystemGrants, revokeSystem, systemGrantNotFound } from '../models/system-grants.js';
import { getUser } from '../models/users.js';
import { collectionLinks, requireContext, v3Url } from './common.js';
import { renderRole } from './render.js';

/** `/v3/system/{users|groups}/{id}/roles[/{role_id}]` (keystone/api/system.py): the cloud admin's. */

interface SystemGrantParams {
  actor_type: 'users' | 'groups';
  actor_id: string;
  role_id?: string;
}

/** The caller allowed, then the actor (and role) the path names checked to exist: 404 naming the missing one. */
function grantOf(deps: CloudDeps, request: FastifyRequest, action: string) {
  const context = requireContext(request, deps);
  const p = request.params as SystemGrantParams;
  const actorType: ActorType = p.actor_type === 'users' ? 'user' : 'group';
  enforce(`identity:${action}_for_${actorType}`, context);
  if (actorType === 'user') getUser(deps.db, p.actor_id);
  else getGroup(deps.db, p.actor_id);
  if (p.role_id !== undefined) getRole(deps.db, p.role_id);
  return { actorType, actorId: p.actor_id, roleId: p.role_id! };
}

export const listSystemGrantsHandler: Handler = (deps) => async (request) => {
  const grant = grantOf(deps, request, 'list_system_grants');
  return { roles: listSystemGrants(deps.db, grant.actorType, grant.actorId).map((role) => renderRole(deps, role)), links: collectionLinks(deps, request) };
};

/** `HEAD|GET …/roles/{r}`: 204 when granted. */
export const checkSystemGrant: Handler = (deps) => async (request, reply: FastifyReply) => {
  const grant = grantOf(deps, request, 'check_system_grant');
  if (!listSystemGrants(deps.db, grant.actorType, grant.actorId).some((role) => role.id === grant.roleId)) throw systemGrantNotFound(grant.roleId, grant.actorId);
  return reply.code(204).send();
};

/** `PUT …/roles/{r}`: 204 (idempotent). */
export const createSystemGrant: Handler = (deps) => async (request, reply: FastifyReply) => {
  const grant = grantOf(deps, request, 'create_system_grant');
  grantSystem(deps.db, grant.actorType, grant.actorId, grant.roleId);
  return reply.code(204).send();
};

export const revokeSystemGrant: Handler = (deps) => async (request, reply: FastifyReply) => {
  const grant = grantOf(deps, request, 'revoke_system_grant');
  revokeSystem(deps.db, grant.actorType, grant.actorId, grant.roleId);
  return reply.code(204).send();
};

/** `GET /v3/auth/system`: the system scopes the caller may ask a token for: `[{all: true}]` when it holds a role on the system. */
export const listAuthSystem: Handler = (deps) => async (request) => {
  const context = requireContext(request, deps);
  return { system: effectiveSystemRoles(deps.db, context.userId).length ? [{ all: true }] : [], links: { self: `${v3Url(deps)}/auth/system` } };
};
