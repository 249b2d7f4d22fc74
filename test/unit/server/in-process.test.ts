import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InProcessDispatch } from '../../../server/openstack/http';
import { routeInProcess } from '../../../server/openstack/in-process';

/**
 * The built-in cloud's answers to the server's own calls come through
 * `routeInProcess`; they must be the answers `app.inject` (and so HTTP) gives:
 * the same routing, hooks, body parsing, error handlers and headers.
 */
let app: FastifyInstance;
let dispatch: InProcessDispatch;
const seenOnResponse: string[] = [];

beforeAll(async () => {
  app = Fastify({ logger: false, routerOptions: { ignoreTrailingSlash: true } });
  app.addHook('preHandler', async (request, reply) => {
    if (request.url.startsWith('/guarded') && request.headers['x-auth-token'] !== 'good') await reply.code(401).send({ error: { code: 401, message: 'The request you have made requires authentication.' } });
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-openstack-request-id', 'req-1');
  });
  app.addHook('onResponse', async (request) => {
    seenOnResponse.push(request.url);
  });
  app.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) =>
    reply.code(error.statusCode ?? 500).send({ badRequest: { code: error.statusCode ?? 500, message: error.message } }),
  );
  app.get('/guarded/items', async (request) => ({ items: [{ id: 1, name: 'ü <b>' }], query: request.query, ip: request.ip }));
  app.post('/items', { schema: { body: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } } }, async (request, reply) => reply.code(201).send({ created: request.body }));
  app.put('/raw', async (request, reply) => reply.header('content-type', 'text/plain').send(`${request.headers['content-type']}:${JSON.stringify(request.body)}`));
  app.delete('/items/1', async (_request, reply) => reply.code(204).send());
  app.head('/items/1', async (_request, reply) => reply.header('x-count', '3').send('ignored'));
  app.get('/text', async (_request, reply) => reply.header('content-type', 'application/json').send('{"already":"text"}'));
  app.get('/stream', async (_request, reply) => reply.header('content-type', 'application/json').send(Readable.from([Buffer.from('{"stre'), Buffer.from('amed":"ü"}')])));
  app.get('/multi', async (_request, reply) => reply.header('set-cookie', ['a=1', 'b=2']).send({ ok: true }));
  app.get('/throws', async () => {
    throw Object.assign(new Error('Invalid input for field/attribute name.'), { statusCode: 400 });
  });
  await app.ready();
  dispatch = routeInProcess(app);
});

afterAll(() => app.close());

const calls: Parameters<InProcessDispatch>[0][] = [
  { method: 'GET', url: '/guarded/items?limit=2&marker=x', headers: { 'X-Auth-Token': 'good', Accept: 'application/json' } },
  { method: 'GET', url: '/guarded/items', headers: {} },
  { method: 'POST', url: '/items', headers: { 'Content-Type': 'application/json' }, payload: Buffer.from('{"name":"k1"}') },
  { method: 'POST', url: '/items', headers: { 'Content-Type': 'application/json' }, payload: Buffer.from('{"nom":1}') },
  { method: 'POST', url: '/items', headers: { 'Content-Type': 'application/json' }, payload: Buffer.from('{not json') },
  { method: 'PUT', url: '/raw', headers: { 'Content-Type': 'application/json-patch+json' }, payload: Buffer.from('[]') },
  { method: 'DELETE', url: '/items/1', headers: {} },
  { method: 'HEAD', url: '/items/1', headers: {} },
  { method: 'GET', url: '/text', headers: {} },
  { method: 'GET', url: '/stream', headers: {} },
  { method: 'GET', url: '/multi', headers: {} },
  { method: 'GET', url: '/throws', headers: {} },
  { method: 'GET', url: '/nowhere', headers: {} },
  { method: 'GET', url: '/guarded/items/', headers: { 'x-auth-token': 'good' } },
];

/** What a caller reads of an answer: its status, body and headers (but the date, which moves). */
function comparable(answer: Awaited<ReturnType<InProcessDispatch>>) {
  const headers = { ...answer.headers };
  for (const name of ['date', 'connection', 'keep-alive', 'transfer-encoding']) delete headers[name];
  return { status: answer.statusCode, headers, body: answer.body };
}

describe('the built-in cloud answering the server in process (routeInProcess)', () => {
  it.each(calls.map((call) => [`${call.method} ${call.url}`, call] as const))('answers %s as app.inject does: same status, headers and body', async (_label, call) => {
    const injected = await app.inject({ method: call.method as 'GET', url: call.url, headers: call.headers, payload: call.payload });
    const routed = await dispatch(call);
    expect(comparable(routed)).toEqual(comparable({ statusCode: injected.statusCode, headers: injected.headers, body: injected.body }));
  });

  it("runs the app's hooks to the end of each answer, as over HTTP", async () => {
    seenOnResponse.length = 0;
    await dispatch({ method: 'GET', url: '/guarded/items', headers: { 'x-auth-token': 'good' } });
    await new Promise((resolve) => setImmediate(resolve));
    expect(seenOnResponse).toEqual(['/guarded/items']);
  });
});
