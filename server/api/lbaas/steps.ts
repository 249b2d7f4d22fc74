import type { CloudClient } from '../../openstack/client.js';
import type { HealthmonitorSpec } from '../../../shared/generated/healthmonitor.js';
import type { MemberSpec } from '../../../shared/generated/member.js';
import type { PoolSpec } from '../../../shared/generated/pool.js';
import type { JobStep } from './jobs.js';
import { encode, type Native, octavia } from './octavia.js';
import { memberBody, membersOf, monitorBody, poolBody } from './specs.js';

/**
 * The steps that finish a listener's or pool's create after its first call.
 * Octavia's single-call graph create is only dependable for a load balancer:
 * a released Octavia (Zed) answers 500 to a listener with `default_pool` or a
 * pool with `members`/`healthmonitor`. So the pool, its members (one batch
 * call) and its monitor follow as job steps, each once the load balancer is
 * ACTIVE again. Bodies are built (and checked) before anything is sent.
 */

export interface PoolTarget {
  /** The pool's id once known (created by an earlier step, or given). */
  id?: string;
}

export function poolCreateStep(target: PoolTarget, pool: PoolSpec, listenerProtocol: string | null, owner: { listener_id?: string; loadbalancer_id?: string }): JobStep {
  const body = { ...poolBody(pool, listenerProtocol), ...owner };
  return {
    label: 'create the pool',
    run: async (client: CloudClient) => {
      target.id = (await octavia<{ pool: Native }>(client, 'POST', '/pools', { body: { pool: body } })).body.pool.id;
    },
  };
}

export function poolChildSteps(target: PoolTarget, members: MemberSpec[] | null | undefined, monitor: HealthmonitorSpec | null | undefined): JobStep[] {
  const kept = membersOf(members)?.map((member) => memberBody(member));
  const monitorSpec = monitor ? monitorBody(monitor, monitor.type) : undefined;
  return [
    ...(kept ? [{ label: `add ${kept.length} member${kept.length === 1 ? '' : 's'}`, run: (client: CloudClient) => octavia(client, 'PUT', `/pools/${encode(target.id!)}/members`, { body: { members: kept } }) }] : []),
    ...(monitorSpec ? [{ label: 'create the monitor', run: (client: CloudClient) => octavia(client, 'POST', '/healthmonitors', { body: { healthmonitor: { ...monitorSpec, pool_id: target.id } } }) }] : []),
  ];
}
