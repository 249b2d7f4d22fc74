import schema from '../schemas/backup-plan.schema.json';
import { defineResource } from '../src/descriptor';
import type { BackupPlanTaskEntity } from '../shared/generated';
import { BACKUP_REFRESH_MS } from './backup-plan';

/**
 * Running Tasks, the second tab of project/duratus_job (spec 3 §2.5, §3.3,
 * §8.3): the plan (link to its details), status, job type, start (the
 * default sort, newest first) and the volume (link to its page). Waiting and
 * running rows are polled, and leave the table once done; Terminate is
 * always allowed (spec 3 §6).
 */
export default defineResource<BackupPlanTaskEntity>({
  name: 'backup-task',
  type: 'OS::Duratus::Task',
  service: 'baas',
  serviceType: 'volumev3',
  schema,
  entity: 'taskEntity',
  nameField: 'job_name',
  labels: { singular: 'Task', plural: 'Running Tasks' },
  refresh: BACKUP_REFRESH_MS,
  poll: { field: 'status', values: ['waiting', 'runned'] },
  columns: [
    { field: 'job_name', label: 'Plan Name', link: { to: '/project/duratus_job/job/{job_id}' } },
    { field: 'status' },
    { field: 'jobType' },
    { field: 'startDate', defaultSort: 'desc' },
    { field: 'disk_name', link: { to: '/project/volumes/{diskId}' } },
  ],
  facets: [{ name: 'job_name', label: 'Plan Name', singleton: true }],
  actions: [
    {
      id: 'terminate',
      kind: 'operation',
      operation: 'terminate',
      label: 'Terminate tasks',
      placement: ['row', 'batch'],
      confirm: 'Terminated tasks are not recoverable.',
      past: 'Terminated tasks',
      success: 'Terminated tasks: {names}.',
      failure: 'The following tasks could not be deleted: {names}.',
    },
  ],
  texts: { listError: 'Unable to get tasks.', loadError: 'Unable to get tasks.' },
});
