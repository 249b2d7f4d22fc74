import type { Db } from '../../store/db.js';
import type { LoadBalancerNetworking } from './collaborators.js';
import type { Kind } from './fields.js';
import { attrsOf, childrenOf, findObject, type LbRow } from './objects.js';

/**
 * Octavia's wire shapes (octavia/api/v2/types/*.py, `*Response`): the
 * stored attributes, relations as `[{id}]`, both `project_id` and
 * `tenant_id`, timestamps as `2026-11-26T09:24:23`. Operating status is not
 * stored: like the amphora's health messages it follows from what is there
 * now — admin state, a pending create, the pool's monitor, and whether each
 * member's address answers (a bound, running instance port).
 */

export const octaviaTime = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString().replace(/\.\d{3}Z$/, ''));

const ids = (rows: { id: string }[]) => rows.map((row) => ({ id: row.id }));

export function listenersOfPool(db: Db, pool: LbRow): LbRow[] {
  return db
    .all<LbRow>("SELECT * FROM lb_objects WHERE kind = 'listener' AND loadbalancer_id = ? ORDER BY seq", pool.loadbalancer_id)
    .filter((listener) => attrsOf(listener).default_pool_id === pool.id);
}

export function monitorOf(db: Db, poolId: string): LbRow | undefined {
  return childrenOf(db, poolId, 'healthmonitor')[0];
}

export class OperatingStatus {
  constructor(
    private readonly db: Db,
    private readonly networking: LoadBalancerNetworking,
  ) {}

  of(row: LbRow): string {
    const attrs = attrsOf(row);
    if (row.provisioning_status === 'ERROR') return 'ERROR';
    if (row.provisioning_status === 'PENDING_CREATE') return 'OFFLINE';
    if (attrs.admin_state_up === false) return 'OFFLINE';
    switch (row.kind) {
      case 'member':
        return this.member(row);
      case 'pool':
        return this.pool(row);
      case 'listener': {
        const poolId = attrs.default_pool_id as string | null;
        const pool = poolId ? findObject(this.db, 'pool', poolId) : undefined;
        const status = pool ? this.of(pool) : 'ONLINE';
        return status === 'DEGRADED' || status === 'ERROR' ? 'DEGRADED' : 'ONLINE';
      }
      case 'loadbalancer': {
        const listeners = childrenOf(this.db, row.id, 'listener').map((listener) => this.of(listener));
        return listeners.some((status) => status === 'DEGRADED' || status === 'ERROR') ? 'DEGRADED' : 'ONLINE';
      }
      default:
        return 'ONLINE';
    }
  }

  private member(row: LbRow): string {
    const monitor = monitorOf(this.db, row.parent_id!);
    if (!monitor || attrsOf(monitor).admin_state_up === false || monitor.provisioning_status === 'PENDING_CREATE') return 'NO_MONITOR';
    const attrs = attrsOf(row);
    return this.networking.memberAnswers(attrs.address as string, (attrs.subnet_id as string | null) ?? null) ? 'ONLINE' : 'ERROR';
  }

  private pool(row: LbRow): string {
    const statuses = childrenOf(this.db, row.id, 'member')
      .filter((member) => attrsOf(member).admin_state_up !== false)
      .map((member) => this.of(member));
    const failed = statuses.filter((status) => status === 'ERROR').length;
    if (failed && failed === statuses.length) return 'ERROR';
    return failed ? 'DEGRADED' : 'ONLINE';
  }
}

/** One object as Octavia answers it (relations as ids). */
export function renderObject(db: Db, status: OperatingStatus, row: LbRow): Record<string, unknown> {
  const attrs = attrsOf(row);
  const common = {
    id: row.id,
    ...attrs,
    provisioning_status: row.provisioning_status,
    operating_status: status.of(row),
    project_id: row.project_id,
    created_at: octaviaTime(row.created_at),
    updated_at: octaviaTime(row.updated_at),
  };
  const relations: Record<Kind, () => Record<string, unknown>> = {
    loadbalancer: () => ({ listeners: ids(childrenOf(db, row.id, 'listener')), pools: ids(childrenOf(db, row.id, 'pool')), additional_vips: [] }),
    listener: () => ({ loadbalancers: [{ id: row.loadbalancer_id }], l7policies: ids(childrenOf(db, row.id, 'l7policy')) }),
    pool: () => {
      // Octavia leaves healthmonitor_id out (not null) while the pool has no monitor.
      const monitor = monitorOf(db, row.id);
      return { loadbalancers: [{ id: row.loadbalancer_id }], listeners: ids(listenersOfPool(db, row)), members: ids(childrenOf(db, row.id, 'member')), ...(monitor ? { healthmonitor_id: monitor.id } : {}) };
    },
    member: () => ({}),
    healthmonitor: () => ({ pools: [{ id: row.parent_id }] }),
    l7policy: () => ({ listener_id: row.parent_id, rules: ids(childrenOf(db, row.id, 'l7rule')) }),
    l7rule: () => ({}),
  };
  return { ...common, ...relations[row.kind](), tenant_id: row.project_id };
}

/** A pool with its members and monitor in full (the fully populated answers). */
function renderPoolTree(db: Db, status: OperatingStatus, pool: LbRow) {
  const monitor = monitorOf(db, pool.id);
  return {
    ...renderObject(db, status, pool),
    members: childrenOf(db, pool.id, 'member').map((member) => renderObject(db, status, member)),
    healthmonitor: monitor ? renderObject(db, status, monitor) : null,
  };
}

/** The answer to a fully populated create: the object with what was created below it in full. */
export function renderTree(db: Db, status: OperatingStatus, row: LbRow): Record<string, unknown> {
  switch (row.kind) {
    case 'loadbalancer':
      return {
        ...renderObject(db, status, row),
        listeners: childrenOf(db, row.id, 'listener').map((listener) => renderObject(db, status, listener)),
        pools: childrenOf(db, row.id, 'pool').map((pool) => renderPoolTree(db, status, pool)),
      };
    case 'pool':
      return renderPoolTree(db, status, row);
    case 'l7policy':
      return { ...renderObject(db, status, row), rules: childrenOf(db, row.id, 'l7rule').map((rule) => renderObject(db, status, rule)) };
    default:
      return renderObject(db, status, row);
  }
}

/** `GET /loadbalancers/{id}/status`: the status tree. */
export function renderStatusTree(db: Db, status: OperatingStatus, lb: LbRow) {
  const brief = (row: LbRow, extra: Record<string, unknown> = {}) => ({
    id: row.id,
    name: attrsOf(row).name ?? '',
    operating_status: status.of(row),
    provisioning_status: row.provisioning_status,
    ...extra,
  });
  const pool = (row: LbRow) => {
    const monitor = monitorOf(db, row.id);
    return brief(row, {
      ...(monitor ? { health_monitor: brief(monitor, { type: attrsOf(monitor).type }) } : {}),
      members: childrenOf(db, row.id, 'member').map((member) => brief(member, { address: attrsOf(member).address, protocol_port: attrsOf(member).protocol_port })),
    });
  };
  return {
    statuses: {
      loadbalancer: brief(lb, {
        listeners: childrenOf(db, lb.id, 'listener').map((listener) => {
          const poolId = attrsOf(listener).default_pool_id as string | null;
          const pools = childrenOf(db, lb.id, 'pool').filter((candidate) => candidate.id === poolId);
          return brief(listener, { pools: pools.map(pool) });
        }),
        pools: childrenOf(db, lb.id, 'pool').map(pool),
      }),
    },
  };
}
