import type { FastifyReply, FastifyRequest } from 'fastify';
import { firstQuery, queryOf } from '../../core/http.js';
import type { Handler } from '../../core/service.js';
import { Forbidden } from '../../core/errors.js';
import { enforce } from '../policy.js';
import { createRole as createRoleRecord, deleteRole as deleteRoleRecord, getRole, listRoles as listAllRoles, type Role, updateRole as updateRoleRecord } from '../models/roles.js';
import { getDomain } from '../models/resources.js';
import { entityBody, nullableStr, str } from './bodies.js';
import { collectionLinks, requireContext } from './common.js';
import { renderRole } from './render.js';
import type { RequestContext } from '../../core/context.js';

const roleIdOf = (request: FastifyRequest) => (request.params as { role_id: string }).role_id;

/** Global roles follow the role rules; a domain's own roles the domain-role rules of that domain. */
function enforceOnRole(context: RequestContext, action: 'get' | 'create' | 'update' | 'delete', domainId: string | null): void {
  if (domainId === null) enforce(`identity:${action}_role`, context);
  else enforce(`identity:${action}_domain_role`, context, { domain_id: domainId });
}

/** `GET /v3/roles`: the global roles, or with `domain_id` that domain's own; filtered by `name`. */
export const listRoles: Handler = (deps) => async (request) => {
  const context = requireContext(request, deps);
  const query = queryOf(request);
  const domainId = firstQuery(query, 'domain_id');
  if (domainId) enforce('identity:list_domain_roles', context, { domain_id: domainId });
  else enforce('identity:list_roles', context);
  const roles = listAllRoles(deps.db, { name: firstQuery(query, 'name'), domainId: domainId ?? null });
  return { roles: roles.map((role) => renderRole(deps, role)), links: collectionLinks(deps, request) };
};

export const showRole: Handler = (deps) => async (request) => {
  const context = requireContext(request, deps);
  const role = getRole(deps.db, roleIdOf(request));
  enforceOnRole(context, 'get', role.domainId);
  return { role: renderRole(deps, role) };
};

/** `POST /v3/roles`: 201; with `domain_id`, a domain-specific role. */
export const createRole: Handler = (deps) => async (request, reply: FastifyReply) => {
  const context = requireContext(request, deps);
  const body = entityBody(request, 'role', 'create');
  const domainId = str(body.domain_id) ?? null;
  enforceOnRole(context, 'create', domainId);
  if (domainId) getDomain(deps.db, domainId);
  const role = createRoleRecord(deps.db, { name: str(body.name)!, description: nullableStr(body.description), domainId });
  return reply.code(201).send({ role: renderRole(deps, role) });
};

/** Keystone's bootstrap roles carry the `immutable` option: they cannot be changed or deleted. */
function refuseImmutable(role: Role): void {
  if (role.immutable) throw new Forbidden(`Unable to perform the requested action on an immutable resource: ${role.id}`);
}

export const updateRole: Handler = (deps) => async (request) => {
  const context = requireContext(request, deps);
  const current = getRole(deps.db, roleIdOf(request));
  enforceOnRole(context, 'update', current.domainId);
  const body = entityBody(request, 'role', 'update');
  refuseImmutable(current);
  const role = updateRoleRecord(deps.db, current.id, { name: str(body.name), description: nullableStr(body.description) });
  return { role: renderRole(deps, role) };
};

export const deleteRole: Handler = (deps) => async (request, reply: FastifyReply) => {
  const context = requireContext(request, deps);
  const current = getRole(deps.db, roleIdOf(request));
  enforceOnRole(context, 'delete', current.domainId);
  refuseImmutable(current);
  deleteRoleRecord(deps.db, current.id);
  return reply.code(204).send();
};
