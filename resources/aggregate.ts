import schema from '../schemas/aggregate.schema.json';
import { defineResource } from '../src/descriptor';
import type { AggregateEntity } from '../shared/generated';

const ADMIN = [['identity', 'admin_required']] as [string, string][];

/**
 * Admin > Compute > Host Aggregates (Horizon's admin/aggregates): the
 * aggregates with their zone, hosts and metadata, and the Availability
 * Zones tab. Create with a name and a zone, Manage Hosts among the compute
 * hosts, Update Metadata and Delete (an empty aggregate). The server
 * refuses members every route.
 */
export default defineResource<AggregateEntity>({
  name: 'aggregate',
  type: 'OS::Nova::Aggregate',
  service: 'nova',
  serviceType: 'compute',
  schema,
  nameField: 'name',
  labels: { singular: 'Host Aggregate', plural: 'Host Aggregates' },
  panel: {
    dashboard: 'admin',
    group: 'Compute',
    label: 'Host Aggregates',
    path: '/admin/aggregates',
    policy: ADMIN,
    tabs: [
      { id: 'host_aggregates', label: 'Host Aggregates' },
      { id: 'availability_zones', label: 'Availability Zones', resource: 'compute-zone' },
    ],
  },
  columns: [{ field: 'name', defaultSort: 'asc' }, { field: 'availability_zone' }, { field: 'hosts' }, { field: 'metadata', priority: 2 }],
  facets: [{ name: 'name', label: 'Name', singleton: true }],
  actions: [
    {
      id: 'create',
      kind: 'form',
      label: 'Create Host Aggregate',
      form: 'createForm',
      policy: ADMIN,
      success: 'Successfully created new host aggregate: {name}',
      failure: 'Unable to create host aggregate.',
    },
    {
      id: 'hosts',
      kind: 'edit',
      label: 'Manage Hosts',
      title: 'Manage Hosts within Aggregate',
      form: 'hostsForm',
      call: 'hosts',
      policy: ADMIN,
      prefill: (aggregate) => ({ hosts: (aggregate.hosts ?? []).map((host) => ({ id: host })) }),
      success: 'The host aggregate "{name}" was successfully updated.',
      failure: 'Error when updating host aggregate "{name}".',
    },
    {
      id: 'metadata',
      kind: 'metadata',
      label: 'Update Metadata',
      resourceType: 'OS::Nova::Aggregate',
      policy: ADMIN,
      loadFailure: 'Unable to retrieve the aggregate to be updated.',
    },
    { id: 'delete', kind: 'delete', policy: ADMIN, showReason: true },
  ],
  texts: { listError: 'Unable to retrieve host aggregates list.', loadError: 'Unable to retrieve host aggregate.' },
});
