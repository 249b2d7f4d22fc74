import type { Db } from '../../store/db.js';
import { flavorOf, type ServerRow } from './servers.js';

/**
 * os-simple-tenant-usage (nova/api/openstack/compute/simple_tenant_usage.py):
 * each server's hours inside a period, from its launch (or the period's start)
 * to its deletion (or the period's end), with the flavor it has. A server
 * that is gone counts until it went (`instance_usage_terminated`, written as
 * its row is removed); one never launched counts nothing.
 */

interface UsageSource {
  uuid: string;
  project_id: string;
  display_name: string;
  flavor: string;
  vcpus: number;
  memory_mb: number;
  launched_at: number | null;
  terminated_at: number | null;
  vm_state: string;
}

export interface ServerUsage {
  instance_id: string;
  name: string;
  hours: number;
  memory_mb: number;
  local_gb: number;
  vcpus: number;
  tenant_id: string;
  flavor: string;
  started_at: number;
  ended_at: number | null;
  state: string;
  /** Seconds since launch (until deletion for a deleted server). */
  uptime: number;
}

export interface TenantUsage {
  tenant_id: string;
  total_local_gb_usage: number;
  total_vcpus_usage: number;
  total_memory_mb_usage: number;
  total_hours: number;
  server_usages: ServerUsage[];
}

/** Keeps what a server was when its row is removed, for the periods it was alive in. */
export function recordTermination(db: Db, row: ServerRow, at: number): void {
  db.run(
    `INSERT OR REPLACE INTO instance_usage_terminated (uuid, project_id, display_name, flavor, vcpus, memory_mb, launched_at, created_at, terminated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    row.uuid,
    row.project_id,
    row.display_name,
    row.flavor,
    row.vcpus,
    row.memory_mb,
    row.launched_at,
    row.created_at,
    at,
  );
}

/**
 * The usage of each project (or of `projectId` alone) between `start` and
 * `end` (ms), at `now`. Servers launched after the period or deleted before it
 * are left out, as Nova's `instance_get_active_by_window_joined` does.
 */
export function tenantUsages(db: Db, period: { start: number; end: number; now: number; projectId?: string }): TenantUsage[] {
  const byProject = period.projectId ? ' AND project_id = ?' : '';
  const args = period.projectId ? [period.projectId] : [];
  const live = db.all<UsageSource>(
    `SELECT uuid, project_id, display_name, flavor, vcpus, memory_mb, launched_at, NULL AS terminated_at, vm_state
     FROM instances WHERE launched_at IS NOT NULL AND launched_at < ?${byProject} ORDER BY created_at, id`,
    period.end,
    ...args,
  );
  const gone = db.all<UsageSource>(
    `SELECT uuid, project_id, display_name, flavor, vcpus, memory_mb, launched_at, terminated_at, 'deleted' AS vm_state
     FROM instance_usage_terminated WHERE launched_at IS NOT NULL AND launched_at < ? AND terminated_at > ?${byProject} ORDER BY created_at`,
    period.end,
    period.start,
    ...args,
  );
  const usages = new Map<string, TenantUsage>();
  for (const source of [...gone, ...live]) {
    const flavor = flavorOf(source as unknown as ServerRow);
    const started = Math.max(source.launched_at!, period.start);
    const ended = Math.min(source.terminated_at ?? period.end, period.end);
    const hours = Math.max(0, ended - started) / 3_600_000;
    const localGb = flavor.root_gb + flavor.ephemeral_gb;
    const usage = usages.get(source.project_id) ?? {
      tenant_id: source.project_id,
      total_local_gb_usage: 0,
      total_vcpus_usage: 0,
      total_memory_mb_usage: 0,
      total_hours: 0,
      server_usages: [],
    };
    usages.set(source.project_id, usage);
    usage.total_local_gb_usage += localGb * hours;
    usage.total_vcpus_usage += source.vcpus * hours;
    usage.total_memory_mb_usage += source.memory_mb * hours;
    usage.total_hours += hours;
    usage.server_usages.push({
      instance_id: source.uuid,
      name: source.display_name,
      hours,
      memory_mb: source.memory_mb,
      local_gb: localGb,
      vcpus: source.vcpus,
      tenant_id: source.project_id,
      flavor: flavor.name,
      started_at: source.launched_at!,
      ended_at: source.terminated_at,
      // Nova reports a deleted server as 'terminated' and the others by their vm_state.
      state: source.terminated_at === null ? source.vm_state : 'terminated',
      uptime: Math.floor(((source.terminated_at ?? period.now) - source.launched_at!) / 1000),
    });
  }
  return [...usages.values()].sort((a, b) => (a.tenant_id < b.tenant_id ? -1 : 1));
}
