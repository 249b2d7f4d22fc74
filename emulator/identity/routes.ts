import type { FastifyPluginAsync } from 'fastify';
import { acceptRawBodies, route } from '../core/http.js';
import { newRequestId } from '../core/ids.js';
import type { Handler, ServiceOptions } from '../core/service.js';
import { identityErrorHandler, keystoneErrorBody } from './faults.js';
import {
  createApplicationCredentialHandler,
  deleteApplicationCredentialHandler,
  listApplicationCredentialsHandler,
  showApplicationCredential,
} from './responses/application-credentials.js';
import { getAuthCatalog } from './responses/catalog.js';
import { checkActorGrant, createActorGrant, listActorGrants, listRoleAssignments, revokeActorGrant } from './responses/assignments.js';
import { createDomain, deleteDomain, listAuthDomains, listDomains, showDomain, updateDomain } from './responses/domains.js';
import {
  addUserToGroup,
  checkUserInGroup,
  createGroup,
  deleteGroup,
  listGroups,
  listGroupUsers,
  removeUserFromGroup,
  showGroup,
  updateGroup,
} from './responses/groups.js';
import { createProject, deleteProject, listAuthProjects, listProjects, listUserProjectsHandler, showProject, updateProject } from './responses/projects.js';
import { createRole, deleteRole, listRoles, showRole, updateRole } from './responses/roles.js';
import { createToken, deleteToken, showToken } from './responses/tokens.js';
import { createUser, deleteUser, listUserGroupsHandler, listUsers, showUser, updateUser } from './responses/users.js';
import { listVersions, showVersion } from './responses/versions.js';

/** Keystone v3 at /cloud/identity: method + path → response function (HEAD comes with every GET). */
const GRANT = '/v3/:target_type(projects|domains)/:target_id/:actor_type(users|groups)/:actor_id/roles';

const ROUTES: [method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, handler: Handler][] = [
  ['GET', '/', listVersions],
  ['GET', '/v3', showVersion],
  ['POST', '/v3/auth/tokens', createToken],
  ['GET', '/v3/auth/tokens', showToken],
  ['DELETE', '/v3/auth/tokens', deleteToken],
  ['GET', '/v3/auth/projects', listAuthProjects],
  ['GET', '/v3/auth/domains', listAuthDomains],
  ['GET', '/v3/auth/catalog', getAuthCatalog],
  ['GET', '/v3/users', listUsers],
  ['POST', '/v3/users', createUser],
  ['GET', '/v3/users/:user_id', showUser],
  ['PATCH', '/v3/users/:user_id', updateUser],
  ['DELETE', '/v3/users/:user_id', deleteUser],
  ['GET', '/v3/users/:user_id/projects', listUserProjectsHandler],
  ['GET', '/v3/users/:user_id/groups', listUserGroupsHandler],
  ['GET', '/v3/users/:user_id/application_credentials', listApplicationCredentialsHandler],
  ['POST', '/v3/users/:user_id/application_credentials', createApplicationCredentialHandler],
  ['GET', '/v3/users/:user_id/application_credentials/:application_credential_id', showApplicationCredential],
  ['DELETE', '/v3/users/:user_id/application_credentials/:application_credential_id', deleteApplicationCredentialHandler],
  ['GET', '/v3/projects', listProjects],
  ['POST', '/v3/projects', createProject],
  ['GET', '/v3/projects/:project_id', showProject],
  ['PATCH', '/v3/projects/:project_id', updateProject],
  ['DELETE', '/v3/projects/:project_id', deleteProject],
  ['GET', '/v3/domains', listDomains],
  ['POST', '/v3/domains', createDomain],
  ['GET', '/v3/domains/:domain_id', showDomain],
  ['PATCH', '/v3/domains/:domain_id', updateDomain],
  ['DELETE', '/v3/domains/:domain_id', deleteDomain],
  ['GET', '/v3/groups', listGroups],
  ['POST', '/v3/groups', createGroup],
  ['GET', '/v3/groups/:group_id', showGroup],
  ['PATCH', '/v3/groups/:group_id', updateGroup],
  ['DELETE', '/v3/groups/:group_id', deleteGroup],
  ['GET', '/v3/groups/:group_id/users', listGroupUsers],
  ['GET', '/v3/groups/:group_id/users/:user_id', checkUserInGroup],
  ['PUT', '/v3/groups/:group_id/users/:user_id', addUserToGroup],
  ['DELETE', '/v3/groups/:group_id/users/:user_id', removeUserFromGroup],
  ['GET', '/v3/roles', listRoles],
  ['POST', '/v3/roles', createRole],
  ['GET', '/v3/roles/:role_id', showRole],
  ['PATCH', '/v3/roles/:role_id', updateRole],
  ['DELETE', '/v3/roles/:role_id', deleteRole],
  ['GET', GRANT, listActorGrants],
  ['GET', `${GRANT}/:role_id`, checkActorGrant],
  ['PUT', `${GRANT}/:role_id`, createActorGrant],
  ['DELETE', `${GRANT}/:role_id`, revokeActorGrant],
  ['GET', '/v3/role_assignments', listRoleAssignments],
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
