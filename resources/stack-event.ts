import schema from '../schemas/stack-event.schema.json';
import { defineResource } from '../src/descriptor';
import type { StackEventEntity } from '../shared/generated';

/** The events of one stack, newest first, in its details' Events tab (heat-dashboard's EventsTable). */
export default defineResource<StackEventEntity>({
  name: 'stack-event',
  type: 'OS::Heat::StackEvent',
  service: 'heat',
  serviceType: 'orchestration',
  schema,
  nameField: 'resource_name',
  labels: { singular: 'Stack Event', plural: 'Stack Events' },
  columns: [
    { field: 'resource_name' },
    { field: 'physical_resource_id', priority: 2 },
    { field: 'event_time', defaultSort: 'desc' },
    { field: 'status_label' },
    { field: 'resource_status_reason' },
  ],
  texts: { listError: 'Unable to retrieve stack events.' },
});
