import type { EmulatedService } from '../core/service.js';
import type { CollaboratorFactories } from './models/collaborators.js';
import { loadBalancerMigrations } from './models/migrations.js';
import { loadBalancerRoutes } from './routes.js';

/** Default length of a load balancer change (PENDING_* to ACTIVE); `EMULATOR_LB_TRANSITION_MS` changes it. */
export const DEFAULT_LB_TRANSITION_MS = 1500;

export function lbTransitionMsFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.EMULATOR_LB_TRANSITION_MS);
  return env.EMULATOR_LB_TRANSITION_MS !== undefined && Number.isFinite(value) && value >= 0 ? value : DEFAULT_LB_TRANSITION_MS;
}

/** Octavia v2 (catalog type `load-balancer`); the endpoint is the root, clients add `/v2/lbaas` as with the real one. */
export function createLoadBalancerService(options: { collaborators?: CollaboratorFactories; transitionMs?: number } = {}): EmulatedService {
  return {
    type: 'load-balancer',
    name: 'octavia',
    path: '/load-balancer',
    endpointPath: '/load-balancer',
    migrations: loadBalancerMigrations,
    routes: loadBalancerRoutes({ collaborators: options.collaborators, transitionMs: options.transitionMs ?? lbTransitionMsFromEnv() }),
  };
}
