import type { Db } from '../../store/db.js';
import { badRequest, conflict, notFound } from '../faults.js';
import { checkQuota, flag, json, newId, standardAttributes, touch, type Viewer } from './common.js';
import { type Cidr, formatCidr, type IpVersion, lastAddress, maxPrefixlen, overlaps, parseCidr } from './ip.js';

/**
 * Subnet pools (neutron/ipam/subnet_alloc.py): prefixes to carve subnets
 * from, with min/max/default prefix lengths. Neutron renders the prefix
 * lengths as strings.
 */

export interface SubnetPoolRow {
  id: string;
  name: string;
  description: string;
  project_id: string;
  ip_version: IpVersion;
  prefixes: string;
  default_prefixlen: number;
  min_prefixlen: number;
  max_prefixlen: number;
  shared: number;
  is_default: number;
  default_quota: number | null;
  revision_number: number;
  created_at: number;
  updated_at: number;
}

export function renderSubnetPool(row: SubnetPoolRow) {
  return {
    id: row.id,
    name: row.name,
    tenant_id: row.project_id,
    default_prefixlen: String(row.default_prefixlen),
    min_prefixlen: String(row.min_prefixlen),
    max_prefixlen: String(row.max_prefixlen),
    is_default: Boolean(row.is_default),
    shared: Boolean(row.shared),
    prefixes: json<string[]>(row.prefixes),
    ip_version: row.ip_version,
    default_quota: row.default_quota,
    address_scope_id: null,
    ...standardAttributes(row),
    project_id: row.project_id,
  };
}

const canSee = (viewer: Viewer, row: SubnetPoolRow) => viewer.isAdmin || row.project_id === viewer.projectId || Boolean(row.shared);

export function getSubnetPool(db: Db, viewer: Viewer, id: string): SubnetPoolRow {
  const row = db.get<SubnetPoolRow>('SELECT * FROM net_subnetpools WHERE id = ?', id);
  if (!row || !canSee(viewer, row)) throw notFound('SubnetPoolNotFound', `Subnet pool ${id} could not be found.`);
  return row;
}

export function listSubnetPools(db: Db, viewer: Viewer): SubnetPoolRow[] {
  return db.all<SubnetPoolRow>('SELECT * FROM net_subnetpools ORDER BY created_at, rowid').filter((row) => canSee(viewer, row));
}

export interface SubnetPoolInput {
  name?: string;
  description?: string;
  projectId: string;
  prefixes: string[];
  defaultPrefixlen?: number;
  minPrefixlen?: number;
  maxPrefixlen?: number;
  shared?: boolean;
  isDefault?: boolean;
  defaultQuota?: number | null;
}

/** Parses the prefixes (one IP version) and merges nothing: Neutron keeps them as given, normalised. */
function parsePrefixes(prefixes: string[]): Cidr[] {
  const parsed = prefixes.map((text) => {
    const cidr = parseCidr(text);
    if (!cidr || !text.includes('/')) throw badRequest('InvalidInput', `Invalid input for operation: ${text} is not in a CIDR format.`);
    return cidr;
  });
  if (!parsed.length) throw badRequest('HTTPBadRequest', 'Invalid input for prefixes. Reason: Subnetpool must have at least one prefix.');
  if (new Set(parsed.map((cidr) => cidr.version)).size > 1) throw badRequest('PrefixVersionMismatch', 'Cannot mix IPv4 and IPv6 prefixes in a subnet pool.');
  return parsed;
}

function checkBounds(version: IpVersion, min: number, max: number, fallback: number) {
  const top = maxPrefixlen(version);
  for (const [label, value] of [['min_prefixlen', min], ['max_prefixlen', max], ['default_prefixlen', fallback]] as const) {
    if (value < 0 || value > top) throw badRequest('InvalidInput', `Invalid input for operation: Illegal ${label} ${value} for IPv${version}.`);
  }
  if (min > max) throw badRequest('IllegalSubnetPoolPrefixBounds', `Illegal prefix bounds: min_prefixlen=${min}, max_prefixlen=${max}.`);
  if (fallback < min) throw badRequest('IllegalSubnetPoolPrefixBounds', `Illegal prefix bounds: default_prefixlen=${fallback}, min_prefixlen=${min}.`);
  if (fallback > max) throw badRequest('IllegalSubnetPoolPrefixBounds', `Illegal prefix bounds: default_prefixlen=${fallback}, max_prefixlen=${max}.`);
}

