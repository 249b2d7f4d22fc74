import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RequestContext } from '../../core/context.js';
import { BadRequest, Conflict } from '../../core/errors.js';
import { firstQuery, queryOf } from '../../core/http.js';
import type { Handler } from '../../core/service.js';
import { enforce } from '../policy.js';
import {
  createDomain as createDomainRecord,
  createProject as createProjectRecord,
  deleteDomain as deleteDomainRecord,
  deleteProject as deleteProjectRecord,
  findDomain,
  findDomainByName,
  findProject,
  getDomain,
  getProject as findProjectOrFail,
  listDomains as listAllDomains,
  listProjects as listAllProjects,
  updateDomain as updateDomainRecord,
  updateProject as updateProjectRecord,
} from '../models/resources.js';
import { effectiveRoles, listUserProjects } from '../models/roles.js';
import { getUser } from '../models/users.js';
import { bool, entityBody, nullableStr, str } from './bodies.js';
import { collectionLinks, parseBoolean, requireContext } from './common.js';
import { renderDomainProject, renderProject } from './render.js';

type Params = Record<string, string>;
const params = (request: FastifyRequest) => request.params as Params;

/** The domain a request without one acts in: the token's domain (Keystone's default for creates and lists). */
export function contextDomain(context: RequestContext): string {
  return context.domainId ?? context.projectDomainId ?? context.userDomainId;
}

/**
 * Keystone keeps each domain as a project acting as a domain (`is_domain`,
 * no domain, no parent): the projects API reaches domains through their id,
 * and `?is_domain=true` lists them. Only the cloud admin acts on them here.
 */
const domainAsProject = (db: Parameters<typeof findDomain>[0], id: string) => (findProject(db, id) ? null : findDomain(db, id));

/** `GET /v3/projects` (admin; a domain admin within its domain), filtered by `name`, `domain_id`, `enabled`, `parent_id`, `is_domain`. */
export const listProjects: Handler = (deps) => async (request) => {
  const context = requireContext(request, deps);
  const query = queryOf(request);
  if (parseBoolean(firstQuery(query, 'is_domain'))) {
    enforce('identity:list_projects', context);
    const domains = listAllDomains(deps.db, { name: firstQuery(query, 'name'), enabled: parseBoolean(firstQuery(query, 'enabled')) });
    return { projects: domains.map((domain) => renderDomainProject(deps, domain)), links: collectionLinks(deps, request) };
  }
  const domainId = firstQuery(query, 'domain_id') ?? context.domainId ?? undefined;
  enforce('identity:list_projects', context, { domain_id: domainId });
  const projects = listAllProjects(deps.db, { name: firstQuery(query, 'name'), domainId, enabled: parseBoolean(firstQuery(query, 'enabled')), parentId: firstQuery(query, 'parent_id') });
  return { projects: projects.map((project) => renderProject(deps, project)), links: collectionLinks(deps, request) };
};

/** `GET /v3/projects/{id}`: admin, or a project the caller holds a role on. */
export const showProject: Handler = (deps) => async (request) => {
  const context = requireContext(request, deps);
  const { project_id: projectId } = params(request);
  const domain = domainAsProject(deps.db, projectId);
  if (domain) {
    enforce('identity:get_project', context, { project_id: projectId });
    return { project: renderDomainProject(deps, domain) };
  }
  const callerHasRole = effectiveRoles(deps.db, context.userId, 'project', projectId).length > 0;
  const project = findProjectOrFailFor(context, deps.db, projectId, callerHasRole);
  return { project: renderProject(deps, project) };
};

/** Policy first, on what the caller may know: an unknown id answers 403 to a non-admin, 404 to an admin. */
function findProjectOrFailFor(context: RequestContext, db: Parameters<typeof findProjectOrFail>[0], projectId: string, callerHasRole: boolean) {
  const project = (() => {
    try {
      return findProjectOrFail(db, projectId);
    } catch (error) {
      enforce('identity:get_project', context, { project_id: projectId, caller_has_role: callerHasRole });
      throw error;
    }
  })();
  enforce('identity:get_project', context, { project_id: projectId, caller_has_role: callerHasRole, domain_id: project.domainId });
  return project;
}

