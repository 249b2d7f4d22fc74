import { randomBytes } from 'node:crypto';
import type { CloudSession, NativeBackup, NativeVolume } from './cloud.js';
import type { Notifier, NotificationEvent } from './notify.js';
import type { BackupPoint, BackupStore, Plan, Task } from './store.js';

/**
 * Carries out tasks against Cinder: backups (full, or incremental on the
 * chain of the plan), their rotation, restores into new volumes and the
 * deletion of a disk's backups. A task that is terminated meanwhile stops
 * being waited for; a backup it had asked for is handed to the cleanup.
 */

export interface RestoreChoice {
  restore_name: string;
  restore_description: string;
  restore_bootable: boolean;
  restore_volume_type: string | null;
}

export interface RunnerOptions {
  store: BackupStore;
  notifier: Notifier;
  now: () => number;
  /** How often a Cinder status is asked for while waiting. */
  pollMs: number;
  /** How long one backup, restore or delete may take before the task is a problem. */
  waitLimitMs: number;
}

/** A name no other Cinder backup has, so an orphan can be found by it after a crash. */
export function backupNameFor(plan: Plan): string {
  return `duratus-${plan.id.slice(0, 8)}-${randomBytes(6).toString('hex')}`;
}

class Terminated extends Error {}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class Runner {
  constructor(private readonly options: RunnerOptions) {}

  private get store(): BackupStore {
    return this.options.store;
  }

  private async notify(task: Task, event: NotificationEvent, detail: string): Promise<void> {
    const subject = `[backup] ${event.replace(/_/g, ' ')}: ${task.jobName}${task.diskName ? ` / ${task.diskName}` : ''}`;
    const text = [`Plan: ${task.jobName} (${task.jobId})`, `Job type: ${task.jobType}`, `Disk: ${task.diskName ?? '-'} (${task.diskId ?? '-'})`, `Task: ${task.id}`, detail].join('\n');
    await this.options.notifier.emit(task.projectId, event, subject, text).catch(() => undefined);
  }

  private async finish(task: Task, ending: 'completed' | 'problem', message: string): Promise<void> {
    const ended = this.store.setTaskStatus(task.id, ending, this.options.now(), message);
    const latest = this.store.task(task.id)!;
    if (ended) await this.notify(latest, ending === 'completed' ? 'task_completed' : 'task_error', message);
  }

  /** Polls `read` until `done` says so; throws Terminated once the task was terminated. */
  private async waitFor<T>(task: Task, read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
    const deadline = Date.now() + this.options.waitLimitMs;
    for (;;) {
      const value = await read();
      if (done(value)) return value;
      if (this.store.task(task.id)?.status === 'terminated') throw new Terminated();
      if (Date.now() > deadline) throw new Error('Cinder did not finish in time.');
      await sleep(this.options.pollMs);
    }
  }

  /** Runs the tasks one after the other (Cinder backs up one volume of a project at a time best). */
  async runAll(tasks: Task[], run: (task: Task) => Promise<void>): Promise<void> {
    for (const task of tasks) {
      if (!this.store.setTaskStatus(task.id, 'runned', this.options.now())) continue; // terminated while waiting
      try {
        await run(this.store.task(task.id)!);
      } catch (error) {
        const latest = this.store.task(task.id)!;
        // A backup asked for by a call that failed midway may still exist: the cleanup looks for it by name.
        if (latest.jobType === 'backup' && latest.backupName) this.store.doom(latest.backupName, latest.jobId, latest.backupId);
        if (error instanceof Terminated) continue;
        await this.finish(task, 'problem', error instanceof Error ? error.message : String(error));
      }
    }
  }

  async backup(plan: Plan, task: Task, cloud: CloudSession): Promise<void> {
    const volume = await cloud.volume(task.diskId!);
    if (!volume) return this.finish(task, 'problem', 'The volume no longer exists in block storage.');
    this.store.db.run('UPDATE tasks SET disk_name = ? WHERE id = ?', volume.name || volume.id, task.id);
    const chain = this.store.backupsOfDisk(plan.projectId, volume.id, plan.id);
    const sinceFull = chain.findIndex((point) => !point.incremental) + 1;
    const incremental = chain.length > 0 && sinceFull > 0 && sinceFull < plan.rotationPoints;
    const name = task.backupName!;
    let created: NativeBackup;
    try {
      created = await cloud.createBackup(volume.id, name, `Backup plan ${plan.name}`, incremental);
    } catch (error) {
      // The chain's last backup may be gone from Cinder (deleted by hand): start a new chain.
      if (!incremental) throw error;
      created = await cloud.createBackup(volume.id, name, `Backup plan ${plan.name}`, false);
    }
    this.store.setTaskBackup(task.id, name, created.id);
    let settled: NativeBackup | null;
    try {
      settled = await this.waitFor(task, () => cloud.backup(created.id), (backup) => backup === null || backup.status === 'available' || backup.status === 'error');
    } catch (error) {
      this.store.doom(name, plan.id, created.id);
      throw error;
    }
    if (!settled || settled.status !== 'available') {
      this.store.doom(name, plan.id, created.id);
      return this.finish(task, 'problem', `The backup failed: ${settled?.fail_reason ?? 'it is gone from block storage'}.`);
    }
    this.store.insertBackup(pointOf(plan, volume, settled, this.options.now()));
    await this.rotate(plan, volume.id, cloud).catch(() => undefined); // an old point that cannot go yet goes at the next run
    await this.finish(task, 'completed', `${settled.is_incremental ? 'Incremental' : 'Full'} backup ${settled.id}.`);
  }

