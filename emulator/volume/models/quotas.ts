import { BadRequest, CloudError } from '../../core/errors.js';
import type { Db } from '../../store/db.js';
import { listTypes } from './types.js';

/**
 * Cinder quotas (cinder/quota.py): the `default` class, overridden per
 * project; -1 is unlimited. `gigabytes` counts volumes and snapshots
 * together. Per-type keys (`volumes_<type>`, …) are kept and shown; they
 * default to unlimited.
 */

export const GLOBAL_RESOURCES = ['volumes', 'per_volume_gigabytes', 'snapshots', 'gigabytes', 'backups', 'backup_gigabytes', 'groups'] as const;

/** Cinder's 413: `{"overLimit": {"code": 413, "message": "<Exception>: …", "retryAfter": "0"}}`. */
export class CinderOverQuota extends CloudError {
  constructor(kind: string, message: string) {
    super(413, `${kind}: ${message}`);
  }
}

/** Every quota key in Cinder's order: the global ones with the per-type ones after `backup_gigabytes`. */
export function quotaKeys(db: Db): string[] {
  const perType = listTypes(db, { includePrivate: true })
    .reverse()
    .flatMap((type) => [`volumes_${type.name}`, `gigabytes_${type.name}`, `snapshots_${type.name}`]);
  return ['volumes', 'per_volume_gigabytes', 'snapshots', 'gigabytes', 'backups', 'backup_gigabytes', ...perType, 'groups'];
}

export function defaultLimits(db: Db): Record<string, number> {
  const limits: Record<string, number> = {};
  for (const key of quotaKeys(db)) limits[key] = -1;
  for (const row of db.all<{ resource: string; hard_limit: number }>('SELECT resource, hard_limit FROM cinder_quota_classes')) {
    if (row.resource in limits) limits[row.resource] = row.hard_limit;
  }
  return limits;
}

export function projectLimits(db: Db, projectId: string): Record<string, number> {
  const limits = defaultLimits(db);
  for (const row of db.all<{ resource: string; hard_limit: number }>('SELECT resource, hard_limit FROM cinder_quotas WHERE project_id = ?', projectId)) {
    if (row.resource in limits) limits[row.resource] = row.hard_limit;
  }
  return limits;
}

export interface Usage {
  volumes: number;
  snapshots: number;
  gigabytes: number;
  backups: number;
  backupGigabytes: number;
  perType: Record<string, { volumes: number; snapshots: number; gigabytes: number }>;
}

/** What a project holds; a volume or snapshot counts until it is gone (Cinder releases quota when the delete completes). */
export function projectUsage(db: Db, projectId: string): Usage {
  const volumes = db.get<{ count: number; size: number }>(
    'SELECT COUNT(*) AS count, COALESCE(SUM(size), 0) AS size FROM cinder_volumes WHERE project_id = ?',
    projectId,
  )!;
  const snapshots = db.get<{ count: number; size: number }>(
    'SELECT COUNT(*) AS count, COALESCE(SUM(size), 0) AS size FROM cinder_snapshots WHERE project_id = ?',
    projectId,
  )!;
  const backups = db.get<{ count: number; size: number }>(
    'SELECT COUNT(*) AS count, COALESCE(SUM(size), 0) AS size FROM cinder_backups WHERE project_id = ?',
    projectId,
  )!;
  const perType: Usage['perType'] = {};
  for (const row of db.all<{ name: string; count: number; size: number }>(
    `SELECT t.name AS name, COUNT(*) AS count, SUM(v.size) AS size FROM cinder_volumes v JOIN cinder_volume_types t ON t.id = v.type_id WHERE v.project_id = ? GROUP BY t.name`,
    projectId,
  )) {
    perType[row.name] = {
      volumes: row.count,
      snapshots: 0,
      gigabytes: row.size,
    };
  }
  for (const row of db.all<{ name: string; count: number; size: number }>(
    `SELECT t.name AS name, COUNT(*) AS count, SUM(s.size) AS size FROM cinder_snapshots s
     JOIN cinder_volumes v ON v.id = s.volume_id JOIN cinder_volume_types t ON t.id = v.type_id WHERE s.project_id = ? GROUP BY t.name`,
    projectId,
  )) {
    const entry = (perType[row.name] ??= {
      volumes: 0,
      snapshots: 0,
      gigabytes: 0,
    });
    entry.snapshots = row.count;
    entry.gigabytes += row.size;
  }
  return {
    volumes: volumes.count,
    snapshots: snapshots.count,
    gigabytes: volumes.size + snapshots.size,
    backups: backups.count,
    backupGigabytes: backups.size,
    perType,
  };
}

/**
 * Refuses one more volume (or snapshot) of `gigabytes` GiB the way
 * cinder/quota_utils.py `process_reserve_over_quota` words it: the size
 * first, then the count.
 */
