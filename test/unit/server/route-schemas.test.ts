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
  'POST /api/baas/duratus/job/:id',
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

  it('closes every body schema: an unknown field is a 400 naming it, never forwarded to the cloud', () => {
    const open = apiRoutes()
      .filter((route) => (route.schema?.body as { $ref?: string } | undefined)?.$ref)
      .flatMap((route) => openObjects(resolve((route.schema?.body as { $ref: string }).$ref), '').map((path) => `${label(route)} ${path || '/'}`))
      .filter((entry) => !OPEN_ON_PURPOSE.some((prefix) => entry.startsWith(prefix)));
    expect(open).toEqual([]);
  });
});

/**
 * Bodies left open on purpose: each route picks the keys it forwards, and
 * the browser sends more than one service's keys in one body (quotas) or
 * the route checks the shape itself in the contract's words.
 */
const OPEN_ON_PURPOSE = [
  'POST /api/policy/',
  'POST /api/nova/servers/:id ',
  'PATCH /api/nova/servers/:id/metadata',
  'POST /api/nova/servers/:id/console-output/',
  'POST /api/nova/servers/:id/console-info/',
  'POST /api/nova/servers/:id/resize/',
  'POST /api/cinder/volumes/',
  'PATCH /api/cinder/quota-sets/',
];

type SchemaNode = { $ref?: string; properties?: Record<string, SchemaNode>; additionalProperties?: unknown; patternProperties?: unknown; items?: SchemaNode; oneOf?: SchemaNode[]; anyOf?: SchemaNode[]; allOf?: SchemaNode[] };

function resolve(ref: string): SchemaNode {
  const [file, pointer = ''] = ref.split('#');
  let node = (app.getSchemas() as Record<string, unknown>)[file];
  for (const part of pointer.split('/').filter(Boolean)) node = (node as Record<string, unknown> | undefined)?.[part];
  return node as SchemaNode;
}

/** The paths of the objects in a schema that list properties but do not say what other keys may be. */
function openObjects(node: SchemaNode | undefined, path: string): string[] {
  if (!node || typeof node !== 'object') return [];
  const here = node.properties && node.additionalProperties === undefined && node.patternProperties === undefined ? [path] : [];
  const referenced = node.$ref && !node.$ref.startsWith('#') ? openObjects(resolve(node.$ref), path) : [];
  const nested = Object.entries(node.properties ?? {}).flatMap(([key, child]) => openObjects(child, `${path}/${key}`));
  const alternatives = [...(node.oneOf ?? []), ...(node.anyOf ?? []), ...(node.allOf ?? [])].flatMap((child) => openObjects(child, path));
  return [...here, ...referenced, ...nested, ...(node.items ? openObjects(node.items, `${path}[]`) : []), ...alternatives];
}
