import schema from '../schemas/usage.schema.json';
import { defineResource } from '../src/descriptor';
import type { UsageProjectUsage } from '../shared/generated';

/**
 * The usage table of Admin > Overview (`/admin`; Horizon's admin overview):
 * every project's usage in a period, under its Usage Summary. The page is a
 * custom screen (custom/overview/).
 */
export default defineResource<UsageProjectUsage & { id: string }>({
  name: 'project-usage',
  type: 'OS::Nova::ProjectUsage',
  service: 'nova',
  serviceType: 'compute',
  schema,
  entity: 'projectUsage',
  idField: 'project_id',
  nameField: 'project_name',
  labels: { singular: 'Usage', plural: 'Usage' },
  columns: [
    { field: 'project_name', defaultSort: 'asc' },
    { field: 'vcpus' },
    { field: 'local_gb' },
    { field: 'memory_mb' },
    { field: 'vcpu_hours' },
    { field: 'disk_gb_hours' },
    { field: 'memory_mb_hours' },
  ],
  texts: { listError: 'Unable to retrieve usage information.' },
});
