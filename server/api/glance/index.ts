import type { FastifyPluginAsync } from 'fastify';
import type { BffContext } from '../../context.js';
import { imageRoutes } from './images.js';
import { metadefRoutes } from './metadefs.js';
import { uploadRoutes } from './upload.js';

/** `/api/glance/` (api-contract §4): images, their data uploads, metadata definitions. */
export const glanceRoutes: FastifyPluginAsync<BffContext> = async (app, context) => {
  for (const routes of [imageRoutes, uploadRoutes, metadefRoutes]) await app.register(routes, context);
};
