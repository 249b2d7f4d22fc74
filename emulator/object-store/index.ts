import type { EmulatedService } from '../core/service.js';
import { objectStoreMigrations } from './models/migrations.js';
import { objectStoreRoutes } from './routes.js';

/**
 * Swift v1 (catalog type `object-store`): the endpoint is the account URL
 * `/v1/AUTH_%(project_id)s` (Keystone substitutes the token's project), and
 * `/info` sits at the root of the service, where clients look for it.
 */
export const objectStoreService: EmulatedService = {
  type: 'object-store',
  name: 'swift',
  path: '/object-store',
  endpointPath: '/object-store/v1/AUTH_%(project_id)s',
  migrations: objectStoreMigrations,
  routes: objectStoreRoutes,
};
