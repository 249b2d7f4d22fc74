import type { FastifyPluginAsync } from 'fastify';
import type { BffContext } from '../context.js';
import { keystoneDomainRoutes } from './keystone/domains.js';
import { keystoneGroupRoutes } from './keystone/groups.js';
import { keystoneProjectRoutes } from './keystone/projects.js';
import { keystoneRoleRoutes } from './keystone/roles.js';
import { keystoneUserRoutes } from './keystone/users.js';
import { userSession } from './user-session.js';

/** `/api/keystone/`: the session and the catalog here; the identity administration routes in keystone/ (api-contract §3). */
export const keystoneRoutes: FastifyPluginAsync<BffContext> = async (app, context) => {
  const { access } = context;
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

  for (const routes of [keystoneDomainRoutes, keystoneProjectRoutes, keystoneUserRoutes, keystoneGroupRoutes, keystoneRoleRoutes]) await app.register(routes, context);
};
