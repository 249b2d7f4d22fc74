import schema from '../schemas/trunk.schema.json';
import { defineResource } from '../src/descriptor';
import type { TrunkEntity } from '../src/generated';

/**
 * Network trunks (spec 2 §2, §3, §4, §6, §8): the project's list (name or id,
 * parent port linked to the port, subport count, admin state, status), the
 * overview with the subports table, and delete under Neutron's delete_trunk
 * rule. The admin list shows the same table; create and edit are never
 * offered there (spec 2 §6), which holds because this descriptor declares
 * only delete.
 */
export default defineResource<TrunkEntity>({
  name: 'trunk',
  type: 'OS::Neutron::Trunk',
  service: 'neutron',
  serviceType: 'network',
  schema,
  nameField: 'name_or_id',
  labels: { singular: 'Trunk', plural: 'Trunks' },
  panel: {
    dashboard: 'project',
    group: 'Network',
    label: 'Trunks',
    path: '/project/trunks',
  },
  extraPanels: [
    {
      dashboard: 'admin',
      group: 'Network',
      label: 'Trunks',
      path: '/admin/trunks',
      policy: [['identity', 'admin_required']],
      detailRoute: '/admin/trunk/:id/detail',
      navBack: true,
    },
  ],
  columns: [
    { field: 'name_or_id', defaultSort: 'asc', link: 'detail' },
    {
      field: 'port_id',
      link: { to: '/{dashboard}/networks/ports/{port_id}/detail' },
    },
    { field: 'subport_count' },
    { field: 'admin_state' },
    { field: 'status' },
  ],
  facets: [
    { name: 'name_or_id', label: 'Name', singleton: true },
    { name: 'port_id', label: 'Parent Port', singleton: true },
    {
      name: 'status',
      label: 'Status',
      singleton: true,
      options: ['ACTIVE', 'DOWN', 'BUILD', 'DEGRADED', 'ERROR'].map(
        (status) => ({ key: status, label: status }),
      ),
    },
    {
      name: 'admin_state',
      label: 'Admin State',
      singleton: true,
      options: [
        { key: 'UP', label: 'UP' },
        { key: 'DOWN', label: 'DOWN' },
      ],
    },
  ],
  actions: [
    { id: 'delete', kind: 'delete', policy: [['network', 'delete_trunk']] },
  ],
  detail: {
    tabs: [
      {
        id: 'overview',
        label: 'Overview',
        fields: [
          'name',
          'id',
          'description',
          'port_id',
          'admin_state',
          'status',
          'project_id',
          'created_at',
          'updated_at',
        ],
        code: ['id', 'port_id'],
        table: {
          field: 'sub_ports',
          title: 'Subports',
          columns: [
            { field: 'segmentation_type', label: 'Segmentation Type' },
            { field: 'segmentation_id', label: 'Segmentation ID' },
            { field: 'port_id', label: 'Port ID' },
          ],
        },
      },
    ],
  },
  texts: {
    listError: 'Unable to retrieve trunks.',
    loadError: 'Unable to retrieve trunk.',
  },
});
