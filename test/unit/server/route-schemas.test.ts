import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../../server/app.js';

/**
 * Issue 15 §2: every `/api` request body is validated from `schemas/` and
 * typed by codegen. Read from the route table, so a route added with an
 * inline schema, or with a body and no schema, fails here.
 */

let app: FastifyInstance;

beforeAll(async () => {
  app = await build({ authUrl: 'http://127.0.0.1:9/v3', sessionSecret: 'route-schemas', staticDir: null });
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** Routes whose POST/PUT/PATCH carries no JSON body: an action named by the path, raw bytes, a multipart form. */
const NO_JSON_BODY = new Set([
  'POST /api/auth/logout/',
  'PUT /api/glance/images/:id/data/',
  'POST /api/glance/images/',
  'POST /api/swift/containers/:container/object/*',
  'POST /api/glance/images/:id/actions/deactivate',
  'POST /api/glance/images/:id/actions/reactivate',
  'POST /api/nova/servers/:id/confirm-resize/',
  'POST /api/nova/servers/:id/revert-resize/',
  'PUT /api/keystone/projects/:project/:role/:user',
]);

const apiRoutes = () => app.routeTable.filter((route) => route.url.startsWith('/api/'));
const label = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

describe('request schemas of the /api routes', () => {
  it('declares no body schema inline: each is a $ref into schemas/', () => {
    const inline = apiRoutes()
      .filter((route) => route.schema?.body !== undefined && !('$ref' in (route.schema.body as object)))
      .map(label);
    expect(inline).toEqual([]);
  });

  it('refers only to schemas that exist', () => {
    const known = new Set(Object.keys(app.getSchemas()));
    const dangling = apiRoutes()
      .map((route) => (route.schema?.body as { $ref?: string } | undefined)?.$ref)
      .filter((ref): ref is string => ref !== undefined && !known.has(ref.split('#')[0]));
    expect(dangling).toEqual([]);
  });

  it('gives every route that takes a JSON body a schema', () => {
    const unchecked = apiRoutes()
      .filter((route) => BODY_METHODS.has(route.method) && route.schema?.body === undefined && !NO_JSON_BODY.has(label(route)))
      .map(label);
    expect(unchecked).toEqual([]);
  });
});
