import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { UpstreamError } from '../server/errors.js';
import { CloudIdentity, type CloudOptions, type CloudSession } from './cloud.js';
import { openBackupDb, type BackupDb } from './db.js';
import { badRequest, BackupError, conflict, notFound } from './errors.js';
import { Notifier, type NotificationEvent, type Template } from './notify.js';
import { backupNameFor, type RestoreChoice, Runner } from './runner.js';
import { isTimeZone, nextRun, type Schedule } from './schedule.js';
import { Sealer } from './sealed.js';
import { parseSmtpUrl } from './smtp.js';
import { BackupStore, type JobType, type Plan, type PlanFields, type Task } from './store.js';
import { backupItems, planView, taskView } from './views.js';

export interface Pool {
  id: string;
  alias: string;
  visible: boolean;
}

export interface BackupServiceOptions {
  /** Where backup.sqlite lives; null keeps it in memory. */
  dataDir: string | null;
  cloud: CloudOptions;
  /** Seals the application credentials' secrets (the server's SESSION_SECRET). */
  secret: string;
  /** The cloud's time zone, in which schedules and send windows are read (default UTC). */
  timeZone?: string;
  /** The scheduler's clock; tests move it instead of waiting. */
  now?: () => number;
  smtpUrl?: string | null;
  pools?: Pool[];
  pollMs?: number;
  waitLimitMs?: number;
  /** How often the scheduler looks for due plans (0: only when `tick()` is called). */
  tickMs?: number;
}

