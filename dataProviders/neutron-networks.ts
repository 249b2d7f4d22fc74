import { type HttpClient, serverMessage } from '../src/backend/http';
import type { ResourceRecord } from '../src/backend/verbs';
import { allTenantsPage, type ResourceHandlers } from './resource-provider';
import type { NetworkEntity, NetworkSubnet, PortEntity } from '../shared/generated';

/**
 * The Networks panel's resources (Horizon's /project/networks): `network`,
 * `subnet` (a network's Subnets tab) and `port` (its Ports tab, the port
 * detail page and the trunk wizards' candidates), plus the pure rules the
 * Create Network wizard follows (spec 1 §5).
 */

type Native = Record<string, unknown> & { id: string };
/** A subnet, network and port as /api/neutron/ answers them: the schemas' entities without what the records below add. */
type Subnet = Omit<NetworkSubnet, 'name_or_id' | 'allocation_pools_text' | 'host_routes_text'> & { id: string };
type Network = Omit<NetworkEntity, 'name_or_id' | 'subnets_associated' | 'subnets'> & { subnets?: Subnet[] };
type Port = Omit<PortEntity, 'name_or_id' | 'fixed_ips_text' | 'attached_device'>;

const nameOrId = (record: { id: string; name?: unknown }) => (typeof record.name === 'string' && record.name ? record.name : record.id);

/** A subnet as the tables read it, with its pools and routes as lines. */
export function subnetRecord(subnet: Subnet): ResourceRecord {
  return {
    ...subnet,
    name_or_id: nameOrId(subnet),
    allocation_pools_text: (subnet.allocation_pools ?? []).map((pool) => `Start ${pool.start} - End ${pool.end}`),
    host_routes_text: (subnet.host_routes ?? []).map((route) => `${route.destination},${route.nexthop}`),
  };
}

/**
 * A network as the list reads it: Horizon's "Subnets Associated" shows each
 * subnet as `name cidr`.
 *
 * @example
 * networkRecord({ id: 'n1', name: 'net', subnets: [{ id: 's1', name: 'sub', cidr: '10.0.0.0/24' }] }).subnets_associated; // ['sub 10.0.0.0/24']
 */
export function networkRecord(network: Network): ResourceRecord {
  const subnets = (network.subnets ?? []).map(subnetRecord);
  return {
    ...network,
    name_or_id: nameOrId(network),
    subnets,
    subnets_associated: subnets.map((subnet) => [subnet.name, subnet.cidr].filter(Boolean).join(' ')),
    availability_zones: network.availability_zones ?? [],
  };
}

/**
 * Horizon's "Attached Device": the owner, else 'Attached' when a device id
 * is set, else 'Detached'.
 */
export function attachedDevice(port: Pick<Port, 'device_owner' | 'device_id'>): string {
  if (port.device_owner) return port.device_owner;
  return port.device_id ? 'Attached' : 'Detached';
}

export function portRecord(port: Port): ResourceRecord {
  return {
    ...port,
    name_or_id: port.name || `(${port.id.slice(0, 13)})`,
    fixed_ips_text: (port.fixed_ips ?? []).map((ip) => ip.ip_address),
    attached_device: attachedDevice(port),
  };
}

/** A subnet pool as the wizard offers it (spec 1 §2.6 subnet pool option data). */
export interface SubnetPoolChoice {
  id: string;
  label: string;
  ip_version: 4 | 6;
  min_prefixlen: number;
  max_prefixlen: number;
  default_prefixlen: number;
}

/**
 * A pool's choice: without a maximum prefix length the IP version's own
 * (32 for IPv4, 128 for IPv6), without a minimum 8 / 64 as Neutron's
 * defaults, without a default prefix length the minimum (spec 1 §5).
 *
 * @example
 * subnetPoolChoice({ id: 'p', name: 'shared', ip_version: 4, min_prefixlen: 24, max_prefixlen: null, default_prefixlen: 26 });
 * // { id: 'p', label: 'shared', ip_version: 4, min_prefixlen: 24, max_prefixlen: 32, default_prefixlen: 26 }
 */
