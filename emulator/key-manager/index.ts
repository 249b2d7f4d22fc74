import type { EmulatedService } from '../core/service.js';
import { keyManagerMigrations } from './models/migrations.js';
import { keyManagerRoutes } from './routes.js';

/** Barbican v1 (catalog type `key-manager`); the endpoint is the root, clients add `/v1` as with the real one. */
export const keyManagerService: EmulatedService = {
  type: 'key-manager',
  name: 'barbican',
  path: '/key-manager',
  endpointPath: '/key-manager',
  migrations: keyManagerMigrations,
  routes: keyManagerRoutes,
};
