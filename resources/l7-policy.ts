import schema from '../schemas/l7-policy.schema.json';
import { l7PolicyBody } from '../dataProviders/lbaas-specs';
import { defineResource } from '../src/descriptor';
import type { L7PolicyEntity } from '../shared/generated';
import { withoutNulls } from '../dataProviders/lbaas';
import { LB_BACKOFF, lbPolicy, PENDING } from './shared/lbaas';

/**
 * A listener's L7 policies (spec 3 §2.1–2.3): its L7 Policies tab, Create and
 * Update L7 Policy (the redirect URL or pool for its action), delete, and the
 * details at …/listeners/{listener}/l7policies/{id} with the rules.
 */
export default defineResource<L7PolicyEntity>({
  name: 'l7-policy',
  type: 'OS::Octavia::L7Policy',
  service: 'lbaas',
  serviceType: 'load-balancer',
  schema,
  nameField: 'name',
  labels: { singular: 'L7 Policy', plural: 'L7 Policies' },
  nested: { segment: 'l7policies', parents: ['listener'] },
  detailBackoff: LB_BACKOFF,
  columns: [
    { field: 'name', defaultSort: 'asc', link: 'detail' },
    { field: 'action' },
    { field: 'position' },
    { field: 'operating_status' },
    { field: 'provisioning_status' },
    { field: 'admin_state_up', priority: 2 },
  ],
  poll: { field: 'provisioning_status', values: PENDING },
  actions: [
    {
      id: 'create',
      kind: 'form',
      label: 'Create L7 Policy',
      submitLabel: 'Create L7 Policy',
      form: 'createForm',
      policy: lbPolicy('l7policy', 'post'),
      payload: (values) => l7PolicyBody(values),
      success: 'A new l7 policy is being created.',
      failure: 'Unable to create l7 policy.',
    },
    {
      id: 'edit',
      kind: 'edit',
      label: 'Edit L7 Policy',
      form: 'editForm',
      policy: lbPolicy('l7policy', 'put'),
      prefill: (policy) => withoutNulls(policy),
      payload: (values, policy) => l7PolicyBody(values, policy),
      success: 'The l7policy has been updated.',
      failure: 'Unable to update l7 policy.',
    },
    { id: 'delete', kind: 'delete', policy: lbPolicy('l7policy', 'delete') },
  ],
  detail: {
    tabs: [
      {
        id: 'overview',
        label: 'Overview',
        fields: ['name', 'description', 'id', 'action', 'position', 'redirect_url', 'redirect_pool_id', 'provisioning_status', 'operating_status', 'admin_state_up', 'project_id', 'created_at', 'updated_at'],
        code: ['id', 'redirect_pool_id', 'project_id'],
      },
      { id: 'l7rules', label: 'L7 Rules', fields: [], resource: { name: 'l7-rule', filter: { l7policyId: '{id}' }, values: { l7policyId: '{id}' } } },
    ],
  },
  texts: { listError: 'Unable to retrieve l7 policies.', loadError: 'Unable to retrieve l7 policy.' },
});
