import schema from '../schemas/trunk.schema.json';
import { defineResource } from '../src/descriptor';
import type { TrunkEntity } from '../shared/generated';
import { ADMIN_STATE_FACET } from './shared/facets';

/**
 * Network trunks (spec 2 §2, §3, §4, §6, §8): the project's list (name or id,
 * parent port linked to the port, subport count, admin state, status), the
 * overview with the subports table, and delete under Neutron's delete_trunk
 * rule; the create wizard (Details, Parent Port, Subports) and the edit
 * wizard (Details, Subports). The admin list shows the same table without
 * create and edit (spec 2 §6).
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
    // Horizon's project panel lists the project's trunks; Neutron gives an admin every project's.
    projectFilter: 'project_id',
    extensions: [{ service: 'neutron', alias: 'trunk' }],
  },
  extraPanels: [
    {
      dashboard: 'admin',
      group: 'Network',
      label: 'Trunks',
      path: '/admin/trunks',
      policy: [['identity', 'admin_required']],
      detailRoute: '/admin/trunk/:id/detail',
      extensions: [{ service: 'neutron', alias: 'trunk' }],
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
    ADMIN_STATE_FACET,
  ],
  actions: [
    {
      id: 'create',
      kind: 'wizard',
      label: 'Create Trunk',
      form: 'createForm',
      policy: [['network', 'create_trunk']],
      dashboards: ['project'],
      // The contract's body names the one allocated parent port port_id.
      payload: ({ parent_port, ...values }) => ({ name: '', description: '', ...values, port_id: (parent_port as string[])[0] }),
      success: 'Trunk {name_or_id} was successfully created.',
      failure: 'Unable to create trunk.',
    },
    {
      id: 'edit',
      kind: 'wizard',
      mode: 'edit',
      label: 'Edit Trunk',
      form: 'editForm',
      policy: [
        ['network', 'add_subports'],
        ['network', 'remove_subports'],
      ],
      dashboards: ['project'],
      prefill: (trunk) => ({ name: trunk.name, description: trunk.description ?? '', admin_state_up: trunk.admin_state_up, sub_ports: trunk.sub_ports }),
      // Edit submits the old and the new trunk; the server sends only the differences (api-contract §8).
      payload: (values, trunk) => {
        const old = { id: trunk!.id, name: trunk!.name, description: trunk!.description ?? '', admin_state_up: trunk!.admin_state_up, sub_ports: trunk!.sub_ports };
        return { old, new: { ...old, ...values } };
      },
      success: 'Trunk {name_or_id} was successfully edited.',
      failure: 'Unable to edit trunk.',
    },
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
