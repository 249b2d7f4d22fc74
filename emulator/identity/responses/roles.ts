import { firstQuery, queryOf } from '../../core/http.js';
import type { Handler } from '../../core/service.js';
import { enforce } from '../policy.js';
import { listRoles as listAllRoles } from '../models/roles.js';
import { collectionLinks, requireContext } from './common.js';
import { renderRole } from './render.js';

/** `GET /v3/roles` (admin), filtered by `name`. */
export const listRoles: Handler = (deps) => async (request) => {
  const context = requireContext(request, deps);
  enforce('identity:list_roles', context);
  const roles = listAllRoles(deps.db, { name: firstQuery(queryOf(request), 'name') });
  return { roles: roles.map((role) => renderRole(deps, role)), links: collectionLinks(deps, request) };
};
