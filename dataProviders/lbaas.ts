import type { DataProvider } from 'ra-core';
import type { HttpClient } from '../src/backend/http';
import type { ResourceRecord } from '../src/backend/verbs';
import { lbaasOperatorHandlers } from './lbaas-operator';
import { poolProtocolFor } from './lbaas-specs';
import { createServiceProvider } from './resource-provider';

type Native = Record<string, unknown> & { id: string };
type Items = { items: Native[] };

const path = (kind: string, id?: string) => `/api/lbaas/${kind}/${id === undefined ? '' : `${encodeURIComponent(id)}/`}`;
const membersPath = (poolId: string, memberId?: string) => `${path('pools', poolId)}members/${memberId === undefined ? '' : `${encodeURIComponent(memberId)}/`}`;

/** The parent ids a nested details page hands to `getOne` (src/engine/nested.ts), by resource name. */
function parentId(meta: Record<string, unknown> | undefined, resource: string): string | undefined {
  const parents = meta?.parents as Record<string, string> | undefined;
  return parents?.[resource];
}

/** A load balancer as its table reads it: the floating IP's address flattened (spec 3 §3.1). */
export function loadBalancerRecord(lb: Native): ResourceRecord {
  const fip = (lb.floating_ip ?? {}) as { id?: string; ip?: string };
  return { ...lb, floating_ip_address: fip.ip ?? null };
}

/** Load balancer records' own parent ids (spec 3 §3.1: lists add loadbalancerId, listenerId, poolId). */
const listenerRecord = (listener: Native): ResourceRecord => ({ ...listener, loadbalancerId: listener.load_balancer_id ?? (listener.load_balancers as { id: string }[] | undefined)?.[0]?.id });
const poolRecord = (pool: Native): ResourceRecord => ({
  ...pool,
  loadbalancerId: pool.loadbalancer_id ?? (pool.loadbalancers as { id: string }[] | undefined)?.[0]?.id,
  listenerId: pool.listener_id ?? (pool.listeners as { id: string }[] | undefined)?.[0]?.id ?? null,
});
const l7PolicyRecord = (policy: Native): ResourceRecord => ({ ...policy, listenerId: policy.listener_id });
const rulesPath = (policyId: string, ruleId?: string) => `${path('l7policies', policyId)}l7rules/${ruleId === undefined ? '' : `${encodeURIComponent(ruleId)}/`}`;
const monitorRecord = (monitor: Native): ResourceRecord => ({ ...monitor, poolId: monitor.pool_id ?? (monitor.pools as { id: string }[] | undefined)?.[0]?.id });

/**
 * Spec 3 §5.1 "Pool choices": the pool has the listener's protocol (an HTTP
 * pool for a TERMINATED_HTTPS listener) and belongs to no other listener.
 */
export function offeredToListener(pool: ResourceRecord, listener: Native): boolean {
  const listeners = ((pool.listeners as { id: string }[] | undefined) ?? []).map((entry) => entry.id);
  if (pool.listener_id && !listeners.includes(pool.listener_id as string)) listeners.push(pool.listener_id as string);
  return pool.protocol === poolProtocolFor(listener.protocol) && listeners.every((id) => id === listener.id);
}

/**
 * Drops the keys whose value is null or undefined (spec 3 §5.1: null values
 * are removed on submit), at the top level of a spec part.
 */
export function withoutNulls<T extends object>(part: T): { [K in keyof T]: T[K] } {
  return Object.fromEntries(Object.entries(part).filter(([, value]) => value !== null && value !== undefined)) as { [K in keyof T]: T[K] };
}

/** A string filter value, or undefined. */
const filterOf = (filter: Record<string, unknown> | undefined, key: string) => (typeof filter?.[key] === 'string' && filter[key] ? (filter[key] as string) : undefined);

/**
 * `/api/lbaas/` and `/api/octavia-barbican/` (api-contract §10): the load
 * balancer tree. Lists filtered by a parent send its id as the contract's
 * query (`loadbalancerId`, `listenerId`, `poolId`); members are read under
 * their pool. Updates wrap the values as the contract's bodies
 * (`{ listener: {…} }`), with the record's id in the body as Horizon sends it.
 */
