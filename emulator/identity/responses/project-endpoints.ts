import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Handler } from '../../core/service.js';
import { getEndpoint } from '../models/catalog-admin.js';
import { addEndpointToProject, checkEndpointInProject, endpointsForProject, projectIdsForEndpoint, removeEndpointFromProject } from '../models/project-endpoints.js';
import { getProject } from '../models/resources.js';
import { adminOnly, renderEndpoint } from './catalog-admin.js';
import { collectionLinks } from './common.js';
import { renderProject } from './render.js';

/** `/v3/OS-EP-FILTER/projects/{p}/endpoints[/{e}]` and `/v3/OS-EP-FILTER/endpoints/{e}/projects` (keystone/api/os_ep_filter.py): cloud admins only. */

const params = (request: FastifyRequest) => request.params as { project_id: string; endpoint_id: string };

/** `PUT …/projects/{p}/endpoints/{e}`: 204; 409 when already associated. */
export const addProjectEndpoint: Handler = (deps) => async (request, reply: FastifyReply) => {
  adminOnly(request, deps, 'add_endpoint_to_project');
  addEndpointToProject(deps.db, params(request).endpoint_id, params(request).project_id);
  return reply.code(204).send();
};

/** `GET|HEAD …/projects/{p}/endpoints/{e}`: 204 when associated. */
export const checkProjectEndpoint: Handler = (deps) => async (request, reply: FastifyReply) => {
  adminOnly(request, deps, 'check_endpoint_in_project');
  checkEndpointInProject(deps.db, params(request).endpoint_id, params(request).project_id);
  return reply.code(204).send();
};

export const removeProjectEndpoint: Handler = (deps) => async (request, reply: FastifyReply) => {
  adminOnly(request, deps, 'remove_endpoint_from_project');
  removeEndpointFromProject(deps.db, params(request).endpoint_id, params(request).project_id);
  return reply.code(204).send();
};

/** `GET …/projects/{p}/endpoints`: the endpoints associated with it and those its endpoint groups select. */
export const listProjectEndpoints: Handler = (deps) => async (request) => {
  adminOnly(request, deps, 'list_endpoints_for_project');
  getProject(deps.db, params(request).project_id);
  return { endpoints: endpointsForProject(deps.db, params(request).project_id).map((row) => renderEndpoint(deps, row)), links: collectionLinks(deps, request) };
};

/** `GET …/endpoints/{e}/projects`: the projects it is associated with directly. */
export const listEndpointProjects: Handler = (deps) => async (request) => {
  adminOnly(request, deps, 'list_projects_for_endpoint');
  getEndpoint(deps.db, params(request).endpoint_id);
  const projects = projectIdsForEndpoint(deps.db, params(request).endpoint_id).map((id) => getProject(deps.db, id));
  return { projects: projects.map((project) => renderProject(deps, project)), links: collectionLinks(deps, request) };
};
