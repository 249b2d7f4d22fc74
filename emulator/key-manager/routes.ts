import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { acceptRawBodies, route } from '../core/http.js';
import { type CloudDeps, cloudUrl, type ServiceOptions } from '../core/service.js';
import { barbicanErrorHandler, barbicanFault } from './faults.js';
import { authenticate } from './responses/common.js';
import {
  addConsumerHandler,
  createContainerHandler,
  deleteAclHandler,
  deleteContainerHandler,
  listConsumers,
  listContainersHandler,
  removeConsumerHandler,
  setAclHandler,
  showAcl,
  showContainer,
} from './responses/containers.js';
import {
  addMetadatum,
  createSecretHandler,
  deleteMetadatum,
  deleteSecretHandler,
  listSecretsHandler,
  putPayload,
  replaceMetadata,
  showMetadata,
  showMetadatum,
  showPayload,
  showSecret,
  updateMetadatum,
} from './responses/secrets.js';

type Respond = (deps: CloudDeps) => (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
type Route = [method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, handler: Respond];

/** Barbican v1 under /cloud/key-manager/v1: method + path → response. */
const API: Route[] = [
  ['GET', '/secrets', listSecretsHandler],
  ['POST', '/secrets', createSecretHandler],
  ['GET', '/secrets/:id', showSecret],
  ['PUT', '/secrets/:id', putPayload],
  ['DELETE', '/secrets/:id', deleteSecretHandler],
  ['GET', '/secrets/:id/payload', showPayload],
  ['GET', '/secrets/:id/metadata', showMetadata],
  ['PUT', '/secrets/:id/metadata', replaceMetadata],
  ['POST', '/secrets/:id/metadata', addMetadatum],
  ['GET', '/secrets/:id/metadata/:key', showMetadatum],
  ['PUT', '/secrets/:id/metadata/:key', updateMetadatum],
  ['DELETE', '/secrets/:id/metadata/:key', deleteMetadatum],
  ['GET', '/secrets/:id/acl', showAcl('secrets')],
  ['PUT', '/secrets/:id/acl', setAclHandler('secrets', 'replace')],
  ['PATCH', '/secrets/:id/acl', setAclHandler('secrets', 'merge')],
  ['DELETE', '/secrets/:id/acl', deleteAclHandler('secrets')],
  ['GET', '/containers', listContainersHandler],
  ['POST', '/containers', createContainerHandler],
  ['GET', '/containers/:id', showContainer],
  ['DELETE', '/containers/:id', deleteContainerHandler],
  ['GET', '/containers/:id/consumers', listConsumers],
  ['POST', '/containers/:id/consumers', addConsumerHandler],
  ['DELETE', '/containers/:id/consumers', removeConsumerHandler],
  ['GET', '/containers/:id/acl', showAcl('containers')],
  ['PUT', '/containers/:id/acl', setAclHandler('containers', 'replace')],
  ['PATCH', '/containers/:id/acl', setAclHandler('containers', 'merge')],
  ['DELETE', '/containers/:id/acl', deleteAclHandler('containers')],
];

function versionDocument(deps: CloudDeps) {
  return {
    id: 'v1',
    status: 'stable',
    updated: '2015-04-28T00:00:00Z',
    'media-types': [{ base: 'application/json', type: 'application/vnd.openstack.key-manager-v1+json' }],
    links: [{ rel: 'self', href: cloudUrl(deps, '/key-manager/v1/') }],
  };
}

export const keyManagerRoutes: FastifyPluginAsync<ServiceOptions> = async (app, { deps }) => {
  acceptRawBodies(app);
  app.setErrorHandler(barbicanErrorHandler(deps));
  app.setNotFoundHandler((_request, reply) => reply.code(404).header('Content-Type', 'application/json').send(JSON.stringify(barbicanFault(404, 'The resource could not be found.'))));
  // Barbican's root answers 300 Multiple Choices with its one version.
  route(app, 'GET', '/', async (_request, reply) => reply.code(300).send({ versions: { values: [versionDocument(deps)] } }));
  route(app, 'GET', '/v1', async () => ({ version: versionDocument(deps) }));
  await app.register(
    async (api) => {
      api.addHook('preHandler', authenticate(deps));
      for (const [method, path, handler] of API) route(api, method, path, handler(deps));
    },
    { prefix: '/v1' },
  );
};
