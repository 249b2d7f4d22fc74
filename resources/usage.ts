import schema from '../schemas/usage.schema.json';
import { defineResource } from '../src/descriptor';
import type { UsageInstanceUsage } from '../shared/generated';

/**
 * The usage table of Project > Compute > Overview (`/project`, the landing
 * page; Horizon's project overview), under the Limit Summary charts and the
 * Usage Summary of a period: the project's instances in that period. The
 * page is a custom screen (custom/overview/); the period is the list's
 * `start`/`end` filter.
 */
export default defineResource<UsageInstanceUsage & { id: string }>({
  name: 'usage',
  type: 'OS::Nova::InstanceUsage',
  service: 'nova',
  serviceType: 'compute',
  schema,
  entity: 'instanceUsage',
  nameField: 'name',
  labels: { singular: 'Usage', plural: 'Usage' },
  columns: [
    { field: 'name', defaultSort: 'asc', link: { to: '/project/instances/{instance_id}' } },
    { field: 'vcpus' },
    { field: 'local_gb' },
    { field: 'memory_mb' },
    { field: 'age', sortable: false },
  ],
  texts: { listError: 'Unable to retrieve usage information.' },
});
