import type { EmulatedService } from '../core/service.js';
import type { CollaboratorFactories } from './models/collaborators.js';
import { computeMigrations } from './models/migrations.js';
import { computeRoutes } from './routes.js';

/** Default length of a server transition (build, stop, reboot …); `EMULATOR_SERVER_TRANSITION_MS` changes it. */
export const DEFAULT_SERVER_TRANSITION_MS = 3000;

export function serverTransitionMsFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.EMULATOR_SERVER_TRANSITION_MS);
  return env.EMULATOR_SERVER_TRANSITION_MS !== undefined && Number.isFinite(value) && value >= 0 ? value : DEFAULT_SERVER_TRANSITION_MS;
}

/** Nova v2.1 (catalog type `compute`), seeing Neutron, Cinder and Glance through `collaborators`. */
export function createComputeService(options: { collaborators?: CollaboratorFactories; transitionMs?: number } = {}): EmulatedService {
  return {
    type: 'compute',
    name: 'nova',
    path: '/compute',
    endpointPath: '/compute/v2.1',
    migrations: computeMigrations,
    routes: computeRoutes({ collaborators: options.collaborators, transitionMs: options.transitionMs ?? serverTransitionMsFromEnv() }),
  };
}

/** Nova alone (no other service wired in). */
export const computeService: EmulatedService = createComputeService();
