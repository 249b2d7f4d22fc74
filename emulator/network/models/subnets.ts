import type { Db } from '../../store/db.js';
import { badRequest, conflict, invalidInput, notFound } from '../faults.js';
import { checkQuota, flag, json, newId, standardAttributes, touch, type Viewer } from './common.js';
import { type Cidr, contains, formatAddress, formatCidr, type IpVersion, lastAddress, overlaps, parseAddress, parseCidr } from './ip.js';
import type { NetworkRow } from './networks.js';
import { allocateFromPool, type SubnetPoolRow } from './subnetpools.js';

/**
 * Subnets and their address rules (neutron/db/ipam_backend_mixin.py):
 * CIDR format and version, no overlap on one network, gateway, allocation
 * pools inside the CIDR and clear of the gateway, subnet pool affinity.
 */

export interface SubnetRow {
  id: string;
  name: string;
  description: string;
  project_id: string;
  network_id: string;
  ip_version: IpVersion;
  cidr: string;
  gateway_ip: string | null;
  enable_dhcp: number;
  allocation_pools: string;
  dns_nameservers: string;
  host_routes: string;
  ipv6_ra_mode: string | null;
  ipv6_address_mode: string | null;
  subnetpool_id: string | null;
  revision_number: number;
  created_at: number;
  updated_at: number;
}

export interface Pool {
  start: string;
  end: string;
}

export function renderSubnet(row: SubnetRow) {
  return {
    id: row.id,
    name: row.name,
    tenant_id: row.project_id,
    network_id: row.network_id,
    ip_version: row.ip_version,
    subnetpool_id: row.subnetpool_id,
    enable_dhcp: Boolean(row.enable_dhcp),
    ipv6_ra_mode: row.ipv6_ra_mode,
    ipv6_address_mode: row.ipv6_address_mode,
    gateway_ip: row.gateway_ip,
    cidr: row.cidr,
    allocation_pools: json<Pool[]>(row.allocation_pools),
    host_routes: json<unknown[]>(row.host_routes),
    dns_nameservers: json<string[]>(row.dns_nameservers),
    service_types: [] as string[],
    segment_id: null,
    ...standardAttributes(row),
    project_id: row.project_id,
  };
}

/** A subnet is visible with its network's project or when the network is shared (not merely external). */
export function canSeeSubnet(db: Db, viewer: Viewer, row: SubnetRow): boolean {
  if (viewer.isAdmin || row.project_id === viewer.projectId) return true;
  return Boolean(db.get('SELECT 1 FROM net_networks WHERE id = ? AND shared = 1', row.network_id));
}

export function findSubnet(db: Db, id: string): SubnetRow | undefined {
  return db.get<SubnetRow>('SELECT * FROM net_subnets WHERE id = ?', id);
}

export function getSubnet(db: Db, viewer: Viewer, id: string): SubnetRow {
  const row = findSubnet(db, id);
  if (!row || !canSeeSubnet(db, viewer, row)) throw notFound('SubnetNotFound', `Subnet ${id} could not be found.`);
  return row;
}

export function listSubnets(db: Db, viewer: Viewer): SubnetRow[] {
  return db.all<SubnetRow>('SELECT * FROM net_subnets ORDER BY created_at, rowid').filter((row) => canSeeSubnet(db, viewer, row));
}

export function subnetsOfNetwork(db: Db, networkId: string): SubnetRow[] {
  return db.all<SubnetRow>('SELECT * FROM net_subnets WHERE network_id = ? ORDER BY created_at, rowid', networkId);
}

export interface SubnetInput {
  projectId: string;
  network: NetworkRow;
  ipVersion: IpVersion;
  cidr?: string;
  prefixlen?: number;
  pool?: SubnetPoolRow;
  name?: string;
  description?: string;
  /** undefined: the first address; null: no gateway. */
  gatewayIp?: string | null;
  enableDhcp?: boolean;
  allocationPools?: Pool[];
  dnsNameservers?: string[];
  hostRoutes?: { destination: string; nexthop: string }[];
  ipv6RaMode?: string | null;
  ipv6AddressMode?: string | null;
}

