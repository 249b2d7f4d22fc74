import schema from '../schemas/backup-plan.schema.json';
import { defineResource } from '../src/descriptor';
import type { BackupPlanBackupEntity } from '../shared/generated';

/**
 * The backups list of project/duratus_backup (spec 3 §2.5): one row per
 * backed-up disk, expanding to its backup snapshots. Delete and Detach disk
 * only for a row with a disk id (spec 3 §4.3).
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
  facets: [{ name: 'name', label: 'Name', singleton: true }],
  actions: [
    {
      id: 'detach',
      kind: 'operation',
      operation: 'detach',
      label: 'Detach disk',
      past: 'Detached disk',
      allowed: (item) => Boolean(item.disk_id),
      failure: 'The following disk: "{name}" could not be detached. Make it sure that disc is removed from the backup tasks.',
    },
    { id: 'delete', kind: 'delete', allowed: (item) => Boolean(item.disk_id) },
  ],
  texts: { listError: 'Unable to get volumes for job.', loadError: 'Unable to get volumes for job.' },
});
