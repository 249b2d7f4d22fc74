import type { FastifyReply, FastifyRequest } from 'fastify';
import { firstQuery, queryOf } from '../../core/http.js';
import type { Handler } from '../../core/service.js';
import { enforce } from '../policy.js';
import {
  addGroupMember,
  createGroup as createGroupRecord,
  deleteGroup as deleteGroupRecord,
  getGroup,
  isGroupMember,
  listGroupMembers,
  listGroups as listAllGroups,
  removeGroupMember,
  updateGroup as updateGroupRecord,
} from '../models/groups.js';
import { getDomain } from '../models/resources.js';
import { getUser } from '../models/users.js';
import { NotFound } from '../../core/errors.js';
import { entityBody, nullableStr, str } from './bodies.js';
import { collectionLinks, requireContext } from './common.js';
import { contextDomain } from './projects.js';
import { renderGroup, renderUser } from './render.js';

const paramsOf = (request: FastifyRequest) => request.params as { group_id: string; user_id?: string };

/** `GET /v3/groups`, filtered by `name`, `domain_id`. */
export const listGroups: Handler = (deps) => async (request) => {
  const context = requireContext(request, deps);
  const query = queryOf(request);
  const domainId = firstQuery(query, 'domain_id') ?? context.domainId ?? undefined;
  enforce('identity:list_groups', context, { domain_id: domainId });
  const groups = listAllGroups(deps.db, { name: firstQuery(query, 'name'), domainId });
  return { groups: groups.map((group) => renderGroup(deps, group)), links: collectionLinks(deps, request) };
};

export const showGroup: Handler = (deps) => async (request) => {
  const context = requireContext(request, deps);
  const group = getGroup(deps.db, paramsOf(request).group_id);
  enforce('identity:get_group', context, { domain_id: group.domainId });
  return { group: renderGroup(deps, group) };
};

/** `POST /v3/groups`: 201; the domain defaults to the token's. */
export const createGroup: Handler = (deps) => async (request, reply: FastifyReply) => {
  const context = requireContext(request, deps);
  const body = entityBody(request, 'group', 'create');
  const domainId = str(body.domain_id) ?? contextDomain(context);
  enforce('identity:create_group', context, { domain_id: domainId });
  getDomain(deps.db, domainId);
  const group = createGroupRecord(deps.db, { name: str(body.name)!, domainId, description: nullableStr(body.description) });
  return reply.code(201).send({ group: renderGroup(deps, group) });
};

export const updateGroup: Handler = (deps) => async (request) => {
  const context = requireContext(request, deps);
  const current = getGroup(deps.db, paramsOf(request).group_id);
  enforce('identity:update_group', context, { domain_id: current.domainId });
  const body = entityBody(request, 'group', 'update');
  const group = updateGroupRecord(deps.db, current.id, { name: str(body.name), description: nullableStr(body.description) });
  return { group: renderGroup(deps, group) };
};

export const deleteGroup: Handler = (deps) => async (request, reply: FastifyReply) => {
  const context = requireContext(request, deps);
  const current = getGroup(deps.db, paramsOf(request).group_id);
  enforce('identity:delete_group', context, { domain_id: current.domainId });
  deleteGroupRecord(deps.db, current.id);
  return reply.code(204).send();
};

/** `GET /v3/groups/{id}/users`. */
export const listGroupUsers: Handler = (deps) => async (request) => {
  const context = requireContext(request, deps);
  const group = getGroup(deps.db, paramsOf(request).group_id);
  enforce('identity:list_users_in_group', context, { domain_id: group.domainId });
  return { users: listGroupMembers(deps.db, group.id).map((user) => renderUser(deps, user)), links: collectionLinks(deps, request) };
};

/** `PUT /v3/groups/{g}/users/{u}`: 204 (idempotent). */
export const addUserToGroup: Handler = (deps) => async (request, reply: FastifyReply) => {
  const context = requireContext(request, deps);
  const { group_id: groupId, user_id: userId } = paramsOf(request);
  const group = getGroup(deps.db, groupId);
  enforce('identity:add_user_to_group', context, { domain_id: group.domainId });
  getUser(deps.db, userId!);
  addGroupMember(deps.db, groupId, userId!);
  return reply.code(204).send();
};

/** `HEAD|GET /v3/groups/{g}/users/{u}`: 204 for a member, 404 otherwise. */
export const checkUserInGroup: Handler = (deps) => async (request, reply: FastifyReply) => {
  const context = requireContext(request, deps);
  const { group_id: groupId, user_id: userId } = paramsOf(request);
  const group = getGroup(deps.db, groupId);
  enforce('identity:check_user_in_group', context, { domain_id: group.domainId });
  getUser(deps.db, userId!);
  if (!isGroupMember(deps.db, groupId, userId!)) throw new NotFound(`User '${userId}' not found in group '${groupId}'`);
  return reply.code(204).send();
};

export const removeUserFromGroup: Handler = (deps) => async (request, reply: FastifyReply) => {
  const context = requireContext(request, deps);
  const { group_id: groupId, user_id: userId } = paramsOf(request);
  const group = getGroup(deps.db, groupId);
  enforce('identity:remove_user_from_group', context, { domain_id: group.domainId });
  getUser(deps.db, userId!);
  removeGroupMember(deps.db, groupId, userId!);
  return reply.code(204).send();
};
