import { firstQuery, queryOf } from '../../core/http.js';
import type { Handler } from '../../core/service.js';
import { enforce } from '../policy.js';
import { getUser, listUsers as listAllUsers } from '../models/users.js';
import { collectionLinks, parseBoolean, requireContext } from './common.js';
import { renderUser } from './render.js';

/** `GET /v3/users` (admin), filtered by `name`, `domain_id`, `enabled`, `default_project_id`. */
export const listUsers: Handler = (deps) => async (request) => {
  const context = requireContext(request, deps);
  enforce('identity:list_users', context);
  const query = queryOf(request);
  const users = listAllUsers(deps.db, {
    name: firstQuery(query, 'name'),
    domainId: firstQuery(query, 'domain_id'),
    enabled: parseBoolean(firstQuery(query, 'enabled')),
    defaultProjectId: firstQuery(query, 'default_project_id'),
  });
  return { users: users.map((user) => renderUser(deps, user)), links: collectionLinks(deps, request) };
};

/** `GET /v3/users/{id}`: the user themself, or an admin. */
export const showUser: Handler = (deps) => async (request) => {
  const context = requireContext(request, deps);
  const { user_id: userId } = request.params as { user_id: string };
  enforce('identity:get_user', context, { user_id: userId });
  return { user: renderUser(deps, getUser(deps.db, userId)) };
};
