import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ApiError } from '../server/errors.js';
import type { CloudSession } from './cloud.js';
import type { Template } from './notify.js';
import type { RestoreChoice } from './runner.js';
import type { Schedule } from './schedule.js';
import type { BackupService, Caller } from './service.js';
import type { PlanFields } from './store.js';

/**
 * The backup service's native REST API (backup/README.md), mounted at
 * `/backup/v1`. Like an OpenStack service it trusts nothing but a Keystone
 * token (`X-Auth-Token`): the token's project is the tenant, and every
 * record outside it is "not found".
 */

const S = 'backup-plan.schema.json#/$defs/';
const ID = { $ref: `${S}id` };
const idParams = (...names: string[]) => ({ type: 'object', properties: Object.fromEntries(names.map((name) => [name, ID])), required: names });

interface PlanBody {
  name: string;
  description?: string;
  enable?: boolean;
  schedule: Schedule;
  rotation_points: number;
  vms?: string[];
  volumes?: string[];
  poolAlias?: string | null;
}

function planFields(body: PlanBody): PlanFields {
  return {
    name: body.name.trim(),
    description: body.description ?? '',
    enabled: body.enable ?? true,
    schedule: body.schedule,
    rotationPoints: body.rotation_points,
    vms: body.vms ?? [],
    volumes: body.volumes ?? [],
    poolAlias: body.poolAlias ?? null,
  };
}

const SESSION_CACHE_MS = 30_000;

export const backupApi: FastifyPluginAsync<{ service: BackupService }> = async (app, { service }) => {
  const sessions = new Map<string, { cloud: CloudSession; at: number }>();

  async function callerOf(request: FastifyRequest): Promise<Caller> {
    const token = request.headers['x-auth-token'];
    if (typeof token !== 'string' || !token) throw new ApiError(401, 'The request needs an X-Auth-Token.');
    const known = sessions.get(token);
    if (known && Date.now() - known.at < SESSION_CACHE_MS) return { token, cloud: known.cloud };
    const cloud = await service.identity.sessionOf(token);
    if (sessions.size > 1000) sessions.delete(sessions.keys().next().value!);
    sessions.set(token, { cloud, at: Date.now() });
    return { token, cloud };
  }

  app.get<{ Querystring: { job_type?: 'backup' } }>(
    '/plans',
    { schema: { querystring: { type: 'object', properties: { job_type: { $ref: `${S}jobType` } }, additionalProperties: false } } },
    async (request) => ({ items: service.listPlans(await callerOf(request), request.query.job_type) }),
  );
  app.post<{ Body: PlanBody }>('/plans', { schema: { body: { $ref: `${S}plan` } } }, async (request, reply) => {
    const plan = await service.createPlan(await callerOf(request), planFields(request.body));
    return reply.code(201).header('Location', `/backup/v1/plans/${plan.id}`).send(plan);
  });
  app.get<{ Params: { id: string } }>('/plans/:id', { schema: { params: idParams('id') } }, async (request) => service.getPlan(await callerOf(request), request.params.id));
  app.put<{ Params: { id: string }; Body: PlanBody }>('/plans/:id', { schema: { params: idParams('id'), body: { $ref: `${S}plan` } } }, async (request) =>
    service.updatePlan(await callerOf(request), request.params.id, planFields(request.body)),
  );
  app.delete<{ Params: { id: string } }>('/plans/:id', { schema: { params: idParams('id') } }, async (request, reply) => {
    await service.deletePlan(await callerOf(request), request.params.id);
    return reply.code(204).send();
  });
  app.post<{ Params: { id: string } }>('/plans/:id/run', { schema: { params: idParams('id') } }, async (request, reply) =>
    reply.code(202).send(await service.runPlan(await callerOf(request), request.params.id)),
  );
  app.post<{ Params: { id: string }; Body: { name: string; description?: string; volumes: Record<string, Partial<RestoreChoice> & { restore_name: string }> } }>(
    '/plans/:id/restore',
    { schema: { params: idParams('id'), body: { $ref: `${S}restore` } } },
    async (request, reply) => {
      const volumes: Record<string, RestoreChoice> = {};
      for (const [id, choice] of Object.entries(request.body.volumes)) {
        volumes[id] = {
          restore_name: choice.restore_name,
          restore_description: choice.restore_description ?? '',
          restore_bootable: choice.restore_bootable ?? false,
          restore_volume_type: choice.restore_volume_type || null,
        };
      }
      const job = await service.restore(await callerOf(request), request.params.id, { name: request.body.name, description: request.body.description ?? '', volumes });
      return reply.code(202).send(job);
    },
  );
  app.get<{ Params: { id: string } }>('/plans/:id/volumes', { schema: { params: idParams('id') } }, async (request) => service.planVolumes(await callerOf(request), request.params.id));
  app.delete<{ Params: { id: string; disk: string } }>('/plans/:id/disks/:disk', { schema: { params: idParams('id', 'disk') } }, async (request, reply) =>
    reply.code(202).send(service.detachDisk(await callerOf(request), request.params.id, request.params.disk)),
  );
  app.delete<{ Params: { disk: string } }>('/disks/:disk', { schema: { params: idParams('disk') } }, async (request, reply) =>
    reply.code(202).send(service.deleteDisk(await callerOf(request), request.params.disk)),
  );
  app.get('/disks/detached', async (request) => service.detached(await callerOf(request)));
  app.get('/disks/saved', async (request) => service.saved(await callerOf(request)));
  app.get('/tasks', async (request) => service.runningTasks(await callerOf(request)));
  app.get<{ Querystring: { start?: string; number?: string; search?: string; sort?: string } }>(
    '/tasks/history',
    { schema: { querystring: { $ref: `${S}historyQuery` } } },
    async (request) => {
      const { start, number, search, sort } = request.query;
      return service.history(await callerOf(request), { start: Number(start ?? 0), number: Math.min(Number(number ?? 20) || 20, 1000), search: search ?? '', sort: sort ?? '' });
    },
  );
  app.delete<{ Params: { id: string } }>('/tasks/:id', { schema: { params: idParams('id') } }, async (request, reply) => {
    await service.terminate(await callerOf(request), request.params.id);
    return reply.code(204).send();
  });
  app.get('/backups', async (request) => service.backups(await callerOf(request)));
  app.get('/pools', async (request) => {
    await callerOf(request);
    return service.listPools();
  });
  app.get('/quotas', async (request) => service.quotas(await callerOf(request)));
  app.get('/notifications', async (request) => service.notifications(await callerOf(request)));
  app.put<{ Body: Template[] }>('/notifications', { schema: { body: { $ref: `${S}notifications` } } }, async (request) =>
    service.replaceNotifications(await callerOf(request), request.body),
  );
  app.get('/notifications/log', async (request) => service.notificationLog(await callerOf(request)));
};
