import type { FastifyRequest } from 'fastify';
import { firstQuery, queryOf } from '../../core/http.js';
import type { Handler } from '../../core/service.js';
import { enforce } from '../policy.js';
import { getProject as findProjectOrFail, listProjects as listAllProjects } from '../models/resources.js';
import { effectiveRoles, listGrants, listUserProjects } from '../models/roles.js';
import { getUser } from '../models/users.js';
import { collectionLinks, parseBoolean, requireContext } from './common.js';
import { renderProject, renderRole } from './render.js';

type Params = Record<string, string>;
const params = (request: FastifyRequest) => request.params as Params;

/** `GET /v3/projects` (admin), filtered by `name`, `domain_id`, `enabled`. */
export const listProjects: Handler = (deps) => async (request) => {
  const context = requireContext(request, deps);
  enforce('identity:list_projects', context);
  const query = queryOf(request);
  const projects = listAllProjects(deps.db, {
    name: firstQuery(query, 'name'),
    domainId: firstQuery(query, 'domain_id'),
    enabled: parseBoolean(firstQuery(query, 'enabled')),
  });
  return { projects: projects.map((project) => renderProject(deps, project)), links: collectionLinks(deps, request) };
};

/** `GET /v3/projects/{id}`: admin, or a project the caller holds a role on. */
export const showProject: Handler = (deps) => async (request) => {
  const context = requireContext(request, deps);
  const { project_id: projectId } = params(request);
  const callerHasRole = effectiveRoles(deps.db, context.userId, 'project', projectId).length > 0;
  enforce('identity:get_project', context, { project_id: projectId, caller_has_role: callerHasRole });
  return { project: renderProject(deps, findProjectOrFail(deps.db, projectId)) };
};

/** `GET /v3/auth/projects`: the projects the token's user may scope to. */
export const listAuthProjects: Handler = (deps) => async (request) => {
  const context = requireContext(request, deps);
  return { projects: listUserProjects(deps.db, context.userId).map((project) => renderProject(deps, project)), links: collectionLinks(deps, request) };
};

/** `GET /v3/users/{id}/projects`: the user themself, or an admin. */
export const listUserProjectsHandler: Handler = (deps) => async (request) => {
  const context = requireContext(request, deps);
  const { user_id: userId } = params(request);
  enforce('identity:list_user_projects', context, { user_id: userId });
  getUser(deps.db, userId);
  return { projects: listUserProjects(deps.db, userId).map((project) => renderProject(deps, project)), links: collectionLinks(deps, request) };
};

/** `GET /v3/projects/{p}/users/{u}/roles`: the direct grants (admin). */
export const listProjectUserRoles: Handler = (deps) => async (request) => {
  const context = requireContext(request, deps);
  const { project_id: projectId, user_id: userId } = params(request);
  enforce('identity:list_grants', context, { project_id: projectId, user_id: userId });
  findProjectOrFail(deps.db, projectId);
  getUser(deps.db, userId);
  return { roles: listGrants(deps.db, userId, 'project', projectId).map((role) => renderRole(deps, role)), links: collectionLinks(deps, request) };
};
