import schema from '../schemas/security-group-rule.schema.json';
import { defineResource } from '../src/descriptor';
import type { SecurityGroupRuleEntity } from '../shared/generated';

/**
 * A security group's rules (Horizon's RulesTable): listed only inside the
 * group's details (resources/security-group.ts), in Horizon's order and
 * display (Ingress/Egress, 'Any', '22 (SSH)', 0.0.0.0/0 for everything);
 * Add Rule with Horizon's Rule choices and switching fields, whose values the
 * data provider turns into Neutron's rule (dataProviders/network-security-groups.ts
 * addRuleBody); Delete Rule(s). Neutron's refusals (a duplicate rule) show in
 * its words in the dialog.
 */
export default defineResource<SecurityGroupRuleEntity>({
  name: 'security-group-rule',
  type: 'OS::Neutron::SecurityGroupRule',
  service: 'neutron',
  serviceType: 'network',
  schema,
  nameField: 'name',
  labels: { singular: 'Rule', plural: 'Rules' },
  columns: [
    { field: 'direction' },
    { field: 'ethertype' },
    { field: 'ip_protocol' },
    { field: 'port_range' },
    { field: 'remote_ip_prefix' },
    { field: 'remote_group' },
    { field: 'description' },
  ],
  actions: [
    {
      id: 'create',
      kind: 'form',
      label: 'Add Rule',
      form: 'createForm',
      size: 'md',
      uiSchema: { description: { 'ui:widget': 'textarea', 'ui:options': { rows: 2 } } },
      policy: [['network', 'create_security_group_rule']],
      success: 'Successfully added rule: {name}',
      failure: 'Unable to add rule to security group.',
    },
    { id: 'delete', kind: 'delete', policy: [['network', 'delete_security_group_rule']], showReason: true },
  ],
  texts: { listError: 'Unable to retrieve security group.' },
});
