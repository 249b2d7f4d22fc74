import schema from '../schemas/qos-policy.schema.json';
import { defineResource } from '../src/descriptor';
import type { QosPolicyEntity } from '../shared/generated';
import { YES_NO_OPTIONS } from './shared/facets';

/**
 * Network QoS policies (spec 2 §2, §3, §4, §6): the project's list with name,
 * description and shared; create (name, description, shared) and delete
 * under Neutron's create_qos_policy / delete_qos_policy rules; an overview
 * with the rules table.
 */
export default defineResource<QosPolicyEntity>({
  name: 'qos-policy',
  type: 'OS::Neutron::QoSPolicy',
  service: 'neutron',
  serviceType: 'network',
  schema,
  nameField: 'name',
  labels: { singular: 'QoS Policy', plural: 'QoS Policies' },
  panel: {
    dashboard: 'project',
    group: 'Network',
    label: 'Network QoS',
    path: '/project/network_qos',
    // Horizon offers the panel only when Neutron has QoS.
    extensions: [{ service: 'neutron', alias: 'qos' }],
  },
  columns: [{ field: 'name', defaultSort: 'asc', link: 'detail' }, { field: 'description' }, { field: 'shared' }],
  facets: [
    { name: 'name', label: 'Name', singleton: true },
    { name: 'description', label: 'Description', singleton: true },
    { name: 'shared', label: 'Shared', singleton: true, options: YES_NO_OPTIONS },
  ],
  actions: [
    {
      id: 'create',
      kind: 'form',
      label: 'Create QoS Policy',
      form: 'createForm',
      size: 'md',
      submitLabel: 'Create QoS Policy',
      policy: [['network', 'create_qos_policy']],
      success: 'QoS Policy {name} was successfully created.',
      failure: 'Unable to create the QoS policy.',
    },
    { id: 'delete', kind: 'delete', policy: [['network', 'delete_qos_policy']] },
  ],
  detail: {
    tabs: [
      {
        id: 'overview',
        label: 'Overview',
        fields: ['name', 'id', 'description', 'shared', 'project_id', 'created_at', 'updated_at'],
        code: ['id'],
        table: {
          field: 'rules',
          title: 'Rules',
          columns: [
            { field: 'id', label: 'Rule ID' },
            { field: 'type', label: 'Type' },
            { field: 'direction', label: 'Direction' },
            { field: 'max_kbps', label: 'Max Kbps' },
            { field: 'max_burst_kbps', label: 'Max Burst Kbits' },
            { field: 'min_kbps', label: 'Min Kbps' },
            { field: 'dscp_mark', label: 'DSCP Mark' },
          ],
        },
      },
    ],
  },
  texts: { listError: 'Unable to retrieve the QoS policies.', loadError: 'Unable to retrieve the policy.' },
});
