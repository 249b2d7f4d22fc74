import type { FastifyReply, FastifyRequest } from 'fastify';
import { BadRequest, Forbidden, NotFound } from '../../core/errors.js';
import { firstQuery, queryOf } from '../../core/http.js';
import type { CloudDeps, Handler } from '../../core/service.js';
import { enforce } from '../policy.js';
import { findGroup, getGroup } from '../models/groups.js';
import { findDomain, findProject, getDomain, getProject } from '../models/resources.js';
import {
  type Assignment,
  createGrant,
  createGroupGrant,
  getRole,
  listAssignments,
  listGrants,
  listGroupGrants,
  revokeGroupGrant,
  revokeGrant,
  type TargetType,
} from '../models/roles.js';
import { findUser, getUser } from '../models/users.js';
import { collectionLinks, requireContext, v3Url } from './common.js';
import { renderRole } from './render.js';

/**
 * Role grants at `/v3/{projects|domains}/{t}/{users|groups}/{a}/roles[/{r}]`
 * and the `/v3/role_assignments` report.
 */

interface GrantParams {
  target_type: 'projects' | 'domains';
  target_id: string;
  actor_type: 'users' | 'groups';
  actor_id: string;
  role_id?: string;
}

/** The grant a path names, its target and actor checked to exist; `domainId` is what policy compares. */
export function grantOf(deps: CloudDeps, request: FastifyRequest) {
  const p = request.params as GrantParams;
  const targetType: TargetType = p.target_type === 'projects' ? 'project' : 'domain';
  const domainId = targetType === 'project' ? getProject(deps.db, p.target_id).domainId : getDomain(deps.db, p.target_id).id;
  if (p.actor_type === 'users') getUser(deps.db, p.actor_id);
  else getGroup(deps.db, p.actor_id);
  return { ...p, targetType, domainId };
}

/** `GET …/roles`: the direct grants of the actor on the target. */
export const listActorGrants: Handler = (deps) => async (request) => {
  const context = requireContext(request, deps);
  const grant = grantOf(deps, request);
  enforce('identity:list_grants', context, { domain_id: grant.domainId, user_id: grant.actor_type === 'users' ? grant.actor_id : undefined });
  const roles = grant.actor_type === 'users' ? listGrants(deps.db, grant.actor_id, grant.targetType, grant.target_id) : listGroupGrants(deps.db, grant.actor_id, grant.targetType, grant.target_id);
  return { roles: roles.map((role) => renderRole(deps, role)), links: collectionLinks(deps, request) };
};

/** `PUT …/roles/{r}`: 204 (idempotent). */
export const createActorGrant: Handler = (deps) => async (request, reply: FastifyReply) => {
  const context = requireContext(request, deps);
  const grant = grantOf(deps, request);
  enforce('identity:create_grant', context, { domain_id: grant.domainId });
  const role = getRole(deps.db, grant.role_id!);
  if (role.domainId !== null && role.domainId !== grant.domainId) {
    throw new Forbidden(`Domain specific role ${role.id} cannot be assigned outside its domain ${role.domainId}.`);
  }
  if (grant.actor_type === 'users') createGrant(deps.db, grant.actor_id, grant.targetType, grant.target_id, role.id);
  else createGroupGrant(deps.db, grant.actor_id, grant.targetType, grant.target_id, role.id);
  return reply.code(204).send();
};

/** `HEAD|GET …/roles/{r}`: 204 when granted, 404 otherwise. */
export const checkActorGrant: Handler = (deps) => async (request, reply: FastifyReply) => {
  const context = requireContext(request, deps);
  const grant = grantOf(deps, request);
  enforce('identity:check_grant', context, { domain_id: grant.domainId, user_id: grant.actor_type === 'users' ? grant.actor_id : undefined });
  const roles = grant.actor_type === 'users' ? listGrants(deps.db, grant.actor_id, grant.targetType, grant.target_id) : listGroupGrants(deps.db, grant.actor_id, grant.targetType, grant.target_id);
  if (!roles.some((role) => role.id === grant.role_id)) throw notGranted(grant.role_id!, grant.actor_id, grant.target_id);
  return reply.code(204).send();
};

const notGranted = (roleId: string, actorId: string, targetId: string) =>
  new NotFound(`Could not find role assignment with role: ${roleId}, user or group: ${actorId}, project, domain, or system: ${targetId}.`);

