import { isAdmin } from '../../core/context.js';
import { BadRequest, NotFound } from '../../core/errors.js';
import { jsonBody } from '../../core/http.js';
import { defaultLimits, parseQuotaValues, projectLimits, projectUsage, resetProjectQuotas, setDefaultQuotas, setProjectQuotas } from '../models/quotas.js';
import { enforce } from '../policy.js';
import { contextOf, paramOf, queryStrings, truthy, versionOf, type VolumeHandler } from './common.js';

/**
 * `/os-quota-sets` and `/os-quota-class-sets` (cinder/api/contrib/quotas.py,
 * quota_classes.py) and `/limits` (cinder/api/v3/limits.py): a project reads
 * its own quotas, an admin reads and sets anyone's.
 */

export const showLimits: VolumeHandler = (deps) => async (request) => {
  const context = contextOf(request);
  let projectId = context.projectId!;
  const asked = queryStrings(request).project_id;
  // 3.39: an admin may ask for another project's limits.
  if (asked && versionOf(request).atLeast('3.39') && isAdmin(context)) projectId = asked;
  const limits = projectLimits(deps.db, projectId);
  const used = projectUsage(deps.db, projectId);
  return {
    limits: {
      rate: [],
      absolute: {
        maxTotalVolumes: limits.volumes,
        maxTotalSnapshots: limits.snapshots,
        maxTotalVolumeGigabytes: limits.gigabytes,
        maxTotalBackups: limits.backups,
        maxTotalBackupGigabytes: limits.backup_gigabytes,
        totalVolumesUsed: used.volumes,
        totalGigabytesUsed: used.gigabytes,
        totalSnapshotsUsed: used.snapshots,
        totalBackupsUsed: used.backups,
        totalBackupGigabytesUsed: used.backupGigabytes,
      },
    },
  };
};

function inUse(used: ReturnType<typeof projectUsage>, key: string): number {
  if (key === 'volumes' || key === 'snapshots' || key === 'gigabytes' || key === 'backups') return used[key];
  if (key === 'backup_gigabytes') return used.backupGigabytes;
  const match = /^(volumes|gigabytes|snapshots)_(.+)$/.exec(key);
  if (match) return used.perType[match[2]]?.[match[1] as 'volumes' | 'gigabytes' | 'snapshots'] ?? 0;
  return 0;
}

export const showQuotaSet: VolumeHandler = (deps) => async (request) => {
  const context = contextOf(request);
  const projectId = paramOf(request, 'target');
  enforce('volume_extension:quotas:show', context, { project_id: projectId });
  const limits = projectLimits(deps.db, projectId);
  if (truthy(queryStrings(request).usage)) {
    const used = projectUsage(deps.db, projectId);
    const detailed: Record<string, unknown> = {};
    for (const [key, limit] of Object.entries(limits)) detailed[key] = { limit, in_use: inUse(used, key), reserved: 0 };
    return { quota_set: { ...detailed, id: projectId } };
  }
  return { quota_set: { ...limits, id: projectId } };
};

export const showQuotaDefaults: VolumeHandler = (deps) => async (request) => {
  const projectId = paramOf(request, 'target');
  enforce('volume_extension:quotas:show', contextOf(request), {
    project_id: projectId,
  });
  return { quota_set: { ...defaultLimits(deps.db), id: projectId } };
};

function quotaBody(body: unknown, key: 'quota_set' | 'quota_class_set'): Record<string, unknown> {
  const inner = body && typeof body === 'object' ? (body as Record<string, unknown>)[key] : undefined;
  if (!inner || typeof inner !== 'object' || Array.isArray(inner)) throw new BadRequest(`Missing required element '${key}' in request body.`);
  const values = { ...(inner as Record<string, unknown>) };
  delete values.id;
  return values;
}

/** `PUT /os-quota-sets/{project}` (admin): 200 with the project's quotas, no id. */
export const updateQuotaSet: VolumeHandler = (deps) => async (request) => {
  enforce('volume_extension:quotas:update', contextOf(request));
  const values = parseQuotaValues(deps.db, quotaBody(jsonBody(request), 'quota_set'));
  return {
    quota_set: setProjectQuotas(deps.db, paramOf(request, 'target'), values),
  };
};

/** `DELETE /os-quota-sets/{project}` (admin): back to the defaults. */
export const deleteQuotaSet: VolumeHandler = (deps) => async (request, reply) => {
  enforce('volume_extension:quotas:update', contextOf(request));
  const projectId = paramOf(request, 'target');
  resetProjectQuotas(deps.db, projectId);
  return reply.code(200).send();
};

function defaultClass(request: Parameters<ReturnType<VolumeHandler>>[0]): void {
  const name = paramOf(request, 'class');
  if (name !== 'default') throw new NotFound(`Quota class ${name} could not be found.`);
}

export const showQuotaClass: VolumeHandler = (deps) => async (request) => {
  enforce('volume_extension:quota_classes', contextOf(request));
  defaultClass(request);
  return { quota_class_set: { ...defaultLimits(deps.db), id: 'default' } };
};

export const updateQuotaClass: VolumeHandler = (deps) => async (request) => {
  enforce('volume_extension:quota_classes:update', contextOf(request));
  defaultClass(request);
  const values = parseQuotaValues(deps.db, quotaBody(jsonBody(request), 'quota_class_set'));
  return { quota_class_set: setDefaultQuotas(deps.db, values) };
};