const poolText = (pool: Pool) => `${pool.start}-${pool.end}`;

/** Neutron parses a CIDR strictly: `a.b.c.d/n`, host bits allowed (and dropped). */
function parseRequestedCidr(text: string, version: IpVersion): Cidr {
  const cidr = text.includes('/') ? parseCidr(text) : null;
  if (!cidr) throw invalidInput(`${text} is not in a CIDR format`);
  if (cidr.version !== version) throw invalidInput(`cidr '${text}' does not match the ip_version '${version}'`);
  return cidr;
}

/** The usable range: IPv4 loses its network and broadcast addresses, IPv6 only the subnet-router anycast (network) one. */
function usableRange(cidr: Cidr): [bigint, bigint] {
  if (cidr.version === 4 && cidr.prefixlen < 31) return [cidr.network + 1n, lastAddress(cidr) - 1n];
  if (cidr.version === 6 && cidr.prefixlen < 127) return [cidr.network + 1n, lastAddress(cidr)];
  return [cidr.network, lastAddress(cidr)];
}

/** The default pools: the usable range with the gateway cut out. */
function defaultPools(cidr: Cidr, gateway: bigint | null): Pool[] {
  const [first, last] = usableRange(cidr);
  const ranges: [bigint, bigint][] = gateway !== null && gateway >= first && gateway <= last ? [[first, gateway - 1n], [gateway + 1n, last]] : [[first, last]];
  return ranges.filter(([start, end]) => start <= end).map(([start, end]) => ({ start: formatAddress(cidr.version, start), end: formatAddress(cidr.version, end) }));
}

function checkPools(cidr: Cidr, pools: Pool[], gateway: bigint | null): Pool[] {
  const text = formatCidr(cidr);
  const ranges = pools.map((pool) => {
    const start = parseAddress(pool.start);
    const end = parseAddress(pool.end);
    if (!start || !end || start.version !== cidr.version || end.version !== cidr.version || start.value > end.value) {
      throw badRequest('InvalidAllocationPool', `The allocation pool ${poolText(pool)} is not valid.`);
    }
    const [first, last] = usableRange(cidr);
    if (start.value < first || end.value > last) throw badRequest('OutOfBoundsAllocationPool', `The allocation pool ${poolText(pool)} spans beyond the subnet cidr ${text}.`);
    return { pool: { start: formatAddress(cidr.version, start.value), end: formatAddress(cidr.version, end.value) }, start: start.value, end: end.value };
  });
  for (let i = 0; i < ranges.length; i++) {
    for (let j = i + 1; j < ranges.length; j++) {
      if (ranges[i].start <= ranges[j].end && ranges[j].start <= ranges[i].end) {
        throw conflict('OverlappingAllocationPools', `Found overlapping allocation pools: ${poolText(ranges[i].pool)} and ${poolText(ranges[j].pool)} for subnet ${text}.`);
      }
    }
  }
  if (gateway !== null) {
    const clash = ranges.find((range) => gateway >= range.start && gateway <= range.end);
    if (clash) throw conflict('GatewayConflictWithAllocationPools', `Gateway ip ${formatAddress(cidr.version, gateway)} conflicts with allocation pool ${poolText(clash.pool)}.`);
  }
  return ranges.map((range) => range.pool);
}

function parseGateway(cidr: Cidr, gatewayIp: string | null | undefined): bigint | null {
  if (gatewayIp === null) return null;
  // IPv4's first host; IPv6's subnet-router anycast address, as Neutron picks them.
  if (gatewayIp === undefined) return cidr.version === 4 && cidr.prefixlen < 31 ? cidr.network + 1n : cidr.network;
  const address = parseAddress(gatewayIp);
  if (!address || address.version !== cidr.version) throw invalidInput(`gateway_ip ${gatewayIp} does not match the ip_version ${cidr.version}`);
  if (contains(cidr, address.value) && cidr.version === 4 && (address.value === cidr.network || address.value === lastAddress(cidr)) && cidr.prefixlen < 31) {
    throw invalidInput('Gateway is not valid on subnet');
  }
  return address.value;
}

