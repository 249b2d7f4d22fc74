import type { FastifyPluginAsync } from 'fastify';
import { ApiError } from '../../errors.js';
import type { CloudClient } from '../../openstack/client.js';
import type { HealthmonitorSpec } from '../../../shared/generated/healthmonitor.js';
import type { MemberListRequest, MemberSpec, MemberUpdate } from '../../../shared/generated/member.js';
import type { PoolCreateRequest, PoolUpdateRequest } from '../../../shared/generated/pool.js';
import type { LbRoutesOptions } from './index.js';
import type { JobStep } from './jobs.js';
import { deleteOrRetry, getListener, poolChildren, wantsChildren } from './listeners.js';
import { encode, type Native, octavia, projectOf, sdk } from './octavia.js';
import { MEMBER_UPDATE_FIELDS, memberBody, membersOf, MONITOR_UPDATE_FIELDS, monitorBody, POOL_UPDATE_FIELDS, poolBody } from './specs.js';
import { poolChildSteps, type PoolTarget } from './steps.js';
import { bodySchema } from './validate.js';

/**
 * `/api/lbaas/pools/` and `pools/{p}/members/` (api-contract §10). A pool's
 * create answers at once; its members and monitor follow as job steps
 * (steps.ts says why). Replacing the
 * member list is a server-side job: members are compared by id, the missing
 * ones deleted and the new ones added one at a time, each step waiting for
 * the load balancer to be ACTIVE again (api-contract §10 Rec).
 */

async function getPool(client: CloudClient, id: string): Promise<Native> {
  return (await octavia<{ pool: Native }>(client, 'GET', `/pools/${encode(id)}`)).body.pool;
}

const loadBalancerOf = (pool: Native) => (pool.loadbalancers as { id: string }[])[0]!.id;

/** The steps turning the pool's members into `wanted`: deletions first, then additions (Horizon's order). */
async function memberSteps(client: CloudClient, poolId: string, wanted: MemberSpec[]): Promise<JobStep[]> {
  const current = (await octavia<{ members: Native[] }>(client, 'GET', `/pools/${encode(poolId)}/members`)).body.members;
  const keep = new Set(wanted.map((member) => member.id).filter(Boolean));
  const removed = current.filter((member) => !keep.has(member.id));
  const added = (membersOf(wanted) ?? []).filter((member) => !member.id || !current.some((existing) => existing.id === member.id));
  return [
    ...removed.map((member) => ({
      label: `delete member ${String(member.address)}:${String(member.protocol_port)}`,
      run: (later: CloudClient) => octavia(later, 'DELETE', `/pools/${encode(poolId)}/members/${encode(member.id)}`).catch((error) => ((error as ApiError).status === 404 ? undefined : Promise.reject(error))),
    })),
    ...added.map((member) => ({
      label: `add member ${member.address}:${member.protocol_port}`,
      run: (later: CloudClient) => octavia(later, 'POST', `/pools/${encode(poolId)}/members`, { body: { member: memberBody(member) } }),
    })),
  ];
}

/** A pool's monitor change as a job step: update the one it has, or create one. */
function monitorStep(pool: Native, monitor: HealthmonitorSpec): JobStep {
  const existing = pool.healthmonitor_id as string | null;
  return existing
    ? { label: `update monitor ${existing}`, run: (later) => octavia(later, 'PUT', `/healthmonitors/${encode(existing)}`, { body: { healthmonitor: monitorBody(monitor, monitor.type, MONITOR_UPDATE_FIELDS) } }) }
    : { label: 'create the monitor', run: (later) => octavia(later, 'POST', '/healthmonitors', { body: { healthmonitor: { ...monitorBody(monitor, monitor.type), pool_id: pool.id } } }) };
}

