import type { FastifyInstance } from 'fastify';

/* Request bodies of the `/api` routes: how large, and what an empty one means. */

/**
 * The largest JSON body an `/api` route reads: OpenStack's own
 * `max_request_body_size` (oslo.middleware, 114688 bytes in Nova, Glance,
 * Cinder, Neutron and Keystone alike), so a body the cloud would refuse is
 * refused here first, with a message naming the limit, and never occupies a
 * connection to the cloud.
 */
export const API_BODY_LIMIT = 114_688;

/** Routes that take less: the login form and the session calls carry a few short strings. */
const SMALLER_LIMITS: Record<string, number> = {
  '/api/auth/login/': 16 * 1024,
  '/api/auth/logout/': 16 * 1024,
  '/api/auth/switch/': 16 * 1024,
};

/**
 * Gives every `/api` route its body limit (Fastify answers 413 from the
 * Content-Length, or as soon as the bytes read pass it, and closes the
 * connection). Registered before the routes; a route that sets its own
 * `bodyLimit`, or streams its body (image upload), keeps it.
 */
export function limitApiBodies(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url?.startsWith('/api/') || route.bodyLimit !== undefined) return;
    const slashed = route.url.endsWith('/') ? route.url : `${route.url}/`;
    route.bodyLimit = SMALLER_LIMITS[slashed] ?? API_BODY_LIMIT;
  });
}

/**
 * JSON bodies as Fastify parses them (prototype keys refused), except that an
 * empty body is no body when the route takes none: the browser sends the JSON
 * content type on every request (spec 1 §7.3), DELETE and logout included.
 * A route with a body schema still answers 'request requires JSON body'.
 */
export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '' && !request.routeOptions.schema?.body) return done(null, undefined);
    return parseJson(request, body as string, done);
  });
}

/** "112 KiB": the limit as the 413 names it. */
export function describeLimit(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(0)} MiB` : `${Math.floor(bytes / 1024)} KiB`;
}
