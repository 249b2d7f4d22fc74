import type { FastifyPluginAsync } from 'fastify';
import { acceptRawBodies, route } from '../core/http.js';
import { newRequestId } from '../core/ids.js';
import type { Handler, ServiceOptions } from '../core/service.js';
import { identityErrorHandler, keystoneErrorBody } from './faults.js';
import { getAuthCatalog } from './responses/catalog.js';
import { listAuthDomains, listDomains, showDomain } from './responses/domains.js';
import { listAuthProjects, listProjects, listProjectUserRoles, listUserProjectsHandler, showProject } from './responses/projects.js';
import { listRoles } from './responses/roles.js';
import { createToken, deleteToken, showToken } from './responses/tokens.js';
import { listUsers, showUser } from './responses/users.js';
import { listVersions, showVersion } from './responses/versions.js';

/** Keystone v3 at /cloud/identity: method + path → response function (HEAD comes with every GET). */
const ROUTES: [method: 'GET' | 'POST' | 'DELETE', path: string, handler: Handler][] = [
  ['GET', '/', listVersions],
  ['GET', '/v3', showVersion],
  ['POST', '/v3/auth/tokens', createToken],
  ['GET', '/v3/auth/tokens', showToken],
  ['DELETE', '/v3/auth/tokens', deleteToken],
  ['GET', '/v3/auth/projects', listAuthProjects],
  ['GET', '/v3/auth/domains', listAuthDomains],
  ['GET', '/v3/auth/catalog', getAuthCatalog],
  ['GET', '/v3/users', listUsers],
  ['GET', '/v3/users/:user_id', showUser],
  ['GET', '/v3/users/:user_id/projects', listUserProjectsHandler],
  ['GET', '/v3/projects', listProjects],
  ['GET', '/v3/projects/:project_id', showProject],
  ['GET', '/v3/projects/:project_id/users/:user_id/roles', listProjectUserRoles],
  ['GET', '/v3/domains', listDomains],
  ['GET', '/v3/domains/:domain_id', showDomain],
  ['GET', '/v3/roles', listRoles],
];

export const identityRoutes: FastifyPluginAsync<ServiceOptions> = async (app, { deps }) => {
  acceptRawBodies(app);
  app.setErrorHandler(identityErrorHandler(deps));
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).header('Content-Type', 'application/json').send(JSON.stringify(keystoneErrorBody(404, 'The resource could not be found.'))),
  );
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Vary', 'X-Auth-Token');
    reply.header('x-openstack-request-id', newRequestId());
  });
  for (const [method, path, handler] of ROUTES) route(app, method, path, handler(deps));
};
