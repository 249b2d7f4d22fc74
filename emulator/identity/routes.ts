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
import {
  createConsumer,
  createCredential,
  createEc2,
  createPolicy,
  deleteConsumer,
  deleteCredential,
  deleteEc2,
  deletePolicy,
  listConsumers,
  listCredentials,
  listEc2,
  listPolicies,
  showConsumer,
  showCredential,
  showEc2,
  showPolicy,
  updateConsumer,
  updateCredential,
  updatePolicy,
} from './responses/credentials.js';
import {
  createEndpointHandler,
  createRegionHandler,
  createServiceHandler,
  deleteEndpointHandler,
  deleteRegionHandler,
  deleteServiceHandler,
  listEndpointsHandler,
  listRegionsHandler,
  listServicesHandler,
  showEndpoint,
  showRegion,
  showService,
  updateEndpointHandler,
  updateRegionHandler,
  updateServiceHandler,
} from './responses/catalog-admin.js';
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
import { checkImpliedRole, createImpliedRole, deleteImpliedRole, listImpliedRoles, listRoleInferences, showImpliedRole } from './responses/implied-roles.js';
import { createDomainConfig, deleteDomainConfig, showDefaultConfig, showDomainConfig, updateDomainConfig } from './responses/domain-config.js';
import {
  addGroupProject,
  createEndpointGroup,
  deleteEndpointGroupHandler,
  listEndpointGroups,
  listGroupEndpoints,
  listGroupProjects,
  listProjectEndpointGroups,
  removeGroupProject,
  showEndpointGroup,
  showGroupProject,
  updateEndpointGroup,
} from './responses/endpoint-groups.js';
import { checkInheritedGrant, createInheritedGrant, listInheritedGrantsHandler, revokeInheritedGrant } from './responses/inherited-grants.js';
import { checkSystemGrant, createSystemGrant, listAuthSystem, listSystemGrantsHandler, revokeSystemGrant } from './responses/system-grants.js';
import { addProjectEndpoint, checkProjectEndpoint, listEndpointProjects, listProjectEndpoints, removeProjectEndpoint } from './responses/project-endpoints.js';
import { createRole, deleteRole, listRoles, showRole, updateRole } from './responses/roles.js';
import { createToken, deleteToken, showToken } from './responses/tokens.js';
import { changePassword, createUser, deleteUser, listUserGroupsHandler, listUsers, showUser, updateUser } from './responses/users.js';
import { listVersions, showVersion } from './responses/versions.js';

/** Keystone v3 at /cloud/identity: method + path → response function (HEAD comes with every GET). */
const GRANT = '/v3/:target_type(projects|domains)/:target_id/:actor_type(users|groups)/:actor_id/roles';
const SYSTEM_GRANT = '/v3/system/:actor_type(users|groups)/:actor_id/roles';
const INHERITED_GRANT = '/v3/OS-INHERIT/:target_type(projects|domains)/:target_id/:actor_type(users|groups)/:actor_id/roles';

