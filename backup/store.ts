import { randomUUID } from 'node:crypto';
import type { BackupDb } from './db.js';
import type { Schedule } from './schedule.js';

/** The service's records and their rows (see db.ts). Times are epoch ms. */

export type JobType = 'backup' | 'restore' | 'delete_disk' | 'detach_disk';
export type TaskStatus = 'waiting' | 'runned' | 'completed' | 'terminated' | 'problem' | 'deleted';
/** The statuses of a task that has not ended. */
export const RUNNING: readonly TaskStatus[] = ['waiting', 'runned'];

export interface Plan {
  id: string;
  projectId: string;
  userId: string;
  name: string;
  description: string;
  enabled: boolean;
  jobType: JobType;
  schedule: Schedule;
  rotationPoints: number;
  vms: string[];
  volumes: string[];
  poolAlias: string | null;
  nextRun: number | null;
  credentialId: string | null;
  credentialSecret: string | null;
  /** The backup plan whose backups a restore, delete or detach job works on. */
  sourcePlanId: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface Task {
  id: string;
  jobId: string;
  jobName: string;
  projectId: string;
  status: TaskStatus;
  jobType: JobType;
  diskId: string | null;
  diskName: string | null;
  startDate: number;
  finishDate: number | null;
  /** The Cinder backup's name, chosen before it is asked for, so one a crash left behind is found again. */
  backupName: string | null;
  backupId: string | null;
  message: string | null;
}

export interface BackupPoint {
  id: string;
  projectId: string;
  planId: string;
  planName: string;
  diskId: string;
  diskName: string;
  diskDescription: string;
  bootable: boolean;
  volumeType: string | null;
  poolAlias: string | null;
  sizeGb: number;
  originalDiskSize: number;
  incremental: boolean;
  createdAt: number;
}

interface PlanRow {
  id: string;
  project_id: string;
  user_id: string;
  name: string;
  description: string;
  enabled: number;
  job_type: JobType;
  schedule: string;
  rotation_points: number;
  vms: string;
  volumes: string;
  pool_alias: string | null;
  next_run: number | null;
  credential_id: string | null;
  credential_secret: string | null;
  source_plan_id: string | null;
  created_at: number;
  updated_at: number;
}

function planOf(row: PlanRow): Plan {
  return {
    id: row.id,
    projectId: row.project_id,
    userId: row.user_id,
    name: row.name,
    description: row.description,
    enabled: row.enabled === 1,
    jobType: row.job_type,
    schedule: JSON.parse(row.schedule) as Schedule,
    rotationPoints: row.rotation_points,
    vms: JSON.parse(row.vms) as string[],
    volumes: JSON.parse(row.volumes) as string[],
    poolAlias: row.pool_alias,
    nextRun: row.next_run,
    credentialId: row.credential_id,
    credentialSecret: row.credential_secret,
    sourcePlanId: row.source_plan_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

interface TaskRow {
  id: string;
  job_id: string;
  job_name: string;
  project_id: string;
  status: TaskStatus;
  job_type: JobType;
  disk_id: string | null;
  disk_name: string | null;
  start_date: number;
  finish_date: number | null;
  backup_name: string | null;
  backup_id: string | null;
  message: string | null;
}

function taskOf(row: TaskRow): Task {
  return {
    id: row.id,
    jobId: row.job_id,
    jobName: row.job_name,
    projectId: row.project_id,
    status: row.status,
    jobType: row.job_type,
    diskId: row.disk_id,
    diskName: row.disk_name,
    startDate: row.start_date,
    finishDate: row.finish_date,
    backupName: row.backup_name,
    backupId: row.backup_id,
    message: row.message,
  };
}

interface BackupRow {
  id: string;
  project_id: string;
  plan_id: string;
  plan_name: string;
  disk_id: string;
  disk_name: string;
  disk_description: string;
  bootable: number;
  volume_type: string | null;
  pool_alias: string | null;
  size_gb: number;
  original_disk_size: number;
  incremental: number;
  created_at: number;
}

function backupOf(row: BackupRow): BackupPoint {
  return {
    id: row.id,
    projectId: row.project_id,
    planId: row.plan_id,
    planName: row.plan_name,
    diskId: row.disk_id,
    diskName: row.disk_name,
    diskDescription: row.disk_description,
    bootable: row.bootable === 1,
    volumeType: row.volume_type,
    poolAlias: row.pool_alias,
    sizeGb: row.size_gb,
    originalDiskSize: row.original_disk_size,
    incremental: row.incremental === 1,
    createdAt: row.created_at,
  };
}

export type PlanFields = Pick<Plan, 'name' | 'description' | 'enabled' | 'schedule' | 'rotationPoints' | 'vms' | 'volumes' | 'poolAlias'>;

export class BackupStore {
  constructor(readonly db: BackupDb) {}

  // Plans (jobs)

  insertPlan(plan: Omit<Plan, 'id' | 'createdAt' | 'updatedAt'>, now: number): Plan {
    const id = randomUUID();
    this.db.run(
      `INSERT INTO plans (id, project_id, user_id, name, description, enabled, job_type, schedule, rotation_points, vms, volumes, pool_alias, next_run,
         credential_id, credential_secret, source_plan_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      id,
      plan.projectId,
      plan.userId,
      plan.name,
      plan.description,
      plan.enabled ? 1 : 0,
      plan.jobType,
      JSON.stringify(plan.schedule),
      plan.rotationPoints,
      JSON.stringify(plan.vms),
      JSON.stringify(plan.volumes),
      plan.poolAlias,
      plan.nextRun,
      plan.credentialId,
      plan.credentialSecret,
      plan.sourcePlanId,
      now,
      now,
    );
    return this.plan(id)!;
  }

  updatePlan(id: string, fields: PlanFields, nextRun: number | null, now: number): Plan {
    this.db.run(
      `UPDATE plans SET name = ?, description = ?, enabled = ?, schedule = ?, rotation_points = ?, vms = ?, volumes = ?, pool_alias = ?, next_run = ?, updated_at = ? WHERE id = ?`,
      fields.name,
      fields.description,
      fields.enabled ? 1 : 0,
      JSON.stringify(fields.schedule),
      fields.rotationPoints,
      JSON.stringify(fields.vms),
      JSON.stringify(fields.volumes),
      fields.poolAlias,
      nextRun,
      now,
      id,
    );
    return this.plan(id)!;
  }

  setNextRun(id: string, nextRun: number | null): void {
    this.db.run('UPDATE plans SET next_run = ? WHERE id = ?', nextRun, id);
  }

  setVolumes(id: string, volumes: string[], now: number): void {
    this.db.run('UPDATE plans SET volumes = ?, updated_at = ? WHERE id = ?', JSON.stringify(volumes), now, id);
  }

  deletePlan(id: string): void {
    this.db.run('DELETE FROM plans WHERE id = ?', id);
  }

  plan(id: string): Plan | null {
    const row = this.db.get<PlanRow>('SELECT * FROM plans WHERE id = ?', id);
    return row ? planOf(row) : null;
  }

  plans(projectId: string, jobType?: JobType): Plan[] {
    const rows = jobType
      ? this.db.all<PlanRow>('SELECT * FROM plans WHERE project_id = ? AND job_type = ? ORDER BY created_at, id', projectId, jobType)
      : this.db.all<PlanRow>('SELECT * FROM plans WHERE project_id = ? ORDER BY created_at, id', projectId);
    return rows.map(planOf);
  }

  /** Enabled backup plans whose time has come. */
  duePlans(now: number): Plan[] {
    return this.db
      .all<PlanRow>("SELECT * FROM plans WHERE job_type = 'backup' AND enabled = 1 AND next_run IS NOT NULL AND next_run <= ? ORDER BY next_run", now)
      .map(planOf);
  }

  // Tasks

  insertTask(task: Omit<Task, 'id' | 'finishDate' | 'backupId' | 'message' | 'backupName'> & { backupName?: string | null }): Task {
    const id = randomUUID();
    this.db.run(
      `INSERT INTO tasks (id, job_id, job_name, project_id, status, job_type, disk_id, disk_name, start_date, backup_name) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      id,
      task.jobId,
      task.jobName,
      task.projectId,
      task.status,
      task.jobType,
      task.diskId,
      task.diskName,
      task.startDate,
      task.backupName ?? null,
    );
    return this.task(id)!;
  }

  task(id: string): Task | null {
    const row = this.db.get<TaskRow>('SELECT * FROM tasks WHERE id = ?', id);
    return row ? taskOf(row) : null;
  }

  /** Moves a task on, unless it has already ended (a terminate wins over the runner's own ending). */
  setTaskStatus(id: string, status: TaskStatus, now: number, message: string | null = null): boolean {
    const ended = status !== 'runned' && status !== 'waiting';
    const result = this.db.run(
      `UPDATE tasks SET status = ?, finish_date = CASE WHEN ? THEN ? ELSE finish_date END, message = COALESCE(?, message), start_date = CASE WHEN ? = 'runned' THEN ? ELSE start_date END
        WHERE id = ? AND status IN ('waiting', 'runned')`,
      status,
      ended ? 1 : 0,
      now,
      message,
      status,
      now,
      id,
    );
    return result.changes === 1;
  }

  setTaskBackup(id: string, backupName: string, backupId: string | null): void {
    this.db.run('UPDATE tasks SET backup_name = ?, backup_id = ? WHERE id = ?', backupName, backupId, id);
  }

  runningTasks(projectId: string): Task[] {
    return this.db.all<TaskRow>("SELECT * FROM tasks WHERE project_id = ? AND status IN ('waiting', 'runned') ORDER BY start_date DESC, id", projectId).map(taskOf);
  }

  runningTasksOfJob(jobId: string): Task[] {
    return this.db.all<TaskRow>("SELECT * FROM tasks WHERE job_id = ? AND status IN ('waiting', 'runned')", jobId).map(taskOf);
  }

  /** Every task a stopped process left unfinished. */
  unfinishedTasks(): Task[] {
    return this.db.all<TaskRow>("SELECT * FROM tasks WHERE status IN ('waiting', 'runned')").map(taskOf);
  }

  history(projectId: string, query: { start: number; number: number; search: string; sort: string }): { items: Task[]; total: number } {
    const columns: Record<string, string> = {
      finishDate: 'finish_date',
      finish_date: 'finish_date',
      startDate: 'start_date',
      start_date: 'start_date',
      name: 'job_name',
      job_name: 'job_name',
      status: 'status',
      jobType: 'job_type',
      disk_name: 'disk_name',
    };
    const descending = query.sort.startsWith('-');
    const column = columns[query.sort.replace(/^[-+]/, '')] ?? 'finish_date';
    const where = "project_id = ? AND status NOT IN ('waiting', 'runned') AND (? = '' OR job_name LIKE ? ESCAPE '\\' OR disk_name LIKE ? ESCAPE '\\' OR status LIKE ? ESCAPE '\\' OR job_type LIKE ? ESCAPE '\\')";
    const like = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const params = [projectId, query.search, like, like, like, like];
    const total = this.db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM tasks WHERE ${where}`, ...params)!.n;
    const order = query.sort === '' ? 'finish_date DESC' : `${column} ${descending ? 'DESC' : 'ASC'}`;
    const rows = this.db.all<TaskRow>(`SELECT * FROM tasks WHERE ${where} ORDER BY ${order}, id LIMIT ? OFFSET ?`, ...params, query.number, query.start);
    return { items: rows.map(taskOf), total };
  }

  // Backups

  insertBackup(point: BackupPoint): void {
    this.db.run(
      `INSERT INTO backups (id, project_id, plan_id, plan_name, disk_id, disk_name, disk_description, bootable, volume_type, pool_alias, size_gb, original_disk_size, incremental, created_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      point.id,
      point.projectId,
      point.planId,
      point.planName,
      point.diskId,
      point.diskName,
      point.diskDescription,
      point.bootable ? 1 : 0,
      point.volumeType,
      point.poolAlias,
      point.sizeGb,
      point.originalDiskSize,
      point.incremental ? 1 : 0,
      point.createdAt,
    );
  }

  deleteBackup(id: string): void {
    this.db.run('DELETE FROM backups WHERE id = ?', id);
  }

  /** A disk's backups, newest first. */
  backupsOfDisk(projectId: string, diskId: string, planId?: string): BackupPoint[] {
    const rows = planId
      ? this.db.all<BackupRow>('SELECT * FROM backups WHERE project_id = ? AND disk_id = ? AND plan_id = ? ORDER BY created_at DESC, rowid DESC', projectId, diskId, planId)
      : this.db.all<BackupRow>('SELECT * FROM backups WHERE project_id = ? AND disk_id = ? ORDER BY created_at DESC, rowid DESC', projectId, diskId);
    return rows.map(backupOf);
  }

  backups(projectId: string): BackupPoint[] {
    return this.db.all<BackupRow>('SELECT * FROM backups WHERE project_id = ? ORDER BY created_at DESC, rowid DESC', projectId).map(backupOf);
  }

  // Detached disks and doomed Cinder backups

  detach(projectId: string, planId: string, diskId: string): void {
    this.db.run('INSERT OR IGNORE INTO detached (project_id, plan_id, disk_id) VALUES (?, ?, ?)', projectId, planId, diskId);
  }

  reattach(planId: string, diskIds: string[]): void {
    for (const diskId of diskIds) this.db.run('DELETE FROM detached WHERE plan_id = ? AND disk_id = ?', planId, diskId);
  }

  detachedOf(projectId: string): string[] {
    return this.db.all<{ disk_id: string }>('SELECT DISTINCT disk_id FROM detached WHERE project_id = ? ORDER BY disk_id', projectId).map((row) => row.disk_id);
  }

  detachedOfPlan(planId: string): string[] {
    return this.db.all<{ disk_id: string }>('SELECT disk_id FROM detached WHERE plan_id = ?', planId).map((row) => row.disk_id);
  }

  /** A Cinder backup this service asked for and no longer wants: deleted by the scheduler once it can be. */
  doom(name: string, planId: string, backupId: string | null): void {
    this.db.run('INSERT INTO doomed (name, plan_id, backup_id) VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE SET backup_id = COALESCE(excluded.backup_id, backup_id)', name, planId, backupId);
  }

  doomed(): { name: string; planId: string; backupId: string | null; attempts: number }[] {
    return this.db
      .all<{ name: string; plan_id: string; backup_id: string | null; attempts: number }>('SELECT * FROM doomed ORDER BY rowid')
      .map((row) => ({ name: row.name, planId: row.plan_id, backupId: row.backup_id, attempts: row.attempts }));
  }

  doomedOfPlan(planId: string): number {
    return this.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM doomed WHERE plan_id = ?', planId)!.n;
  }

  spare(name: string): void {
    this.db.run('DELETE FROM doomed WHERE name = ?', name);
  }

  retryLater(name: string): void {
    this.db.run('UPDATE doomed SET attempts = attempts + 1 WHERE name = ?', name);
  }
}
