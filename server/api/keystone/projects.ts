import type { FastifyPluginAsync } from 'fastify';
import type { BffContext } from '../../context.js';
import { ApiError, UpstreamError } from '../../errors.js';
import type { KeystoneProject } from '../../openstack/keystone.js';
import { enforce } from '../../policy/enforce.js';
import { checkId, created, deleteEach, filtersOf, idsOf, matchesFilters, queryBoolean } from './shared.js';
import { effectiveDomain } from './users.js';

/** `/api/keystone/projects/` (api-contract §3). */

type ProjectBody = { name?: string; description?: string | null; enabled?: boolean; domain_id?: string | null } & Record<string, unknown>;

const projectPath = (id: string) => `/projects/${encodeURIComponent(id)}`;
/** Horizon's client keywords; every other query parameter filters the list. */
const CLIENT_KEYWORDS = ['paginate', 'marker', 'domain_id', 'user_id', 'admin', 'id'];

export const keystoneProjectRoutes: FastifyPluginAsync<BffContext> = async (app, { access }) => {
  /**
   * `user_id` = the caller: the projects cached at login (the project
   * switcher). Another user: `/v3/users/{u}/projects`. Otherwise every
   * project of the effective domain (`GET /v3/projects`, which Keystone
   * allows admins only). `admin=false` only says "the user's own client",
   * which is the only client this server has.
   */
  app.get<{ Querystring: Record<string, string> }>('/api/keystone/projects/', async (request) => {
    const session = request.session!;
    const { user_id: userId, domain_id: domainId, id } = request.query;
    const filters = filtersOf(request.query, CLIENT_KEYWORDS);
    const client = await access.client(request);
    let projects: KeystoneProject[];
    if (id !== undefined) {
      checkId(id);
      try {
        projects = [(await client.request<{ project: KeystoneProject }>('identity', 'GET', projectPath(id))).body.project];
      } catch (error) {
        if (error instanceof UpstreamError && error.status === 404) projects = [];
        else throw error;
      }
    } else if (userId === session.userId) {
      projects = await access.projects(session);
    } else if (userId) {
      checkId(userId);
      projects = (await client.request<{ projects: KeystoneProject[] }>('identity', 'GET', `/users/${encodeURIComponent(userId)}/projects`)).body.projects;
    } else {
      const domain = domainId ?? effectiveDomain(request);
      const query: Record<string, string> = domain === 'default' ? {} : { domain_id: domain };
      if (filters.name !== undefined) query.name = filters.name;
      if (filters.enabled !== undefined && queryBoolean(filters.enabled) !== undefined) query.enabled = String(queryBoolean(filters.enabled));
      projects = (await client.request<{ projects: KeystoneProject[] }>('identity', 'GET', '/projects', { query })).body.projects;
    }
    return { items: projects.filter((project) => matchesFilters(project, filters)), has_more: false };
  });

  app.post<{ Body: ProjectBody }>('/api/keystone/projects/', { schema: { body: { $ref: 'project.schema.json#/$defs/create' } } }, async (request, reply) => {
    if (!request.body.name) throw new ApiError(400, '"name" is required');
    enforce(request, 'identity', ['identity:create_project']);
    const { domain_id: domainId, ...rest } = request.body;
    const project = { ...rest, enabled: rest.enabled ?? true, description: rest.description ?? '', domain_id: domainId ?? effectiveDomain(request) };
    const response = await (await access.client(request)).request<{ project: KeystoneProject }>('identity', 'POST', '/projects', { body: { project } });
    return created(reply, 'projects', response.body.project);
  });

  app.delete('/api/keystone/projects/', async (request, reply) => {
    enforce(request, 'identity', ['identity:delete_project']);
    await deleteEach(await access.client(request), 'projects', idsOf(request));
    return reply.code(204).send();
  });

  app.get<{ Params: { id: string } }>('/api/keystone/projects/:id', async (request) => {
    checkId(request.params.id);
    return (await (await access.client(request)).request<{ project: KeystoneProject }>('identity', 'GET', projectPath(request.params.id))).body.project;
  });

  app.patch<{ Params: { id: string }; Body: ProjectBody }>(
    '/api/keystone/projects/:id',
    { schema: { body: { $ref: 'project.schema.json#/$defs/update' } } },
    async (request, reply) => {
      checkId(request.params.id);
      enforce(request, 'identity', ['identity:update_project']);
      const { domain_id: _domain, ...project } = request.body;
      await (await access.client(request)).request('identity', 'PATCH', projectPath(request.params.id), { body: { project } });
      return reply.code(204).send();
    },
  );

  app.delete<{ Params: { id: string } }>('/api/keystone/projects/:id', async (request, reply) => {
    checkId(request.params.id);
    enforce(request, 'identity', ['identity:delete_project']);
    await (await access.client(request)).request('identity', 'DELETE', projectPath(request.params.id));
    return reply.code(204).send();
  });
};
