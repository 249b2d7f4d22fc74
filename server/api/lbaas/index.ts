import type { FastifyPluginAsync } from 'fastify';
import type { BffContext } from '../../context.js';
import { barbicanRoutes } from './barbican.js';
import { catalogRoutes } from './catalog.js';
import { LbJobs } from './jobs.js';
import { l7Routes } from './l7.js';
import { listenerRoutes } from './listeners.js';
import { loadBalancerRoutes } from './loadbalancers.js';
import { monitorRoutes } from './monitors.js';
import { poolRoutes } from './pools.js';
import { useSpecValidation } from './validate.js';

export interface LbRoutesOptions extends BffContext {
  jobs: LbJobs;
}

/**
 * `/api/lbaas/` and `/api/octavia-barbican/` (api-contract §10): the load
 * balancer tree over Octavia v2, the certificates over Barbican v1. Bodies are
 * validated with the schemas' own messages (spec 3 §5.1).
 */
export const lbaasRoutes: FastifyPluginAsync<BffContext> = async (app, context) => {
  useSpecValidation(app);
  const pollMs = Math.min(Number(context.settings.AJAX_POLL_INTERVAL) || 1000, 2000);
  const options: LbRoutesOptions = { ...context, jobs: new LbJobs(context.access, pollMs, app.log) };
  for (const routes of [loadBalancerRoutes, listenerRoutes, poolRoutes, monitorRoutes, l7Routes, catalogRoutes, barbicanRoutes]) await app.register(routes, options);
};
