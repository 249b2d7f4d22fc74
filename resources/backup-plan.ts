import schema from '../schemas/backup-plan.schema.json';
import { planPayload, planPrefill } from '../dataProviders/baas-forms';
import { defineResource } from '../src/descriptor';
import type { BackupPlanEntity } from '../shared/generated';

/** Spec 3 §9.3: the plan list and the backup list refresh every 60 s. */
export const BACKUP_REFRESH_MS = 60_000;

/**
 * Backup plans (spec 3 §2.5, §4.3, §8.3): project/duratus_job with its three
 * tabs (the plans, Running Tasks, Task History), served by our backup service
 * (backup/). Create and Edit are the plan wizard (General, Vms/Disks,
 * Schedule, Summary); Edit and Run only for backup jobs, Delete when the plan
 * has an id. Spec 3 §6: always allowed. The details page
 * (project/duratus_job/job/{id}) lists the plan's volumes.
 */
export default defineResource<BackupPlanEntity & { description_short?: string; schedule_text?: string }>({
  name: 'backup-plan',
  type: 'OS::Duratus::Job',
  service: 'baas',
  serviceType: 'volumev3',
  schema,
  nameField: 'name',
  labels: { singular: 'Plan', plural: 'Plans' },
  panel: {
    dashboard: 'project',
    group: 'Backup',
    label: 'Backup plans',
    path: '/project/duratus_job',
    detailRoute: '/project/duratus_job/job/:id',
    tabs: [
      { id: 'job-list', label: 'Backup plans' },
      { id: 'tasks', label: 'Running Tasks', resource: 'backup-task' },
      { id: 'task-history', label: 'Task History', resource: 'backup-task-history' },
    ],
  },
  refresh: BACKUP_REFRESH_MS,
  columns: [{ field: 'name', defaultSort: 'asc', link: 'detail' }, { field: 'description_short' }, { field: 'enable' }],
  facets: [{ name: 'name', label: 'Name', singleton: true }],
  actions: [
    {
      id: 'create',
      kind: 'wizard',
      label: 'Create Plan',
      title: 'Create Plan',
      form: 'planForm',
      payload: (values) => ({ ...planPayload(values) }),
      success: "Job '{name}' was successfully created.",
      failure: 'Unable to create Jobs.',
    },
    {
      id: 'edit',
      kind: 'wizard',
      mode: 'edit',
      label: 'Edit',
      title: 'Edit Plan',
      form: 'planForm',
      allowed: (plan) => plan.job_type === 'backup',
      prefill: (plan) => planPrefill(plan),
      payload: (values, plan) => ({ ...planPayload(values, plan) }),
      success: "Job '{name}' was successfully updated.",
      failure: 'Unable to update Jobs.',
    },
    {
      id: 'run',
      kind: 'operation',
      operation: 'run',
      label: 'Run',
      past: 'Started job',
      success: 'Started job: {names}.',
      allowed: (plan) => plan.job_type === 'backup',
      failure: 'The following jobs could not be started: {name}.',
    },
    {
      id: 'delete',
      kind: 'delete',
      allowed: (plan) => Boolean(plan.id),
      success: { singular: 'Deleted plans: {names}.', plural: 'Deleted plans: {names}.' },
      // Spec 3 §8.3: 'cannot' names the plans refused (no id), the call's own failure is 'Unable to delete job.'.
      notAllowed: 'The following jobs cannot be deleted: {names}.',
      notAllowedAs: 'toast',
      failure: 'Unable to delete job.',
    },
  ],
  detail: {
    listAfterOperation: true,
    tabs: [
      {
        id: 'overview',
        label: 'Overview',
        fields: ['name', 'description', 'enable', 'schedule_text', 'rotation_points', 'next_run'],
        resource: { name: 'backup-plan-volume', filter: { job_id: '{id}' } },
      },
    ],
  },
  texts: { listError: 'Unable to get Jobs.', loadError: 'Unable to get Job.' },
});
