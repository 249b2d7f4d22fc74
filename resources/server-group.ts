import schema from '../schemas/server-group.schema.json';
import { defineResource } from '../src/descriptor';
import type { ServerGroupEntity } from '../shared/generated';

/**
 * Server groups (spec 2 §2.3, §3, §5, §8): list, create with the policies the
 * compute microversion supports (the schema's `x-enumFeatures`), an overview
 * with the members table, and delete. Spec 2 §6: no permission check.
 */
export default defineResource<ServerGroupEntity>({
  name: 'server-group',
  type: 'OS::Nova::ServerGroup',
  service: 'nova',
  serviceType: 'compute',
  schema,
  nameField: 'name',
  labels: { singular: 'Server Group', plural: 'Server Groups' },
  panel: { dashboard: 'project', group: 'Compute', label: 'Server Groups', path: '/project/server_groups' },
  columns: [
    { field: 'name', defaultSort: 'asc', link: 'detail' },
    { field: 'id', priority: 2 },
    { field: 'policy' },
  ],
  // Nova's server group list takes no filters: both facets filter on the client.
  facets: [
    { name: 'name', label: 'Name', singleton: true },
    {
      name: 'policy',
      label: 'Policy',
      singleton: true,
      options: [
        { key: 'affinity', label: 'Affinity' },
        { key: 'anti-affinity', label: 'Anti Affinity' },
        { key: 'soft-anti-affinity', label: 'Soft Anti Affinity' },
        { key: 'soft-affinity', label: 'Soft Affinity' },
      ],
    },
  ],
  actions: [
    {
      id: 'create',
      kind: 'form',
      label: 'Create Server Group',
      form: 'createForm',
      size: 'md',
      submitLabel: 'Create Server Group',
      success: 'Server Group {name} was successfully created.',
      failure: 'Unable to create the server group.',
    },
    { id: 'delete', kind: 'delete' },
  ],
  detail: {
    tabs: [
      {
        id: 'overview',
        label: 'Overview',
        fields: ['name', 'id', 'policy', 'project_id', 'user_id'],
        code: ['id'],
        table: {
          field: 'members',
          title: 'Members',
          columns: [
            { field: 'name', label: 'Instance Name' },
            { field: 'id', label: 'Instance ID' },
          ],
        },
      },
    ],
  },
  texts: { listError: 'Unable to retrieve server groups.', loadError: 'Unable to retrieve the server group.' },
});
