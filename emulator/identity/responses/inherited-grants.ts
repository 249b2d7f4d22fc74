import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CloudDeps, Handler } from '../../core/service.js';
import { enforce } from '../policy.js';
import { grantInherited, type InheritedGrant, inheritedNotFound, listInheritedRoles, revokeInherited } from '../models/inherited-grants.js';
import { getRole } from '../models/roles.js';
import { grantOf } from './assignments.js';
import { collectionLinks, requireContext } from './common.js';
import { renderRole } from './render.js';

/**
 * OS-INHERIT: `/v3/OS-INHERIT/{domains|projects}/{t}/{users|groups}/{a}/roles[/{r}]/inherited_to_projects`,
 * under the same policies as the direct grants.
 */

function inheritedGrant(deps: CloudDeps, request: FastifyRequest) {
  const grant = grantOf(deps, request);
  const actor: InheritedGrant['actor'] = { type: grant.actor_type === 'users' ? 'user' : 'group', id: grant.actor_id };
  const target: InheritedGrant['target'] = { type: grant.targetType, id: grant.target_id };
  return { grant, actor, target };
}

export const listInheritedGrantsHandler: Handler = (deps) => async (request) => {
  const context = requireContext(request, deps);
  const { grant, actor, target } = inheritedGrant(deps, request);
  enforce('identity:list_grants', context, { domain_id: grant.domainId, user_id: actor.type === 'user' ? actor.id : undefined });
  return { roles: listInheritedRoles(deps.db, actor, target).map((role) => renderRole(deps, role)), links: collectionLinks(deps, request) };
};

export const createInheritedGrant: Handler = (deps) => async (request, reply: FastifyReply) => {
  const context = requireContext(request, deps);
  const { grant, actor, target } = inheritedGrant(deps, request);
  enforce('identity:create_grant', context, { domain_id: grant.domainId });
  grantInherited(deps.db, { actor, target, roleId: getRole(deps.db, grant.role_id!).id });
  return reply.code(204).send();
};

/** `HEAD|GET …/roles/{r}/inherited_to_projects`: 204 when given, 404 otherwise. */
export const checkInheritedGrant: Handler = (deps) => async (request, reply: FastifyReply) => {
  const context = requireContext(request, deps);
  const { grant, actor, target } = inheritedGrant(deps, request);
  enforce('identity:check_grant', context, { domain_id: grant.domainId, user_id: actor.type === 'user' ? actor.id : undefined });
  if (!listInheritedRoles(deps.db, actor, target).some((role) => role.id === grant.role_id)) throw inheritedNotFound({ actor, target, roleId: grant.role_id! });
  return reply.code(204).send();
};

export const revokeInheritedGrant: Handler = (deps) => async (request, reply: FastifyReply) => {
  const context = requireContext(request, deps);
  const { grant, actor, target } = inheritedGrant(deps, request);
  enforce('identity:revoke_grant', context, { domain_id: grant.domainId });
  revokeInherited(deps.db, { actor, target, roleId: getRole(deps.db, grant.role_id!).id });
  return reply.code(204).send();
};
