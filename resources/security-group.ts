import schema from '../schemas/security-group.schema.json';
import { defineResource } from '../src/descriptor';
import type { SecurityGroupEntity } from '../shared/generated';

/**
 * Security groups (Horizon's /project/security_groups): the project's groups
 * by name with id and description; create, edit (not the default group) and
 * delete, where Neutron's refusal to delete the default group is shown in its
 * words; the details page is Horizon's "Manage Security Group Rules": the
 * rules table with Add Rule and Delete Rules (resources/security-group-rule.ts).
 */
export default defineResource<SecurityGroupEntity>({
  name: 'security-group',
  type: 'OS::Neutron::SecurityGroup',
  service: 'neutron',
  serviceType: 'network',
  schema,
  nameField: 'name',
  labels: { singular: 'Security Group', plural: 'Security Groups' },
  panel: { dashboard: 'project', group: 'Network', label: 'Security Groups', path: '/project/security_groups' },
  columns: [
    { field: 'name', defaultSort: 'asc', link: 'detail' },
    { field: 'id', priority: 2 },
    { field: 'description' },
    // Horizon adds Shared where Neutron can share groups (RBAC).
    { field: 'shared', requires: { extensions: [{ service: 'neutron', alias: 'security-groups-shared-filtering' }] } },
  ],
  facets: [{ name: 'name', label: 'Name', singleton: true }],
  actions: [
    {
      id: 'create',
      quota: ['security_group'],
      kind: 'form',
      label: 'Create Security Group',
      form: 'createForm',
      size: 'md',
      uiSchema: { description: { 'ui:widget': 'textarea', 'ui:options': { rows: 4 } } },
      policy: [['network', 'create_security_group']],
      // Horizon continues to the new group's rules.
      openCreated: true,
      success: 'Successfully created security group: {name}',
      failure: 'Unable to create security group: {name}',
    },
    {
      id: 'edit',
      kind: 'edit',
      label: 'Edit Security Group',
      form: 'updateForm',
      size: 'md',
      uiSchema: { description: { 'ui:widget': 'textarea', 'ui:options': { rows: 4 } } },
      policy: [['network', 'update_security_group']],
      // Neutron refuses to rename the default group; Horizon does not offer it.
      allowed: (group) => group.name !== 'default',
      prefill: (group) => ({ name: group.name, description: group.description ?? '' }),
      success: 'Successfully updated security group: {name}',
      failure: 'Unable to update security group: {name}',
    },
    // The default group is offered too: Neutron's refusal is the answer, in its words.
    { id: 'delete', kind: 'delete', policy: [['network', 'delete_security_group']], showReason: true },
  ],
  detail: {
    title: 'Manage Security Group Rules: {name} ({id})',
    tabs: [{ id: 'rules', label: 'Security Group Rules', fields: ['description'], resource: { name: 'security-group-rule', filter: { security_group_id: '{id}' }, values: { security_group_id: '{id}' } } }],
  },
  texts: { listError: 'Unable to retrieve security groups.', loadError: 'Unable to retrieve security group.' },
});
