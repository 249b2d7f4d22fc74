import type { Db } from '../../store/db.js';

/** Nova quotas: the default class, overridden per project. -1 means unlimited. */

export const QUOTA_RESOURCES = [
  'instances',
  'cores',
  'ram',
  'metadata_items',
  'injected_files',
  'injected_file_content_bytes',
  'injected_file_path_length',
  'key_pairs',
  'server_groups',
  'server_group_members',
] as const;

export type QuotaResource = (typeof QUOTA_RESOURCES)[number];

export function getQuotaLimits(db: Db, projectId: string | null): Record<QuotaResource, number> {
  const limits = {} as Record<QuotaResource, number>;
  for (const row of db.all<{ resource: QuotaResource; hard_limit: number }>("SELECT resource, hard_limit FROM quota_classes WHERE class_name = 'default'")) {
    limits[row.resource] = row.hard_limit;
  }
  if (projectId) {
    for (const row of db.all<{ resource: QuotaResource; hard_limit: number }>('SELECT resource, hard_limit FROM quotas WHERE project_id = ?', projectId)) {
      limits[row.resource] = row.hard_limit;
    }
  }
  return limits;
}

/** What a project uses, counted from its rows as Nova's count-based quotas do (every server not yet gone counts). */
export function getQuotaUsage(db: Db, projectId: string): { instances: number; cores: number; ram: number; server_groups: number } {
  const groups = db.get<{ count: number }>('SELECT COUNT(*) AS count FROM instance_groups WHERE project_id = ?', projectId)!.count;
  const servers = db.get<{ count: number; cores: number | null; ram: number | null }>(
    'SELECT COUNT(*) AS count, SUM(vcpus) AS cores, SUM(memory_mb) AS ram FROM instances WHERE project_id = ?',
    projectId,
  )!;
  return { instances: servers.count, cores: servers.cores ?? 0, ram: servers.ram ?? 0, server_groups: groups };
}
