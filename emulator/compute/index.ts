import type { EmulatedService } from '../core/service.js';
import { computeMigrations } from './models/migrations.js';
import { computeRoutes } from './routes.js';

/** Nova v2.1 (catalog type `compute`). */
export const computeService: EmulatedService = {
  type: 'compute',
  name: 'nova',
  path: '/compute',
  endpointPath: '/compute/v2.1',
  migrations: computeMigrations,
  routes: computeRoutes,
};
