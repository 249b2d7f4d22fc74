import schema from '../schemas/l7-rule.schema.json';
import { l7RuleBody } from '../dataProviders/lbaas-specs';
import { defineResource } from '../src/descriptor';
import type { L7RuleEntity } from '../shared/generated';
import { withoutNulls } from '../dataProviders/lbaas';
import { LB_BACKOFF, lbPolicy, PENDING } from './shared/lbaas';

/**
 * An L7 policy's rules (spec 3 §2.1–2.3, §9.1): Create and Update L7 Rule
 * (the key for HEADER and COOKIE rules), delete, and the details at
 * …/l7policies/{policy}/l7rules/{id}.
 */
export default defineResource<L7RuleEntity>({
  name: 'l7-rule',
  type: 'OS::Octavia::L7Rule',
  service: 'lbaas',
  serviceType: 'load-balancer',
  schema,
  nameField: 'id',
  labels: { singular: 'L7 Rule', plural: 'L7 Rules' },
  nested: { segment: 'l7rules', parents: ['l7-policy'] },
  detailBackoff: LB_BACKOFF,
  columns: [
    { field: 'type', defaultSort: 'asc', link: 'detail', nowrap: true },
    { field: 'id', priority: 3 },
    { field: 'compare_type' },
    { field: 'key' },
    { field: 'rule_value' },
    { field: 'invert' },
    { field: 'provisioning_status' },
  ],
  poll: { field: 'provisioning_status', values: PENDING },
  actions: [
    {
      id: 'create',
      kind: 'form',
      label: 'Create L7 Rule',
      submitLabel: 'Create L7 Rule',
      form: 'createForm',
      policy: lbPolicy('l7rule', 'post'),
      payload: (values) => l7RuleBody(values),
      // Spec 3 §8.1: the L7 rule create message says l7 policy.
      success: 'A new l7 policy is being created.',
      failure: 'Unable to create l7 rule.',
    },
    {
      id: 'edit',
      kind: 'edit',
      label: 'Edit L7 Rule',
      form: 'editForm',
      policy: lbPolicy('l7rule', 'put'),
      prefill: (rule) => withoutNulls(rule),
      payload: (values, rule) => l7RuleBody(values, rule),
      success: 'The l7rule has been updated.',
      failure: 'Unable to update l7 rule.',
    },
    { id: 'delete', kind: 'delete', policy: lbPolicy('l7rule', 'delete') },
  ],
  detail: {
    tabs: [
      {
        id: 'overview',
        label: 'Overview',
        fields: ['id', 'type', 'compare_type', 'key', 'rule_value', 'invert', 'provisioning_status', 'operating_status', 'admin_state_up', 'project_id', 'created_at', 'updated_at'],
        code: ['id', 'project_id'],
      },
    ],
  },
  texts: { listError: 'Unable to retrieve l7 rules.', loadError: 'Unable to retrieve l7 rule.' },
});
