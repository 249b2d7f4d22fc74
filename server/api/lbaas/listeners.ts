import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { CloudClient } from '../../openstack/client.js';
import type { ListenerCreateRequest, ListenerSpec, ListenerUpdateRequest } from '../../../shared/generated/listener.js';
import type { LbRoutesOptions } from './index.js';
import { encode, isConflict, isGone, type Native, octavia, projectOf, sdk } from './octavia.js';
import { certificateFields, LISTENER_UPDATE_FIELDS, listenerBody, POOL_UPDATE_FIELDS, poolBody } from './specs.js';
import { poolChildSteps, poolCreateStep, type PoolTarget } from './steps.js';
import { bodySchema } from './validate.js';

/**
 * `/api/lbaas/listeners/` (api-contract §10). A create answers the listener
 * at once and leaves its default pool, members and monitor to a server-side
 * job (steps.ts says why); an update changes the listener at once and leaves
 * the chained pool update to a job too (it must wait for the load balancer
 * to be ACTIVE again). The job's address is in the answer's Location header.
 */

export const wantsChildren = (request: FastifyRequest) => Boolean((request.query as Record<string, string | undefined>).includeChildResources);

export async function getListener(client: CloudClient, id: string): Promise<Native> {
  return (await octavia<{ listener: Native }>(client, 'GET', `/listeners/${encode(id)}`)).body.listener;
}

/** The pool with its members and monitor in the SDK's shapes: what `includeChildResources` adds. */
export async function poolChildren(client: CloudClient, pool: Native): Promise<{ members: Record<string, unknown>[]; monitor?: Record<string, unknown> }> {
  const members = (await octavia<{ members: Native[] }>(client, 'GET', `/pools/${encode(pool.id)}/members`)).body.members;
  const monitorId = pool.healthmonitor_id as string | null | undefined;
  const monitor = monitorId ? (await octavia<{ healthmonitor: Native }>(client, 'GET', `/healthmonitors/${encode(monitorId)}`)).body.healthmonitor : undefined;
  return {
    members: members.map((member) => sdk('member', member, { pool_id: pool.id })),
    ...(monitor ? { monitor: sdk('healthmonitor', monitor, { pool_id: pool.id }) } : {}),
  };
}

export const shapeListener = (listener: Native) => {
  const lbs = listener.loadbalancers as { id: string }[] | undefined;
  return sdk('listener', listener, { load_balancer_id: lbs?.[0]?.id ?? null });
};

export const listenerRoutes: FastifyPluginAsync<LbRoutesOptions> = async (app, { access, jobs }) => {
  app.get<{ Querystring: { loadbalancerId?: string } }>('/api/lbaas/listeners/', async (request) => {
    const client = await access.client(request);
    const listeners = (await octavia<{ listeners: Native[] }>(client, 'GET', '/listeners', { query: { project_id: projectOf(request) } })).body.listeners;
    const wanted = request.query.loadbalancerId;
    return { items: listeners.filter((listener) => !wanted || (listener.loadbalancers as { id: string }[])[0]?.id === wanted).map(shapeListener) };
  });

  app.post<{ Body: ListenerCreateRequest }>('/api/lbaas/listeners/', { schema: bodySchema('listener.schema.json#/$defs/createRequest') }, async (request, reply) => {
    const client = await access.client(request);
    const { listener, certificates, pool, members, monitor, loadbalancer_id: loadBalancerId } = request.body;
    const target: PoolTarget = {};
    // Built first, so a monitor the spec refuses stops the create before anything is sent.
    const children = pool ? poolChildSteps(target, members, monitor) : [];
    const body = { ...listenerBody(listener), ...certificateFields(listener.protocol, certificates), loadbalancer_id: loadBalancerId };
    const created = (await octavia<{ listener: Native }>(client, 'POST', '/listeners', { body: { listener: body } })).body.listener;
    if (pool) {
      const steps = [poolCreateStep(target, pool, listener.protocol, { listener_id: created.id }), ...children];
      const job = jobs.start(request.session!, 'listener-create', loadBalancerId, steps);
      reply.header('Location', `/api/lbaas/jobs/${job.id}/`);
    }
    return shapeListener(created);
  });

  app.get<{ Params: { id: string } }>('/api/lbaas/listeners/:id/', async (request) => {
    const client = await access.client(request);
    const listener = await getListener(client, request.params.id);
    if (!wantsChildren(request)) return shapeListener(listener);
    const poolId = listener.default_pool_id as string | null;
    if (!poolId) return { listener: shapeListener(listener) };
    const pool = (await octavia<{ pool: Native }>(client, 'GET', `/pools/${encode(poolId)}`)).body.pool;
    return { listener: shapeListener(listener), pool: sdk('pool', pool), ...(await poolChildren(client, pool)) };
  });

  app.put<{ Params: { id: string }; Body: ListenerUpdateRequest }>('/api/lbaas/listeners/:id/', { schema: bodySchema('listener.schema.json#/$defs/updateRequest') }, async (request, reply) => {
    const client = await access.client(request);
    const current = await getListener(client, request.params.id);
    const protocol = current.protocol as string;
    const body = {
      ...listenerBody({ ...request.body.listener, protocol: protocol as ListenerSpec['protocol'] }, LISTENER_UPDATE_FIELDS),
      ...(request.body.certificates ? certificateFields(protocol, request.body.certificates) : {}),
    };
    if ('default_pool_id' in request.body.listener && !request.body.listener.default_pool_id) body.default_pool_id = null;
    await octavia(client, 'PUT', `/listeners/${encode(request.params.id)}`, { body: { listener: body } });
    const pool = request.body.pool;
    if (pool?.id) {
      const lbId = (current.loadbalancers as { id: string }[])[0]!.id;
      jobs.start(request.session!, 'listener-pool-update', lbId, [
        { label: `update pool ${pool.id}`, run: (later) => octavia(later, 'PUT', `/pools/${encode(pool.id!)}`, { body: { pool: poolBody(pool, protocol, POOL_UPDATE_FIELDS) } }) },
      ]);
    }
    return reply.code(204).send();
  });

  app.delete<{ Params: { id: string } }>('/api/lbaas/listeners/:id/', async (request, reply) => {
    const client = await access.client(request);
    await deleteOrRetry(client, request, `/listeners/${encode(request.params.id)}`, async () => ((await getListener(client, request.params.id)).loadbalancers as { id: string }[])[0]!.id, jobs);
    return reply.code(204).send();
  });
};

/**
 * Deletes now, or — when Octavia answers 409 because the load balancer is busy —
 * keeps trying in a server-side job for up to 120 s, as Horizon does.
 */
export async function deleteOrRetry(client: CloudClient, request: FastifyRequest, path: string, loadBalancerOf: () => Promise<string>, jobs: LbRoutesOptions['jobs']): Promise<void> {
  try {
    await octavia(client, 'DELETE', path);
  } catch (error) {
    if (isGone(error)) return;
    if (!isConflict(error)) throw error;
    jobs.start(request.session!, 'delete', await loadBalancerOf(), [{ label: `delete ${path}`, run: (later) => octavia(later, 'DELETE', path) }]);
  }
}
