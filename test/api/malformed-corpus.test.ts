import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../server/plugins/route-table.js';
import { buildCorpus, collectionOf, type MalformedRequest } from '../support/malformed-corpus.js';
import { nativeSession, startOwnCloud, type TestCloud } from '../support/cloud.js';

/**
 * Issue 16 §3 and §8: at least a thousand malformed requests over every `/api`
 * route and every `/cloud` route, generated from the route table, answer no
 * 5xx. Sent in process (inject) to one server in front of one emulator.
 */

let cloud: TestCloud;
let cookie = '';
let csrf = '';
let nativeToken = '';

/**
 * A request the real service answers with a 5xx by design, with why. None
 * is reached by this corpus: the contract's own 5xx (api-contract: console-info
 * "No available console found." 500 where the server has no console proxy;
 * 501 "Service X is disabled." where the catalog lacks a service) need a cloud
 * without noVNC or without a service, which the built-in cloud is not.
 */
const DOCUMENTED_5XX: { method: string; url: RegExp; status: number; why: string }[] = [];

async function login(): Promise<void> {
  const response = await cloud.app.inject({
    method: 'POST',
    url: '/api/auth/login/',
    headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
    payload: JSON.stringify({ auth_type: 'credentials', username: 'admin', password: cloud.passwords.admin, domain: 'Default', region: 'RegionOne' }),
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode}`);
  const cookies = response.cookies as { name: string; value: string }[];
  cookie = cookies.map((item) => `${item.name}=${item.value}`).join('; ');
  csrf = cookies.find((item) => item.name === 'csrftoken')?.value ?? '';
}

const CONCURRENCY = 6;
const UNKNOWN_ID = '00000000-0000-0000-0000-000000000000';

/** The id (or name) of the first item a collection lists: the first array in its answer, whatever the service's wrapping. */
async function existingId(collection: string): Promise<string | undefined> {
  const response = await send({ method: 'GET', url: collection, kind: 'collection' });
  if (response.statusCode !== 200) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return undefined;
  }
  const list = Array.isArray(body) ? body : Object.values((body ?? {}) as Record<string, unknown>).find(Array.isArray);
  const first = (list as Record<string, unknown>[] | undefined)?.[0];
  const item = (first?.keypair ?? first) as Record<string, unknown> | undefined;
  const id = item?.id ?? item?.name;
  return typeof id === 'string' ? encodeURIComponent(id) : undefined;
}

/** Where a create the corpus sent made something: its Location, or its collection and the id in its answer. */
function createdAt(url: string, response: { headers: Record<string, unknown>; body: string }): string | undefined {
  if (url.startsWith('/api/auth/')) return undefined;
  const location = response.headers.location;
  if (typeof location === 'string') return location;
  try {
    const id = (JSON.parse(response.body) as { id?: unknown } | null)?.id;
    return typeof id === 'string' ? `${url.replace(/\/?$/, '/')}${encodeURIComponent(id)}/` : undefined;
  } catch {
    return undefined;
  }
}

async function send(request: MalformedRequest) {
  const native = request.url.startsWith('/cloud/');
  const headers: Record<string, string> = native
    ? { 'x-auth-token': nativeToken }
    : { 'x-requested-with': 'XMLHttpRequest', cookie, 'x-csrftoken': csrf };
  if (request.contentType) headers['content-type'] = request.contentType;
  const response = await cloud.app.inject({ method: request.method as 'GET', url: request.url, headers, payload: request.payload });
  // A corpus request that ends the session (logout, switch) must not blind the rest.
  if (!native && response.statusCode === 401) await login();
  return response;
}

beforeAll(async () => {
  // Its own server and emulator: the corpus is injected in process, /cloud routes included.
  cloud = await startOwnCloud({ upstreamTimeoutMs: 10_000 });
  await login();
  nativeToken = (await nativeSession(cloud, 'admin', ['identity'])).token;
}, 60_000);
afterAll(async () => {
  await cloud?.close();
});

describe('a malformed-request corpus over every route', () => {
  it('answers no 5xx to a thousand or more malformed requests over every /api and /cloud route', async () => {
    const routes = cloud.app.routeTable.filter((route) => route.url.startsWith('/api/') || (!cloud.isRealCloud && route.url.startsWith('/cloud/')));
    const schemas = Object.fromEntries(Object.entries(cloud.app.getSchemas()).map(([id, schema]) => [id, schema as object]));
    const ids = new Map<string, string>();
    // Against a real cloud the first item of a list is somebody's (the demo project, the shared image): a body
    // the contract accepts would change it for good, so there every path gets an id nothing answers to.
    const collections = cloud.isRealCloud ? [] : new Set(routes.map((route) => collectionOf(route.url)));
    for (const collection of collections) {
      const id = collection && (await existingId(collection));
      if (id) ids.set(collection, id);
    }
    // A DELETE with an existing id would remove what later requests need.
    const idFor = (route: RouteEntry) => (route.method !== 'DELETE' && ids.get(collectionOf(route.url) ?? '')) || UNKNOWN_ID;
    const corpus = buildCorpus(routes, schemas, idFor);
    const apiRoutes = routes.filter((route) => route.url.startsWith('/api/')).length;
    const failures: string[] = [];
    // api-contract §14: a service the catalog lacks (the real cloud has no Barbican) answers 501 'Invalid service catalog: <type>'.
    const catalog = JSON.parse((await send({ method: 'GET', url: '/api/keystone/svc-catalog/', kind: 'collection' })).body) as { type: string }[];
    const absent = (body: string) => /^"?Invalid service catalog: ([\w-]+)"?$/.exec(body)?.[1];
    const created: string[] = [];
    const check = async (request: MalformedRequest) => {
      const response = await send(request);
      const made = request.method === 'POST' && response.statusCode >= 200 && response.statusCode < 300 ? createdAt(request.url, response) : undefined;
      if (made) created.push(made);
      if (response.statusCode < 500) return;
      const missing = response.statusCode === 501 ? absent(response.body) : undefined;
      if (missing && !catalog.some((service) => service.type === missing)) return;
      if (DOCUMENTED_5XX.some((known) => known.method === request.method && known.url.test(request.url) && known.status === response.statusCode)) return;
      failures.push(`${response.statusCode} ${request.method} ${request.url.slice(0, 120)} (${request.kind}): ${response.body.slice(0, 160)}`);
    };
    // A few at a time, as browsers do; the session routes last and one by one, since logout ends the session the others use.
    const session = corpus.filter((request) => request.url.startsWith('/api/auth/'));
    const rest = corpus.filter((request) => !request.url.startsWith('/api/auth/'));
    for (let start = 0; start < rest.length; start += CONCURRENCY) await Promise.all(rest.slice(start, start + CONCURRENCY).map(check));
    // Some variants are bodies the contract accepts (a router needs no field): what they made goes, as on a real cloud it would stay.
    for (const url of created) await send({ method: 'DELETE', url, kind: 'collection' });
    for (const request of session) await check(request);
    console.log(`malformed-request corpus: ${corpus.length} requests over ${apiRoutes} /api and ${routes.length - apiRoutes} /cloud routes, ${failures.length} 5xx`);
    expect(corpus.length).toBeGreaterThanOrEqual(1000);
    expect(failures).toEqual([]);
  }, 600_000);
});
