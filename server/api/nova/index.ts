import type { FastifyPluginAsync } from 'fastify';
import type { BffContext } from '../../context.js';
import { aggregateRoutes } from './aggregates.js';
import { computeInfoRoutes } from './compute-info.js';
import { featureRoutes } from './features.js';
import { flavorRoutes } from './flavors.js';
import { keypairRoutes } from './keypairs.js';
import { limitRoutes } from './limits.js';
import { serverActionRoutes } from './server-actions.js';
import { serverDetailRoutes } from './server-details.js';
import { serverGroupRoutes } from './server-groups.js';
import { serverRoutes } from './servers.js';
import { usageRoutes } from './usage.js';
import { usageChartRoutes } from './usage-chart.js';

/** `/api/nova/` (api-contract §6): one module per resource. */
export const novaRoutes: FastifyPluginAsync<BffContext> = async (app, context) => {
  for (const routes of [featureRoutes, keypairRoutes, limitRoutes, flavorRoutes, serverGroupRoutes, serverRoutes, serverDetailRoutes, computeInfoRoutes, usageRoutes, serverActionRoutes, aggregateRoutes, usageChartRoutes]) await app.register(routes, context);
};
