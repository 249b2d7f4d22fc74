import type { FastifyReply, FastifyRequest } from 'fastify';
import { BadRequest } from '../../core/errors.js';
import { firstQuery, jsonBody, queryOf } from '../../core/http.js';
import { newKeystoneId } from '../../core/ids.js';
import type { CloudDeps, Handler } from '../../core/service.js';
import { validateAgainst } from '../../core/validation.js';
import { listEndpoints } from '../models/catalog-admin.js';
import { type Document, listDocuments, putDocument } from '../models/documents.js';
import {
  associate,
  deleteEndpointGroup,
  dissociate,
  FILTER_KEYS,
  getAssociation,
  getEndpointGroup,
  groupProjectIds,
  projectEndpointGroups,
  selects,
} from '../models/endpoint-groups.js';
import { getProject } from '../models/resources.js';
import { expectingToFind } from '../faults.js';
import { adminOnly, renderEndpoint } from './catalog-admin.js';
import { collectionLinks, v3Url } from './common.js';
import { renderProject } from './render.js';

/** `/v3/OS-EP-FILTER/endpoint_groups` and their project associations (keystone/api/os_ep_filter.py): cloud admins only. */

const PROPERTIES = {
  description: { type: ['string', 'null'] },
  filters: { type: 'object' },
  name: { type: 'string', minLength: 1, maxLength: 255, pattern: '[\\S]+' },
};
const CREATE = { type: 'object', properties: PROPERTIES, required: ['name', 'filters'] };
const UPDATE = { type: 'object', properties: PROPERTIES, minProperties: 1 };

const param = (request: FastifyRequest, name: string) => (request.params as Record<string, string>)[name];

function bodyOf(request: FastifyRequest, schema: object): Record<string, unknown> {
  const body = jsonBody(request);
  const entity = body && typeof body === 'object' && !Array.isArray(body) ? ((body as Record<string, unknown>).endpoint_group ?? {}) : {};
  validateAgainst(schema, entity);
  const values = entity as Record<string, unknown>;
  if (values.filters && Object.keys(values.filters).some((key) => !(FILTER_KEYS as readonly string[]).includes(key))) {
    throw expectingToFind('service_id or region_id or interface', 'endpoint_group');
  }
  return values;
}

const renderGroup = (deps: CloudDeps, group: Document) => ({
  id: group.id,
  name: group.name,
  description: group.description ?? null,
  filters: group.filters,
  links: { self: `${v3Url(deps)}/OS-EP-FILTER/endpoint_groups/${group.id}` },
});

export const listEndpointGroups: Handler = (deps) => async (request) => {
  adminOnly(request, deps, 'list_endpoint_groups');
  const groups = listDocuments(deps.db, 'endpoint_group', { name: firstQuery(queryOf(request), 'name') });
  return { endpoint_groups: groups.map((group) => renderGroup(deps, group)), links: collectionLinks(deps, request) };
};

export const showEndpointGroup: Handler = (deps) => async (request) => {
  adminOnly(request, deps, 'get_endpoint_group');
  return { endpoint_group: renderGroup(deps, getEndpointGroup(deps.db, param(request, 'endpoint_group_id'))) };
};

export const createEndpointGroup: Handler = (deps) => async (request, reply: FastifyReply) => {
  adminOnly(request, deps, 'create_endpoint_group');
  const body = bodyOf(request, CREATE);
  const group = putDocument(deps.db, 'endpoint_group', { id: newKeystoneId(), name: body.name, description: body.description ?? null, filters: body.filters }, deps.clock.now());
  return reply.code(201).send({ endpoint_group: renderGroup(deps, group) });
};

export const updateEndpointGroup: Handler = (deps) => async (request) => {
  adminOnly(request, deps, 'update_endpoint_group');
  const current = getEndpointGroup(deps.db, param(request, 'endpoint_group_id'));
  const body = bodyOf(request, UPDATE);
  if ('id' in body && body.id !== current.id) throw new BadRequest('Cannot change ID');
  const changes = Object.fromEntries(Object.entries(body).filter(([key]) => key in PROPERTIES));
  return { endpoint_group: renderGroup(deps, putDocument(deps.db, 'endpoint_group', { ...current, ...changes, id: current.id }, deps.clock.now())) };
};

export const deleteEndpointGroupHandler: Handler = (deps) => async (request, reply: FastifyReply) => {
  adminOnly(request, deps, 'delete_endpoint_group');
  deleteEndpointGroup(deps.db, param(request, 'endpoint_group_id'));
  return reply.code(204).send();
};

/** `GET …/endpoint_groups/{id}/endpoints`: the endpoints the group's filters select. */
export const listGroupEndpoints: Handler = (deps) => async (request) => {
  adminOnly(request, deps, 'list_endpoints_associated_with_endpoint_group');
  const group = getEndpointGroup(deps.db, param(request, 'endpoint_group_id'));
  const endpoints = listEndpoints(deps.db, {}).filter((row) => selects(group, row));
  return { endpoints: endpoints.map((row) => renderEndpoint(deps, row)), links: collectionLinks(deps, request) };
};

export const listGroupProjects: Handler = (deps) => async (request) => {
  adminOnly(request, deps, 'list_projects_associated_with_endpoint_group');
  const groupId = param(request, 'endpoint_group_id');
  getEndpointGroup(deps.db, groupId);
  const projects = groupProjectIds(deps.db, groupId).map((id) => getProject(deps.db, id));
  return { projects: projects.map((project) => renderProject(deps, project)), links: collectionLinks(deps, request) };
};

export const listProjectEndpointGroups: Handler = (deps) => async (request) => {
  adminOnly(request, deps, 'list_endpoint_groups_for_project');
  const projectId = param(request, 'project_id');
  getProject(deps.db, projectId);
  return { endpoint_groups: projectEndpointGroups(deps.db, projectId).map((group) => renderGroup(deps, group)), links: collectionLinks(deps, request) };
};

const associationPath = (groupId: string, projectId: string) => `/OS-EP-FILTER/endpoint_groups/${groupId}/projects/${projectId}`;

export const addGroupProject: Handler = (deps) => async (request, reply: FastifyReply) => {
  adminOnly(request, deps, 'add_endpoint_group_to_project');
  associate(deps.db, param(request, 'endpoint_group_id'), param(request, 'project_id'));
  return reply.code(204).send();
};

/** `GET|HEAD …/projects/{p}`: the association, with Keystone's relative self link. */
export const showGroupProject: Handler = (deps) => async (request) => {
  adminOnly(request, deps, 'get_endpoint_group_in_project');
  const groupId = param(request, 'endpoint_group_id');
  const projectId = param(request, 'project_id');
  getAssociation(deps.db, groupId, projectId);
  return { project_endpoint_group: { endpoint_group_id: groupId, project_id: projectId, links: { self: associationPath(groupId, projectId) } } };
};

export const removeGroupProject: Handler = (deps) => async (request, reply: FastifyReply) => {
  adminOnly(request, deps, 'remove_endpoint_group_from_project');
  dissociate(deps.db, param(request, 'endpoint_group_id'), param(request, 'project_id'));
  return reply.code(204).send();
};