  /**
   * Keeps the plan's newest `rotation_points` backups of the disk. Older ones
   * go a whole chain (a full backup and its incrementals) at a time, newest
   * first, since Cinder keeps a backup that others build on.
   */
  async rotate(plan: Plan, diskId: string, cloud: CloudSession): Promise<void> {
    const points = this.store.backupsOfDisk(plan.projectId, diskId, plan.id);
    const chains: BackupPoint[][] = [];
    for (const point of [...points].reverse()) {
      if (!point.incremental || chains.length === 0) chains.push([]);
      chains.at(-1)!.push(point);
    }
    const kept = new Set(points.slice(0, plan.rotationPoints).map((point) => point.id));
    for (const chain of chains) {
      if (chain.some((point) => kept.has(point.id))) break;
      for (const point of [...chain].reverse()) await this.deletePoint(point, cloud);
    }
  }

  /** Deletes one backup point in Cinder and waits until it is gone. */
  private async deletePoint(point: BackupPoint, cloud: CloudSession, task?: Task): Promise<void> {
    await cloud.deleteBackup(point.id);
    const deadline = Date.now() + this.options.waitLimitMs;
    for (;;) {
      const backup = await cloud.backup(point.id);
      if (!backup) break;
      if (backup.status === 'error_deleting') throw new Error(`Cinder could not delete backup ${point.id}.`);
      if (backup.status === 'available' || backup.status === 'error') await cloud.deleteBackup(point.id);
      if (task && this.store.task(task.id)?.status === 'terminated') throw new Terminated();
      if (Date.now() > deadline) throw new Error('Cinder did not finish in time.');
      await sleep(this.options.pollMs);
    }
    this.store.deleteBackup(point.id);
  }

  async deleteDisk(task: Task, cloud: CloudSession): Promise<void> {
    const points = this.store.backupsOfDisk(task.projectId, task.diskId!);
    for (const point of points) await this.deletePoint(point, cloud, task);
    await this.finish(task, 'completed', `Deleted ${points.length} backup(s).`);
  }

  async restore(task: Task, choice: RestoreChoice, cloud: CloudSession): Promise<void> {
    const point = this.store.backupsOfDisk(task.projectId, task.diskId!)[0];
    if (!point) return this.finish(task, 'problem', 'Nothing to restore.');
    const type = choice.restore_volume_type ?? point.volumeType ?? undefined;
    const target = await cloud.createVolume({
      size: Math.max(point.originalDiskSize, point.sizeGb),
      name: choice.restore_name,
      description: choice.restore_description,
      ...(type ? { volume_type: type } : {}),
    });
    const settledStatus = (volume: NativeVolume | null) => !volume || !['creating', 'restoring-backup', 'downloading'].includes(volume.status);
    const made = await this.waitFor(task, () => cloud.volume(target.id), settledStatus);
    if (made?.status !== 'available') return this.finish(task, 'problem', `The new volume ${target.id} could not be created (${made?.status ?? 'gone'}).`);
    await cloud.restoreBackup(point.id, target.id);
    const restored = await this.waitFor(task, () => cloud.volume(target.id), settledStatus);
    if (restored?.status !== 'available') return this.finish(task, 'problem', `The restore into volume ${target.id} failed (${restored?.status ?? 'gone'}).`);
    // Cinder names a restored volume after the backup's volume: the user's choice is put back.
    await cloud.updateVolume(target.id, { name: choice.restore_name, description: choice.restore_description });
    if (choice.restore_bootable) await cloud.setBootable(target.id, true);
    await this.finish(task, 'completed', `Restored backup ${point.id} into volume ${target.id}.`);
  }

  /** Deletes the Cinder backups this service no longer wants, those a crash or a terminate left behind included. */
  async cleanDoomed(sessionOf: (planId: string) => Promise<CloudSession | null>): Promise<void> {
    for (const doomed of this.store.doomed()) {
      try {
        const cloud = await sessionOf(doomed.planId);
        if (!cloud || doomed.attempts > 500) {
          this.store.spare(doomed.name);
          continue;
        }
        const found = doomed.backupId ? [await cloud.backup(doomed.backupId)].filter((b): b is NativeBackup => b !== null) : await cloud.backupsNamed(doomed.name);
        const pending = found.filter((backup) => backup.name === doomed.name || backup.id === doomed.backupId);
        if (pending.length === 0) {
          this.store.spare(doomed.name);
          continue;
        }
        for (const backup of pending) if (backup.status === 'available' || backup.status === 'error') await cloud.deleteBackup(backup.id);
        this.store.retryLater(doomed.name);
      } catch {
        this.store.retryLater(doomed.name);
      }
    }
  }
}

function pointOf(plan: Plan, volume: NativeVolume, backup: NativeBackup, now: number): BackupPoint {
  return {
    id: backup.id,
    projectId: plan.projectId,
    planId: plan.id,
    planName: plan.name,
    diskId: volume.id,
    diskName: volume.name || volume.id,
    diskDescription: volume.description ?? '',
    bootable: String(volume.bootable) === 'true',
    volumeType: volume.volume_type,
    poolAlias: plan.poolAlias,
    sizeGb: backup.size,
    originalDiskSize: volume.size,
    incremental: backup.is_incremental,
    createdAt: now,
  };
}

export { Terminated };
