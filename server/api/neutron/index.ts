import type { FastifyPluginAsync } from 'fastify';
import type { BffContext } from '../../context.js';
import { networkDetailRoutes } from './network-details.js';
import { networkRoutes } from './networks.js';
import { qosRoutes } from './qos.js';
import { routerRoutes } from './routers.js';
import { serviceInfoRoutes } from './service-info.js';
import { trunkRoutes } from './trunks.js';

/** `/api/neutron/` (api-contract §8): one module per resource. */
export const neutronRoutes: FastifyPluginAsync<BffContext> = async (app, context) => {
  for (const routes of [networkRoutes, networkDetailRoutes, trunkRoutes, qosRoutes, serviceInfoRoutes, routerRoutes]) await app.register(routes, context);
};
