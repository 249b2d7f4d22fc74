import type { EmulatedService } from '../core/service.js';
import { orchestrationMigrations } from './models/migrations.js';
import { orchestrationRoutes } from './routes.js';

/**
 * Default least time a stack resource spends CREATE_IN_PROGRESS: none, a
 * resource is complete as soon as what it made is (a server ACTIVE, a volume
 * available, on their own transitions). `EMULATOR_HEAT_RESOURCE_MS` holds each
 * resource in progress that long at least, so that a page sees a stack being
 * built (the browser tests' server sets it).
 */
export const DEFAULT_HEAT_RESOURCE_MS = 0;

export function heatResourceMsFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.EMULATOR_HEAT_RESOURCE_MS);
  return env.EMULATOR_HEAT_RESOURCE_MS !== undefined && Number.isFinite(value) && value >= 0 ? value : DEFAULT_HEAT_RESOURCE_MS;
}

/**
 * Heat v1 (catalog type `orchestration`): `/v1/%(tenant_id)s`, Keystone
 * substituting the token's project. Stacks make their resources through
 * Nova, Neutron, Cinder and Glance's own APIs.
 */
export function createOrchestrationService(options: { resourceMs?: number } = {}): EmulatedService {
  return {
    type: 'orchestration',
    name: 'heat',
    path: '/orchestration',
    endpointPath: '/orchestration/v1/%(project_id)s',
    migrations: orchestrationMigrations,
    routes: orchestrationRoutes({ resourceMs: options.resourceMs ?? heatResourceMsFromEnv() }),
  };
}

export const orchestrationService: EmulatedService = createOrchestrationService();