/** `POST /v3/projects`: 201; the domain defaults to the token's. */
export const createProject: Handler = (deps) => async (request, reply: FastifyReply) => {
  const context = requireContext(request, deps);
  const body = entityBody(request, 'project', 'create');
  if (body.is_domain === true) return reply.code(201).send({ project: renderDomainProject(deps, createDomainProject(context, deps.db, body)) });
  const parentId = nullableStr(body.parent_id) ?? null;
  // Without a domain, a project takes its parent's (Keystone), else the token's.
  const parentDomain = parentId && !body.domain_id ? findProject(deps.db, parentId)?.domainId : undefined;
  const domainId = str(body.domain_id) ?? parentDomain ?? contextDomain(context);
  enforce('identity:create_project', context, { domain_id: domainId });
  getDomain(deps.db, domainId);
  const project = createProjectRecord(deps.db, {
    name: str(body.name)!,
    domainId,
    description: nullableStr(body.description) ?? '',
    enabled: bool(body.enabled),
    tags: body.tags as string[] | undefined,
    parentId,
  });
  return reply.code(201).send({ project: renderProject(deps, project) });
};

/** A root project acting as a domain: a new domain, its name unique among domains (Keystone's wording). */
function createDomainProject(context: RequestContext, db: Parameters<typeof findDomain>[0], body: Record<string, unknown>) {
  enforce('identity:create_project', context);
  if (nullableStr(body.parent_id) || nullableStr(body.domain_id)) throw new BadRequest('only root projects are allowed to act as domains.');
  const name = str(body.name)!;
  if (findDomainByName(db, name)) {
    throw new Conflict(`Conflict occurred attempting to store project - it is not permitted to have two projects acting as domains with the same name: ${name}.`);
  }
  return createDomainRecord(db, { name, description: nullableStr(body.description) ?? '', enabled: bool(body.enabled) });
}

/** `PATCH /v3/projects/{id}`. */
export const updateProject: Handler = (deps) => async (request) => {
  const context = requireContext(request, deps);
  const { project_id: projectId } = params(request);
  if (domainAsProject(deps.db, projectId)) {
    enforce('identity:update_project', context);
    const body = entityBody(request, 'project', 'update');
    const domain = updateDomainRecord(deps.db, projectId, { name: str(body.name), description: nullableStr(body.description) ?? undefined, enabled: bool(body.enabled) });
    return { project: renderDomainProject(deps, domain) };
  }
  const current = findProjectOrFail(deps.db, projectId);
  enforce('identity:update_project', context, { domain_id: current.domainId });
  const body = entityBody(request, 'project', 'update');
  if (body.domain_id !== undefined && body.domain_id !== current.domainId) throw new BadRequest('Update of `domain_id` is not allowed.');
  const project = updateProjectRecord(deps.db, projectId, {
    name: str(body.name),
    description: nullableStr(body.description) ?? undefined,
    enabled: bool(body.enabled),
    tags: body.tags as string[] | undefined,
  });
  return { project: renderProject(deps, project) };
};

/** `DELETE /v3/projects/{id}`: 204, with the grants on it. */
export const deleteProject: Handler = (deps) => async (request, reply: FastifyReply) => {
  const context = requireContext(request, deps);
  const { project_id: projectId } = params(request);
  // A domain: refused while enabled, as DELETE /v3/domains/{id}.
  if (domainAsProject(deps.db, projectId)) {
    enforce('identity:delete_project', context);
    deleteDomainRecord(deps.db, projectId);
    return reply.code(204).send();
  }
  const current = findProjectOrFail(deps.db, projectId);
  enforce('identity:delete_project', context, { domain_id: current.domainId });
  deleteProjectRecord(deps.db, projectId);
  return reply.code(204).send();
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
  enforce('identity:list_user_projects', context, { user_id: userId, domain_id: context.userId === userId ? undefined : getUserDomain(deps.db, userId) });
  getUser(deps.db, userId);
  return { projects: listUserProjects(deps.db, userId).map((project) => renderProject(deps, project)), links: collectionLinks(deps, request) };
};

function getUserDomain(db: Parameters<typeof getUser>[0], userId: string): string | undefined {
  try {
    return getUser(db, userId).domainId;
  } catch {
    return undefined;
  }
}
