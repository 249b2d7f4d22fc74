import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { CloudDeps, ServiceOptions } from '../core/service.js';
import { sendSwiftError, swiftErrorHandler } from './faults.js';
import { readAccount, updateAccount } from './responses/account.js';
import { addTransactionId, callerOf, parseSwiftPath, type Caller } from './responses/common.js';
import { createContainer, postContainer, readContainer, removeContainer } from './responses/containers.js';
import { showInfo } from './responses/info.js';
import { copyToDestination, postObject, putObject, readObject, removeObject } from './responses/objects.js';

type Method = 'GET' | 'HEAD' | 'PUT' | 'POST' | 'DELETE' | 'COPY';
type Level = 'account' | 'container' | 'object';
type Respond = (deps: CloudDeps, request: FastifyRequest, reply: FastifyReply, caller: Caller, path: { projectId: string; container: string; object: string }) => FastifyReply | Promise<FastifyReply>;

/** Swift v1: (level of the path, method) → response function; anything else is Swift's 405. */
const API: Record<Level, Partial<Record<Method, Respond>>> = {
  account: {
    GET: (deps, request, reply, caller, path) => readAccount(deps, request, reply, caller, path.projectId),
    HEAD: (deps, request, reply, caller, path) => readAccount(deps, request, reply, caller, path.projectId),
    POST: (deps, request, reply, caller, path) => updateAccount(deps, request, reply, caller, path.projectId),
  },
  container: {
    GET: (deps, request, reply, caller, path) => readContainer(deps, request, reply, caller, path.projectId, path.container),
    HEAD: (deps, request, reply, caller, path) => readContainer(deps, request, reply, caller, path.projectId, path.container),
    PUT: (deps, request, reply, caller, path) => createContainer(deps, request, reply, caller, path.projectId, path.container),
    POST: (deps, request, reply, caller, path) => postContainer(deps, request, reply, caller, path.projectId, path.container),
    DELETE: (deps, request, reply, caller, path) => removeContainer(deps, request, reply, caller, path.projectId, path.container),
  },
  object: { GET: readObject, HEAD: readObject, PUT: putObject, POST: postObject, DELETE: removeObject, COPY: copyToDestination },
};

/**
 * Swift under /cloud/object-store: `/info` (what clients find by cutting the
 * storage URL at /v1) and `/v1/AUTH_{project}/…`. One wildcard route reads the
 * raw path itself, so object names keep every slash (a trailing one too) and
 * are percent-decoded exactly once. Bodies stay streams: an object is written
 * to disk as it arrives.
 */
export const objectStoreRoutes: FastifyPluginAsync<ServiceOptions> = async (app, { deps }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
  app.setErrorHandler(swiftErrorHandler(deps));
  app.setNotFoundHandler((request, reply) => sendSwiftError(reply, request.method, 404));
  app.addHook('onSend', addTransactionId);
  app.route({ method: 'GET', url: '/info', handler: showInfo(deps) });
  // COPY (with Destination) is Swift's one verb outside Fastify's default set; its router must learn it first.
  if (!app.supportedMethods.includes('COPY')) app.addHttpMethod('COPY');
  const mount = `${app.prefix}/v1/`;
  app.route({
    method: ['GET', 'HEAD', 'PUT', 'POST', 'DELETE', 'COPY'],
    url: '/v1/*',
    exposeHeadRoute: false,
    // Swift sends objects as stored: never compressed, whatever Accept-Encoding says (the dashboard's global compression is not Swift's).
    compress: false,
    handler: async (request, reply) => {
      const rawPath = request.url.split('?')[0]!;
      const path = parseSwiftPath(rawPath.startsWith(mount) ? rawPath.slice(mount.length) : rawPath.replace(/^.*?\/v1\//, ''));
      const level: Level = path.object !== undefined ? 'object' : path.container !== undefined ? 'container' : 'account';
      const respond = API[level][request.method as Method];
      if (!respond) return sendSwiftError(reply, request.method, 405);
      const caller = callerOf(deps, request, path.projectId);
      return respond(deps, request, reply, caller, { projectId: path.projectId, container: path.container ?? '', object: path.object ?? '' });
    },
  });
};
