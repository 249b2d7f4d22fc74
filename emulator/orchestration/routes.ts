import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { RequestContext } from '../core/context.js';
import { Unauthorized } from '../core/errors.js';
import { acceptRawBodies, firstHeader, firstQuery, jsonBody, queryOf, route } from '../core/http.js';
import { newRequestId } from '../core/ids.js';
import { type CloudDeps, cloudUrl, type ServiceOptions } from '../core/service.js';
import { heatErrorHandler, heatFault } from './faults.js';
import { cloudClients } from './models/cloud.js';
import { Engine } from './models/engine.js';
import { HeatError } from './models/errors.js';
import { createStack, deleteStack, prepareStack, stackAction, type StackBody, updateStack, validateTemplate } from './models/operations.js';
import { findEvent, findResource, findStack, findStackByIdentity, listEvents, listResources, listStacks, type Stack } from './models/stacks.js';
import { loadTemplate } from './models/template.js';
import { RESOURCE_TYPES } from './resources/index.js';
import { eventView, resourceView, stackDetail, stackSummary, stackUrl } from './responses/render.js';

/** What the engine and the handlers share. */
interface HeatDeps extends CloudDeps {
  engine: Engine;
}

type Params = { tenant_id: string; stack_name: string; stack_id: string; resource_name: string; event_id: string; output_key: string; path: string };

const contexts = new WeakMap<FastifyRequest, RequestContext>();

function contextOf(request: FastifyRequest): RequestContext {
  const context = contexts.get(request);
  if (!context) throw new Unauthorized();
  return context;
}

const paramsOf = (request: FastifyRequest) => request.params as Params;
const baseOf = (deps: CloudDeps, request: FastifyRequest) => cloudUrl(deps, `/orchestration/v1/${paramsOf(request).tenant_id}`);
/** JSON as Heat's webob answers it: `Content-Type: application/json`, no charset (a Buffer, so Fastify adds none). */
const send = (reply: FastifyReply, status: number, body: unknown) => reply.code(status).header('Content-Type', 'application/json').send(Buffer.from(JSON.stringify(body)));

function theStack(deps: HeatDeps, request: FastifyRequest): Stack {
  const { tenant_id, stack_name, stack_id } = paramsOf(request);
  return findStackByIdentity(deps.db, tenant_id, stack_name, stack_id);
}

function sortedEvents<T extends { seq: number }>(events: T[], query: Record<string, string | string[]>): T[] {
  const ascending = firstQuery(query, 'sort_dir') === 'asc';
  const ordered = [...events].sort((a, b) => (ascending ? a.seq - b.seq : b.seq - a.seq));
  const marker = firstQuery(query, 'marker');
  const start = marker ? ordered.findIndex((event) => (event as unknown as { id: string }).id === marker) + 1 : 0;
  const limit = Number(firstQuery(query, 'limit') ?? 0);
  return ordered.slice(start, limit > 0 ? start + limit : undefined);
}

/** What Heat's update answers (webob's HTTPAccepted rendered as JSON). */
const ACCEPTED = { code: 202, message: 'The request is accepted for processing.<br /><br />\n\n\n', title: 'Accepted' };

