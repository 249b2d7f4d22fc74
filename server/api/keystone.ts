import type { FastifyPluginAsync } from 'fastify';
import type { BffContext } from '../context.js';
import { UpstreamError } from '../errors.js';
import type { KeystoneProject } from '../openstack/keystone.js';
import { userSession } from './user-session.js';

interface ProjectsQuery {
  user_id?: string;
  domain_id?: string;
  admin?: string;
  name?: string;
  enabled?: string;
  id?: string;
  paginate?: string;
  marker?: string;
}

/** `/api/keystone/`: the session, the catalog and the projects (api-contract §3). */
export const keystoneRoutes: FastifyPluginAsync<BffContext> = async (app, { access }) => {
  app.get('/api/keystone/version/', async () => ({ version: '3' }));

  app.get('/api/keystone/user-session/', async (request) => {
    const session = request.session!;
    return userSession(session, await access.catalog(session));
  });

  // Public endpoints only, and entries without one dropped (api-contract §3).
  app.get('/api/keystone/svc-catalog/', async (request) => {
    const catalog = await access.catalog(request.session!);
    return catalog
      .map((entry) => ({
        id: entry.id,
        type: entry.type,
        name: entry.name,
        endpoints: entry.endpoints
          .filter((endpoint) => endpoint.interface === 'public')
          .map(({ id, interface: iface, region, region_id, url }) => ({ id, interface: iface, region, region_id, url })),
      }))
      .filter((entry) => entry.endpoints.length > 0);
  });

  // Horizon replaces each service id by its index in the list (api-contract §13.14).
  app.get('/api/keystone/services/', async (request) => {
    const catalog = await access.catalog(request.session!);
    return { items: catalog.map((entry, index) => ({ ...entry, id: String(index) })) };
  });

  app.get<{ Querystring: ProjectsQuery }>('/api/keystone/projects/', async (request) => {
    const session = request.session!;
    const { user_id: userId, admin, paginate: _paginate, marker: _marker, ...filters } = request.query;
    let projects: KeystoneProject[];
    if (!userId || userId === session.userId || admin === 'false') {
      projects = await access.projects(session);
    } else {
      const client = await access.client(request);
      const response = await client.request<{ projects: KeystoneProject[] }>('identity', 'GET', `/users/${encodeURIComponent(userId)}/projects`);
      projects = response.body.projects;
    }
    return { items: projects.filter((project) => matchesFilters(project, filters)), has_more: false };
  });

  app.get('/api/keystone/default_domain/', async (request) => {
    const session = request.session!;
    const id = session.domainId ?? session.userDomainId;
    try {
      const client = await access.client(request);
      const response = await client.request<{ domain: { id: string; name: string } }>('identity', 'GET', `/domains/${encodeURIComponent(id)}`);
      return { id: response.body.domain.id, name: response.body.domain.name };
    } catch (error) {
      // A member may not read the domain; Horizon then uses the token's domain name.
      if (error instanceof UpstreamError && error.status === 403) return { id, name: session.domainName ?? session.userDomainName };
      throw error;
    }
  });
};

/** Query parameters other than the client keywords filter the list (api-contract §1.5). */
function matchesFilters(project: KeystoneProject, filters: Record<string, string | undefined>): boolean {
  return Object.entries(filters).every(([key, value]) => {
    if (value === undefined) return true;
    const actual = (project as unknown as Record<string, unknown>)[key];
    return String(actual) === value || (value === 'True' && actual === true) || (value === 'False' && actual === false);
  });
}
