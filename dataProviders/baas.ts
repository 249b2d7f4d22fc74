import { type DataProvider, HttpError } from 'ra-core';
import type { HttpClient } from '../src/backend/http';
import type { ResourceRecord } from '../src/backend/verbs';
import { createServiceProvider, type ListPage } from './resource-provider';
import type { BackupPlanBackupEntity, BackupPlanEntity, BackupPlanTaskEntity, BackupPlanVolumeEntity } from '../shared/generated';
import { notificationPayload, notificationPrefill, notificationRecord, type NotificationTemplate } from './baas-forms';

const BASE = '/api/baas/duratus';

/** Spec 3 §2.5, §9.3: descriptions in tables are cut at 50 characters, '...' appended. */
export function shortDescription(text: unknown): string {
  const value = typeof text === 'string' ? text : '';
  return value.length > 50 ? `${value.slice(0, 50)}...` : value;
}

/** A plan as the service answers it: the schema's entity without the short description `planRecord` adds. */
type Plan = Omit<BackupPlanEntity, 'description_short'>;

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const twoDigits = (value: unknown) => String(Number(value ?? 0)).padStart(2, '0');

/** Spec 3 §9.3: type 1 daily, 2 weekly (weekday 0 Sunday), hours and minutes zero padded. */
export function scheduleText(schedule: unknown): string {
  const { type, hour, minute, weekday } = (schedule ?? {}) as { type?: number; hour?: number; minute?: number; weekday?: number };
  const time = `${twoDigits(hour)}:${twoDigits(minute)}`;
  return type === 2 ? `Weekly on ${WEEKDAYS[Number(weekday ?? 1)] ?? ''} at ${time}` : `Daily at ${time}`;
}

function planRecord(plan: Plan): ResourceRecord {
  return { ...plan, description_short: shortDescription(plan.description), schedule_text: scheduleText(plan.schedule) };
}

/** A backed-up disk as the service answers it: the schema's entity without the texts `backupRecord` adds, with its plan and snapshots. */
type BackupItem = Omit<BackupPlanBackupEntity, 'job_name' | 'backup_size_text' | 'snapshots_text'> & {
  job?: PlanRef;
  snapshots?: ({ snapshot_date: string } & Required<Pick<NonNullable<BackupPlanVolumeEntity['last_backup']>, 'original_disk_size'>> & Pick<BackupPlanVolumeEntity, 'name'>)[];
};

/** The plan a backup or a task belongs to, as the service nests it. */
type PlanRef = Pick<BackupPlanEntity, 'id' | 'name'>;

/** A backed-up disk as the backups table reads it: size with two decimals in GB (spec 3 §9.3), snapshots one a line. */
export function backupRecord(item: BackupItem): ResourceRecord {
  return {
    ...item,
    job_name: item.job?.name ?? '',
    backup_size_text: `${Number(item.backup_size ?? 0).toFixed(2)} GB`,
    snapshots_text: (item.snapshots ?? []).map((snapshot) => `${snapshot.name}: ${snapshot.snapshot_date} (${snapshot.original_disk_size} GB)`).join('\n'),
  };
}

/** A task as the service answers it: the schema's entity without the plan fields `taskRecord` flattens, with its plan. */
type Task = Omit<BackupPlanTaskEntity, 'job_id' | 'job_name'> & { job?: PlanRef };

/** A task as the task tables read it: the plan's id and name flattened for the link. */
export function taskRecord(task: Task): ResourceRecord {
  return { ...task, job_id: task.job?.id ?? '', job_name: task.job?.name ?? '' };
}

/** A plan's volume as the service answers it (the schema's entity; `planVolumeRecord` adds the job and the short description). */
type PlanVolume = Omit<BackupPlanVolumeEntity, 'job_id' | 'description_short'>;

/** A plan's volume: 'Not Found' when block storage no longer has it (spec 3 §3.3). */
export function planVolumeRecord(volume: PlanVolume, jobId: string): ResourceRecord {
  return { ...volume, job_id: jobId, name: volume.not_exist ? 'Not Found' : volume.name || volume.id, description_short: shortDescription(volume.description) };
}

