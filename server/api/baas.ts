import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { BffContext } from '../context.js';
import { notLoggedIn } from '../errors.js';

/**
 * `/api/baas/duratus/` (spec 3 §7.2, api-contract §11): thin, as every route
 * module: the body is validated here with the same schemas the browser uses,
 * then handed to the backup service's native API with the session's token.
 */

const BASE = '/api/baas/duratus';
const S = 'backup-plan.schema.json#/$defs/';
const ID = { $ref: `${S}id` };
const idParams = (...names: string[]) => ({ type: 'object', properties: Object.fromEntries(names.map((name) => [name, ID])), required: names });

export const baasRoutes: FastifyPluginAsync<BffContext> = async (app, { backup }) => {
  const call = async <T = unknown>(request: FastifyRequest, method: string, path: string, options: { body?: unknown; query?: Record<string, string | undefined> } = {}) => {
    if (!request.session) throw notLoggedIn();
    return (await backup.call<T>(request.session.token, method, path, options)).body;
  };
  const deleted = (reply: FastifyReply) => reply.code(204).send();

  // Every job, each with its job_type: the browser's plan list keeps the backup ones (spec 3 §4.3).
  app.get(`${BASE}/job/`, async (request) => call(request, 'GET', '/plans'));
  app.get<{ Params: { id: string } }>(`${BASE}/job/:id`, { schema: { params: idParams('id') } }, async (request) => call(request, 'GET', `/plans/${request.params.id}`));
  app.post(`${BASE}/job/`, { schema: { body: { $ref: `${S}plan` } } }, async (request, reply) => {
    const plan = await call<{ id: string }>(request, 'POST', '/plans', { body: request.body });
    return reply.code(201).header('Location', `${BASE}/job/${plan.id}`).send(plan);
  });
  app.put<{ Params: { id: string } }>(`${BASE}/job/:id`, { schema: { params: idParams('id'), body: { $ref: `${S}plan` } } }, async (request) =>
    call(request, 'PUT', `/plans/${request.params.id}`, { body: request.body }),
  );
  // POST job/{id}/ is "run now" (api-contract §11), not an update.
  app.post<{ Params: { id: string } }>(`${BASE}/job/:id`, { schema: { params: idParams('id') } }, async (request) => call(request, 'POST', `/plans/${request.params.id}/run`));
  app.delete<{ Params: { id: string } }>(`${BASE}/job/:id`, { schema: { params: idParams('id') } }, async (request, reply) => {
    await call(request, 'DELETE', `/plans/${request.params.id}`);
    return deleted(reply);
  });
  app.post<{ Params: { id: string } }>(`${BASE}/job/:id/restore`, { schema: { params: idParams('id'), body: { $ref: `${S}restore` } } }, async (request, reply) => {
    const job = await call<{ id: string }>(request, 'POST', `/plans/${request.params.id}/restore`, { body: request.body });
    return reply.code(201).header('Location', `${BASE}/job/${job.id}`).send(job);
  });
  app.get<{ Params: { id: string } }>(`${BASE}/job/:id/volumes`, { schema: { params: idParams('id') } }, async (request) => call(request, 'GET', `/plans/${request.params.id}/volumes`));
  app.delete<{ Params: { id: string } }>(`${BASE}/disk/:id`, { schema: { params: idParams('id') } }, async (request, reply) => {
    await call(request, 'DELETE', `/disks/${request.params.id}`);
    return deleted(reply);
  });
  app.delete<{ Params: { job_id: string; id: string } }>(`${BASE}/detach/:job_id/:id`, { schema: { params: idParams('job_id', 'id') } }, async (request, reply) => {
    await call(request, 'DELETE', `/plans/${request.params.job_id}/disks/${request.params.id}`);
    return deleted(reply);
  });
  app.get(`${BASE}/task/`, async (request) => call(request, 'GET', '/tasks'));
  app.delete<{ Params: { id: string } }>(`${BASE}/task/:id`, { schema: { params: idParams('id') } }, async (request, reply) => {
    await call(request, 'DELETE', `/tasks/${request.params.id}`);
    return deleted(reply);
  });
  app.get<{ Querystring: Record<string, string | undefined> }>(`${BASE}/task-history/`, { schema: { querystring: { $ref: `${S}historyQuery` } } }, async (request) => ({
    data: await call(request, 'GET', '/tasks/history', { query: request.query }),
  }));
  app.get(`${BASE}/backup`, async (request) => call(request, 'GET', '/backups'));
  app.get(`${BASE}/detached`, async (request) => call(request, 'GET', '/disks/detached'));
  app.get(`${BASE}/saved`, async (request) => call(request, 'GET', '/disks/saved'));
  app.get(`${BASE}/list_pools`, async (request) => call(request, 'GET', '/pools'));
  app.get(`${BASE}/utils/quotas`, async (request) => call(request, 'GET', '/quotas'));
  app.get(`${BASE}/notifications/`, async (request) => call(request, 'GET', '/notifications'));
  app.put(`${BASE}/notifications/`, { schema: { body: { $ref: `${S}notifications` } } }, async (request) => call(request, 'PUT', '/notifications', { body: request.body }));
  app.get(`${BASE}/notifications/log`, async (request) => call(request, 'GET', '/notifications/log'));
};
