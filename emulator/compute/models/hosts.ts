import { createHash } from 'node:crypto';
import type { Db } from '../../store/db.js';

/**
 * The emulated deployment Nova schedules on: one controller running the
 * scheduler and conductor (zone `internal`) and three compute hosts in the
 * availability zone `nova`, unless a host aggregate puts them in another. Fixed, as a deployment's hosts are; their usage
 * is counted from the instances table.
 */

export const DEFAULT_ZONE = 'nova';
export const INTERNAL_ZONE = 'internal';
export const CONTROLLER = 'emu-controller';

export interface Hypervisor {
  id: number;
  host: string;
  vcpus: number;
  memoryMb: number;
  localGb: number;
  zone: string;
}

export const HYPERVISORS: readonly Hypervisor[] = [
  { id: 1, host: 'emu-compute1', vcpus: 16, memoryMb: 65536, localGb: 1000, zone: DEFAULT_ZONE },
  { id: 2, host: 'emu-compute2', vcpus: 16, memoryMb: 65536, localGb: 1000, zone: DEFAULT_ZONE },
  { id: 3, host: 'emu-compute3', vcpus: 16, memoryMb: 65536, localGb: 1000, zone: DEFAULT_ZONE },
];

export interface NovaServiceRecord {
  id: number;
  binary: string;
  host: string;
  zone: string;
}

export const NOVA_SERVICES: readonly NovaServiceRecord[] = [
  { id: 1, binary: 'nova-scheduler', host: CONTROLLER, zone: INTERNAL_ZONE },
  { id: 2, binary: 'nova-conductor', host: CONTROLLER, zone: INTERNAL_ZONE },
  ...HYPERVISORS.map((hypervisor, index) => ({ id: 3 + index, binary: 'nova-compute', host: hypervisor.host, zone: hypervisor.zone })),
];

/**
 * The zone of a compute host: the `availability_zone` of an aggregate it is
 * in, else its configured zone (nova.conf default_availability_zone), as
 * Nova's availability_zones.get_host_availability_zone. A host is in one zone
 * at most (aggregates.ts refuses a second).
 */
export function hostZone(db: Db, host: string): string {
  const named = db.get<{ zone: string }>(
    "SELECT json_extract(a.metadata, '$.availability_zone') AS zone FROM aggregates a JOIN aggregate_hosts h ON h.aggregate_id = a.id WHERE h.host = ? AND zone IS NOT NULL ORDER BY a.id",
    host,
  );
  return named?.zone ?? HYPERVISORS.find((hypervisor) => hypervisor.host === host)?.zone ?? DEFAULT_ZONE;
}

/** A service's zone: a compute service's is its host's, the others' their own (`internal`). */
export function serviceZone(db: Db, service: NovaServiceRecord): string {
  return service.binary === 'nova-compute' ? hostZone(db, service.host) : service.zone;
}

/** The zones servers can be in: those of the compute hosts, sorted (os-availability-zone). */
export function computeZones(db: Db): string[] {
  return [...new Set(HYPERVISORS.map((hypervisor) => hostZone(db, hypervisor.host)))].sort();
}

export interface HostUsage {
  vcpusUsed: number;
  memoryMbUsed: number;
  localGbUsed: number;
  runningVms: number;
}

/** What the instances placed on `host` consume (every state but deleted counts, as placement allocations do). */
export function hostUsage(db: Db, host: string): HostUsage {
  const row = db.get<{ vcpus: number | null; memory: number | null; disk: number | null; count: number }>(
    "SELECT SUM(vcpus) AS vcpus, SUM(memory_mb) AS memory, SUM(json_extract(flavor, '$.root_gb')) AS disk, COUNT(*) AS count FROM instances WHERE host = ?",
    host,
  )!;
  return { vcpusUsed: row.vcpus ?? 0, memoryMbUsed: row.memory ?? 0, localGbUsed: row.disk ?? 0, runningVms: row.count };
}

export interface PlacementRequest {
  zone: string;
  vcpus: number;
  memoryMb: number;
  /** The server group's policy and the hosts its members are on. */
  group?: { policy: string; hosts: string[] };
}

/**
 * The filter scheduler in short: hosts of the zone with room for the flavor,
 * minus those the group's policy excludes (anti-affinity: hosts holding a
 * member; affinity: any other host once a member is placed); soft policies
 * only weigh. The least busy host wins. Null: "No valid host was found."
 */
export function chooseHost(db: Db, request: PlacementRequest, alsoPlaced: string[] = []): string | null {
  const placedHere = (host: string) => alsoPlaced.filter((placed) => placed === host).length;
  let candidates = HYPERVISORS.filter((hypervisor) => hostZone(db, hypervisor.host) === request.zone).filter((hypervisor) => {
    const usage = hostUsage(db, hypervisor.host);
    return usage.vcpusUsed + request.vcpus <= hypervisor.vcpus * 16 && usage.memoryMbUsed + request.memoryMb <= hypervisor.memoryMb * 1.5;
  });
  const groupHosts = [...(request.group?.hosts ?? []), ...alsoPlaced];
  const policy = request.group?.policy;
  if (policy === 'anti-affinity') candidates = candidates.filter((hypervisor) => !groupHosts.includes(hypervisor.host));
  if (policy === 'affinity' && groupHosts.length) candidates = candidates.filter((hypervisor) => hypervisor.host === groupHosts[0]);
  if (!candidates.length) return null;
  const weight = (host: string) => {
    let value = hostUsage(db, host).runningVms + placedHere(host);
    if (policy === 'soft-anti-affinity') value += 1000 * groupHosts.filter((placed) => placed === host).length;
    if (policy === 'soft-affinity') value -= 1000 * groupHosts.filter((placed) => placed === host).length;
    return value;
  };
  return [...candidates].sort((a, b) => weight(a.host) - weight(b.host) || a.id - b.id)[0].host;
}

/** Nova's `hostId`: sha224 of project id + host, so projects cannot tell hosts apart across projects. */
export function hostIdOf(projectId: string, host: string | null): string {
  return host ? createHash('sha224').update(projectId + host).digest('hex') : '';
}
