import type { EmulatedService } from '../core/service.js';
import { imageMigrations } from './models/migrations.js';
import { imageRoutes } from './routes.js';

/** Glance v2 (catalog type `image`); its endpoint is the service root, as Glance publishes it (clients add /v2). */
export const imageService: EmulatedService = {
  type: 'image',
  name: 'glance',
  path: '/image',
  endpointPath: '/image',
  migrations: imageMigrations,
  routes: imageRoutes,
};
