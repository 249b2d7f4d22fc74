import type { EmulatedService } from '../core/service.js';
import { orchestrationMigrations } from './models/migrations.js';
import { orchestrationRoutes } from './routes.js';

/**
 * Heat v1 (catalog type `orchestration`): `/v1/%(tenant_id)s`, Keystone
 * substituting the token's project. Stacks make their resources through
 * Nova, Neutron, Cinder and Glance's own APIs.
 */
export const orchestrationService: EmulatedService = {
  type: 'orchestration',
  name: 'heat',
  path: '/orchestration',
  endpointPath: '/orchestration/v1/%(project_id)s',
  migrations: orchestrationMigrations,
  routes: orchestrationRoutes,
};
