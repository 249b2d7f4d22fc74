import type { FastifyPluginAsync } from 'fastify';
import type { BffContext } from '../../context.js';
import { stackRoutes } from './stacks.js';
import { topologyRoutes } from './topology.js';

/** `/api/heat/` and the stack topology's `project/stacks/get_d3_data/{id}/` (issue 19). */
export const heatRoutes: FastifyPluginAsync<BffContext> = async (app, context) => {
  for (const routes of [stackRoutes, topologyRoutes]) await app.register(routes, context);
};