export function checkQuota(db: Db, projectId: string, request: { kind: 'volume' | 'snapshot' | 'extend'; gigabytes: number }): void {
  const limits = projectLimits(db, projectId);
  const used = projectUsage(db, projectId);
  if (request.kind === 'volume' && limits.per_volume_gigabytes >= 0 && request.gigabytes > limits.per_volume_gigabytes) {
    throw new CinderOverQuota(
      'VolumeSizeExceedsLimit',
      `Requested volume size ${request.gigabytes}G is larger than maximum allowed limit ${limits.per_volume_gigabytes}G.`,
    );
  }
  if (limits.gigabytes >= 0 && used.gigabytes + request.gigabytes > limits.gigabytes) {
    throw new CinderOverQuota(
      'VolumeSizeExceedsAvailableQuota',
      `Requested volume or snapshot exceeds allowed gigabytes quota. Requested ${request.gigabytes}G, quota is ${limits.gigabytes}G and ${used.gigabytes}G has been consumed.`,
    );
  }
  if (request.kind === 'volume' && limits.volumes >= 0 && used.volumes + 1 > limits.volumes) {
    throw new CinderOverQuota('VolumeLimitExceeded', `Maximum number of volumes allowed (${limits.volumes}) exceeded for quota 'volumes'.`);
  }
  if (request.kind === 'snapshot' && limits.snapshots >= 0 && used.snapshots + 1 > limits.snapshots) {
    throw new CinderOverQuota('SnapshotLimitExceeded', `Maximum number of snapshots allowed (${limits.snapshots}) exceeded`);
  }
}

/**
 * Refuses one more backup of `gigabytes` GiB as cinder/backup/api.py's
 * reservation of `backups` then `backup_gigabytes` does.
 */
export function checkBackupQuota(db: Db, projectId: string, gigabytes: number): void {
  const limits = projectLimits(db, projectId);
  const used = projectUsage(db, projectId);
  if (limits.backups >= 0 && used.backups + 1 > limits.backups) {
    throw new CinderOverQuota('BackupLimitExceeded', `Maximum number of backups allowed (${limits.backups}) exceeded`);
  }
  if (limits.backup_gigabytes >= 0 && used.backupGigabytes + gigabytes > limits.backup_gigabytes) {
    throw new CinderOverQuota(
      'VolumeBackupSizeExceedsAvailableQuota',
      `Requested backup exceeds allowed Backup gigabytes quota. Requested ${gigabytes}G, quota is ${limits.backup_gigabytes}G and ${used.backupGigabytes}G has been consumed.`,
    );
  }
}

/** Validates a `quota_set` body as cinder/api/contrib/quotas.py does, returning the integer values. */
export function parseQuotaValues(db: Db, body: Record<string, unknown>): Record<string, number> {
  const keys = new Set(quotaKeys(db));
  const bad = Object.keys(body).filter((key) => !keys.has(key));
  if (bad.length) throw new BadRequest(`Invalid input received: Bad key(s) in quota set: ${bad.join(', ')}`);
  const values: Record<string, number> = {};
  for (const [key, raw] of Object.entries(body)) {
    const value = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*-?\d+\s*$/.test(raw) ? Number(raw) : NaN;
    if (!Number.isInteger(value)) throw new BadRequest(`${key} must be an integer`);
    if (value < -1) throw new BadRequest(`${key} must be >= -1`);
    if (value > 2147483647) throw new BadRequest(`${key} must be <= 2147483647`);
    values[key] = value;
  }
  return values;
}

export function setProjectQuotas(db: Db, projectId: string, values: Record<string, number>): Record<string, number> {
  return db.tx(() => {
    for (const [key, value] of Object.entries(values)) {
      db.run(
        'INSERT INTO cinder_quotas (project_id, resource, hard_limit) VALUES (?, ?, ?) ON CONFLICT (project_id, resource) DO UPDATE SET hard_limit = excluded.hard_limit',
        projectId,
        key,
        value,
      );
    }
    return projectLimits(db, projectId);
  });
}

export function setDefaultQuotas(db: Db, values: Record<string, number>): Record<string, number> {
  return db.tx(() => {
    for (const [key, value] of Object.entries(values)) {
      db.run(
        'INSERT INTO cinder_quota_classes (resource, hard_limit) VALUES (?, ?) ON CONFLICT (resource) DO UPDATE SET hard_limit = excluded.hard_limit',
        key,
        value,
      );
    }
    return defaultLimits(db);
  });
}

/** `DELETE /os-quota-sets/{project}`: the project falls back to the defaults. */
export function resetProjectQuotas(db: Db, projectId: string): void {
  db.tx(() => db.run('DELETE FROM cinder_quotas WHERE project_id = ?', projectId));
}