export function subnetPoolChoice(pool: Native & { name?: string; ip_version?: unknown; min_prefixlen?: unknown; max_prefixlen?: unknown; default_prefixlen?: unknown }): SubnetPoolChoice {
  const version = Number(pool.ip_version) === 6 ? 6 : 4;
  const given = (value: unknown) => (value === null || value === undefined || value === '' || Number.isNaN(Number(value)) ? undefined : Number(value));
  const max = given(pool.max_prefixlen) ?? (version === 6 ? 128 : 32);
  const min = Math.min(given(pool.min_prefixlen) ?? (version === 6 ? 64 : 8), max);
  const fallback = given(pool.default_prefixlen) ?? min;
  return { id: pool.id, label: nameOrId(pool), ip_version: version, min_prefixlen: min, max_prefixlen: max, default_prefixlen: Math.min(Math.max(fallback, min), max) };
}

/**
 * The prefix lengths (Network Mask) a pool offers: its minimum to its maximum (spec 1 §5).
 *
 * @example
 * prefixLengthOptions({ min_prefixlen: 24, max_prefixlen: 28 }); // [24, 25, 26, 27, 28]
 */
export function prefixLengthOptions(pool: Pick<SubnetPoolChoice, 'min_prefixlen' | 'max_prefixlen'>): number[] {
  const options: number[] = [];
  for (let length = pool.min_prefixlen; length <= pool.max_prefixlen; length += 1) options.push(length);
  return options;
}

