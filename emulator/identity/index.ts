import type { EmulatedService } from '../core/service.js';
import { identityMigrations } from './models/migrations.js';
import { identityRoutes } from './routes.js';

/** Keystone v3 (catalog type `identity`). */
export const identityService: EmulatedService = {
  type: 'identity',
  name: 'keystone',
  path: '/identity',
  endpointPath: '/identity',
  migrations: identityMigrations,
  routes: identityRoutes,
};