export const poolRoutes: FastifyPluginAsync<LbRoutesOptions> = async (app, { access, jobs }) => {
  app.get<{ Querystring: { loadbalancerId?: string; listenerId?: string } }>('/api/lbaas/pools/', async (request) => {
    const client = await access.client(request);
    const pools = (await octavia<{ pools: Native[] }>(client, 'GET', '/pools', { query: { project_id: projectOf(request) } })).body.pools;
    const { loadbalancerId, listenerId } = request.query;
    return {
      items: pools
        .filter((pool) => !loadbalancerId || (pool.loadbalancers as { id: string }[])[0]?.id === loadbalancerId)
        .filter((pool) => !listenerId || (pool.listeners as { id: string }[])[0]?.id === listenerId)
        .map((pool) => sdk('pool', pool)),
    };
  });

  app.post<{ Body: PoolCreateRequest }>('/api/lbaas/pools/', { schema: bodySchema('pool.schema.json#/$defs/createRequest') }, async (request, reply) => {
    const client = await access.client(request);
    const { pool, members, monitor, parentResourceId: listenerId, loadbalancer_id: loadBalancerId } = request.body;
    const target: PoolTarget = {};
    const steps = poolChildSteps(target, members, monitor);
    const protocol = listenerId ? ((await getListener(client, listenerId)).protocol as string) : null;
    const body = { ...poolBody(pool, protocol), ...(listenerId ? { listener_id: listenerId } : { loadbalancer_id: loadBalancerId }) };
    const created = (await octavia<{ pool: Native }>(client, 'POST', '/pools', { body: { pool: body } })).body.pool;
    target.id = created.id;
    if (steps.length) {
      const job = jobs.start(request.session!, 'pool-create', loadBalancerOf(created), steps);
      reply.header('Location', `/api/lbaas/jobs/${job.id}/`);
    }
    return sdk('pool', created);
  });

  app.get<{ Params: { id: string } }>('/api/lbaas/pools/:id/', async (request) => {
    const client = await access.client(request);
    const pool = await getPool(client, request.params.id);
    if (!wantsChildren(request)) return sdk('pool', pool);
    return { pool: sdk('pool', pool), ...(await poolChildren(client, pool)) };
  });

  app.put<{ Params: { id: string }; Body: PoolUpdateRequest }>('/api/lbaas/pools/:id/', { schema: bodySchema('pool.schema.json#/$defs/updateRequest') }, async (request, reply) => {
    const client = await access.client(request);
    const pool = await getPool(client, request.params.id);
    await octavia(client, 'PUT', `/pools/${encode(pool.id)}`, { body: { pool: poolBody(request.body.pool, null, POOL_UPDATE_FIELDS) } });
    const steps = [
      ...(request.body.members ? await memberSteps(client, pool.id, request.body.members) : []),
      ...(request.body.monitor ? [monitorStep(pool, request.body.monitor)] : []),
    ];
    if (steps.length) {
      const job = jobs.start(request.session!, 'pool-update', loadBalancerOf(pool), steps);
      reply.header('Location', `/api/lbaas/jobs/${job.id}/`);
    }
    return reply.code(204).send();
  });

  app.delete<{ Params: { id: string } }>('/api/lbaas/pools/:id/', async (request, reply) => {
    const client = await access.client(request);
    await deleteOrRetry(client, request, `/pools/${encode(request.params.id)}`, async () => loadBalancerOf(await getPool(client, request.params.id)), jobs);
    return reply.code(204).send();
  });

  app.get<{ Params: { pool: string } }>('/api/lbaas/pools/:pool/members/', async (request) => {
    const client = await access.client(request);
    const members = (await octavia<{ members: Native[] }>(client, 'GET', `/pools/${encode(request.params.pool)}/members`)).body.members;
    return { items: members.map((member) => sdk('member', member, { pool_id: request.params.pool })) };
  });

  app.put<{ Params: { pool: string }; Body: MemberListRequest }>('/api/lbaas/pools/:pool/members/', { schema: bodySchema('member.schema.json#/$defs/listRequest') }, async (request, reply) => {
    const client = await access.client(request);
    const pool = await getPool(client, request.params.pool);
    const steps = await memberSteps(client, pool.id, request.body.members);
    const job = jobs.start(request.session!, 'members-update', loadBalancerOf(pool), steps);
    return reply.code(204).header('Location', `/api/lbaas/jobs/${job.id}/`).send();
  });

  app.get<{ Params: { pool: string; member: string } }>('/api/lbaas/pools/:pool/members/:member/', async (request) => {
    const client = await access.client(request);
    const member = (await octavia<{ member: Native }>(client, 'GET', `/pools/${encode(request.params.pool)}/members/${encode(request.params.member)}`)).body.member;
    return sdk('member', member, { pool_id: request.params.pool });
  });

  app.put<{ Params: { pool: string; member: string }; Body: MemberUpdate }>('/api/lbaas/pools/:pool/members/:member/', { schema: bodySchema('member.schema.json#/$defs/update') }, async (request) => {
    const client = await access.client(request);
    const body = memberBody(request.body, MEMBER_UPDATE_FIELDS);
    const member = (await octavia<{ member: Native }>(client, 'PUT', `/pools/${encode(request.params.pool)}/members/${encode(request.params.member)}`, { body: { member: body } })).body.member;
    return sdk('member', member, { pool_id: request.params.pool });
  });

  app.delete<{ Params: { pool: string; member: string } }>('/api/lbaas/pools/:pool/members/:member/', async (request, reply) => {
    const client = await access.client(request);
    await octavia(client, 'DELETE', `/pools/${encode(request.params.pool)}/members/${encode(request.params.member)}`);
    return reply.code(204).send();
  });

  app.get('/api/lbaas/jobs/', async (request) => ({ items: jobs.list(projectOf(request)) }));
  app.get<{ Params: { id: string } }>('/api/lbaas/jobs/:id/', async (request) => jobs.get(projectOf(request), request.params.id));
};