export function createSubnetPool(db: Db, now: number, input: SubnetPoolInput): SubnetPoolRow {
  return db.tx(() => {
    const prefixes = parsePrefixes(input.prefixes);
    const version = prefixes[0].version;
    // Neutron's defaults: min 8 (IPv4) or 64 (IPv6), max the address length, default = min.
    const min = input.minPrefixlen ?? (version === 4 ? 8 : 64);
    const max = input.maxPrefixlen ?? maxPrefixlen(version);
    const fallback = input.defaultPrefixlen ?? min;
    checkBounds(version, min, max, fallback);
    checkQuota(db, input.projectId, 'subnetpool');
    if (input.isDefault && db.get('SELECT 1 FROM net_subnetpools WHERE is_default = 1 AND ip_version = ?', version)) {
      throw conflict('InvalidInput', `Invalid input for operation: A default subnetpool for this IP family has already been set. Only one default may exist per IP family.`);
    }
    const id = newId();
    db.run(
      `INSERT INTO net_subnetpools (id, name, description, project_id, ip_version, prefixes, default_prefixlen, min_prefixlen, max_prefixlen, shared, is_default, default_quota, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      id,
      input.name ?? '',
      input.description ?? '',
      input.projectId,
      version,
      JSON.stringify(prefixes.map(formatCidr)),
      fallback,
      min,
      max,
      flag(input.shared),
      flag(input.isDefault),
      input.defaultQuota ?? null,
      now,
      now,
    );
    return db.get<SubnetPoolRow>('SELECT * FROM net_subnetpools WHERE id = ?', id)!;
  });
}

export function updateSubnetPool(db: Db, now: number, row: SubnetPoolRow, changes: Record<string, unknown>): SubnetPoolRow {
  return db.tx(() => {
    const min = (changes.min_prefixlen as number | undefined) ?? row.min_prefixlen;
    const max = (changes.max_prefixlen as number | undefined) ?? row.max_prefixlen;
    const fallback = (changes.default_prefixlen as number | undefined) ?? row.default_prefixlen;
    checkBounds(row.ip_version, min, max, fallback);
    let prefixes = json<string[]>(row.prefixes);
    if (changes.prefixes) {
      const next = parsePrefixes(changes.prefixes as string[]);
      // Prefixes may only grow (PrefixesRemoved would strand allocated subnets).
      const old = prefixes.map((text) => parseCidr(text)!);
      if (!old.every((cidr) => next.some((candidate) => candidate.network <= cidr.network && lastAddress(candidate) >= lastAddress(cidr)))) {
        throw badRequest('IllegalSubnetPoolPrefixUpdate', `Illegal update to prefixes: Existing prefixes must be a subset of the new prefixes.`);
      }
      prefixes = next.map(formatCidr);
    }
    db.run(
      'UPDATE net_subnetpools SET name = ?, description = ?, min_prefixlen = ?, max_prefixlen = ?, default_prefixlen = ?, prefixes = ?, is_default = ?, default_quota = ? WHERE id = ?',
      (changes.name as string | undefined) ?? row.name,
      (changes.description as string | undefined) ?? row.description,
      min,
      max,
      fallback,
      JSON.stringify(prefixes),
      changes.is_default === undefined ? row.is_default : flag(changes.is_default),
      changes.default_quota === undefined ? row.default_quota : changes.default_quota,
      row.id,
    );
    touch(db, 'net_subnetpools', row.id, now);
    return db.get<SubnetPoolRow>('SELECT * FROM net_subnetpools WHERE id = ?', row.id)!;
  });
}

export function deleteSubnetPool(db: Db, id: string): void {
  db.tx(() => {
    if (db.get('SELECT 1 FROM net_subnets WHERE subnetpool_id = ?', id)) {
      throw conflict('SubnetPoolInUse', `Unable to complete operation on subnet pool ${id}. Subnets are allocated from it.`);
    }
    db.run('DELETE FROM net_subnetpools WHERE id = ?', id);
  });
}

/**
 * A CIDR for a new subnet from `pool`: the requested one if it fits in a
 * prefix and overlaps no subnet of the pool, else the first free block of
 * `prefixlen` (subnet_alloc's SubnetAllocator).
 */
export function allocateFromPool(db: Db, pool: SubnetPoolRow, requested: Cidr | null, prefixlenInput: number | undefined): Cidr {
  const prefixlen = requested?.prefixlen ?? prefixlenInput ?? pool.default_prefixlen;
  if (prefixlen > pool.max_prefixlen) {
    throw badRequest('MaxPrefixSubnetAllocationError', `Unable to allocate subnet with prefix length ${prefixlen}, maximum allowed prefix is ${pool.max_prefixlen}.`);
  }
  if (prefixlen < pool.min_prefixlen) {
    throw badRequest('MinPrefixSubnetAllocationError', `Unable to allocate subnet with prefix length ${prefixlen}, minimum allowed prefix is ${pool.min_prefixlen}.`);
  }
  const prefixes = json<string[]>(pool.prefixes).map((text) => parseCidr(text)!);
  const taken = db.all<{ cidr: string }>('SELECT cidr FROM net_subnets WHERE subnetpool_id = ?', pool.id).map((row) => parseCidr(row.cidr)!);
  const free = (candidate: Cidr) => !taken.some((cidr) => overlaps(cidr, candidate));
  if (requested) {
    const inside = prefixes.some((prefix) => prefix.prefixlen <= requested.prefixlen && requested.network >= prefix.network && lastAddress(requested) <= lastAddress(prefix));
    if (!inside || !free(requested)) {
      throw conflict('SubnetAllocationError', 'Failed to allocate subnet: Cannot allocate requested subnet from the available set of prefixes.');
    }
    return requested;
  }
  for (const prefix of prefixes) {
    if (prefix.prefixlen > prefixlen) continue;
    const step = 1n << BigInt(maxPrefixlen(pool.ip_version) - prefixlen);
    for (let network = prefix.network; network + step - 1n <= lastAddress(prefix); network += step) {
      const candidate: Cidr = { version: pool.ip_version, network, prefixlen };
      const clash = taken.find((cidr) => overlaps(cidr, candidate));
      if (!clash) return candidate;
      // Jump past the clashing subnet rather than stepping through it block by block.
      const next = lastAddress(clash) + 1n;
      if (next > network + step) network = ((next + step - 1n) / step) * step - step;
    }
  }
  throw conflict('SubnetAllocationError', `Failed to allocate subnet: Insufficient prefix space to allocate subnet size /${prefixlen}.`);
}
