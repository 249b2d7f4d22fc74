import type { EmulatedService } from '../core/service.js';
import { networkMigrations } from './models/migrations.js';
import { networkRoutes } from './routes.js';

/** Neutron v2.0 (catalog type `network`); the endpoint is the root, clients add `/v2.0` as with the real one. */
export const networkService: EmulatedService = {
  type: 'network',
  name: 'neutron',
  path: '/network',
  endpointPath: '/network',
  migrations: networkMigrations,
  routes: networkRoutes,
};