const lines = (text: unknown) =>
  String(text ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
const pair = (line: string) => line.split(',').map((part) => part.trim());

/**
 * The subnet wizard's values as the subnet POST body (Horizon's
 * _setup_subnet_parameters): pools, name servers and host routes one per
 * line; a pool source sends the pool and the prefix length, a manual one the
 * CIDR; 'Disable Gateway' sends a null gateway, a blank one lets Neutron choose.
 *
 * @example
 * subnetBody({ subnet_name: 's', address_source: 'manual', cidr: '10.0.0.0/24', ip_version: 4, no_gateway: false, enable_dhcp: true, dns_nameservers: '8.8.8.8' }, 'n1');
 * // { network_id: 'n1', name: 's', ip_version: 4, enable_dhcp: true, cidr: '10.0.0.0/24', dns_nameservers: ['8.8.8.8'] }
 * subnetBody({ subnet_name: 's', cidr: 'fd00::/64', ip_version: 6, ipv6_modes: 'none/slaac' }).ipv6_address_mode; // 'slaac', and no ipv6_ra_mode
 */
export function subnetBody(values: Record<string, unknown>, networkId?: string): Record<string, unknown> {
  const body: Record<string, unknown> = {
    ...(networkId ? { network_id: networkId } : {}),
    name: values.subnet_name ?? '',
    enable_dhcp: values.enable_dhcp ?? true,
  };
  if (values.address_source === 'subnetpool' && values.subnetpool_id) {
    body.subnetpool_id = values.subnetpool_id;
    if (values.prefixlen !== undefined) body.prefixlen = values.prefixlen;
  } else if (values.cidr !== undefined) {
    body.cidr = values.cidr;
  }
  if (values.ip_version !== undefined) body.ip_version = values.ip_version;
  // Horizon's 'IPv6 Address Configuration Mode' is 'ra mode/address mode'; 'none' leaves that one unset.
  if (values.ip_version === 6 && typeof values.ipv6_modes === 'string') {
    const [raMode, addressMode] = values.ipv6_modes.split('/', 2);
    if (raMode && raMode !== 'none') body.ipv6_ra_mode = raMode;
    if (addressMode && addressMode !== 'none') body.ipv6_address_mode = addressMode;
  }
  if (values.no_gateway) body.gateway_ip = null;
  else if (values.gateway_ip) body.gateway_ip = values.gateway_ip;
  const pools = lines(values.allocation_pools).map(pair);
  if (pools.length) body.allocation_pools = pools.map(([start, end]) => ({ start, end }));
  const servers = lines(values.dns_nameservers);
  if (servers.length) body.dns_nameservers = servers;
  const routes = lines(values.host_routes).map(pair);
  if (routes.length) body.host_routes = routes.map(([destination, nexthop]) => ({ destination, nexthop }));
  return body;
}

/**
 * The Edit Subnet values as the PATCH body: every detail is sent, so a
 * cleared list clears Neutron's (Horizon's UpdateSubnet does the same).
 */
export function subnetUpdateBody(values: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = { name: values.subnet_name ?? '', enable_dhcp: values.enable_dhcp ?? true };
  if (values.no_gateway) body.gateway_ip = null;
  else if (values.gateway_ip) body.gateway_ip = values.gateway_ip;
  body.allocation_pools = lines(values.allocation_pools).map(pair).map(([start, end]) => ({ start, end }));
  body.dns_nameservers = lines(values.dns_nameservers);
  body.host_routes = lines(values.host_routes).map(pair).map(([destination, nexthop]) => ({ destination, nexthop }));
  // Neutron refuses an empty pool list on a subnet whose pools it chose; no lines keep the current ones.
  if ((body.allocation_pools as unknown[]).length === 0) delete body.allocation_pools;
  return body;
}

/** A subnet's details as the Edit Subnet form's lines. */
export function subnetFormValues(record: object): Record<string, unknown> {
  const subnet = record as ResourceRecord;
  const pools = (subnet.allocation_pools as { start: string; end: string }[] | undefined) ?? [];
  const routes = (subnet.host_routes as { destination: string; nexthop: string }[] | undefined) ?? [];
  return {
    subnet_name: subnet.name ?? '',
    ...(subnet.gateway_ip ? { gateway_ip: subnet.gateway_ip } : {}),
    no_gateway: !subnet.gateway_ip,
    enable_dhcp: subnet.enable_dhcp !== false,
    allocation_pools: pools.map((pool) => `${pool.start},${pool.end}`).join('\n'),
    dns_nameservers: ((subnet.dns_nameservers as string[] | undefined) ?? []).join('\n'),
    host_routes: routes.map((route) => `${route.destination},${route.nexthop}`).join('\n'),
  };
}

/** The Create Network wizard's values as the network POST body and, with 'Create Subnet', the subnet's. */
export function networkCreateBodies(values: Record<string, unknown>): { network: Record<string, unknown>; subnet?: Record<string, unknown> } {
  const network: Record<string, unknown> = { name: values.name ?? '', admin_state_up: values.admin_state_up ?? true };
  // Only an admin sees 'Shared' (create_network:shared); an unticked box is Neutron's default anyway.
  if (values.shared) network.shared = true;
  if (values.mtu !== undefined) network.mtu = values.mtu;
  // Horizon sends zone hints only when some are chosen (none means every zone).
  if (Array.isArray(values.availability_zone_hints) && values.availability_zone_hints.length) network.availability_zone_hints = values.availability_zone_hints;
  return { network, subnet: values.with_subnet === false ? undefined : subnetBody(values) };
}

/** Provider network types that take a physical network, and those that take a segmentation ID (Horizon's PROVIDER_TYPES). */
const WITH_PHYSICAL_NETWORK = ['flat', 'vlan'];
const WITH_SEGMENTATION_ID = ['vlan', 'gre', 'vxlan', 'geneve'];

/**
 * Admin > Networks' Create Network values as the POST bodies: the project's
 * wizard's, plus the project the network is for, shared and external, and
 * the provider attributes its type takes (Horizon's admin CreateNetwork.handle).
 *
 * @example
 * adminNetworkCreateBodies({ name: 'n', tenant_id: 'p1', network_type: 'vlan', physical_network: 'physnet1', segmentation_id: 100, with_subnet: false }).network;
 * // { name: 'n', admin_state_up: true, tenant_id: 'p1', shared: false, 'router:external': false, 'provider:network_type': 'vlan', 'provider:physical_network': 'physnet1', 'provider:segmentation_id': 100 }
 */
export function adminNetworkCreateBodies(values: Record<string, unknown>): { network: Record<string, unknown>; subnet?: Record<string, unknown> } {
  const { network, subnet } = networkCreateBodies(values);
  const type = String(values.network_type ?? '');
  return {
    network: {
      ...network,
      tenant_id: values.tenant_id,
      shared: Boolean(values.shared),
      'router:external': Boolean(values.external),
      ...(type ? { 'provider:network_type': type } : {}),
      ...(WITH_PHYSICAL_NETWORK.includes(type) ? { 'provider:physical_network': values.physical_network } : {}),
      ...(WITH_SEGMENTATION_ID.includes(type) ? { 'provider:segmentation_id': values.segmentation_id } : {}),
    },
    subnet,
  };
}

/** Horizon's message when the network was made but its subnet was refused. */
export function subnetFailureMessage(subnet: Record<string, unknown>, network: { id: string; name?: unknown }, reason: string): string {
  const label = String(subnet.cidr ?? subnet.name ?? '');
  return `Failed to create subnet "${label}" for network "${nameOrId(network)}": ${reason}`;
}

const networkPath = (id: string) => `/api/neutron/networks/${encodeURIComponent(id)}/`;
const subnetPath = (id: string) => `/api/neutron/subnets/${encodeURIComponent(id)}/`;

/**
 * The handlers of `network`, `subnet` and `port` for createNeutronProvider.
 *
 * @example
 * createServiceProvider('neutron', { ...networkHandlers(http) });
 */
export function networkHandlers(http: HttpClient): Record<string, ResourceHandlers> {
  return {
    network: {
      // Admin > Networks lists every project's, a page at a time (`all_tenants`).
      serverFilters: ['all_tenants'],
      async list(params) {
        const page = await allTenantsPage<Network>(http, '/api/neutron/networks/', params, networkRecord);
        if (page) return page;
        // The panel lists external networks too, as Horizon's network_list_for_tenant(include_external=True).
        const { items } = await http.get<{ items: Network[] }>('/api/neutron/networks/', { query: { include_external: 'true' } });
        // Horizon's pseudo network for auto-allocation is a launch choice, not a network of the panel.
        return items.filter((network) => network.id !== '__auto_allocate__').map(networkRecord);
      },
      async get(id) {
        return networkRecord(await http.get<Network>(networkPath(id)));
      },
      /**
       * One POST for the network and, with 'Create Subnet', one for the
       * subnet. A refused subnet deletes the network again and rejects with
       * Horizon's 'Failed to create subnet …' message (its CreateNetwork.handle).
       */
      async create(data) {
        const bodies = data as { network: Record<string, unknown>; subnet?: Record<string, unknown> };
        const network = await http.post<Network>('/api/neutron/networks/', bodies.network);
        if (!bodies.subnet) return networkRecord(network);
        try {
          const subnet = await http.post<Subnet>('/api/neutron/subnets/', { ...bodies.subnet, network_id: network.id });
          return networkRecord({ ...network, subnets: [subnet] });
        } catch (error) {
          const reason = serverMessage(error) ?? (error instanceof Error ? error.message : String(error));
          await http.delete(networkPath(network.id)).catch(() => undefined);
          const message = subnetFailureMessage(bodies.subnet, network, reason);
          throw Object.assign(new Error(message), { status: (error as { status?: number }).status ?? 400, body: message });
        }
      },
      async update(id, data) {
        return networkRecord(await http.patch<Network>(networkPath(id), data));
      },
      async remove(id) {
        await http.delete(networkPath(id));
      },
      calls: {
        /**
         * The network topology's data (api-contract §12), Horizon's loader call:
         * the page's own URL with a timestamp, so no cache answers it.
         */
        async topology() {
          return http.get(`/project/network_topology/json?${Date.now()}`);
        },
      },
    },
    subnet: {
      async list(params) {
        const networkId = (params.filter as Record<string, unknown> | undefined)?.network_id;
        const query = networkId ? `?network_id=${encodeURIComponent(String(networkId))}` : '';
        const { items } = await http.get<{ items: Subnet[] }>(`/api/neutron/subnets/${query}`);
        return items.map(subnetRecord);
      },
      serverFilters: ['network_id'],
      async get(id) {
        return subnetRecord(await http.get<Subnet>(subnetPath(id)));
      },
      async create(data) {
        return subnetRecord(await http.post<Subnet>('/api/neutron/subnets/', data));
      },
      async update(id, data) {
        return subnetRecord(await http.patch<Subnet>(subnetPath(id), data));
      },
      async remove(id) {
        await http.delete(subnetPath(id));
      },
    },
    /** The subnet pools the project may use (the wizards' 'Address pool'); no panel of its own. */
    subnetpool: {
      async list() {
        const { items } = await http.get<{ items: Native[] }>('/api/neutron/subnetpools/');
        return items;
      },
    },
    port: {
      async list(params) {
        const networkId = (params.filter as Record<string, unknown> | undefined)?.network_id;
        const query = networkId ? `?network_id=${encodeURIComponent(String(networkId))}` : '';
        const { items } = await http.get<{ items: Port[] }>(`/api/neutron/ports/${query}`);
        return items.map(portRecord);
      },
      serverFilters: ['network_id'],
      async get(id) {
        return portRecord(await http.get<Port>(`/api/neutron/ports/${encodeURIComponent(id)}/`));
      },
    },
  };
}
