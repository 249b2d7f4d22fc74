/**
 * The load balancer forms' choices (spec 3 §2.3, §3.1): flavors and
 * availability zones, member candidates, certificates and the floating IPs
 * or pools an address comes from.
 */
import type { Backend } from '../src/backend/contract';
import type { OptionSource } from '../src/forms/option-sources';

async function listAll<T>(backend: Backend, resource: string): Promise<T[]> {
  const { data } = await backend.dataProvider.getList(resource, { pagination: { page: 1, perPage: 10_000 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
  return data as T[];
}

export const LB_OPTION_SOURCES: Record<string, OptionSource> = {
  /** Enabled Octavia flavors only (spec 3 §9.1), 'name: description' as octavia-dashboard shows them. */
  'lb-flavors': async (backend) =>
    (await listAll<{ id: string; name?: string; description?: string; is_enabled?: boolean }>(backend, 'lb-flavor'))
      .filter((flavor) => flavor.is_enabled)
      .map((flavor) => ({ id: flavor.id, label: [flavor.name || flavor.id, flavor.description].filter(Boolean).join(': ') })),
  /** Enabled Octavia availability zones only (spec 3 §9.1), by name: a load balancer names its zone. */
  'lb-availability-zones': async (backend) =>
    (await listAll<{ id: string; is_enabled?: boolean }>(backend, 'lb-availability-zone')).filter((zone) => zone.is_enabled).map((zone) => ({ id: zone.id, label: zone.id })),
  /** Each address of the project's servers, 'server (address)', keyed `<subnet>/<address>` (dataProviders/lbaas.ts). */
  'lb-member-candidates': async (backend) =>
    (await listAll<{ id: string; name: string; address: string }>(backend, 'lb-member-candidate')).map((candidate) => ({ id: candidate.id, label: `${candidate.name} (${candidate.address})` })),
  /** Barbican certificate containers, by their reference, named after the certificate (spec 3 §3.1). */
  'lb-certificates': async (backend) =>
    (await listAll<{ id: string; name?: string | null }>(backend, 'lb-certificate')).map((certificate) => ({ id: certificate.id, label: certificate.name || certificate.id.replace(/^.*\//, '') })),
  /** Free floating IPs (`fip:<id>`) and the pools to allocate one from (`pool:<network id>`). */
  'lb-floating-ip-choices': async (backend) => {
    const [addresses, pools] = await Promise.all([
      listAll<{ id: string; ip: string; port_id?: string | null }>(backend, 'floating-ip'),
      listAll<{ id: string; name: string }>(backend, 'floating-ip-pool'),
    ]);
    return [
      ...addresses.filter((fip) => !fip.port_id).map((fip) => ({ id: `fip:${fip.id}`, label: fip.ip })),
      ...pools.map((pool) => ({ id: `pool:${pool.id}`, label: pool.name })),
    ];
  },
};