/** Whether a lease holder may still be running: one of this host whose process is gone is not. */
function holderAlive(holder: string): boolean {
  const [host, pid] = holder.split(':');
  if (host !== hostname() || Number(pid) === process.pid) return true;
  try {
    process.kill(Number(pid), 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Who calls the API: a session of their token (keystonemiddleware's job in an OpenStack service). */
export interface Caller {
  token: string;
  cloud: CloudSession;
}

export const DEFAULT_POOLS: Pool[] = [{ id: 'cinder-backup', alias: 'default', visible: true }];

const SCHEDULER_LEASE_MS = 60_000;

/**
 * The backup service (ARCHITECTURE §4): plans that run on a schedule or by
 * hand, their tasks and history, the backups they keep, restores, the
 * notification templates. It acts for a plan's owner through the application
 * credential made when the plan was saved.
 */
export class BackupService {
  readonly db: BackupDb;
  readonly store: BackupStore;
  readonly notifier: Notifier;
  readonly identity: CloudIdentity;
  readonly timeZone: string;
  readonly pools: Pool[];
  readonly now: () => number;
  private readonly runner: Runner;
  private readonly sealer: Sealer;
  private readonly running = new Set<Promise<void>>();
  /** host:pid:random, so a restart on the same host sees at once that the holder is gone. */
  private readonly holder = `${hostname()}:${process.pid}:${randomUUID()}`;
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;

  constructor(private readonly options: BackupServiceOptions) {
    this.db = openBackupDb(options.dataDir);
    this.store = new BackupStore(this.db);
    this.now = options.now ?? Date.now;
    this.timeZone = options.timeZone ?? 'UTC';
    this.pools = options.pools ?? DEFAULT_POOLS;
    this.identity = new CloudIdentity(options.cloud);
    this.sealer = new Sealer(options.secret);
    this.notifier = new Notifier(this.db, options.smtpUrl ? parseSmtpUrl(options.smtpUrl) : null, this.timeZone, this.now);
    if (!isTimeZone(this.timeZone)) throw new Error(`BACKUP_TIME_ZONE: unknown time zone '${this.timeZone}'`);
    this.runner = new Runner({ store: this.store, notifier: this.notifier, now: this.now, pollMs: options.pollMs ?? 2000, waitLimitMs: options.waitLimitMs ?? 6 * 3_600_000 });
  }

  /** Starts the scheduler: first the recovery of what a stop interrupted, then a tick now and every `tickMs`. */
  start(): void {
    const every = this.options.tickMs ?? 15_000;
    void this.tick();
    if (every > 0) {
      this.timer = setInterval(() => void this.tick(), every);
      this.timer.unref();
    }
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.ticking;
    this.db.run('DELETE FROM lease WHERE holder = ?', this.holder);
    this.db.close();
  }

  /** Resolves once every task this process started has ended (tests). */
  async idle(): Promise<void> {
    while (this.running.size > 0 || this.ticking) await Promise.all([...this.running, this.ticking]);
  }

  private track(work: Promise<void>): void {
    const tracked = work.catch(() => undefined).finally(() => this.running.delete(tracked));
    this.running.add(tracked);
  }

  // The scheduler

  /**
   * One round of the scheduler, by the one process holding its lease: due
   * plans run (once, however many times they were missed while stopped),
   * unwanted Cinder backups are deleted, postponed notifications go.
   */
  tick(): Promise<void> {
    if (!this.ticking) {
      this.ticking = this.round().finally(() => (this.ticking = null));
    }
    return this.ticking;
  }

  private async round(): Promise<void> {
    const fresh = this.takeLease();
    if (fresh === null) return;
    if (fresh) await this.recover();
    const now = this.now();
    for (const plan of this.store.duePlans(now)) {
      this.store.setNextRun(plan.id, nextRun(plan.schedule, now, this.timeZone));
      if (this.store.runningTasksOfJob(plan.id).length > 0) continue;
      await this.startBackup(plan).catch(() => undefined);
    }
    await this.runner.cleanDoomed((planId) => this.credentialSessionOrNull(planId));
    await this.notifier.flushDue();
  }

  /** true: the lease is newly ours (a previous holder stopped); false: renewed; null: another process holds it. */
  private takeLease(): boolean | null {
    return this.db.tx(() => {
      const now = this.now();
      const lease = this.db.get<{ holder: string; expires_at: number }>("SELECT holder, expires_at FROM lease WHERE name = 'scheduler'");
      if (lease && lease.holder !== this.holder && lease.expires_at > now && holderAlive(lease.holder)) return null;
      this.db.run(
        "INSERT INTO lease (name, holder, expires_at) VALUES ('scheduler', ?, ?) ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at",
        this.holder,
        now + SCHEDULER_LEASE_MS,
      );
      return lease?.holder !== this.holder;
    });
  }

  /** What a stop left unfinished: its tasks end as problems, their Cinder backups are deleted, claimed mails go again. */
  private async recover(): Promise<void> {
    const now = this.now();
    for (const task of this.store.unfinishedTasks()) {
      if (this.store.setTaskStatus(task.id, 'problem', now, 'Interrupted by a restart of the backup service.')) {
        if (task.jobType === 'backup' && task.backupName) this.store.doom(task.backupName, task.jobId, task.backupId);
      }
    }
    this.db.run("UPDATE notification_log SET status = 'postponed' WHERE status = 'sending'");
  }

  private async credentialSession(plan: Plan): Promise<CloudSession> {
    const source = plan.credentialId ? plan : plan.sourcePlanId ? this.store.plan(plan.sourcePlanId) : null;
    if (!source?.credentialId || !source.credentialSecret) throw new BackupError(409, 'The plan has no application credential to act with.');
    return this.identity.sessionFromCredential(source.credentialId, this.sealer.open(source.credentialSecret));
  }

  private async credentialSessionOrNull(planId: string): Promise<CloudSession | null> {
    const plan = this.store.plan(planId);
    return plan ? this.credentialSession(plan) : null;
  }

  // Plans

  private ownPlan(caller: Caller, id: string, jobType?: JobType): Plan {
    const plan = this.store.plan(id);
    if (!plan || plan.projectId !== caller.cloud.projectId) throw notFound(`Plan ${id}`);
    if (jobType && plan.jobType !== jobType) throw conflict(`Plan ${id} is a ${plan.jobType} job, not a ${jobType} plan.`);
    return plan;
  }

  private view(plan: Plan) {
    return planView(plan, this.pools.filter((pool) => pool.visible).map((pool) => pool.alias));
  }

  listPlans(caller: Caller, jobType?: JobType) {
    return this.store.plans(caller.cloud.projectId, jobType).map((plan) => this.view(plan));
  }

  getPlan(caller: Caller, id: string) {
    return this.view(this.ownPlan(caller, id));
  }

  private checkPool(alias: string | null): void {
    if (alias !== null && !this.pools.some((pool) => pool.alias === alias)) throw badRequest(`poolAlias: no backup storage pool is called '${alias}'.`);
  }

  private nextRunOf(fields: PlanFields): number | null {
    return fields.enabled ? nextRun(fields.schedule, this.now(), this.timeZone) : null;
  }

  async createPlan(caller: Caller, fields: PlanFields) {
    this.checkPool(fields.poolAlias);
    const credential = await this.identity.createCredential(caller.token, caller.cloud.userId, `dashboard-backup-${randomUUID()}`);
    try {
      const plan = this.store.insertPlan(
        {
          ...fields,
          projectId: caller.cloud.projectId,
          userId: caller.cloud.userId,
          jobType: 'backup',
          nextRun: this.nextRunOf(fields),
          credentialId: credential.id,
          credentialSecret: this.sealer.seal(credential.secret),
          sourcePlanId: null,
        },
        this.now(),
      );
      void this.event(plan, 'job_created', `Plan ${plan.name} was created.`);
      return this.view(plan);
    } catch (error) {
      await this.identity.deleteCredential(caller.token, caller.cloud.userId, credential.id).catch(() => undefined);
      throw error;
    }
  }

  updatePlan(caller: Caller, id: string, fields: PlanFields) {
    const plan = this.ownPlan(caller, id, 'backup');
    this.checkPool(fields.poolAlias);
    const updated = this.db.tx(() => {
      this.store.reattach(id, fields.volumes);
      return this.store.updatePlan(id, fields, this.nextRunOf(fields), this.now());
    });
    void this.event(updated, 'job_updated', `Plan ${plan.name} was updated.`);
    return this.view(updated);
  }

  /** Deletes the plan and revokes its credential; its backups stay (delete them as disks). */
  async deletePlan(caller: Caller, id: string): Promise<void> {
    const plan = this.ownPlan(caller, id);
    if (this.store.runningTasksOfJob(id).length > 0) throw conflict(`Plan ${plan.name} has running tasks: terminate them first.`);
    if (plan.credentialId) {
      try {
        await this.identity.deleteCredential(caller.token, plan.userId, plan.credentialId);
      } catch (error) {
        if (error instanceof UpstreamError && error.status === 403) throw new BackupError(403, `Only the owner of plan ${plan.name} or an administrator can delete it.`);
        throw error;
      }
    }
    this.store.deletePlan(id);
    void this.event(plan, 'job_deleted', `Plan ${plan.name} was deleted.`);
  }

  private async event(plan: Plan, event: NotificationEvent, text: string): Promise<void> {
    await this.notifier.emit(plan.projectId, event, `[backup] ${event.replace(/_/g, ' ')}: ${plan.name}`, `${text}\nPlan: ${plan.name} (${plan.id})`).catch(() => undefined);
  }

  // Runs

  /** The volumes a run backs up: the plan's own and those attached to its instances, less the detached ones. */
  private async disksOf(plan: Plan, cloud: CloudSession): Promise<string[]> {
    const disks = new Set(plan.volumes);
    if (plan.vms.length > 0) {
      const vms = new Set(plan.vms);
      for (const volume of await cloud.volumes()) if (volume.attachments.some((attachment) => vms.has(attachment.server_id))) disks.add(volume.id);
    }
    const detached = new Set(this.store.detachedOfPlan(plan.id));
    return [...disks].filter((disk) => !detached.has(disk));
  }

  private async startBackup(plan: Plan, given?: CloudSession): Promise<Task[]> {
    let cloud: CloudSession;
    try {
      cloud = given ?? (await this.credentialSession(plan));
    } catch (error) {
      const task = this.store.insertTask({ jobId: plan.id, jobName: plan.name, projectId: plan.projectId, status: 'waiting', jobType: 'backup', diskId: null, diskName: null, startDate: this.now() });
      this.store.setTaskStatus(task.id, 'problem', this.now(), `Cannot act for the plan's owner: ${error instanceof Error ? error.message : String(error)}`);
      return [this.store.task(task.id)!];
    }
    const disks = await this.disksOf(plan, cloud);
    const tasks = this.db.tx(() =>
      disks.map((disk) =>
        this.store.insertTask({ jobId: plan.id, jobName: plan.name, projectId: plan.projectId, status: 'waiting', jobType: 'backup', diskId: disk, diskName: disk, startDate: this.now(), backupName: backupNameFor(plan) }),
      ),
    );
    void this.event(plan, 'start_job_backup', `Backup of ${tasks.length} disk(s) started.`);
    this.track(this.runner.runAll(tasks, (task) => this.runner.backup(plan, task, cloud)));
    return tasks;
  }

  /** Run now: the plan's backup with its owner's credential, as the scheduler would. */
  async runPlan(caller: Caller, id: string) {
    const plan = this.ownPlan(caller, id, 'backup');
    if (this.store.runningTasksOfJob(id).length > 0) throw conflict(`Plan ${plan.name} is already running.`);
    const tasks = await this.startBackup(plan);
    return { items: tasks.map(taskView) };
  }

  /** A job of its own (restore, delete_disk, detach_disk) on a backup plan's disks, its tasks run with the caller's token. */
  private newJob(caller: Caller, source: Plan | null, jobType: JobType, name: string, description: string): Plan {
    return this.store.insertPlan(
      {
        projectId: caller.cloud.projectId,
        userId: caller.cloud.userId,
        name,
        description,
        enabled: true,
        jobType,
        schedule: { type: 1, hour: 0, minute: 0, weekday: 1 } satisfies Schedule,
        rotationPoints: source?.rotationPoints ?? 10,
        vms: [],
        volumes: [],
        poolAlias: source?.poolAlias ?? null,
        nextRun: null,
        credentialId: null,
        credentialSecret: null,
        sourcePlanId: source?.id ?? null,
      },
      this.now(),
    );
  }

  async restore(caller: Caller, id: string, request: { name: string; description: string; volumes: Record<string, RestoreChoice> }) {
    const plan = this.ownPlan(caller, id, 'backup');
    const disks = Object.keys(request.volumes);
    if (disks.length === 0) throw badRequest('volumes: Nothing to restore');
    for (const disk of disks) {
      if (this.store.backupsOfDisk(plan.projectId, disk).length === 0) throw badRequest(`volumes: volume ${disk} has no backup to restore.`);
    }
    const { job, tasks } = this.db.tx(() => {
      const job = this.newJob(caller, plan, 'restore', request.name, request.description);
      const tasks = disks.map((disk) =>
        this.store.insertTask({ jobId: job.id, jobName: job.name, projectId: job.projectId, status: 'waiting', jobType: 'restore', diskId: disk, diskName: this.store.backupsOfDisk(plan.projectId, disk)[0].diskName, startDate: this.now() }),
      );
      return { job, tasks };
    });
    void this.event(job, 'start_job_restore', `Restore of ${tasks.length} disk(s) started.`);
    this.track(this.runner.runAll(tasks, (task) => this.runner.restore(task, request.volumes[task.diskId!], caller.cloud)));
    return this.view(job);
  }

  /** Deletes every backup of a disk (newest first, as Cinder requires), as a delete_disk job. */
  deleteDisk(caller: Caller, diskId: string) {
    const points = this.store.backupsOfDisk(caller.cloud.projectId, diskId);
    if (points.length === 0) throw notFound(`Backups of disk ${diskId}`);
    if (this.store.runningTasks(caller.cloud.projectId).some((task) => task.diskId === diskId)) throw conflict(`Disk ${points[0].diskName} has a running task.`);
    const source = this.store.plan(points[0].planId);
    const { job, task } = this.db.tx(() => {
      const job = this.newJob(caller, source, 'delete_disk', `delete ${points[0].diskName}`, '');
      const task = this.store.insertTask({ jobId: job.id, jobName: job.name, projectId: job.projectId, status: 'waiting', jobType: 'delete_disk', diskId, diskName: points[0].diskName, startDate: this.now() });
      return { job, task };
    });
    void this.event(job, 'start_job_delete', `Deletion of the backups of ${points[0].diskName} started.`);
    this.track(this.runner.runAll([task], (latest) => this.runner.deleteDisk(latest, caller.cloud)));
    return taskView(task);
  }

  /** Takes a disk out of a plan: later runs skip it; its backups stay. */
  detachDisk(caller: Caller, planId: string, diskId: string) {
    const plan = this.ownPlan(caller, planId, 'backup');
    const inPlan = plan.volumes.includes(diskId) || this.store.backupsOfDisk(plan.projectId, diskId, plan.id).length > 0;
    if (!inPlan) throw notFound(`Disk ${diskId} of plan ${plan.name}`);
    if (this.store.runningTasksOfJob(planId).some((task) => task.diskId === diskId)) throw conflict(`Disk ${diskId} is being backed up: terminate its task first.`);
    const diskName = this.store.backupsOfDisk(plan.projectId, diskId)[0]?.diskName ?? diskId;
    const { job, task } = this.db.tx(() => {
      this.store.setVolumes(planId, plan.volumes.filter((volume) => volume !== diskId), this.now());
      this.store.detach(plan.projectId, planId, diskId);
      const job = this.newJob(caller, plan, 'detach_disk', `detach ${diskName}`, '');
      const task = this.store.insertTask({ jobId: job.id, jobName: job.name, projectId: job.projectId, status: 'runned', jobType: 'detach_disk', diskId, diskName, startDate: this.now() });
      this.store.setTaskStatus(task.id, 'completed', this.now(), `Detached from plan ${plan.name}.`);
      return { job, task };
    });
    void this.event(job, 'start_job_detach', `Disk ${diskName} was detached from plan ${plan.name}.`);
    return taskView(this.store.task(task.id)!);
  }

  // Tasks

  runningTasks(caller: Caller) {
    const items = this.store.runningTasks(caller.cloud.projectId).map(taskView);
    return { items, total: items.length };
  }

  history(caller: Caller, query: { start: number; number: number; search: string; sort: string }) {
    const { items, total } = this.store.history(caller.cloud.projectId, query);
    return { items: items.map(taskView), total };
  }

  async terminate(caller: Caller, id: string): Promise<void> {
    const task = this.store.task(id);
    if (!task || task.projectId !== caller.cloud.projectId) throw notFound(`Task ${id}`);
    if (!this.store.setTaskStatus(id, 'terminated', this.now(), 'Terminated by the user.')) throw conflict(`Task ${id} has already ended (${task.status}).`);
    if (task.jobType === 'backup' && task.backupName) this.store.doom(task.backupName, task.jobId, task.backupId);
    await this.notifier
      .emit(task.projectId, 'task_terminated', `[backup] task terminated: ${task.jobName}`, `Task ${task.id} of ${task.jobName} on ${task.diskName ?? '-'} was terminated.`)
      .catch(() => undefined);
  }

  // Backups, disks, pools, quotas

  backups(caller: Caller) {
    return { items: backupItems(this.store.backups(caller.cloud.projectId)) };
  }

  /** The plan's volumes as block storage has them now; one gone from it is `not_exist`. */
  async planVolumes(caller: Caller, id: string) {
    const plan = this.ownPlan(caller, id);
    const source = plan.sourcePlanId ? (this.store.plan(plan.sourcePlanId) ?? plan) : plan;
    const disks = new Set([...source.volumes, ...this.store.backups(plan.projectId).filter((point) => point.planId === source.id).map((point) => point.diskId)]);
    for (const disk of await this.disksOf(source, caller.cloud).catch(() => [])) disks.add(disk);
    const detached = new Set(this.store.detachedOfPlan(source.id));
    const items = [];
    for (const disk of disks) {
      if (detached.has(disk) && !source.volumes.includes(disk)) continue;
      const volume = await caller.cloud.volume(disk);
      const last = this.store.backupsOfDisk(plan.projectId, disk)[0];
      items.push({
        id: disk,
        name: volume ? volume.name || volume.id : (last?.diskName ?? disk),
        description: volume?.description ?? last?.diskDescription ?? '',
        size: volume?.size ?? last?.originalDiskSize ?? null,
        status: volume?.status ?? null,
        not_exist: volume === null,
        bootable: volume ? String(volume.bootable) === 'true' : (last?.bootable ?? false),
        volume_type: volume?.volume_type ?? last?.volumeType ?? null,
        last_backup: last ? { disk_id: disk, backup_size: last.sizeGb, created_at: new Date(last.createdAt).toISOString(), original_disk_size: last.originalDiskSize } : null,
      });
    }
    return { items };
  }

  detached(caller: Caller) {
    return { detachedDisks: this.store.detachedOf(caller.cloud.projectId) };
  }

  saved(caller: Caller) {
    return { savedDisks: [...new Set(this.store.backups(caller.cloud.projectId).map((point) => point.diskId))] };
  }

  listPools() {
    return { backupQuotes: this.pools.map((pool) => ({ pool })) };
  }

  /** Volume storage quotas of the caller's project: the total and each volume type, max -1 when unlimited. */
  async quotas(caller: Caller) {
    const usage = await caller.cloud.quotaUsage();
    const entry = (key: string) => ({ max: usage[key]?.limit ?? -1, used: usage[key]?.in_use ?? 0 });
    const types: Record<string, { max: number; used: number }> = {};
    for (const key of Object.keys(usage)) if (key.startsWith('gigabytes_')) types[key.slice('gigabytes_'.length)] = entry(key);
    return { total: entry('gigabytes'), types };
  }

  // Notifications

  notifications(caller: Caller) {
    return { items: this.notifier.templates(caller.cloud.projectId) };
  }

  replaceNotifications(caller: Caller, templates: Template[]) {
    this.notifier.replaceTemplates(caller.cloud.projectId, templates);
    return { items: templates };
  }

  notificationLog(caller: Caller) {
    return { items: this.notifier.log(caller.cloud.projectId) };
  }
}
