import schema from '../schemas/backup-plan.schema.json';
import { restorePayload } from '../dataProviders/baas-forms';
import { defineResource } from '../src/descriptor';
import type { BackupPlanBackupEntity } from '../shared/generated';
import { BACKUP_REFRESH_MS } from './backup-plan';

/**
 * The backups list of project/duratus_backup (spec 3 §2.5): one row per
 * backed-up disk, expanding to its backup snapshots. Delete and Detach disk
 * only for a row with a disk id (spec 3 §4.3). Restore is the restore wizard
 * over the row's plan: its volumes, then the ones to restore and how, under
 * the quota check (custom/backup/).
 */
export default defineResource<BackupPlanBackupEntity>({
  name: 'backup',
  type: 'OS::Duratus::Backup',
  service: 'baas',
  serviceType: 'volumev3',
  schema,
  entity: 'backupEntity',
  nameField: 'name',
  labels: { singular: 'Backup', plural: 'Backups' },
  panel: { dashboard: 'project', group: 'Backup', label: 'Backups', path: '/project/duratus_backup', order: 1 },
  columns: [{ field: 'name', defaultSort: 'asc' }, { field: 'poolName' }, { field: 'backup_size_text' }, { field: 'last_backup' }],
  expand: ['job_name', 'disk_id', 'volume_type', 'snapshots_text'],
  refresh: BACKUP_REFRESH_MS,
  facets: [{ name: 'name', label: 'Name', singleton: true }],
  actions: [
    {
      id: 'restore',
      kind: 'wizard',
      mode: 'edit',
      label: 'Restore',
      form: 'restoreForm',
      call: 'restore',
      allowed: (item) => Boolean(item.job_id),
      prefill: (item) => ({ job: { id: item.job_id, name: item.job_name }, volumes: {} }),
      payload: (values) => ({ ...restorePayload(values) }),
      success: "Restore '{name}' was successfully created.",
      failure: 'Unable to create restore job.',
    },
    {
      id: 'detach',
      kind: 'operation',
      operation: 'detach',
      label: 'Detach disk',
      past: 'Detached disk',
      allowed: (item) => Boolean(item.disk_id),
      failure: 'The following disk: "{name}" could not be detached. Make it sure that disc is removed from the backup tasks.',
    },
    {
      id: 'delete',
      kind: 'delete',
      allowed: (item) => Boolean(item.disk_id),
      notAllowed: 'The following backup cannot be deleted: {names}.',
      notAllowedAs: 'toast',
      failure: 'The following backup could not be deleted: {names}.',
    },
  ],
  texts: { listError: 'Unable to get volumes for job.', loadError: 'Unable to get volumes for job.' },
});
