import schema from '../schemas/backup-plan.schema.json';
import { defineResource } from '../src/descriptor';
import type { BackupPlanEntity } from '../shared/generated';

/**
 * Backup plans (spec 3 §2.5, §4.3, §8.3): the job-list of project/duratus_job,
 * served by our backup service (backup/). Run and Delete; Run only for
 * backup jobs, Delete when the plan has an id. Spec 3 §6: always allowed.
 */
export default defineResource<BackupPlanEntity & { description_short?: string }>({
  name: 'backup-plan',
  type: 'OS::Duratus::Job',
  service: 'baas',
  serviceType: 'volumev3',
  schema,
  nameField: 'name',
  labels: { singular: 'Plan', plural: 'Plans' },
  panel: { dashboard: 'project', group: 'Backup', label: 'Backup plans', path: '/project/duratus_job' },
  columns: [{ field: 'name', defaultSort: 'asc' }, { field: 'description_short' }, { field: 'enable' }],
  facets: [{ name: 'name', label: 'Name', singleton: true }],
  actions: [
    {
      id: 'run',
      kind: 'operation',
      operation: 'run',
      label: 'Run',
      past: 'Started job',
      allowed: (plan) => plan.job_type === 'backup',
      failure: 'The following jobs could not be started: {name}.',
    },
    { id: 'delete', kind: 'delete', allowed: (plan) => Boolean(plan.id) },
  ],
  texts: { listError: 'Unable to get Jobs.', loadError: 'Unable to get Job.' },
});
