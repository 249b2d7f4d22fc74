import schema from '../schemas/backup-plan.schema.json';
import { defineResource } from '../src/descriptor';
import type { BackupPlanTaskEntity } from '../shared/generated';
import { BACKUP_REFRESH_MS } from './backup-plan';

/**
 * Task History, the third tab of project/duratus_job (spec 3 §2.5, §9.3): the
 * running tasks' columns plus the finish date ('(None)' when empty, the schema's x-emptyText), paged
 * by the server (start, number; ceil(total/number) pages), searched and sorted there; newest finish
 * first. While tasks run it is asked again at the poll interval (the provider's `changing`), so a task
 * that ends joins it; besides, every 60 s as the other backup lists.
 */
export default defineResource<BackupPlanTaskEntity>({
  name: 'backup-task-history',
  type: 'OS::Duratus::TaskHistory',
  service: 'baas',
  serviceType: 'volumev3',
  schema,
  entity: 'taskEntity',
  nameField: 'job_name',
  labels: { singular: 'Task', plural: 'Task History' },
  paging: 'server',
  sorting: 'server',
  refresh: BACKUP_REFRESH_MS,
  columns: [
    { field: 'job_name', label: 'Plan Name', link: { to: '/project/duratus_job/job/{job_id}' } },
    { field: 'status' },
    { field: 'jobType' },
    { field: 'startDate' },
    { field: 'finishDate', defaultSort: 'desc' },
    { field: 'disk_name', link: { to: '/project/volumes/{diskId}' } },
  ],
  facets: [{ name: 'search', label: 'Search', singleton: true, isServer: true }],
  texts: { listError: 'Unable to get task history.' },
});
