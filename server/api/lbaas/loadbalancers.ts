import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ApiError } from '../../errors.js';
import type { CloudClient } from '../../openstack/client.js';
import type { LoadbalancerCreateRequest, LoadbalancerUpdateRequest } from '../../../shared/generated/loadbalancer.js';
import { neutron } from '../neutron/common.js';
import type { LbRoutesOptions } from './index.js';
import { encode, isGone, type Native, octavia, pick, projectOf, sdk } from './octavia.js';
import { certificateFields, listenerBody, memberBody, membersOf, poolBody, poolTree } from './specs.js';
import type { JobStep } from './jobs.js';
import { poolChildSteps, poolCreateStep, type PoolTarget } from './steps.js';
import { bodySchema } from './validate.js';

/**
 * `/api/lbaas/loadbalancers/` (api-contract §10). The create is Octavia's
 * single fully populated call: the load balancer with its listener, the
 * listener's default pool, the pool's members and monitor, all or nothing
 * (Horizon makes them one by one in background threads). An unnamed pool is
 * the exception Octavia imposes: it follows in a job (Location header).
 */

type FloatingIp = { id: string; floating_ip_address: string; port_id: string | null };

/** `full`: each load balancer gets `floating_ip` ({} or {id, ip}) from the floating IP on its VIP port. */
async function floatingIps(client: CloudClient, request: FastifyRequest): Promise<Map<string, FloatingIp>> {
  const response = await neutron<{ floatingips: FloatingIp[] }>(client, 'GET', '/floatingips', { query: { project_id: projectOf(request) } });
  return new Map(response.body.floatingips.filter((ip) => ip.port_id).map((ip) => [ip.port_id!, ip]));
}

function shapeLoadBalancer(lb: Native, ips?: Map<string, FloatingIp>) {
  if (!ips) return sdk('loadbalancer', lb);
  const ip = ips.get(lb.vip_port_id as string);
  return sdk('loadbalancer', lb, { floating_ip: ip ? { id: ip.id, ip: ip.floating_ip_address } : {}, floating_ip_address: ip?.floating_ip_address ?? null });
}

const wantsFull = (request: FastifyRequest) => Boolean((request.query as Record<string, string | undefined>).full);

/** A load balancer by id, or else by name (octavia-dashboard's `find_load_balancer`). */
export async function findLoadBalancer(client: CloudClient, request: FastifyRequest, idOrName: string): Promise<Native> {
  try {
    return (await octavia<{ loadbalancer: Native }>(client, 'GET', `/loadbalancers/${encode(idOrName)}`)).body.loadbalancer;
  } catch (error) {
    if (!isGone(error)) throw error;
    const named = (await octavia<{ loadbalancers: Native[] }>(client, 'GET', '/loadbalancers', { query: { name: idOrName, project_id: projectOf(request) } })).body.loadbalancers;
    if (named.length !== 1) throw error;
    return named[0]!;
  }
}

/**
 * The wizard's spec as one `POST /loadbalancers` body (spec 3 §5.1's cleaning
 * applied). Octavia takes pools in it only when named; an unnamed pool (the
 * wizard's name is optional) is left out and made by a job afterwards.
 */
export function fullyPopulated(spec: LoadbalancerCreateRequest): Record<string, unknown> {
  const loadbalancer = pick(spec.loadbalancer, ['vip_subnet_id', 'name', 'description', 'admin_state_up', 'vip_address', 'flavor_id', 'availability_zone', 'provider']);
  const listener = spec.listener;
  const pool = spec.pool?.name ? spec.pool : null;
  if (listener) {
    loadbalancer.listeners = [
      {
        ...listenerBody(listener),
        ...certificateFields(listener.protocol, spec.certificates),
        ...(pool ? { default_pool: poolTree(pool, listener.protocol, spec.members, spec.monitor) } : {}),
      },
    ];
  } else if (pool) {
    const members = membersOf(spec.members);
    loadbalancer.pools = [{ ...poolBody(pool, null), ...(members ? { members: members.map((member) => memberBody(member)) } : {}) }];
  }
  return { loadbalancer };
}

