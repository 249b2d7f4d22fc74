import type { FastifyPluginAsync } from 'fastify';
import { aggregateAction, createAggregateRoute, deleteAggregate, listAggregates, showAggregate, updateAggregate } from './responses/aggregates.js';
import { acceptRawBodies, route } from '../core/http.js';
import type { CloudDeps, Handler, ServiceOptions } from '../core/service.js';
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
import { type CollaboratorFactories, type ComputeCollaborators, UNCONNECTED } from './models/collaborators.js';
import { settleServers } from './models/lifecycle.js';
import {
  deleteQuotaSet,
  listAvailabilityZones,
  listAvailabilityZonesDetail,
  listHypervisors,
  listHypervisorsDetail,
  listServices,
  showQuotaClass,
  showQuotaDefaults,
  showQuotaSet,
  showQuotaSetDetail,
  updateQuotaClass,
  updateQuotaSet,
} from './responses/deployment.js';
import { showLimits } from './responses/limits.js';
import { listTenantUsages, showTenantUsage } from './responses/usage.js';
import {
  attachVolume,
  clearServerPassword,
  consolePage,
  createRemoteConsole,
  detachVolume,
  listInstanceActions,
  listVolumeAttachments,
  serverAction,
  showServerPassword,
} from './responses/server-actions.js';
import {
  deleteServerMetadataItem,
  setServerMetadata,
  setServerMetadataItem,
  showServerMetadata,
  showServerMetadataItem,
} from './responses/server-metadata.js';
import {
  type ComputeDeps,
  type ComputeHandler,
  createServer,
  deleteServer,
  listServersBrief,
  listServersDetail,
  showServer,
  updateServerHandler,
} from './responses/servers.js';
import { attachInterface, detachInterface, listInterfaces } from './responses/server-interfaces.js';
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
  ['GET', '/os-aggregates', listAggregates],
  ['POST', '/os-aggregates', createAggregateRoute],
  ['GET', '/os-aggregates/:id', showAggregate],
  ['PUT', '/os-aggregates/:id', updateAggregate],
  ['DELETE', '/os-aggregates/:id', deleteAggregate],
  ['POST', '/os-aggregates/:id/action', aggregateAction],
  ['GET', '/os-availability-zone', listAvailabilityZones],
  ['GET', '/os-availability-zone/detail', listAvailabilityZonesDetail],
  ['GET', '/os-services', listServices],
  ['GET', '/os-hypervisors', listHypervisors],
  ['GET', '/os-hypervisors/detail', listHypervisorsDetail],
  ['GET', '/os-quota-sets/:project', showQuotaSet],
  ['PUT', '/os-quota-sets/:project', updateQuotaSet],
  ['DELETE', '/os-quota-sets/:project', deleteQuotaSet],
  ['GET', '/os-quota-sets/:project/detail', showQuotaSetDetail],
  ['GET', '/os-quota-sets/:project/defaults', showQuotaDefaults],
  ['GET', '/os-quota-class-sets/:class', showQuotaClass],
  ['PUT', '/os-quota-class-sets/:class', updateQuotaClass],
  ['GET', '/os-simple-tenant-usage', listTenantUsages],
  ['GET', '/os-simple-tenant-usage/:project', showTenantUsage],
];

type ServerRoute = [method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, handler: ComputeHandler];

/** The servers API: these handlers also see Neutron, Cinder and Glance through the collaborators. */
const SERVER_API: ServerRoute[] = [
  ['GET', '/servers', listServersBrief],
  ['GET', '/servers/detail', listServersDetail],
  ['POST', '/servers', createServer],
  ['GET', '/servers/:id', showServer],
  ['PUT', '/servers/:id', updateServerHandler],
  ['DELETE', '/servers/:id', deleteServer],
  ['POST', '/servers/:id/action', serverAction],
  ['GET', '/servers/:id/metadata', showServerMetadata],
  ['POST', '/servers/:id/metadata', setServerMetadata(false)],
  ['PUT', '/servers/:id/metadata', setServerMetadata(true)],
  ['GET', '/servers/:id/metadata/:key', showServerMetadataItem],
  ['PUT', '/servers/:id/metadata/:key', setServerMetadataItem],
  ['DELETE', '/servers/:id/metadata/:key', deleteServerMetadataItem],
  ['GET', '/servers/:id/os-instance-actions', listInstanceActions],
  ['GET', '/servers/:id/os-volume_attachments', listVolumeAttachments],
  ['POST', '/servers/:id/os-volume_attachments', attachVolume],
  ['DELETE', '/servers/:id/os-volume_attachments/:volume', detachVolume],
  ['GET', '/servers/:id/os-server-password', showServerPassword],
  ['DELETE', '/servers/:id/os-server-password', clearServerPassword],
  ['POST', '/servers/:id/remote-consoles', createRemoteConsole],
  ['GET', '/servers/:id/os-interface', listInterfaces],
  ['POST', '/servers/:id/os-interface', attachInterface],
  ['DELETE', '/servers/:id/os-interface/:port', detachInterface],
];

export interface ComputeServiceOptions {
  /** Neutron, Cinder and Glance as Nova sees them; unconnected when absent. */
  collaborators?: CollaboratorFactories;
  /** How long server transitions last on the emulator clock (ms). */
  transitionMs: number;
}

function connect(deps: CloudDeps, factories: CollaboratorFactories = {}): ComputeCollaborators {
  return {
    networking: factories.networking?.(deps) ?? UNCONNECTED.networking,
    volumes: factories.volumes?.(deps) ?? UNCONNECTED.volumes,
    images: factories.images?.(deps) ?? UNCONNECTED.images,
  };
}

export const computeRoutes = (options: ComputeServiceOptions): FastifyPluginAsync<ServiceOptions> => async (app, { deps: cloud }) => {
  const deps: ComputeDeps = { ...cloud, collaborators: connect(cloud, options.collaborators), transitionMs: options.transitionMs };
  acceptRawBodies(app);
  app.setErrorHandler(computeErrorHandler(deps));
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).header('Content-Type', 'application/json').send(JSON.stringify(novaFault(404, 'The resource could not be found.'))),
  );
  app.addHook('onRequest', negotiate);
  app.addHook('onSend', decorateResponse);
  for (const [method, path, handler] of DISCOVERY) route(app, method, path, handler(deps));
  // The console page a console URL leads to: no token header, the URL's token is the credential.
  route(app, 'GET', '/console/vnc_lite.html', consolePage(deps));
  await app.register(
    async (api) => {
      api.addHook('preHandler', authenticate(deps));
      api.addHook('preHandler', async () => settleServers(deps.db, deps.collaborators, deps.clock.now()));
      // A real cloud ends a deletion whoever asks next: a server deleted while only Cinder is asked must still
      // free its volumes (the volumes page polls Cinder alone). So due transitions also end on a tick.
      const tick = setInterval(() => {
        try {
          settleServers(deps.db, deps.collaborators, deps.clock.now());
        } catch {
          // The database closed under the tick (the cloud is stopping): the next start settles what is due.
        }
      }, 250);
      tick.unref();
      api.addHook('onClose', async () => clearInterval(tick));
      for (const [method, path, handler] of API) route(api, method, path, handler(deps));
      for (const [method, path, handler] of SERVER_API) route(api, method, path, handler(deps));
    },
    { prefix: '/v2.1' },
  );
};
