import type { FastifyPluginAsync } from 'fastify';
import type { HealthmonitorCreateRequest, HealthmonitorUpdateRequest } from '../../../shared/generated/healthmonitor.js';
import type { LbRoutesOptions } from './index.js';
import { encode, type Native, octavia, projectOf, sdk } from './octavia.js';
import { MONITOR_UPDATE_FIELDS, monitorBody } from './specs.js';
import { bodySchema } from './validate.js';

/** `/api/lbaas/healthmonitors/` (api-contract §10). */

const shapeMonitor = (monitor: Native) => sdk('healthmonitor', monitor, { pool_id: (monitor.pools as { id: string }[])[0]?.id ?? null });

export const monitorRoutes: FastifyPluginAsync<LbRoutesOptions> = async (app, { access }) => {
  app.get<{ Querystring: { poolId?: string } }>('/api/lbaas/healthmonitors/', async (request) => {
    const client = await access.client(request);
    const monitors = (await octavia<{ healthmonitors: Native[] }>(client, 'GET', '/healthmonitors', { query: { project_id: projectOf(request) } })).body.healthmonitors;
    const wanted = request.query.poolId;
    return { items: monitors.filter((monitor) => !wanted || (monitor.pools as { id: string }[])[0]?.id === wanted).map(shapeMonitor) };
  });

  app.post<{ Body: HealthmonitorCreateRequest }>('/api/lbaas/healthmonitors/', { schema: bodySchema('healthmonitor.schema.json#/$defs/createRequest') }, async (request) => {
    const client = await access.client(request);
    const { monitor, parentResourceId: poolId } = request.body;
    const body = { ...monitorBody(monitor, monitor.type), pool_id: poolId };
    return shapeMonitor((await octavia<{ healthmonitor: Native }>(client, 'POST', '/healthmonitors', { body: { healthmonitor: body } })).body.healthmonitor);
  });

  app.get<{ Params: { id: string } }>('/api/lbaas/healthmonitors/:id/', async (request) => {
    const client = await access.client(request);
    return shapeMonitor((await octavia<{ healthmonitor: Native }>(client, 'GET', `/healthmonitors/${encode(request.params.id)}`)).body.healthmonitor);
  });

  app.put<{ Params: { id: string }; Body: HealthmonitorUpdateRequest }>('/api/lbaas/healthmonitors/:id/', { schema: bodySchema('healthmonitor.schema.json#/$defs/updateRequest') }, async (request, reply) => {
    const client = await access.client(request);
    const { monitor } = request.body;
    const type = monitor.type ?? ((await octavia<{ healthmonitor: Native }>(client, 'GET', `/healthmonitors/${encode(request.params.id)}`)).body.healthmonitor.type as string);
    await octavia(client, 'PUT', `/healthmonitors/${encode(request.params.id)}`, { body: { healthmonitor: monitorBody(monitor, type, MONITOR_UPDATE_FIELDS) } });
    return reply.code(204).send();
  });

  app.delete<{ Params: { id: string } }>('/api/lbaas/healthmonitors/:id/', async (request, reply) => {
    const client = await access.client(request);
    await octavia(client, 'DELETE', `/healthmonitors/${encode(request.params.id)}`);
    return reply.code(204).send();
  });
};