/** The steps for an unnamed pool of the wizard: the pool on the new listener (or load balancer), its members, its monitor. */
function unnamedPoolSteps(spec: LoadbalancerCreateRequest, lb: Native): JobStep[] {
  if (!spec.pool || spec.pool.name) return [];
  const target: PoolTarget = {};
  const listenerId = (lb.listeners as Native[])[0]?.id;
  const children = poolChildSteps(target, spec.members, spec.listener ? spec.monitor : null);
  return [poolCreateStep(target, spec.pool, spec.listener?.protocol ?? null, listenerId ? { listener_id: listenerId } : { loadbalancer_id: lb.id }), ...children];
}

export const loadBalancerRoutes: FastifyPluginAsync<LbRoutesOptions> = async (app, { access, jobs }) => {
  app.get('/api/lbaas/loadbalancers/', async (request) => {
    const client = await access.client(request);
    const [response, ips] = await Promise.all([
      octavia<{ loadbalancers: Native[] }>(client, 'GET', '/loadbalancers', { query: { project_id: projectOf(request) } }),
      wantsFull(request) ? floatingIps(client, request) : Promise.resolve(undefined),
    ]);
    return { items: response.body.loadbalancers.map((lb) => shapeLoadBalancer(lb, ips)) };
  });

  app.post<{ Body: LoadbalancerCreateRequest }>('/api/lbaas/loadbalancers/', { schema: bodySchema('loadbalancer.schema.json#/$defs/createRequest') }, async (request, reply) => {
    const client = await access.client(request);
    const body = fullyPopulated(request.body);
    // Checked before the call: a monitor the spec refuses stops the create before anything is made.
    if (request.body.pool && !request.body.pool.name) poolChildSteps({}, request.body.members, request.body.monitor);
    const lb = (await octavia<{ loadbalancer: Native }>(client, 'POST', '/loadbalancers', { body })).body.loadbalancer;
    const steps = unnamedPoolSteps(request.body, lb);
    if (steps.length) reply.header('Location', `/api/lbaas/jobs/${jobs.start(request.session!, 'loadbalancer-create', lb.id, steps).id}/`);
    const { listeners, pools, ...rest } = lb;
    return shapeLoadBalancer({ ...rest, listeners: (listeners as Native[]).map(({ id }) => ({ id })), pools: (pools as Native[]).map(({ id }) => ({ id })) } as Native);
  });

  app.get<{ Params: { id: string } }>('/api/lbaas/loadbalancers/:id/', async (request) => {
    const client = await access.client(request);
    const lb = await findLoadBalancer(client, request, request.params.id);
    return shapeLoadBalancer(lb, wantsFull(request) ? await floatingIps(client, request) : undefined);
  });

  app.put<{ Params: { id: string }; Body: LoadbalancerUpdateRequest }>('/api/lbaas/loadbalancers/:id/', { schema: bodySchema('loadbalancer.schema.json#/$defs/updateRequest') }, async (request, reply) => {
    const client = await access.client(request);
    // Spec 3 §5.1: on edit the flavor, zone, subnet and address are not sent.
    const body = pick(request.body.loadbalancer, ['name', 'description', 'admin_state_up']);
    if (!Object.keys(body).length) throw new ApiError(400, 'loadbalancer: Nothing to update.');
    await octavia(client, 'PUT', `/loadbalancers/${encode(request.params.id)}`, { body: { loadbalancer: body } });
    return reply.code(204).send();
  });

  app.delete<{ Params: { id: string } }>('/api/lbaas/loadbalancers/:id/', async (request, reply) => {
    const client = await access.client(request);
    try {
      await octavia(client, 'DELETE', `/loadbalancers/${encode(request.params.id)}`, { query: { cascade: 'true' } });
    } catch (error) {
      if (!isGone(error)) throw error;
    }
    return reply.code(204).send();
  });
};