function checkDhcpPrefix(cidr: Cidr, enableDhcp: boolean): void {
  if (enableDhcp && ((cidr.version === 4 && cidr.prefixlen > 30) || (cidr.version === 6 && cidr.prefixlen > 126))) {
    throw invalidInput('Subnet has a prefix length that is incompatible with DHCP service enabled');
  }
}

function checkNameservers(version: IpVersion, servers: string[]): void {
  for (const server of servers) {
    const address = parseAddress(server);
    if (!address || address.version !== version) throw invalidInput(`${server} is not a valid nameserver for IPv${version} subnet`);
  }
  if (new Set(servers).size !== servers.length) throw invalidInput('Duplicate nameserver found in the list');
}

export function createSubnet(db: Db, now: number, input: SubnetInput): SubnetRow {
  return db.tx(() => {
    const { network } = input;
    if (input.ipVersion === 4 && (input.ipv6RaMode || input.ipv6AddressMode)) {
      throw invalidInput('ipv6_ra_mode or ipv6_address_mode cannot be set when ip_version is 4');
    }
    let cidr: Cidr;
    const siblings = subnetsOfNetwork(db, network.id).filter((subnet) => subnet.ip_version === input.ipVersion);
    if (input.pool) {
      if (input.pool.ip_version !== input.ipVersion) {
        throw badRequest('BadRequest', `Bad subnets request: Cannot allocate IPv${input.ipVersion} subnet from IPv${input.pool.ip_version} subnet pool.`);
      }
      // Subnets of one IP version on a network all come from one pool, or none.
      if (siblings.some((subnet) => subnet.subnetpool_id !== input.pool!.id)) {
        throw badRequest('NetworkSubnetPoolAffinityError', 'Subnets hosted on the same network must be allocated from the same subnet pool.');
      }
      cidr = allocateFromPool(db, input.pool, input.cidr ? parseRequestedCidr(input.cidr, input.ipVersion) : null, input.prefixlen);
    } else {
      if (!input.cidr) throw badRequest('BadRequest', 'Bad subnets request: a subnetpool must be specified in the absence of a cidr.');
      cidr = parseRequestedCidr(input.cidr, input.ipVersion);
      if (siblings.some((subnet) => subnet.subnetpool_id !== null)) {
        throw badRequest('NetworkSubnetPoolAffinityError', 'Subnets hosted on the same network must be allocated from the same subnet pool.');
      }
    }
    const text = formatCidr(cidr);
    if (subnetsOfNetwork(db, network.id).some((subnet) => overlaps(parseCidr(subnet.cidr)!, cidr))) {
      throw invalidInput(`Requested subnet with cidr: ${text} for network: ${network.id} overlaps with another subnet`);
    }
    const enableDhcp = input.enableDhcp ?? true;
    checkDhcpPrefix(cidr, enableDhcp);
    const gateway = parseGateway(cidr, input.gatewayIp);
    const pools = input.allocationPools ? checkPools(cidr, input.allocationPools, gateway) : defaultPools(cidr, gateway);
    checkNameservers(cidr.version, input.dnsNameservers ?? []);
    checkQuota(db, input.projectId, 'subnet');
    const id = newId();
    db.run(
      `INSERT INTO net_subnets (id, name, description, project_id, network_id, ip_version, cidr, gateway_ip, enable_dhcp, allocation_pools, dns_nameservers,
         host_routes, ipv6_ra_mode, ipv6_address_mode, subnetpool_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      id,
      input.name ?? '',
      input.description ?? '',
      input.projectId,
      network.id,
      cidr.version,
      text,
      gateway === null ? null : formatAddress(cidr.version, gateway),
      flag(enableDhcp),
      JSON.stringify(pools),
      JSON.stringify(input.dnsNameservers ?? []),
      JSON.stringify(input.hostRoutes ?? []),
      input.ipv6RaMode ?? null,
      input.ipv6AddressMode ?? null,
      input.pool?.id ?? null,
      now,
      now,
    );
    touch(db, 'net_networks', network.id, now);
    return findSubnet(db, id)!;
  });
}

export function updateSubnet(db: Db, now: number, row: SubnetRow, changes: Record<string, unknown>): SubnetRow {
  return db.tx(() => {
    const cidr = parseCidr(row.cidr)!;
    const gatewayText = 'gateway_ip' in changes ? (changes.gateway_ip as string | null) : row.gateway_ip;
    const gateway = gatewayText === null ? null : parseGateway(cidr, gatewayText);
    if ('gateway_ip' in changes && row.gateway_ip && gatewayText !== row.gateway_ip) {
      const router = db.get<{ port_id: string }>(
        "SELECT a.port_id FROM net_ip_allocations a JOIN net_ports p ON p.id = a.port_id WHERE a.subnet_id = ? AND a.ip_address = ? AND p.device_owner LIKE 'network:router%'",
        row.id,
        row.gateway_ip,
      );
      if (router) throw conflict('GatewayIpInUse', `Gateway ip ${row.gateway_ip} conflicts with allocation pool or is in use by port ${router.port_id}.`);
    }
    const enableDhcp = 'enable_dhcp' in changes ? Boolean(changes.enable_dhcp) : Boolean(row.enable_dhcp);
    checkDhcpPrefix(cidr, enableDhcp);
    const pools = changes.allocation_pools ? checkPools(cidr, changes.allocation_pools as Pool[], gateway) : checkPools(cidr, json<Pool[]>(row.allocation_pools), gateway);
    const servers = (changes.dns_nameservers as string[] | undefined) ?? json<string[]>(row.dns_nameservers);
    checkNameservers(cidr.version, servers);
    db.run(
      'UPDATE net_subnets SET name = ?, description = ?, gateway_ip = ?, enable_dhcp = ?, allocation_pools = ?, dns_nameservers = ?, host_routes = ? WHERE id = ?',
      (changes.name as string | undefined) ?? row.name,
      (changes.description as string | undefined) ?? row.description,
      gateway === null ? null : formatAddress(cidr.version, gateway),
      flag(enableDhcp),
      JSON.stringify(pools),
      JSON.stringify(servers),
      JSON.stringify((changes.host_routes as unknown[] | undefined) ?? json<unknown[]>(row.host_routes)),
      row.id,
    );
    touch(db, 'net_subnets', row.id, now);
    return findSubnet(db, row.id)!;
  });
}

/** SubnetInUse while a port other than DHCP's holds an address from it. */
export function deleteSubnet(db: Db, now: number, row: SubnetRow): void {
  db.tx(() => {
    // An auto-address (SLAAC, DHCPv6-stateless) subnet's addresses go with it; only router interfaces keep it in use (Neutron's delete_subnet).
    const autoAddress = row.ipv6_address_mode === 'slaac' || row.ipv6_address_mode === 'dhcpv6-stateless';
    const used = db.get(
      autoAddress
        ? "SELECT 1 FROM net_ip_allocations a JOIN net_ports p ON p.id = a.port_id WHERE a.subnet_id = ? AND p.device_owner IN ('network:router_interface', 'network:router_interface_distributed', 'network:ha_router_replicated_interface')"
        : "SELECT 1 FROM net_ip_allocations a JOIN net_ports p ON p.id = a.port_id WHERE a.subnet_id = ? AND p.device_owner != 'network:dhcp'",
      row.id,
    );
    if (used) throw conflict('SubnetInUse', `Unable to complete operation on subnet ${row.id}: One or more ports have an IP allocation from this subnet.`);
    db.run('DELETE FROM net_ip_allocations WHERE subnet_id = ?', row.id);
    db.run('DELETE FROM net_subnets WHERE id = ?', row.id);
    touch(db, 'net_networks', row.network_id, now);
  });
}
