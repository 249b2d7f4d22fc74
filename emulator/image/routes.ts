import type { FastifyPluginAsync } from 'fastify';
import { route } from '../core/http.js';
import type { Handler, ServiceOptions } from '../core/service.js';
import { glanceError, imageErrorHandler } from './faults.js';
import { addRequestId, authenticate } from './responses/common.js';
import {
  addTag,
  createImage,
  deactivateImage,
  deleteImage,
  deleteTag,
  downloadImageData,
  listImages,
  reactivateImage,
  showImage,
  updateImage,
  uploadImageData,
} from './responses/images.js';
import {
  associateHandler,
  createObjectHandler,
  createPropertyHandler,
  createTagHandler,
  createTagsHandler,
  deleteObjectHandler,
  deletePropertyHandler,
  deleteTagHandler,
  deleteTagsHandler,
  dissociateHandler,
  listAssociationsHandler,
  listTagsHandler,
  renameTagHandler,
  replaceNamespaceHandler,
  replaceObjectHandler,
  replacePropertyHandler,
  showTagHandler,
} from './responses/metadef-writes.js';
import { createImageMember, deleteImageMember, listImageMembers, showImageMember, updateImageMember } from './responses/members.js';
import {
  createNamespace,
  deleteNamespace,
  listNamespaceObjects,
  listNamespaceProperties,
  listNamespaces,
  listResourceTypes,
  showNamespace,
  showNamespaceObject,
  showNamespaceProperty,
} from './responses/metadefs.js';
import { showSchema } from './responses/schemas.js';
import { listVersions } from './responses/versions.js';

type Route = [method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, handler: Handler];

/** Glance v2 under /cloud/image/v2: method + path → response function. */
const API: Route[] = [
  ['GET', '/images', listImages],
  ['POST', '/images', createImage],
  ['GET', '/images/:id', showImage],
  ['PATCH', '/images/:id', updateImage],
  ['DELETE', '/images/:id', deleteImage],
  ['PUT', '/images/:id/file', uploadImageData],
  ['GET', '/images/:id/file', downloadImageData],
  ['POST', '/images/:id/actions/deactivate', deactivateImage],
  ['POST', '/images/:id/actions/reactivate', reactivateImage],
  ['PUT', '/images/:id/tags/:tag', addTag],
  ['DELETE', '/images/:id/tags/:tag', deleteTag],
  ['GET', '/images/:id/members', listImageMembers],
  ['POST', '/images/:id/members', createImageMember],
  ['GET', '/images/:id/members/:member', showImageMember],
  ['PUT', '/images/:id/members/:member', updateImageMember],
  ['DELETE', '/images/:id/members/:member', deleteImageMember],
  ['GET', '/schemas/*', showSchema],
  ['GET', '/metadefs/namespaces', listNamespaces],
  ['POST', '/metadefs/namespaces', createNamespace],
  ['GET', '/metadefs/namespaces/:namespace', showNamespace],
  ['DELETE', '/metadefs/namespaces/:namespace', deleteNamespace],
  ['GET', '/metadefs/namespaces/:namespace/properties', listNamespaceProperties],
  ['GET', '/metadefs/namespaces/:namespace/properties/:property', showNamespaceProperty],
  ['GET', '/metadefs/namespaces/:namespace/objects', listNamespaceObjects],
  ['GET', '/metadefs/namespaces/:namespace/objects/:object', showNamespaceObject],
  ['GET', '/metadefs/resource_types', listResourceTypes],
  ['PUT', '/metadefs/namespaces/:namespace', replaceNamespaceHandler],
  ['POST', '/metadefs/namespaces/:namespace/objects', createObjectHandler],
  ['PUT', '/metadefs/namespaces/:namespace/objects/:object', replaceObjectHandler],
  ['DELETE', '/metadefs/namespaces/:namespace/objects/:object', deleteObjectHandler],
  ['POST', '/metadefs/namespaces/:namespace/properties', createPropertyHandler],
  ['PUT', '/metadefs/namespaces/:namespace/properties/:property', replacePropertyHandler],
  ['DELETE', '/metadefs/namespaces/:namespace/properties/:property', deletePropertyHandler],
  ['GET', '/metadefs/namespaces/:namespace/tags', listTagsHandler],
  ['POST', '/metadefs/namespaces/:namespace/tags', createTagsHandler],
  ['DELETE', '/metadefs/namespaces/:namespace/tags', deleteTagsHandler],
  ['GET', '/metadefs/namespaces/:namespace/tags/:tag', showTagHandler],
  ['POST', '/metadefs/namespaces/:namespace/tags/:tag', createTagHandler],
  ['PUT', '/metadefs/namespaces/:namespace/tags/:tag', renameTagHandler],
  ['DELETE', '/metadefs/namespaces/:namespace/tags/:tag', deleteTagHandler],
  ['GET', '/metadefs/namespaces/:namespace/resource_types', listAssociationsHandler],
  ['POST', '/metadefs/namespaces/:namespace/resource_types', associateHandler],
  ['DELETE', '/metadefs/namespaces/:namespace/resource_types/:resource_type', dissociateHandler],
];

export const imageRoutes: FastifyPluginAsync<ServiceOptions> = async (app, { deps }) => {
  // Every body stays a stream: image data is written to disk as it arrives, JSON bodies are read (bounded) by the handler.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
  app.setErrorHandler(imageErrorHandler(deps));
  app.setNotFoundHandler((request, reply) => glanceError(request, reply, 404, 'The resource could not be found.<br /><br />\n\n\n'));
  app.addHook('onSend', addRequestId);
  route(app, 'GET', '/', listVersions(deps));
  await app.register(
    async (api) => {
      // Glance's routes mapper knows no `/v2/images/`: a trailing slash is a 404, not the collection.
      api.addHook('onRequest', async (request, reply) => {
        if (request.url.split('?')[0].endsWith('/')) return glanceError(request, reply, 404, 'The resource could not be found.<br /><br />\n\n\n');
      });
      api.addHook('preHandler', authenticate(deps));
      for (const [method, path, handler] of API) route(api, method, path, handler(deps));
    },
    { prefix: '/v2' },
  );
};
