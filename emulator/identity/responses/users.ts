import type { FastifyReply, FastifyRequest } from 'fastify';
import { Unauthorized } from '../../core/errors.js';
import { firstQuery, jsonBody, queryOf } from '../../core/http.js';
import { validateAgainst } from '../../core/validation.js';
import { verifyPasswordSync } from '../models/passwords.js';
import type { Handler } from '../../core/service.js';
import { enforce } from '../policy.js';
import { listUserGroups } from '../models/groups.js';
import { getDomain, getProject } from '../models/resources.js';
import {
  createUser as createUserRecord,
  deleteUser as deleteUserRecord,
  findUser,
  getUser,
  listUsers as listAllUsers,
  passwordHashOf,
  setUserPassword,
  updateUser as updateUserRecord,
} from '../models/users.js';
import { bool, entityBody, nullableStr, str } from './bodies.js';
import { collectionLinks, parseBoolean, requireContext } from './common.js';
import { contextDomain } from './projects.js';
import { renderGroup, renderUser } from './render.js';

const userIdOf = (request: FastifyRequest) => (request.params as { user_id: string }).user_id;

/** `GET /v3/users` (admin; a domain admin within its domain), filtered by `name`, `domain_id`, `enabled`, `default_project_id`. */
export const listUsers: Handler = (deps) => async (request) => {
  const context = requireContext(request, deps);
  const query = queryOf(request);
  const domainId = firstQuery(query, 'domain_id') ?? context.domainId ?? undefined;
  enforce('identity:list_users', context, { domain_id: domainId });
  const users = listAllUsers(deps.db, {
    name: firstQuery(query, 'name'),
    domainId,
    enabled: parseBoolean(firstQuery(query, 'enabled')),
    defaultProjectId: firstQuery(query, 'default_project_id'),
  });
  return { users: users.map((user) => renderUser(deps, user)), links: collectionLinks(deps, request) };
};

/** `GET /v3/users/{id}`: the user themself, or an admin of the user's domain. */
export const showUser: Handler = (deps) => async (request) => {
  const context = requireContext(request, deps);
  const userId = userIdOf(request);
  enforce('identity:get_user', context, { user_id: userId, domain_id: findUser(deps.db, userId)?.domainId });
  return { user: renderUser(deps, getUser(deps.db, userId)) };
};

/** `POST /v3/users`: 201; the domain defaults to the token's. */
/** Keystone's own user attributes; any other given is kept as an extra attribute and returned. */
const USER_ATTRIBUTES = ['id', 'name', 'domain_id', 'enabled', 'password', 'default_project_id', 'email', 'description', 'options', 'links', 'password_expires_at', 'federated'];
const extraOf = (body: Record<string, unknown>) => Object.fromEntries(Object.entries(body).filter(([key]) => !USER_ATTRIBUTES.includes(key)));

export const createUser: Handler = (deps) => async (request, reply: FastifyReply) => {
  const context = requireContext(request, deps);
  const body = entityBody(request, 'user', 'create');
  const domainId = str(body.domain_id) ?? contextDomain(context);
  enforce('identity:create_user', context, { domain_id: domainId });
  getDomain(deps.db, domainId);
  const defaultProjectId = nullableStr(body.default_project_id);
  if (defaultProjectId) getProject(deps.db, defaultProjectId);
  const user = createUserRecord(
    deps.db,
    {
      name: str(body.name)!,
      domainId,
      password: nullableStr(body.password),
      enabled: bool(body.enabled),
      defaultProjectId,
      email: nullableStr(body.email),
      description: nullableStr(body.description),
      extra: extraOf(body),
    },
    deps.clock.now(),
  );
  return reply.code(201).send({ user: renderUser(deps, user) });
};

/** `PATCH /v3/users/{id}`: any field, the password included. */
export const updateUser: Handler = (deps) => async (request) => {
  const context = requireContext(request, deps);
  const userId = userIdOf(request);
  const current = getUser(deps.db, userId);
  enforce('identity:update_user', context, { domain_id: current.domainId, user_id: userId });
  const body = entityBody(request, 'user', 'update');
  const defaultProjectId = nullableStr(body.default_project_id);
  if (defaultProjectId) getProject(deps.db, defaultProjectId);
  const user = updateUserRecord(deps.db, userId, {
    name: str(body.name),
    enabled: bool(body.enabled),
    defaultProjectId,
    email: nullableStr(body.email),
    description: nullableStr(body.description),
    password: nullableStr(body.password),
    extra: extraOf(body),
  });
  return { user: renderUser(deps, user) };
};

/** `DELETE /v3/users/{id}`: 204; the user's tokens, grants and memberships go with it. */
export const deleteUser: Handler = (deps) => async (request, reply: FastifyReply) => {
  const context = requireContext(request, deps);
  const userId = userIdOf(request);
  const current = getUser(deps.db, userId);
  enforce('identity:delete_user', context, { domain_id: current.domainId, user_id: userId });
  deleteUserRecord(deps.db, userId);
  return reply.code(204).send();
};

/** `GET /v3/users/{id}/groups`. */
export const listUserGroupsHandler: Handler = (deps) => async (request) => {
  const context = requireContext(request, deps);
  const userId = userIdOf(request);
  enforce('identity:list_groups_for_user', context, { user_id: userId, domain_id: findUser(deps.db, userId)?.domainId });
  getUser(deps.db, userId);
  return { groups: listUserGroups(deps.db, userId).map((group) => renderGroup(deps, group)), links: collectionLinks(deps, request) };
};

const CHANGE_PASSWORD = {
  type: 'object',
  properties: {
    user: {
      type: 'object',
      properties: { password: { type: 'string' }, original_password: { type: 'string' } },
      required: ['password', 'original_password'],
    },
  },
  required: ['user'],
};

/**
 * `POST /v3/users/{id}/password`: the self-service change (keystone/api/users.py
 * UserChangePasswordResource): no token needed, the original password is the proof; 204.
 */
export const changePassword: Handler = (deps) => async (request, reply: FastifyReply) => {
  const body = jsonBody(request);
  validateAgainst(CHANGE_PASSWORD, body);
  const { password, original_password: original } = (body as { user: { password: string; original_password: string } }).user;
  const userId = userIdOf(request);
  getUser(deps.db, userId);
  if (!verifyPasswordSync(original, passwordHashOf(deps.db, userId))) throw new Unauthorized('The request you have made requires authentication.');
  setUserPassword(deps.db, userId, password);
  return reply.code(204).send();
};
