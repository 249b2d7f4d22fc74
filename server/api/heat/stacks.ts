import type { FastifyPluginAsync } from 'fastify';
import type { StackAction, StackCreate, StackUpdate, StackValidate } from '../../../shared/generated/stack.js';
import type { BffContext } from '../../context.js';
import { heat, stackPath } from './native.js';

/**
 * `/api/heat/` (issue 19): the stacks of the session's project over Heat v1.
 * A stack is addressed by id; the server finds its `{name}/{id}` path.
 */

interface NativeStack {
  id: string;
  stack_name: string;
  stack_status: string;
  [key: string]: unknown;
}

const STACK = { type: 'object', required: ['stack_id'], properties: { stack_id: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[^/]+$' } } } as const;
type StackParams = { Params: { stack_id: string } };

export const stackRoutes: FastifyPluginAsync<BffContext> = async (app, { access }) => {
  app.get('/api/heat/stacks/', async (request) => {
    const client = await access.client(request);
    const response = await heat<{ stacks: NativeStack[] }>(client, 'GET', '/stacks');
    return { items: response.body.stacks };
  });

  app.post<{ Body: StackCreate }>('/api/heat/stacks/', { schema: { body: { $ref: 'stack.schema.json#/$defs/create' } } }, async (request, reply) => {
    const client = await access.client(request);
    const response = await heat<{ stack: { id: string } }>(client, 'POST', '/stacks', { body: request.body });
    reply.code(201).header('Location', `/api/heat/stacks/${response.body.stack.id}/`);
    return { id: response.body.stack.id, stack_name: request.body.stack_name };
  });

  app.post<{ Body: StackCreate }>('/api/heat/stacks/preview/', { schema: { body: { $ref: 'stack.schema.json#/$defs/create' } } }, async (request) => {
    const client = await access.client(request);
    const response = await heat<{ stack: Record<string, unknown> }>(client, 'POST', '/stacks/preview', { body: request.body });
    return response.body.stack;
  });

  app.post<{ Body: StackValidate }>('/api/heat/validate/', { schema: { body: { $ref: 'stack.schema.json#/$defs/validate' } } }, async (request) => {
    const client = await access.client(request);
    return (await heat(client, 'POST', '/validate', { body: request.body })).body;
  });

  app.get<StackParams>('/api/heat/stacks/:stack_id/', { schema: { params: STACK } }, async (request) => {
    const client = await access.client(request);
    const path = await stackPath(client, request.params.stack_id);
    return (await heat<{ stack: NativeStack }>(client, 'GET', path)).body.stack;
  });

  // Change Template: a new template (or the current one when none is given) with parameter values.
  app.put<StackParams & { Body: StackUpdate }>(
    '/api/heat/stacks/:stack_id/',
    { schema: { params: STACK, body: { $ref: 'stack.schema.json#/$defs/update' } } },
    async (request, reply) => {
      const client = await access.client(request);
      const path = await stackPath(client, request.params.stack_id);
      const existing = request.body.template === undefined && request.body.template_url === undefined;
      await heat(client, existing ? 'PATCH' : 'PUT', path, { body: request.body, answer: 'text' });
      return reply.code(204).send();
    },
  );

  app.delete<StackParams>('/api/heat/stacks/:stack_id/', { schema: { params: STACK } }, async (request, reply) => {
    const client = await access.client(request);
    await heat(client, 'DELETE', await stackPath(client, request.params.stack_id), { answer: 'text' });
    return reply.code(204).send();
  });

  app.post<StackParams & { Body: StackAction }>(
    '/api/heat/stacks/:stack_id/actions/',
    { schema: { params: STACK, body: { $ref: 'stack.schema.json#/$defs/action' } } },
    async (request, reply) => {
      const client = await access.client(request);
      await heat(client, 'POST', `${await stackPath(client, request.params.stack_id)}/actions`, { body: { [request.body.action]: null }, answer: 'text' });
      return reply.code(204).send();
    },
  );

  app.get<StackParams>('/api/heat/stacks/:stack_id/resources/', { schema: { params: STACK } }, async (request) => {
    const client = await access.client(request);
    const response = await heat<{ resources: unknown[] }>(client, 'GET', `${await stackPath(client, request.params.stack_id)}/resources`);
    return { items: response.body.resources };
  });

  app.get<StackParams>('/api/heat/stacks/:stack_id/events/', { schema: { params: STACK } }, async (request) => {
    const client = await access.client(request);
    const response = await heat<{ events: unknown[] }>(client, 'GET', `${await stackPath(client, request.params.stack_id)}/events`, { query: { sort_dir: 'desc' } });
    return { items: response.body.events };
  });

  app.get<StackParams>('/api/heat/stacks/:stack_id/template/', { schema: { params: STACK } }, async (request) => {
    const client = await access.client(request);
    return (await heat(client, 'GET', `${await stackPath(client, request.params.stack_id)}/template`)).body;
  });

  app.get<StackParams>('/api/heat/stacks/:stack_id/outputs/', { schema: { params: STACK } }, async (request) => {
    const client = await access.client(request);
    const path = await stackPath(client, request.params.stack_id);
    const response = await heat<{ stack: { outputs?: unknown[] } }>(client, 'GET', path);
    return { items: response.body.stack.outputs ?? [] };
  });
};
