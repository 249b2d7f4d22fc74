import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../../store/db.js';
import { conflict } from '../faults.js';

/**
 * What the models share: who asks (Neutron's context: a project, admin or
 * not), timestamps in Neutron's format, and the quota check every create
 * makes inside its transaction.
 */
export interface Viewer {
  projectId: string;
  isAdmin: boolean;
}

export const newId = () => randomUUID();

/** Neutron's standard-attr timestamps: `2026-11-23T13:58:02Z` (seconds, UTC). */
export function neutronTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** OpenStack's base MAC `fa:16:3e` plus three random bytes, unique in the cloud. */
export function newMacAddress(db: Db): string {
  for (;;) {
    const mac = `fa:16:3e:${[...randomBytes(3)].map((byte) => byte.toString(16).padStart(2, '0')).join(':')}`;
    if (!db.get('SELECT 1 FROM net_ports WHERE mac_address = ?', mac)) return mac;
  }
}

export const json = <T>(text: string): T => JSON.parse(text) as T;
export const flag = (value: unknown) => (value ? 1 : 0);

/** Standard attributes every Neutron resource renders. */
export function standardAttributes(row: { description?: string; revision_number: number; created_at: number; updated_at: number }) {
  return {
    ...(row.description !== undefined ? { description: row.description } : {}),
    tags: [] as string[],
    created_at: neutronTime(row.created_at),
    updated_at: neutronTime(row.updated_at),
    revision_number: row.revision_number,
  };
}

/** Bumps revision_number and updated_at of one row (Neutron does so on every change). */
export function touch(db: Db, table: string, id: string, now: number): void {
  db.run(`UPDATE ${table} SET revision_number = revision_number + 1, updated_at = ? WHERE id = ?`, now, id);
}

export const QUOTA_DEFAULTS = {
  network: 100,
  subnet: 100,
  subnetpool: -1,
  port: 500,
  router: 10,
  floatingip: 50,
  rbac_policy: 10,
  security_group: 10,
  security_group_rule: 100,
} as const;

export type QuotaResource = keyof typeof QUOTA_DEFAULTS;

const COUNTERS: Record<QuotaResource, string> = {
  network: 'SELECT COUNT(*) AS n FROM net_networks WHERE project_id = ?',
  subnet: 'SELECT COUNT(*) AS n FROM net_subnets WHERE project_id = ?',
  subnetpool: 'SELECT COUNT(*) AS n FROM net_subnetpools WHERE project_id = ?',
  port: 'SELECT COUNT(*) AS n FROM net_ports WHERE project_id = ?',
  router: 'SELECT COUNT(*) AS n FROM net_routers WHERE project_id = ?',
  floatingip: 'SELECT COUNT(*) AS n FROM net_floatingips WHERE project_id = ?',
  rbac_policy: 'SELECT 0 AS n WHERE ? IS NOT NULL',
  security_group: 'SELECT COUNT(*) AS n FROM net_security_groups WHERE project_id = ?',
  security_group_rule: 'SELECT COUNT(*) AS n FROM net_security_group_rules WHERE project_id = ?',
};

export function quotaLimits(db: Db, projectId: string): Record<QuotaResource, number> {
  const limits: Record<QuotaResource, number> = { ...QUOTA_DEFAULTS };
  for (const row of db.all<{ resource: QuotaResource; hard_limit: number }>('SELECT resource, hard_limit FROM net_quotas WHERE project_id = ?', projectId)) {
    if (row.resource in limits) limits[row.resource] = row.hard_limit;
  }
  return limits;
}

export function quotaUsage(db: Db, projectId: string, resource: QuotaResource): number {
  return db.get<{ n: number }>(COUNTERS[resource], projectId)?.n ?? 0;
}

/** 409 OverQuota when `count` more of `resource` would pass the project's limit. */
export function checkQuota(db: Db, projectId: string, resource: QuotaResource, count = 1): void {
  const limit = quotaLimits(db, projectId)[resource];
  if (limit >= 0 && quotaUsage(db, projectId, resource) + count > limit) {
    throw conflict('OverQuota', `Quota exceeded for resources: ['${resource}'].`);
  }
}
