import schema from '../schemas/stack-resource.schema.json';
import { defineResource } from '../src/descriptor';
import type { StackResourceEntity } from '../shared/generated';

/** The resources of one stack, in its details' Resources tab (heat-dashboard's ResourcesTable), polled while one is in progress. */
export default defineResource<StackResourceEntity>({
  name: 'stack-resource',
  type: 'OS::Heat::StackResource',
  service: 'heat',
  serviceType: 'orchestration',
  schema,
  nameField: 'resource_name',
  labels: { singular: 'Stack Resource', plural: 'Stack Resources' },
  columns: [
    { field: 'resource_name', defaultSort: 'asc' },
    { field: 'physical_resource_id', priority: 2 },
    { field: 'resource_type' },
    { field: 'updated_time', priority: 2 },
    { field: 'status_label' },
    { field: 'resource_status_reason', priority: 2 },
  ],
  poll: { when: (resource) => String(resource.resource_status).endsWith('IN_PROGRESS') },
  texts: { listError: 'Unable to retrieve resources.' },
});