const ROUTES: [method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, handler: Handler][] = [
  ['GET', '/', listVersions],
  ['GET', '/v3', showVersion],
  ['POST', '/v3/auth/tokens', createToken],
  ['GET', '/v3/auth/tokens', showToken],
  ['DELETE', '/v3/auth/tokens', deleteToken],
  ['GET', '/v3/auth/projects', listAuthProjects],
  ['GET', '/v3/auth/domains', listAuthDomains],
  ['GET', '/v3/auth/system', listAuthSystem],
  ['GET', '/v3/auth/catalog', getAuthCatalog],
  ['GET', '/v3/users', listUsers],
  ['POST', '/v3/users', createUser],
  ['GET', '/v3/users/:user_id', showUser],
  ['PATCH', '/v3/users/:user_id', updateUser],
  ['DELETE', '/v3/users/:user_id', deleteUser],
  ['GET', '/v3/users/:user_id/projects', listUserProjectsHandler],
  ['GET', '/v3/users/:user_id/groups', listUserGroupsHandler],
  ['POST', '/v3/users/:user_id/password', changePassword],
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
  ['GET', '/v3/domains/config/default', showDefaultConfig],
  ['GET', '/v3/domains/config/:group/default', showDefaultConfig],
  ['GET', '/v3/domains/config/:group/:option/default', showDefaultConfig],
  ...['/v3/domains/:domain_id/config', '/v3/domains/:domain_id/config/:group', '/v3/domains/:domain_id/config/:group/:option'].flatMap(
    (path): typeof ROUTES => [
      ['GET', path, showDomainConfig],
      ['PATCH', path, updateDomainConfig],
      ['DELETE', path, deleteDomainConfig],
    ],
  ),
  ['PUT', '/v3/domains/:domain_id/config', createDomainConfig],
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
  ['GET', '/v3/roles/:prior_role_id/implies', listImpliedRoles],
  ['PUT', '/v3/roles/:prior_role_id/implies/:implied_role_id', createImpliedRole],
  ['GET', '/v3/roles/:prior_role_id/implies/:implied_role_id', showImpliedRole],
  ['DELETE', '/v3/roles/:prior_role_id/implies/:implied_role_id', deleteImpliedRole],
  ['GET', '/v3/role_inferences', listRoleInferences],
  ['GET', GRANT, listActorGrants],
  ['GET', `${GRANT}/:role_id`, checkActorGrant],
  ['PUT', `${GRANT}/:role_id`, createActorGrant],
  ['DELETE', `${GRANT}/:role_id`, revokeActorGrant],
  ['GET', `${INHERITED_GRANT}/inherited_to_projects`, listInheritedGrantsHandler],
  ['GET', `${INHERITED_GRANT}/:role_id/inherited_to_projects`, checkInheritedGrant],
  ['PUT', `${INHERITED_GRANT}/:role_id/inherited_to_projects`, createInheritedGrant],
  ['DELETE', `${INHERITED_GRANT}/:role_id/inherited_to_projects`, revokeInheritedGrant],
  ['GET', SYSTEM_GRANT, listSystemGrantsHandler],
  ['GET', `${SYSTEM_GRANT}/:role_id`, checkSystemGrant],
  ['PUT', `${SYSTEM_GRANT}/:role_id`, createSystemGrant],
  ['DELETE', `${SYSTEM_GRANT}/:role_id`, revokeSystemGrant],
  ['GET', '/v3/role_assignments', listRoleAssignments],
  ['GET', '/v3/credentials', listCredentials],
  ['POST', '/v3/credentials', createCredential],
  ['GET', '/v3/credentials/:credential_id', showCredential],
  ['PATCH', '/v3/credentials/:credential_id', updateCredential],
  ['DELETE', '/v3/credentials/:credential_id', deleteCredential],
  ['GET', '/v3/users/:user_id/credentials/OS-EC2', listEc2],
  ['POST', '/v3/users/:user_id/credentials/OS-EC2', createEc2],
  ['GET', '/v3/users/:user_id/credentials/OS-EC2/:access', showEc2],
  ['DELETE', '/v3/users/:user_id/credentials/OS-EC2/:access', deleteEc2],
  ['GET', '/v3/OS-OAUTH1/consumers', listConsumers],
  ['POST', '/v3/OS-OAUTH1/consumers', createConsumer],
  ['GET', '/v3/OS-OAUTH1/consumers/:consumer_id', showConsumer],
  ['PATCH', '/v3/OS-OAUTH1/consumers/:consumer_id', updateConsumer],
  ['DELETE', '/v3/OS-OAUTH1/consumers/:consumer_id', deleteConsumer],
  ['GET', '/v3/policies', listPolicies],
  ['POST', '/v3/policies', createPolicy],
  ['GET', '/v3/policies/:policy_id', showPolicy],
  ['PATCH', '/v3/policies/:policy_id', updatePolicy],
  ['DELETE', '/v3/policies/:policy_id', deletePolicy],
  ['GET', '/v3/regions', listRegionsHandler],
  ['POST', '/v3/regions', createRegionHandler],
  ['GET', '/v3/regions/:region_id', showRegion],
  ['PUT', '/v3/regions/:region_id', createRegionHandler],
  ['PATCH', '/v3/regions/:region_id', updateRegionHandler],
  ['DELETE', '/v3/regions/:region_id', deleteRegionHandler],
  ['GET', '/v3/services', listServicesHandler],
  ['POST', '/v3/services', createServiceHandler],
  ['GET', '/v3/services/:service_id', showService],
  ['PATCH', '/v3/services/:service_id', updateServiceHandler],
  ['DELETE', '/v3/services/:service_id', deleteServiceHandler],
  ['GET', '/v3/endpoints', listEndpointsHandler],
  ['POST', '/v3/endpoints', createEndpointHandler],
  ['GET', '/v3/endpoints/:endpoint_id', showEndpoint],
  ['PATCH', '/v3/endpoints/:endpoint_id', updateEndpointHandler],
  ['DELETE', '/v3/endpoints/:endpoint_id', deleteEndpointHandler],
  ['GET', '/v3/OS-EP-FILTER/endpoint_groups', listEndpointGroups],
  ['POST', '/v3/OS-EP-FILTER/endpoint_groups', createEndpointGroup],
  ['GET', '/v3/OS-EP-FILTER/endpoint_groups/:endpoint_group_id', showEndpointGroup],
  ['PATCH', '/v3/OS-EP-FILTER/endpoint_groups/:endpoint_group_id', updateEndpointGroup],
  ['DELETE', '/v3/OS-EP-FILTER/endpoint_groups/:endpoint_group_id', deleteEndpointGroupHandler],
  ['GET', '/v3/OS-EP-FILTER/endpoint_groups/:endpoint_group_id/endpoints', listGroupEndpoints],
  ['GET', '/v3/OS-EP-FILTER/endpoint_groups/:endpoint_group_id/projects', listGroupProjects],
  ['GET', '/v3/OS-EP-FILTER/endpoint_groups/:endpoint_group_id/projects/:project_id', showGroupProject],
  ['PUT', '/v3/OS-EP-FILTER/endpoint_groups/:endpoint_group_id/projects/:project_id', addGroupProject],
  ['DELETE', '/v3/OS-EP-FILTER/endpoint_groups/:endpoint_group_id/projects/:project_id', removeGroupProject],
  ['GET', '/v3/OS-EP-FILTER/projects/:project_id/endpoint_groups', listProjectEndpointGroups],
  ['GET', '/v3/OS-EP-FILTER/projects/:project_id/endpoints', listProjectEndpoints],
  ['GET', '/v3/OS-EP-FILTER/projects/:project_id/endpoints/:endpoint_id', checkProjectEndpoint],
  ['PUT', '/v3/OS-EP-FILTER/projects/:project_id/endpoints/:endpoint_id', addProjectEndpoint],
  ['DELETE', '/v3/OS-EP-FILTER/projects/:project_id/endpoints/:endpoint_id', removeProjectEndpoint],
  ['GET', '/v3/OS-EP-FILTER/endpoints/:endpoint_id/projects', listEndpointProjects],
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
  // Keystone answers HEAD on a role inference with 204 (the check), not the GET's 200.
  app.route({ method: 'HEAD', url: '/v3/roles/:prior_role_id/implies/:implied_role_id', handler: checkImpliedRole(deps) });
  for (const [method, path, handler] of ROUTES) route(app, method, path, handler(deps));
};
