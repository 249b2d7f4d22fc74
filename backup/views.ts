import type { BackupPoint, Plan, Task } from './store.js';

/** The wire shapes of the backup API (backup/README.md), the field names spec 3 §3.3 uses. */

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function planView(plan: Plan, poolAliases: string[]) {
  return {
    id: plan.id,
    name: plan.name,
    description: plan.description,
    enable: plan.enabled,
    job_type: plan.jobType,
    schedule: plan.schedule,
    rotation_points: plan.rotationPoints,
    vms: plan.vms,
    volumes: plan.volumes,
    poolAlias: plan.poolAlias,
    poolsAliases: poolAliases,
    next_run: plan.jobType === 'backup' && plan.enabled ? iso(plan.nextRun) : null,
    created_at: iso(plan.createdAt),
    updated_at: iso(plan.updatedAt),
  };
}

export function taskView(task: Task) {
  return {
    id: task.id,
    name: task.jobName,
    job: { id: task.jobId, name: task.jobName },
    status: task.status,
    jobType: task.jobType,
    startDate: iso(task.startDate),
    finishDate: iso(task.finishDate),
    diskId: task.diskId,
    disk_name: task.diskName,
    message: task.message,
  };
}

/** One row of the backups list: a disk, with its backup points as snapshots (newest first). */
export function backupItems(points: BackupPoint[]) {
  const byDisk = new Map<string, BackupPoint[]>();
  for (const point of points) byDisk.set(point.diskId, [...(byDisk.get(point.diskId) ?? []), point]);
  return [...byDisk.values()].map((disk) => {
    const latest = disk[0];
    return {
      id: latest.diskId,
      name: latest.diskName,
      diskId: latest.diskId,
      disk_id: latest.diskId,
      job: { id: latest.planId, name: latest.planName },
      job_id: latest.planId,
      poolName: latest.poolAlias,
      backup_size: disk.reduce((sum, point) => sum + point.sizeGb, 0),
      last_backup: iso(latest.createdAt),
      description: latest.diskDescription,
      bootable: latest.bootable,
      volume_type: latest.volumeType,
      snapshots: disk.map((point) => ({
        id: point.id,
        name: point.diskName,
        original_disk_size: point.originalDiskSize,
        backup_size: point.sizeGb,
        snapshot_date: iso(point.createdAt),
        incremental: point.incremental,
      })),
    };
  });
}
