import type { EmulatedService } from '../core/service.js';
import type { ImageSourceFactory } from './models/image-source.js';
import { volumeMigrations } from './models/migrations.js';
import { volumeRoutes } from './routes.js';

/** Default length of creating, extending and deleting; `EMULATOR_VOLUME_TRANSITION_MS` changes it. */
export const DEFAULT_TRANSITION_MS = 1000;

export function transitionMsFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.EMULATOR_VOLUME_TRANSITION_MS);
  return env.EMULATOR_VOLUME_TRANSITION_MS !== undefined && Number.isFinite(value) && value >= 0 ? value : DEFAULT_TRANSITION_MS;
}

/**
 * Cinder v3, published as `volumev3` (the type the browser's panels look for;
 * the BFF also accepts `block-storage` and `volume`). The endpoint carries
 * the project id, as a real Cinder's does.
 */
export function createVolumeService(options: { images?: ImageSourceFactory; transitionMs?: number } = {}): EmulatedService {
  return {
    type: 'volumev3',
    name: 'cinderv3',
    path: '/volume',
    endpointPath: '/volume/v3/%(project_id)s',
    migrations: volumeMigrations,
    routes: volumeRoutes({
      images: options.images,
      transitionMs: options.transitionMs ?? transitionMsFromEnv(),
    }),
  };
}