const notFound = () => new HttpError('Not found', 404, 'Not found');

/** `/api/baas/duratus/` (spec 3 §7.2): the backup service's plans, tasks, backups and notification templates. */
export function createBaasProvider(http: HttpClient): DataProvider {
  const planPath = (id: string) => `${BASE}/job/${encodeURIComponent(id)}/`;
  const runningTasks = async (signal?: AbortSignal) => (await http.get<{ items: Task[] }>(`${BASE}/task/`, { signal })).items.map(taskRecord);

  // Notification templates are saved as a whole list (PUT notifications/); one change at a time, so two deletes do not undo each other.
  let saving: Promise<unknown> = Promise.resolve();
  const templates = async (signal?: AbortSignal) => {
    const answer = await http.get<{ items?: NotificationTemplate[] }>(`${BASE}/notifications/`, { signal });
    if (!Array.isArray(answer.items)) throw new Error('Something went wrong!');
    return answer.items;
  };
  const changeTemplates = <T,>(change: (list: NotificationTemplate[]) => { list: NotificationTemplate[]; result: T }) => {
    const next = saving.then(async () => {
      const { list, result } = change(await templates());
      await http.put(`${BASE}/notifications/`, list);
      return result;
    });
    saving = next.catch(() => undefined);
    return next;
  };

  return createServiceProvider('baas', {
    'backup-plan': {
      async list(params) {
        const { items } = await http.get<{ items: Plan[] }>(`${BASE}/job/`, { signal: params.signal });
        // The plan list shows only jobs of type backup (spec 3 §4.3).
        return items.filter((plan) => plan.job_type === 'backup').map(planRecord);
      },
      async get(id) {
        return planRecord(await http.get<Plan>(planPath(id)));
      },
      async create(data) {
        return planRecord(await http.post<Plan>(`${BASE}/job/`, data));
      },
      async update(id, data) {
        return planRecord(await http.put<Plan>(`${BASE}/job/${encodeURIComponent(id)}`, data));
      },
      async remove(id) {
        await http.delete(planPath(id));
      },
      calls: {
        // POST job/{id}/ is "run now" (api-contract §11).
        async run(id) {
          return http.post(planPath(id));
        },
        // The restore wizard's reads: the plan's volumes and the backup quotas (spec 3 §4.3).
        async volumes(id) {
          const { items } = await http.get<{ items: PlanVolume[] }>(`${BASE}/job/${encodeURIComponent(id)}/volumes`);
          return items.map((volume) => planVolumeRecord(volume, id));
        },
        async quotas() {
          return http.get(`${BASE}/utils/quotas`);
        },
      },
    },
    // Backup storage pools the user may choose (GET list_pools: the visible ones), by alias.
    'backup-pool': {
      async list(params) {
        const { backupQuotes } = await http.get<{ backupQuotes: { pool: { id: string; alias: string; visible: boolean } }[] }>(`${BASE}/list_pools`, { signal: params.signal });
        return backupQuotes.filter(({ pool }) => pool.visible).map(({ pool }) => ({ id: pool.alias, alias: pool.alias }));
      },
    },
    // Running Tasks (spec 3 §2.5): a task no longer running is gone from GET task/, so its row leaves the table.
    'backup-task': {
      async list(params) {
        return runningTasks(params.signal);
      },
      async get(id) {
        const task = (await runningTasks()).find((item) => item.id === id);
        if (!task) throw notFound();
        return task;
      },
      calls: {
        async terminate(id) {
          await http.delete(`${BASE}/task/${encodeURIComponent(id)}/`);
        },
      },
    },
    // Task History (spec 3 §9.3): paged by the server with start and number, its page count from total,
    // searched with search and sorted with sort (the column, '-' first for newest first).
    'backup-task-history': {
      serverFilters: ['search'],
      async list(params): Promise<ListPage> {
        const number = params.pagination?.perPage ?? 20;
        const start = ((params.pagination?.page ?? 1) - 1) * number;
        const search = typeof params.filter?.search === 'string' && params.filter.search ? params.filter.search : undefined;
        const sort = params.sort?.field ? `${params.sort.order === 'DESC' ? '-' : ''}${params.sort.field}` : undefined;
        // The running tasks first: one that ends after this read is in the history read next, and while
        // any runs the page is asked again (`changing`), so a task that ends shows without a reload.
        const running = await runningTasks(params.signal);
        const { data } = await http.get<{ data: { items: Task[]; total: number } }>(`${BASE}/task-history/`, {
          query: { start: String(start), number: String(number), ...(search ? { search } : {}), ...(sort ? { sort } : {}) },
          signal: params.signal,
        });
        return { items: data.items.map(taskRecord), hasMore: start + data.items.length < data.total, hasPrev: start > 0, total: data.total, changing: running.length > 0 };
      },
    },
    // A plan's volumes (its details page): GET job/{job_id}/volumes.
    'backup-plan-volume': {
      serverFilters: ['job_id'],
      async list(params) {
        const jobId = String(params.filter?.job_id ?? '');
        const { items } = await http.get<{ items: PlanVolume[] }>(`${BASE}/job/${encodeURIComponent(jobId)}/volumes`, { signal: params.signal });
        return items.map((volume) => planVolumeRecord(volume, jobId));
      },
    },
    // Notification templates (spec 3 §3.3): ids are places in the list, known to the browser only.
    'backup-notification': {
      async list(params) {
        return (await templates(params.signal)).map(notificationRecord);
      },
      async get(id) {
        const found = (await templates())[Number(id)];
        if (!found) throw notFound();
        return notificationRecord(found, Number(id));
      },
      // `data` is one template (the wizard's payload, dataProviders/baas-forms.ts).
      async create(data) {
        const template = data as unknown as NotificationTemplate;
        return changeTemplates((list) => ({ list: [...list, template], result: notificationRecord(template, list.length) }));
      },
      async update(id, data) {
        const template = data as unknown as NotificationTemplate;
        return changeTemplates((list) => {
          if (!list[Number(id)]) throw new Error('Not found');
          return { list: list.map((item, index) => (index === Number(id) ? template : item)), result: notificationRecord(template, Number(id)) };
        });
      },
      // The template as listed, found again by its content: ids shift once one before it is removed.
      async remove(id, record) {
        await changeTemplates((list) => {
          const same = (item: NotificationTemplate) => JSON.stringify(notificationPayload(notificationPrefill(notificationRecord(item, 0))));
          const wanted = record ? JSON.stringify(notificationPayload(notificationPrefill(record))) : undefined;
          const index = wanted ? list.findIndex((item) => same(item) === wanted) : Number(id);
          if (index < 0 || !list[index]) throw new Error('Not found');
          return { list: list.filter((_item, place) => place !== index), result: undefined };
        });
      },
    },
    backup: {
      async list(params) {
        const { items } = await http.get<{ items: BackupItem[] }>(`${BASE}/backup`, { signal: params.signal });
        return items.map(backupRecord);
      },
      // Delete: every backup of the disk (DELETE disk/{id}/).
      async remove(id) {
        await http.delete(`${BASE}/disk/${encodeURIComponent(id)}/`);
      },
      calls: {
        // Detach disk: DELETE detach/{job_id}/{id}/, the plan read from the list.
        async detach(id) {
          const { items } = await http.get<{ items: BackupItem[] }>(`${BASE}/backup`);
          const jobId = items.find((item) => item.id === id)?.job?.id ?? '';
          await http.delete(`${BASE}/detach/${encodeURIComponent(jobId)}/${encodeURIComponent(id)}/`);
        },
        // Restore: POST job/{job_id}/restore with the wizard's body less the plan's id (spec 3 §7.2).
        async restore(_id, data = {}) {
          const { job_id: jobId, ...body } = data;
          return http.post(`${BASE}/job/${encodeURIComponent(String(jobId))}/restore`, body);
        },
      },
    },
  });
}
