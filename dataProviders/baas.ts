import type { DataProvider } from 'ra-core';
import type { HttpClient } from '../src/backend/http';
import type { ResourceRecord } from '../src/backend/verbs';
import { createServiceProvider } from './resource-provider';
import type { BackupPlanBackupEntity, BackupPlanEntity } from '../shared/generated';

const BASE = '/api/baas/duratus';

/** Spec 3 §2.5, §9.3: descriptions in tables are cut at 50 characters, '...' appended. */
export function shortDescription(text: unknown): string {
  const value = typeof text === 'string' ? text : '';
  return value.length > 50 ? `${value.slice(0, 50)}...` : value;
}

/** A plan as the service answers it: the schema's entity without the short description `planRecord` adds. */
type Plan = Omit<BackupPlanEntity, 'description_short'>;

function planRecord(plan: Plan): ResourceRecord {
  return { ...plan, description_short: shortDescription(plan.description) };
}

/** A backed-up disk as the service answers it: the schema's entity without the texts `backupRecord` adds, with its plan and snapshots. */
type BackupItem = Omit<BackupPlanBackupEntity, 'job_name' | 'backup_size_text' | 'snapshots_text'> & {
  job?: { id: string; name: string };
  snapshots?: { name: string; snapshot_date: string; original_disk_size: number }[];
};

/** A backed-up disk as the backups table reads it: size with two decimals in GB (spec 3 §9.3), snapshots one a line. */
export function backupRecord(item: BackupItem): ResourceRecord {
  return {
    ...item,
    job_name: item.job?.name ?? '',
    backup_size_text: `${Number(item.backup_size ?? 0).toFixed(2)} GB`,
    snapshots_text: (item.snapshots ?? []).map((snapshot) => `${snapshot.name}: ${snapshot.snapshot_date} (${snapshot.original_disk_size} GB)`).join('\n'),
  };
}

/** `/api/baas/duratus/` (spec 3 §7.2): the backup service's plans and backups. */
export function createBaasProvider(http: HttpClient): DataProvider {
  const planPath = (id: string) => `${BASE}/job/${encodeURIComponent(id)}/`;
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
      async remove(id) {
        await http.delete(planPath(id));
      },
      calls: {
        // POST job/{id}/ is "run now" (api-contract §11).
        async run(id) {
          return http.post(planPath(id));
        },
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
      },
    },
  });
}
