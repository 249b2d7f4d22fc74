/**
 * The data of `project/network_topology/json` (api-contract §12), as both
 * topology views read it.
 */

export interface TopologySubnet {
  id: string;
  cidr: string;
  url?: string;
}

export interface TopologyNetwork {
  id: string;
  name: string;
  subnets: TopologySubnet[];
  /** Translated (the panels' label); `original_status` is Neutron's. */
  status: string;
  original_status: string;
  'router:external': boolean;
  allow_delete_subnet?: boolean;
  allow_delete_network?: boolean;
  url?: string;
}

export interface TopologyRouter {
  id: string;
  name: string;
  status: string;
  original_status: string;
  external_gateway_info: { network_id?: string } | null;
  url?: string;
}

export interface TopologyServer {
  id: string;
  name: string;
  status: string;
  original_status: string;
  task: string | null;
  console?: string;
  allow_delete_server: boolean;
  url?: string;
}

export interface TopologyPort {
  id: string;
  network_id: string;
  device_id: string;
  device_owner?: string;
  fixed_ips: { ip_address?: string; subnet_id?: string }[];
  status?: string;
  original_status?: string;
  url?: string;
}

export interface TopologyData {
  networks: TopologyNetwork[];
  routers: TopologyRouter[];
  servers: TopologyServer[];
  ports: TopologyPort[];
}

export type DeviceType = 'router' | 'instance';

/** Spec 1 §4.5: BUILD, and a task of deleting, are drawn as loading. */
export function isLoading(device: { original_status?: string; task?: string | null }): boolean {
  return device.original_status === 'BUILD' || device.task === 'deleting';
}

/** Spec 1 §4.5: original_status ACTIVE is the active style, anything else down. */
export function statusClass(item: { original_status?: string }): 'active' | 'down' {
  return item.original_status === 'ACTIVE' ? 'active' : 'down';
}

/** The owners whose ports a router balloon offers to delete (Horizon's is_interface). */
const INTERFACE_OWNERS = ['router_interface', 'router_gateway', 'ha_router_replicated_interface'];

/** A port as a router balloon lists it: owner without `network:`, the first address, or 'None'. */
export function balloonPort(port: TopologyPort) {
  const owner = port.device_owner ? port.device_owner.replace('network:', '') : 'None';
  return {
    id: port.id,
    url: port.url,
    routerId: port.device_id,
    networkId: port.network_id,
    ipAddress: port.fixed_ips.map((ip) => ip.ip_address).filter(Boolean).join(' ') || 'None',
    deviceOwner: owner,
    status: port.status ?? '',
    statusClass: statusClass(port),
    isInterface: INTERFACE_OWNERS.includes(owner),
  };
}

/** The ten colours networks take in turn (d3's category10, as Horizon colours them). */
export const NETWORK_COLORS = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#17becf'];

export function networkColor(index: number): string {
  return NETWORK_COLORS[((index % 10) + 10) % 10];
}
