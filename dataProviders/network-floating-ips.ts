import type { HttpClient } from '../src/backend/http';
import type { ResourceRecord } from '../src/backend/verbs';
import type { ResourceHandlers } from './resource-provider';

type Native = Record<string, unknown> & { id: string };
type Pool = { id: string; name?: string };

/**
 * A floating IP as the Floating IPs table reads it: the pool by name, and
 * Horizon's Mapped Fixed IP Address, the port's (or its instance's) name and
 * the fixed IP, e.g. 'web-port 10.0.0.5'.
 *
 * @example
 * floatingIpRecord({ id: 'f1', ip: '172.24.4.10', pool: 'n1', fixed_ip: '10.0.0.5', port_details: { name: 'web' } }, new Map([['n1', 'public']])).mapped_fixed_ip; // 'web 10.0.0.5'
 */
export function floatingIpRecord(fip: Native, pools: Map<string, string>): ResourceRecord {
  const pool = String(fip.pool ?? fip.floating_network_id ?? '');
  const fixed = (fip.fixed_ip ?? fip.fixed_ip_address ?? null) as string | null;
  const details = fip.port_details as { name?: string } | null | undefined;
  const owner = details?.name || (fip.port_id ? String(fip.port_id).slice(0, 13) : '');
  return {
    ...fip,
    ip: fip.ip ?? fip.floating_ip_address,
    pool,
    pool_name: pools.get(pool) ?? pool,
    fixed_ip: fixed,
    mapped_fixed_ip: fixed ? (owner ? `${owner} ${fixed}` : fixed) : '',
    description: (fip.description as string | undefined) ?? '',
    dns_name: (fip.dns_name as string | undefined) ?? '',
  };
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
      async list() {
        const [{ items }, pools] = await Promise.all([http.get<{ items: Native[] }>('/api/network/floatingips/'), poolNames(http)]);
        return items.map((fip) => floatingIpRecord(fip, pools));
      },
      async get(id) {
        const [{ items }, pools] = await Promise.all([http.get<{ items: Native[] }>('/api/network/floatingips/'), poolNames(http)]);
        const found = items.find((fip) => fip.id === id);
        if (!found) throw Object.assign(new Error(`Floating IP ${id} could not be found`), { status: 404 });
        return floatingIpRecord(found, pools);
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
        const { items } = await http.get<{ items: Native[] }>(`/api/network/floatingips/${encodeURIComponent(id)}/targets/`);
        return items;
      },
    },
  };
}