type HeatHandler = (deps: HeatDeps, request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply> | FastifyReply;

const HANDLERS: [('GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'), string, HeatHandler][] = [
  [
    'GET',
    '/stacks',
    (deps, request, reply) => {
      const query = queryOf(request);
      const name = firstQuery(query, 'stack_name') ?? firstQuery(query, 'name');
      const status = firstQuery(query, 'status');
      const stacks = listStacks(deps.db, paramsOf(request).tenant_id).filter(
        (stack) => (name === undefined || stack.name === name) && (status === undefined || stack.status === status || `${stack.action}_${stack.status}` === status),
      );
      return send(reply, 200, { stacks: stacks.map((stack) => stackSummary(baseOf(deps, request), stack)) });
    },
  ],
  [
    'POST',
    '/stacks',
    async (deps, request, reply) => {
      const stack = await createStack(deps.db, deps.engine, contextOf(request), jsonBody(request) as StackBody, deps.clock.now());
      const href = stackUrl(baseOf(deps, request), stack);
      return reply.header('Location', href).code(201).header('Content-Type', 'application/json').send(JSON.stringify({ stack: { id: stack.id, links: [{ href, rel: 'self' }] } }));
    },
  ],
  [
    'POST',
    '/stacks/preview',
    async (deps, request, reply) => {
      const prepared = await prepareStack(jsonBody(request) as StackBody);
      const context = contextOf(request);
      const stack: Stack = {
        id: 'None',
        projectId: context.projectId!,
        userId: context.userId,
        owner: context.userName,
        name: prepared.name,
        template: prepared.template.raw,
        environment: prepared.environment,
        parameters: prepared.parameters,
        action: 'INIT',
        status: 'COMPLETE',
        statusReason: '',
        disableRollback: true,
        timeoutMins: null,
        tags: null,
        createdAt: deps.clock.now(),
        updatedAt: null,
        deletedAt: null,
      };
      const rows = deps.engine.initialRows(stack, prepared.template);
      const base = baseOf(deps, request);
      const resources = rows.map((row) => ({
        ...resourceView(base, stack, row, rows),
        updated_time: null,
        creation_time: null,
        resource_action: 'INIT',
        resource_status: 'COMPLETE',
        stack_name: stack.name,
        description: '',
        properties: row.snippet.properties ?? {},
      }));
      return send(reply, 200, { stack: { ...stackDetail(base, stack, prepared.template.description, []), resources } });
    },
  ],
  ['POST', '/validate', async (_deps, request, reply) => send(reply, 200, await validateTemplate(jsonBody(request) as StackBody))],
  ['GET', '/resource_types', (_deps, _request, reply) => send(reply, 200, { resource_types: Object.keys(RESOURCE_TYPES).sort() })],
  // Heat answers a stack named without its id with a redirect to its canonical URL (sub-paths too), whatever the method.
  ...(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const).map(
    (method) => [method, '/stacks/:stack_name', (deps: HeatDeps, request: FastifyRequest, reply: FastifyReply) => redirect(deps, request, reply, '')] as [typeof method, string, HeatHandler],
  ),
  ...(['resources', 'events', 'template', 'environment', 'outputs', 'files'].map(
    (path) => ['GET', `/stacks/:stack_name/${path}`, (deps: HeatDeps, request: FastifyRequest, reply: FastifyReply) => redirect(deps, request, reply, `/${path}`)] as [
      'GET',
      string,
      HeatHandler,
    ],
  )),
  [
    'GET',
    '/stacks/:stack_name/:stack_id',
    async (deps, request, reply) => {
      const stack = theStack(deps, request);
      const description = loadTemplate(stack.template).description;
      return send(reply, 200, { stack: stackDetail(baseOf(deps, request), stack, description, await deps.engine.outputs(stack)) });
    },
  ],
  [
    'PUT',
    '/stacks/:stack_name/:stack_id',
    async (deps, request, reply) => {
      await updateStack(deps.db, deps.engine, theStack(deps, request), jsonBody(request) as StackBody, false);
      return send(reply, 202, ACCEPTED);
    },
  ],
  [
    'PATCH',
    '/stacks/:stack_name/:stack_id',
    async (deps, request, reply) => {
      await updateStack(deps.db, deps.engine, theStack(deps, request), jsonBody(request) as StackBody, true);
      return send(reply, 202, ACCEPTED);
    },
  ],
  [
    'DELETE',
    '/stacks/:stack_name/:stack_id',
    (deps, request, reply) => {
      deleteStack(deps.engine, theStack(deps, request));
      return reply.code(204).send();
    },
  ],
  [
    'POST',
    '/stacks/:stack_name/:stack_id/actions',
    (deps, request, reply) => {
      stackAction(deps.engine, theStack(deps, request), jsonBody(request));
      return send(reply, 200, null);
    },
  ],
  [
    'GET',
    '/stacks/:stack_name/:stack_id/resources',
    (deps, request, reply) => {
      const stack = theStack(deps, request);
      const rows = listResources(deps.db, stack.id);
      // Heat's resource list filters, each given once or repeated (any of its values matches).
      const query = queryOf(request);
      const fields: Record<string, (row: (typeof rows)[number]) => unknown> = { type: (row) => row.type, name: (row) => row.name, status: (row) => row.status, action: (row) => row.action, physical_resource_id: (row) => row.physicalId };
      const shown = rows.filter((row) =>
        Object.entries(fields).every(([key, value]) => {
          const wanted = query[key];
          return wanted === undefined || (Array.isArray(wanted) ? wanted : [wanted]).includes(String(value(row)));
        }),
      );
      return send(reply, 200, { resources: shown.map((row) => resourceView(baseOf(deps, request), stack, row, rows)) });
    },
  ],
  [
    'GET',
    '/stacks/:stack_name/:stack_id/resources/:resource_name',
    async (deps, request, reply) => {
      const stack = theStack(deps, request);
      const row = findResource(deps.db, stack, paramsOf(request).resource_name);
      const rows = listResources(deps.db, stack.id);
      return send(reply, 200, { resource: { ...resourceView(baseOf(deps, request), stack, row, rows), description: '', attributes: await deps.engine.attributesOf(stack, row) } });
    },
  ],
  [
    'GET',
    '/stacks/:stack_name/:stack_id/events',
    (deps, request, reply) => {
      const stack = theStack(deps, request);
      const query = queryOf(request);
      const name = firstQuery(query, 'resource_name');
      return send(reply, 200, { events: sortedEvents(listEvents(deps.db, stack.id, name), query).map((event) => eventView(baseOf(deps, request), stack, event)) });
    },
  ],
  [
    'GET',
    '/stacks/:stack_name/:stack_id/resources/:resource_name/events',
    (deps, request, reply) => {
      const stack = theStack(deps, request);
      const events = listEvents(deps.db, stack.id, paramsOf(request).resource_name);
      return send(reply, 200, { events: sortedEvents(events, queryOf(request)).map((event) => eventView(baseOf(deps, request), stack, event)) });
    },
  ],
  [
    'GET',
    '/stacks/:stack_name/:stack_id/resources/:resource_name/events/:event_id',
    (deps, request, reply) => {
      const stack = theStack(deps, request);
      const event = findEvent(deps.db, stack.id, paramsOf(request).resource_name, paramsOf(request).event_id);
      return send(reply, 200, { event: { ...eventView(baseOf(deps, request), stack, event), resource_properties: {} } });
    },
  ],
  ['GET', '/stacks/:stack_name/:stack_id/template', (deps, request, reply) => send(reply, 200, theStack(deps, request).template)],
  [
    'GET',
    '/stacks/:stack_name/:stack_id/environment',
    (deps, request, reply) => send(reply, 200, { ...theStack(deps, request).environment, event_sinks: [], encrypted_param_names: [] }),
  ],
  ['GET', '/stacks/:stack_name/:stack_id/files', (deps, request, reply) => (theStack(deps, request), send(reply, 200, {}))],
  [
    'GET',
    '/stacks/:stack_name/:stack_id/outputs',
    async (deps, request, reply) => {
      const outputs = await deps.engine.outputs(theStack(deps, request));
      return send(reply, 200, { outputs: outputs.map(({ output_key, description }) => ({ output_key, description })) });
    },
  ],
  [
    'GET',
    '/stacks/:stack_name/:stack_id/outputs/:output_key',
    async (deps, request, reply) => {
      const key = paramsOf(request).output_key;
      const output = (await deps.engine.outputs(theStack(deps, request))).find((candidate) => candidate.output_key === key);
      if (!output) throw new HeatError(404, 'NotFound', `Specified output key ${key} not found.`);
      return send(reply, 200, { output });
    },
  ],
];

function redirect(deps: HeatDeps, request: FastifyRequest, reply: FastifyReply, tail: string): FastifyReply {
  const stack = findStack(deps.db, paramsOf(request).tenant_id, paramsOf(request).stack_name);
  const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
  return reply.code(302).header('Location', `${stackUrl(baseOf(deps, request), stack)}${tail}${query}`).header('Content-Type', 'text/html; charset=UTF-8').send('');
}

/**
 * Heat v1 under /cloud/orchestration: `/v1/{tenant_id}/…` with a
 * project-scoped token for that project. The engine advances stacks before
 * each request of their project and on a tick, so a stack moves on even when
 * nobody asks. `resourceMs`: the least time a resource stays CREATE_IN_PROGRESS.
 */
export const orchestrationRoutes = (options: { resourceMs: number }): FastifyPluginAsync<ServiceOptions> => async (app: FastifyInstance, { deps: cloud }) => {
  const clients = cloudClients(app, cloud, '/orchestration');
  const deps: HeatDeps = { ...cloud, engine: new Engine(cloud.db, cloud.clock, clients, options.resourceMs) };
  acceptRawBodies(app);
  app.setErrorHandler(heatErrorHandler(cloud));
  app.setNotFoundHandler((_request, reply) => send(reply, 404, heatFault(404, 'HTTPNotFound', 'The resource could not be found.')));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-openstack-request-id', newRequestId());
  });
  route(app, 'GET', '/', (_request, reply) => send(reply.code(300), 300, { versions: [{ id: 'v1.0', status: 'CURRENT', links: [{ rel: 'self', href: cloudUrl(cloud, '/orchestration/v1/') }] }] }));
  const tick = setInterval(() => {
    deps.engine.advanceBusy().catch(() => {
      // The database closed under the tick (the cloud is stopping): the next start carries on.
    });
  }, 250);
  tick.unref();
  app.addHook('onClose', async () => clearInterval(tick));
  await app.register(
    async (api) => {
      api.addHook('preHandler', async (request) => {
        const token = firstHeader(request, 'x-auth-token');
        const context = token ? cloud.authenticate(token) : null;
        if (!context || !context.projectId) throw new Unauthorized();
        if (context.projectId !== paramsOf(request).tenant_id) throw new HeatError(403, 'Forbidden', 'You are not authorized to complete this action.');
        contexts.set(request, context);
        await deps.engine.advanceBusy(context.projectId);
      });
      for (const [method, path, handler] of HANDLERS) route(api, method, path, (request, reply) => handler(deps, request, reply));
    },
    { prefix: '/v1/:tenant_id' },
  );
};
