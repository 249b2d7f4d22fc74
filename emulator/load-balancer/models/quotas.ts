import { Forbidden } from '../../core/errors.js';
import type { Db } from '../../store/db.js';
import type { Kind } from './fields.js';
import { LABELS } from './objects.js';

/**
 * Octavia's per-project quotas (octavia/db/repositories.py QuotasRepository):
 * a null value means the deployment default, which is -1 (unlimited) here as
 * in a stock octavia.conf. Over quota is 403 "Quota has been met for resources: Load Balancer".
 */

export const QUOTA_KEYS = ['loadbalancer', 'listener', 'member', 'pool', 'healthmonitor', 'l7policy', 'l7rule'] as const;
export type QuotaKey = (typeof QUOTA_KEYS)[number];

export const DEFAULT_QUOTAS: Record<QuotaKey, number> = { loadbalancer: -1, listener: -1, member: -1, pool: -1, healthmonitor: -1, l7policy: -1, l7rule: -1 };

export function storedQuotas(db: Db, projectId: string): Record<QuotaKey, number | null> {
  const row = db.get<{ attrs: string }>('SELECT attrs FROM lb_quotas WHERE project_id = ?', projectId);
  const stored = row ? (JSON.parse(row.attrs) as Partial<Record<QuotaKey, number | null>>) : {};
  return Object.fromEntries(QUOTA_KEYS.map((key) => [key, stored[key] ?? null])) as Record<QuotaKey, number | null>;
}

export function listQuotaProjects(db: Db): string[] {
  return db.all<{ project_id: string }>('SELECT project_id FROM lb_quotas ORDER BY project_id').map((row) => row.project_id);
}

export function setQuotas(db: Db, projectId: string, values: Partial<Record<QuotaKey, number | null>>): void {
  const merged = { ...storedQuotas(db, projectId), ...values };
  db.run('INSERT INTO lb_quotas (project_id, attrs) VALUES (?, ?) ON CONFLICT (project_id) DO UPDATE SET attrs = excluded.attrs', projectId, JSON.stringify(merged));
}

export function resetQuotas(db: Db, projectId: string): void {
  db.run('DELETE FROM lb_quotas WHERE project_id = ?', projectId);
}

/** 403 when `count` more objects of `kind` would pass the project's quota. */
export function checkQuota(db: Db, projectId: string, kind: Kind, count: number): void {
  if (count <= 0) return;
  const limit = storedQuotas(db, projectId)[kind] ?? DEFAULT_QUOTAS[kind];
  if (limit < 0) return;
  const used = db.get<{ n: number }>('SELECT COUNT(*) AS n FROM lb_objects WHERE kind = ? AND project_id = ?', kind, projectId)!.n;
  if (used + count > limit) throw new Forbidden(`Quota has been met for resources: ${LABELS[kind]}`);
}