/** `DELETE …/roles/{r}`: 204; 404 when not granted. */
export const revokeActorGrant: Handler = (deps) => async (request, reply: FastifyReply) => {
  const context = requireContext(request, deps);
  const grant = grantOf(deps, request);
  enforce('identity:revoke_grant', context, { domain_id: grant.domainId });
  getRole(deps.db, grant.role_id!);
  if (grant.actor_type === 'users') {
    if (!listGrants(deps.db, grant.actor_id, grant.targetType, grant.target_id).some((role) => role.id === grant.role_id)) throw notGranted(grant.role_id!, grant.actor_id, grant.target_id);
    revokeGrant(deps.db, grant.actor_id, grant.targetType, grant.target_id, grant.role_id!);
  } else revokeGroupGrant(deps.db, grant.actor_id, grant.targetType, grant.target_id, grant.role_id!);
  return reply.code(204).send();
};

/** A query flag present without a value (`?effective`) is set, as Keystone reads it. */
function flag(query: Record<string, string | string[]>, name: string): boolean {
  const value = firstQuery(query, name);
  return value !== undefined && !['0', 'false', 'False'].includes(value);
}

/** `GET /v3/role_assignments` with `user.id`, `group.id`, `role.id`, `scope.project.id`, `scope.domain.id`, `scope.system`, `effective`, `include_names`. */
export const listRoleAssignments: Handler = (deps) => async (request) => {
  const context = requireContext(request, deps);
  const query = queryOf(request);
  const effective = flag(query, 'effective');
  const filters = {
    userId: firstQuery(query, 'user.id'),
    groupId: firstQuery(query, 'group.id'),
    roleId: firstQuery(query, 'role.id'),
    projectId: firstQuery(query, 'scope.project.id'),
    domainId: firstQuery(query, 'scope.domain.id'),
    system: firstQuery(query, 'scope.system'),
    effective,
  };
  if (effective && filters.groupId) throw new BadRequest('Combining effective and group filter will always result in an empty list.');
  const scopeDomain = filters.projectId ? findProject(deps.db, filters.projectId)?.domainId : filters.domainId;
  enforce('identity:list_role_assignments', context, { domain_id: scopeDomain ?? context.domainId ?? undefined, user_id: filters.userId });
  const names = flag(query, 'include_names');
  const rows = listAssignments(deps.db, filters);
  return { role_assignments: rows.map((row) => renderAssignment(deps, row, names)), links: collectionLinks(deps, request) };
};

function renderAssignment(deps: CloudDeps, row: Assignment, names: boolean) {
  const base = v3Url(deps);
  const domainRef = (domainId: string) => (names ? { id: domainId, name: findDomain(deps.db, domainId)?.name } : { id: domainId });
  const named = (id: string, name: string | undefined, domainId?: string) =>
    names ? { id, name, ...(domainId ? { domain: domainRef(domainId) } : {}) } : { id };
  const given = row.inheritedFrom ?? row.target;
  const targetPath = given.type === 'system' ? 'system' : `${given.type === 'project' ? 'projects' : 'domains'}/${given.id}`;
  const actorPath = row.viaGroupId ? `groups/${row.viaGroupId}` : `${row.actor.type}s/${row.actor.id}`;
  const grantPath = `${targetPath}/${actorPath}/roles/${row.priorRoleId ?? row.roleId}`;
  const links: Record<string, string> = { assignment: row.inheritedFrom ? `${base}/OS-INHERIT/${grantPath}/inherited_to_projects` : `${base}/${grantPath}` };
  if (row.viaGroupId) links.membership = `${base}/groups/${row.viaGroupId}/users/${row.actor.id}`;
  if (row.priorRoleId) links.prior_role = `${base}/prior_role/${row.priorRoleId}/implies/${row.roleId}`;
  const role = getRole(deps.db, row.roleId);
  let scope;
  if (row.target.type === 'system') scope = { system: { [row.target.id]: true } };
  else if (row.target.type === 'project') {
    const project = findProject(deps.db, row.target.id);
    scope = { project: named(row.target.id, project?.name, project?.domainId) };
  } else scope = { domain: named(row.target.id, findDomain(deps.db, row.target.id)?.name) };
  // Keystone marks an inherited grant so, as given and on each project it reaches.
  if (row.inheritedFrom) scope = { ...scope, 'OS-INHERIT:inherited_to': 'projects' };
  const actor =
    row.actor.type === 'user'
      ? { user: named(row.actor.id, findUser(deps.db, row.actor.id)?.name, findUser(deps.db, row.actor.id)?.domainId) }
      : { group: named(row.actor.id, findGroup(deps.db, row.actor.id)?.name, findGroup(deps.db, row.actor.id)?.domainId) };
  const roleRef = names ? { id: role.id, name: role.name, ...(role.domainId ? { domain: domainRef(role.domainId) } : {}) } : { id: role.id };
  return { links, scope, ...actor, role: roleRef };
}
