import type { FastifyPluginAsync } from 'fastify';
import { acceptRawBodies, route } from '../core/http.js';
import type { Handler, ServiceOptions } from '../core/service.js';
import { computeErrorHandler, novaFault } from './faults.js';
import { authenticate, decorateResponse, negotiate } from './responses/common.js';
import {
  createExtraSpecs,
  createFlavor,
  deleteExtraSpec,
  deleteFlavor,
  flavorAction,
  listExtraSpecs,
  listFlavorAccess,
  listFlavors,
  listFlavorsDetail,
  showExtraSpec,
  showFlavor,
  updateExtraSpec,
  updateFlavor,
} from './responses/flavors.js';
import { createKeypair, deleteKeypair, listKeypairs, showKeypair } from './responses/keypairs.js';
import { showLimits } from './responses/limits.js';
import { createServerGroup, deleteServerGroup, listServerGroups, showServerGroup } from './responses/server-groups.js';
import { listVersions, showVersion } from './responses/versions.js';

type Route = [method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, handler: Handler];

/** Version discovery: no token needed. */
const DISCOVERY: Route[] = [
  ['GET', '/', listVersions],
  ['GET', '/v2.1', showVersion],
];

/** Nova v2.1 under /cloud/compute/v2.1: method + path → response function. */
const API: Route[] = [
  ['GET', '/os-keypairs', listKeypairs],
  ['POST', '/os-keypairs', createKeypair],
  ['GET', '/os-keypairs/:name', showKeypair],
  ['DELETE', '/os-keypairs/:name', deleteKeypair],
  ['GET', '/limits', showLimits],
  ['GET', '/flavors', listFlavors],
  ['GET', '/flavors/detail', listFlavorsDetail],
  ['POST', '/flavors', createFlavor],
  ['GET', '/flavors/:id', showFlavor],
  ['PUT', '/flavors/:id', updateFlavor],
  ['DELETE', '/flavors/:id', deleteFlavor],
  ['POST', '/flavors/:id/action', flavorAction],
  ['GET', '/flavors/:id/os-flavor-access', listFlavorAccess],
  ['GET', '/flavors/:id/os-extra_specs', listExtraSpecs],
  ['POST', '/flavors/:id/os-extra_specs', createExtraSpecs],
  ['GET', '/flavors/:id/os-extra_specs/:key', showExtraSpec],
  ['PUT', '/flavors/:id/os-extra_specs/:key', updateExtraSpec],
  ['DELETE', '/flavors/:id/os-extra_specs/:key', deleteExtraSpec],
  ['GET', '/os-server-groups', listServerGroups],
  ['POST', '/os-server-groups', createServerGroup],
  ['GET', '/os-server-groups/:id', showServerGroup],
  ['DELETE', '/os-server-groups/:id', deleteServerGroup],
];

export const computeRoutes: FastifyPluginAsync<ServiceOptions> = async (app, { deps }) => {
  acceptRawBodies(app);
  app.setErrorHandler(computeErrorHandler(deps));
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).header('Content-Type', 'application/json').send(JSON.stringify(novaFault(404, 'The resource could not be found.'))),
  );
  app.addHook('onRequest', negotiate);
  app.addHook('onSend', decorateResponse);
  for (const [method, path, handler] of DISCOVERY) route(app, method, path, handler(deps));
  await app.register(
    async (api) => {
      api.addHook('preHandler', authenticate(deps));
      for (const [method, path, handler] of API) route(api, method, path, handler(deps));
    },
    { prefix: '/v2.1' },
  );
};
