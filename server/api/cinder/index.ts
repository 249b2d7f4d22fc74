import type { FastifyPluginAsync } from 'fastify';
import type { BffContext } from '../../context.js';
import { qosRoutes } from './qos.js';
import { serviceInfoRoutes } from './service-info.js';
import { snapshotRoutes } from './snapshots.js';
import { typeRoutes } from './types.js';
import { volumeRoutes } from './volumes.js';

/** `/api/cinder/` (api-contract §5): one module per resource. */
export const cinderRoutes: FastifyPluginAsync<BffContext> = async (app, context) => {
  for (const routes of [volumeRoutes, typeRoutes, snapshotRoutes, serviceInfoRoutes, qosRoutes]) await app.register(routes, context);
};
