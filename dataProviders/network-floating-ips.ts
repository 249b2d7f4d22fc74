import type { HttpClient } from '../src/backend/http';
import type { ResourceRecord } from '../src/backend/verbs';
import { allTenantsPage, type ResourceHandlers } from './resource-provider';

type Native = Record<string, unknown> & { id: string };
type Pool = { id: string; name?: string };

/**
 * A floating IP as the Floating IPs table reads it: the pool by name, and
 * Horizon's Mapped Fixed IP Address: 'instance-name fixed-ip' for an
 * instance's port (`instance_type` 'compute'), else the fixed IP alone.
 *
 * @example
 * floatingIpRecord({ id: 'f1', ip: '172.24.4.10', pool: 'n1', fixed_ip: '10.0.0.5', instance_id: 's1', instance_type: 'compute' }, new Map([['n1', 'public']]), new Map([['s1', 'web']])).mapped_fixed_ip; // 'web 10.0.0.5'
 */
export function floatingIpRecord(fip: Native, pools: Map<string, string>, servers: Map<string, string> = new Map()): ResourceRecord {
  const pool = String(fip.pool ?? fip.floating_network_id ?? '');
  const fixed = (fip.fixed_ip ?? fip.fixed_ip_address ?? null) as string | null;
  const instance = fip.instance_type === 'compute' ? servers.get(String(fip.instance_id)) : undefined;
  return {
    ...fip,
    ip: fip.ip ?? fip.floating_ip_address,
    pool,
    pool_name: pools.get(pool) ?? pool,
    fixed_ip: fixed,
    mapped_fixed_ip: fixed ? (instance ? `${instance} ${fixed}` : fixed) : '',
    description: (fip.description as string | undefined) ?? '',
    dns_name: (fip.dns_name as string | undefined) ?? '',
  };
}

/** The project's instances by id, to name what an address maps to; without Nova, none. */
async function serverNames(http: HttpClient): Promise<Map<string, string>> {
  const listed = await http.get<{ items: { id: string; name?: string }[] }>('/api/nova/servers/', { silent: true }).catch(() => ({ items: [] }));
  return new Map(listed.items.map((server) => [server.id, server.name || server.id]));
}

/**
 * Horizon's FloatingIpTarget name: 'instance-name: fixed-ip' for an
 * instance's port, else the fixed IP alone.
 */
export function targetRecord(target: Native, servers: Map<string, string>): ResourceRecord {
  const instance = target.instance_id ? servers.get(String(target.instance_id)) : undefined;
  const address = String(target.ip_address ?? String(target.id).split('_').pop());
  return { ...target, name: instance ? `${instance}: ${address}` : address };
}

async function poolNames(http: HttpClient): Promise<Map<string, string>> {
  const { items } = await http.get<{ items: Pool[] }>('/api/network/floatingippools/');
  return new Map(items.map((pool) => [pool.id, pool.name || pool.id]));
}

/**
 * `floating-ip` over api-contract §7's `/api/network/` routes (allocate
 * answers 200, associate and disassociate are the PATCH), plus release and
 * the Associate form's targets, which the contract lacks; `floating-ip-pool`
 * and `floating-ip-target` back the forms' choices.
 */
export function floatingIpHandlers(http: HttpClient): Record<string, ResourceHandlers> {
  return {
    'floating-ip': {
      // Admin > Floating IPs lists every project's, a page at a time (`all_tenants`).
      serverFilters: ['all_tenants'],
      async list(params) {
        const [pools, page] = await Promise.all([poolNames(http), allTenantsPage<Native>(http, '/api/network/floatingips/', params, (fip) => fip)]);
        if (page) return { ...page, items: page.items.map((fip) => floatingIpRecord(fip as Native, pools)) };
        const [{ items }, servers] = await Promise.all([http.get<{ items: Native[] }>('/api/network/floatingips/'), serverNames(http)]);
        return items.map((fip) => floatingIpRecord(fip, pools, servers));
      },
      async get(id) {
        const [{ items }, pools, servers] = await Promise.all([http.get<{ items: Native[] }>('/api/network/floatingips/'), poolNames(http), serverNames(http)]);
        const found = items.find((fip) => fip.id === id);
        if (!found) throw Object.assign(new Error(`Floating IP ${id} could not be found`), { status: 404 });
        return floatingIpRecord(found, pools, servers);
      },
      async create(data) {
        const [created, pools] = await Promise.all([http.post<Native>('/api/network/floatingip/', data), poolNames(http)]);
        return floatingIpRecord(created, pools);
      },
      /** Associate sends the target `<port id>_<fixed ip>`; Disassociate `port_id: null`, which leaves it out. */
      async update(id, { port_id: target }) {
        await http.patch('/api/network/floatingip/', target ? { address_id: id, port_id: target } : { address_id: id });
        return (await this.get!(id)) as ResourceRecord;
      },
      async remove(id) {
        await http.delete(`/api/network/floatingips/${encodeURIComponent(id)}/`);
      },
      calls: {
        // The contract's PATCH without a port_id disassociates.
        async disassociate(id) {
          await http.patch('/api/network/floatingip/', { address_id: id });
        },
      },
    },
    'floating-ip-pool': {
      async list() {
        const { items } = await http.get<{ items: Native[] }>('/api/network/floatingippools/');
        return items.map((pool) => ({ ...pool, name: (pool.name as string) || pool.id }));
      },
    },
    'floating-ip-target': {
      serverFilters: ['floating_ip_id'],
      async list(params) {
        const id = params.filter?.floating_ip_id;
        if (typeof id !== 'string' || !id) throw new Error('floating-ip-target lists need a floating_ip_id filter');
        const [{ items }, servers] = await Promise.all([http.get<{ items: Native[] }>(`/api/network/floatingips/${encodeURIComponent(id)}/targets/`), serverNames(http)]);
        return items.map((target) => targetRecord(target, servers));
      },
    },
  };
}
