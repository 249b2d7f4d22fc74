import type { FastifyPluginAsync } from 'fastify';
import type { BffContext } from '../../context.js';
import { containerRoutes } from './containers.js';
import { objectRoutes } from './objects.js';

/** `/api/swift/` (api-contract §9): containers and objects of the session's project, over Swift v1. */
export const swiftRoutes: FastifyPluginAsync<BffContext> = async (app, context) => {
  for (const routes of [containerRoutes, objectRoutes]) await app.register(routes, context);
};
