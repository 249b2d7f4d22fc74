import type { HttpClient } from '../src/backend/http';
import type { ResourceRecord } from '../src/backend/verbs';
import { allTenantsPage, type ResourceHandlers } from './resource-provider';
import type { NetworkEntity, NetworkSubnet } from '../shared/generated';

type Native = Record<string, unknown> & { id: string };
type FixedIp = { subnet_id: string; ip_address: string };
type Gateway = { network_id: string; network?: string; enable_snat?: boolean; external_fixed_ips?: FixedIp[] } | null;

const routerPath = (id: string) => `/api/neutron/routers/${encodeURIComponent(id)}/`;
const interfacesPath = (routerId: string) => `${routerPath(routerId)}interfaces/`;

/**
 * A router as the Routers table and overview read it: the gateway flattened
 * into External Network (Horizon's `external_gateway_info.network` name),
 * its network id, fixed IPs and SNAT.
 *
 * @example
 * routerRecord({ id: 'r1', external_gateway_info: { network_id: 'n1', network: 'public', enable_snat: true, external_fixed_ips: [{ subnet_id: 's', ip_address: '172.24.4.9' }] } }).external_network; // 'public'
 */
export function routerRecord(router: Native): ResourceRecord {
  const gateway = (router.external_gateway_info ?? null) as Gateway;
  return {
    ...router,
    name: (router.name as string | undefined) ?? '',
    admin_state: router.admin_state ?? (router.admin_state_up ? 'UP' : 'DOWN'),
    availability_zones: (router.availability_zones as string[] | undefined) ?? [],
    external_gateway_info: gateway,
    external_network: gateway ? gateway.network ?? gateway.network_id : '',
    external_network_id: gateway?.network_id ?? '',
    external_fixed_ips: (gateway?.external_fixed_ips ?? []).map((fixed) => `${fixed.ip_address} (subnet ${fixed.subnet_id})`),
    snat: gateway ? (gateway.enable_snat === false ? 'Disabled' : 'Enabled') : '',
  };
}

/** An Interfaces tab row; its key names the router too, which its delete needs. */
export function interfaceRecord(routerId: string, port: Native): ResourceRecord {
  return {
    ...port,
    key: `${routerId}/${port.id}`,
    router_id: routerId,
    name_or_id: (port.name_or_id as string | undefined) || (port.name as string) || `(${port.id.slice(0, 13)})`,
    fixed_ips_text: ((port.fixed_ips as FixedIp[] | undefined) ?? []).map((fixed) => fixed.ip_address),
    admin_state: port.admin_state ?? (port.admin_state_up ? 'UP' : 'DOWN'),
  };
}

/** The networks' fields the Add Interface choices read (schemas/network.schema.json). */
type Subnet = Pick<NetworkSubnet, 'name' | 'cidr'> & { id: string };
type Network = Pick<NetworkEntity, 'id' | 'name' | 'router:external'> & { subnets: Subnet[] };

/**
 * The Add Interface form's subnets (Horizon's AddInterface): the subnets of
 * the project's and shared networks, not external ones, that the router has
 * no interface on yet, labelled 'network: cidr (subnet)'.
 */
export function interfaceSubnets(networks: Network[], interfaces: { fixed_ips?: FixedIp[] }[]): ResourceRecord[] {
  const taken = new Set(interfaces.flatMap((port) => (port.fixed_ips ?? []).map((fixed) => fixed.subnet_id)));
  return networks
    .filter((network) => !network['router:external'])
    .flatMap((network) =>
      network.subnets
        .filter((subnet) => !taken.has(subnet.id))
        .map((subnet) => ({ id: subnet.id, name: `${network.name || network.id}: ${subnet.cidr}${subnet.name ? ` (${subnet.name})` : ''}`, network_id: network.id, cidr: subnet.cidr })),
    );
}

/** A list filter the Interfaces tab and the Add Interface form pass: the router's id. */
function routerOf(params: { filter?: Record<string, unknown> }): string {
  const routerId = params.filter?.router_id;
  if (typeof routerId !== 'string' || !routerId) throw new Error('router-interface and router-subnet lists need a router_id filter');
  return routerId;
}

/**
 * `router`, `router-interface` and `router-subnet` (the Add Interface
 * choices) over `/api/neutron/routers/` (not in the contract).
 */
export function routerHandlers(http: HttpClient): Record<string, ResourceHandlers> {
  return {
    router: {
      // Admin > Routers lists every project's, a page at a time (`all_tenants`).
      serverFilters: ['all_tenants'],
      async list(params) {
        const page = await allTenantsPage<Native>(http, '/api/neutron/routers/', params, routerRecord);
        if (page) return page;
        const { items } = await http.get<{ items: Native[] }>('/api/neutron/routers/');
        return items.map(routerRecord);
      },
      async get(id) {
        return routerRecord(await http.get<Native>(routerPath(id)));
      },
      /** The form's External Network becomes the gateway; none leaves the router without one. */
      async create({ external_network: network, availability_zone_hints: zones, ...data }) {
        // Zone hints only when some are chosen, as Horizon sends them (none means every zone).
        const hints = Array.isArray(zones) && zones.length ? { availability_zone_hints: zones } : {};
        const body = { ...data, ...hints, ...(network ? { external_gateway_info: { network_id: network } } : {}) };
        return routerRecord(await http.post<Native>('/api/neutron/routers/', body));
      },
      /** Edit sends name and admin state; Set Gateway a `network_id`; Clear Gateway `external_gateway_info: null`. */
      async update(id, { network_id: network, ...data }) {
        const body = network ? { ...data, external_gateway_info: { network_id: network } } : data;
        return routerRecord(await http.patch<Native>(routerPath(id), body));
      },
      async remove(id) {
        await http.delete(routerPath(id));
      },
      calls: {
        // Horizon's Clear Gateway: the router without its external gateway.
        async 'clear-gateway'(id) {
          await http.patch(routerPath(id), { external_gateway_info: null });
        },
      },
    },
    'router-interface': {
      serverFilters: ['router_id'],
      async list(params) {
        const routerId = routerOf(params);
        const { items } = await http.get<{ items: Native[] }>(interfacesPath(routerId));
        return items.map((port) => interfaceRecord(routerId, port));
      },
      /** Add Interface, from the router's row: the router comes with the form's values. */
      async create({ router_id: routerId, subnet_id: subnetId, ip_address: address }) {
        const body = { subnet_id: subnetId, ...(address ? { ip_address: address } : {}) };
        return interfaceRecord(String(routerId), await http.post<Native>(interfacesPath(String(routerId)), body));
      },
      async remove(key, record) {
        const [routerId, portId] = record ? [String(record.router_id), String(record.id)] : key.split('/');
        await http.delete(`${interfacesPath(routerId)}${encodeURIComponent(portId)}/`);
      },
    },
    'router-subnet': {
      serverFilters: ['router_id'],
      async list(params) {
        const routerId = routerOf(params);
        const [networks, interfaces] = await Promise.all([
          http.get<{ items: Network[] }>('/api/neutron/networks/'),
          http.get<{ items: { fixed_ips?: FixedIp[] }[] }>(interfacesPath(routerId)),
        ]);
        return interfaceSubnets(networks.items, interfaces.items);
      },
    },
  };
}