export function createLbaasProvider(http: HttpClient): DataProvider {
  return createServiceProvider('lbaas', {
    loadbalancer: {
      async list(params) {
        return (await http.get<Items>(path('loadbalancers'), { query: { full: 'true' }, signal: params.signal })).items.map(loadBalancerRecord);
      },
      async get(id) {
        return loadBalancerRecord(await http.get<Native>(path('loadbalancers', id), { query: { full: 'true' } }));
      },
      /** The wizard's whole spec (loadbalancer, listener, pool, members, monitor, certificates). */
      async create(data) {
        return loadBalancerRecord(await http.post<Native>(path('loadbalancers'), data));
      },
      async update(id, data) {
        await http.put(path('loadbalancers', id), { loadbalancer: withoutNulls({ name: data.name, description: data.description, admin_state_up: data.admin_state_up }) });
        return { id, ...data };
      },
      async remove(id) {
        await http.delete(path('loadbalancers', id));
      },
      calls: {
        /**
         * Associate Floating IP (spec 3 §2.3): an existing address (`fip:<id>`)
         * or one allocated from a pool (`pool:<network id>`), then the address
         * is pointed at the VIP port (`<vip_port_id>_<vip_address>`).
         */
        async associateFloatingIp(id, data = {}) {
          const lb = await http.get<Native>(path('loadbalancers', id));
          const [kind, choice] = String(data.floating_ip ?? '').split(/:(.*)/s);
          const addressId = kind === 'pool' ? (await http.post<Native>('/api/network/floatingip/', { pool_id: choice })).id : choice;
          await http.patch('/api/network/floatingip/', { address_id: addressId, port_id: `${String(lb.vip_port_id)}_${String(lb.vip_address)}` });
          return { id };
        },
        /** Disassociate: the contract's PATCH without a port (spec 3 §8.1). */
        async disassociateFloatingIp(id) {
          const lb = await http.get<Native>(path('loadbalancers', id), { query: { full: 'true' } });
          const fip = (lb.floating_ip ?? {}) as { id?: string };
          if (fip.id) await http.patch('/api/network/floatingip/', { address_id: fip.id });
          return { id };
        },
      },
    },
    listener: {
      serverFilters: ['loadbalancerId'],
      async list(params) {
        const loadbalancerId = filterOf(params.filter, 'loadbalancerId');
        return (await http.get<Items>(path('listeners'), { query: loadbalancerId ? { loadbalancerId } : undefined, signal: params.signal })).items.map(listenerRecord);
      },
      async get(id) {
        return listenerRecord(await http.get<Native>(path('listeners', id)));
      },
      /** `{ loadbalancer_id, listener, certificates?, pool?, members?, monitor? }` (the Create Listener wizard's spec). */
      async create(data) {
        return listenerRecord(await http.post<Native>(path('listeners'), data));
      },
      async update(id, data) {
        await http.put(path('listeners', id), data);
        return { id };
      },
      async remove(id) {
        await http.delete(path('listeners', id));
      },
    },
    pool: {
      serverFilters: ['loadbalancerId', 'listenerId', 'offeredTo'],
      /** `offeredTo` (a listener id): only the pools spec 3 §5.1 offers that listener (its default pool, an L7 redirect). */
      async list(params) {
        const query = withoutNulls({ loadbalancerId: filterOf(params.filter, 'loadbalancerId'), listenerId: filterOf(params.filter, 'listenerId') });
        const pools = (await http.get<Items>(path('pools'), { query, signal: params.signal })).items.map(poolRecord);
        const listenerId = filterOf(params.filter, 'offeredTo');
        if (!listenerId) return pools;
        const listener = await http.get<Native>(path('listeners', listenerId), { signal: params.signal });
        return pools.filter((pool) => offeredToListener(pool, listener));
      },
      /** `meta.withMembers`: with the members, for Add/Remove Members (spec 3 §2.3). */
      async get(id, meta) {
        const pool = poolRecord(await http.get<Native>(path('pools', id)));
        if (!meta?.withMembers) return pool;
        return { ...pool, member_records: (await http.get<Items>(membersPath(id))).items };
      },
      async create(data) {
        return poolRecord(await http.post<Native>(path('pools'), data));
      },
      async update(id, data) {
        await http.put(path('pools', id), data);
        return { id };
      },
      async remove(id) {
        await http.delete(path('pools', id));
      },
      calls: {
        /** Add/Remove Pool Members: the whole desired list, run by the server as a tracked job (api-contract §10). */
        async updateMembers(id, data = {}) {
          await http.put(membersPath(id), data);
          return { id };
        },
      },
    },
    member: {
      serverFilters: ['poolId'],
      async list(params) {
        const poolId = filterOf(params.filter, 'poolId');
        if (!poolId) throw new Error('A member list needs the poolId filter.');
        return (await http.get<Items>(membersPath(poolId), { signal: params.signal })).items.map((member) => ({ ...member, poolId }));
      },
      async get(id, meta) {
        const poolId = parentId(meta, 'pool');
        if (!poolId) throw new Error('A member is read under its pool.');
        return { ...(await http.get<Native>(membersPath(poolId, id))), poolId };
      },
      async update(id, data) {
        const { poolId, ...member } = data;
        return { ...(await http.put<Native>(membersPath(String(poolId), id), withoutNulls(member))), poolId };
      },
      async remove(id, record) {
        await http.delete(membersPath(String(record?.poolId ?? record?.pool_id), id));
      },
    },
    healthmonitor: {
      serverFilters: ['poolId'],
      async list(params) {
        const poolId = filterOf(params.filter, 'poolId');
        return (await http.get<Items>(path('healthmonitors'), { query: poolId ? { poolId } : undefined, signal: params.signal })).items.map(monitorRecord);
      },
      async get(id) {
        return monitorRecord(await http.get<Native>(path('healthmonitors', id)));
      },
      async create(data) {
        return monitorRecord(await http.post<Native>(path('healthmonitors'), data));
      },
      async update(id, data) {
        await http.put(path('healthmonitors', id), data);
        return { id };
      },
      async remove(id) {
        await http.delete(path('healthmonitors', id));
      },
    },
    'l7-policy': {
      serverFilters: ['listenerId'],
      async list(params) {
        const listenerId = filterOf(params.filter, 'listenerId');
        return (await http.get<Items>(path('l7policies'), { query: listenerId ? { listenerId } : undefined, signal: params.signal })).items.map(l7PolicyRecord);
      },
      async get(id, meta) {
        return { ...l7PolicyRecord(await http.get<Native>(path('l7policies', id))), loadbalancerId: parentId(meta, 'loadbalancer') };
      },
      /** `{ parentResourceId (the listener), l7policy }`. */
      async create(data) {
        return l7PolicyRecord(await http.post<Native>(path('l7policies'), data));
      },
      async update(id, data) {
        await http.put(path('l7policies', id), data);
        return { id };
      },
      async remove(id) {
        await http.delete(path('l7policies', id));
      },
    },
    'l7-rule': {
      serverFilters: ['l7policyId'],
      async list(params) {
        const policyId = filterOf(params.filter, 'l7policyId');
        if (!policyId) throw new Error('An L7 rule list needs the l7policyId filter.');
        return (await http.get<Items>(rulesPath(policyId), { signal: params.signal })).items.map((rule) => ({ ...rule, l7policyId: policyId }));
      },
      async get(id, meta) {
        const policyId = parentId(meta, 'l7-policy');
        if (!policyId) throw new Error('An L7 rule is read under its policy.');
        return { ...(await http.get<Native>(rulesPath(policyId, id))), l7policyId: policyId };
      },
      /** `{ l7policyId, l7rule }`: the policy is the path's. */
      async create({ l7policyId, ...body }) {
        return { ...(await http.post<Native>(rulesPath(String(l7policyId)), body)), l7policyId };
      },
      async update(id, { l7policyId, ...body }) {
        await http.put(rulesPath(String(l7policyId), id), body);
        return { id };
      },
      async remove(id, record) {
        await http.delete(rulesPath(String(record?.l7policyId ?? record?.l7_policy_id), id));
      },
    },
    // The TERMINATED_HTTPS listener's certificate choices (spec 3 §3.1), from Barbican.
    'lb-certificate': {
      async list(params) {
        return (await http.get<{ items: Record<string, unknown>[] }>('/api/octavia-barbican/certificates/', { signal: params.signal })).items.map((container) => ({
          ...container,
          id: String(container.container_ref),
        }));
      },
    },
    // The wizard's member candidates (spec 3 §3.1): each address of a server's port, with its subnet.
    'lb-member-candidate': {
      async list(params) {
        const [servers, ports] = await Promise.all([
          http.get<Items>('/api/nova/servers/', { signal: params.signal }),
          http.get<Items>('/api/neutron/ports/', { signal: params.signal }),
        ]);
        const names = new Map(servers.items.map((server) => [server.id, String(server.name ?? server.id)]));
        return ports.items
          .filter((port) => names.has(String(port.device_id)))
          .flatMap((port) =>
            ((port.fixed_ips ?? []) as { ip_address: string; subnet_id: string }[]).map((fixed) => ({
              id: memberCandidateKey(fixed.subnet_id, fixed.ip_address),
              name: names.get(String(port.device_id)),
              address: fixed.ip_address,
              subnet_id: fixed.subnet_id,
            })),
          );
      },
    },
    ...lbaasOperatorHandlers(http),
  });
}

/**
 * A member candidate's key, `<subnet id>/<address>`: the wizard's member
 * choice is one string, and the member spec needs both (spec 3 §3.1).
 */
export function memberCandidateKey(subnetId: string, address: string): string {
  return `${subnetId}/${address}`;
}

/** The subnet and address of a candidate's key. */
export function parseMemberCandidateKey(key: string): { subnet_id: string; address: string } {
  const slash = key.indexOf('/');
  return { subnet_id: key.slice(0, slash), address: key.slice(slash + 1) };
}
