import schema from '../schemas/member.schema.json';
import { defineResource } from '../src/descriptor';
import type { MemberEntity } from '../shared/generated';
import { withoutNulls } from '../dataProviders/lbaas';
import { lbPolicy, PENDING } from './shared/lbaas';

/**
 * A pool's members (spec 3 §2.1–2.3): the columns and drawer of §2.2, Edit
 * Member (its own PUT, answered with the member), delete, and the details at
 * …/pools/{pool}/members/{id}. Adding and removing members is the pool's
 * Add/Remove Members (one PUT of the whole list).
 */
export default defineResource<MemberEntity>({
  name: 'member',
  type: 'OS::Octavia::Member',
  service: 'lbaas',
  serviceType: 'load-balancer',
  schema,
  nameField: 'name',
  labels: { singular: 'Member', plural: 'Members' },
  nested: { segment: 'members', parents: ['pool'] },
  // A member Add/Remove Members created or changed is PENDING_* until Octavia settles it, as its load balancer is.
  poll: { field: 'provisioning_status', values: PENDING },
  columns: [
    { field: 'name', defaultSort: 'asc', link: 'detail' },
    { field: 'address' },
    { field: 'protocol_port' },
    { field: 'weight' },
    { field: 'backup', priority: 2 },
    { field: 'operating_status' },
    { field: 'provisioning_status' },
    { field: 'admin_state_up', priority: 2 },
  ],
  expand: ['id', 'subnet_id', 'monitor_address', 'monitor_port', 'created_at', 'updated_at'],
  actions: [
    {
      id: 'edit',
      kind: 'edit',
      label: 'Edit Member',
      form: 'editForm',
      policy: lbPolicy('member', 'put'),
      prefill: (member) => withoutNulls(member),
      payload: (values, member) => ({ ...values, poolId: member?.poolId }),
      success: 'Pool member has been updated.',
      failure: 'Unable to update member.',
    },
    { id: 'delete', kind: 'delete', policy: lbPolicy('member', 'delete') },
  ],
  detail: {
    tabs: [
      {
        id: 'overview',
        label: 'Overview',
        fields: ['name', 'id', 'address', 'protocol_port', 'weight', 'subnet_id', 'monitor_address', 'monitor_port', 'backup', 'provisioning_status', 'operating_status', 'admin_state_up', 'project_id', 'created_at', 'updated_at'],
        code: ['id', 'subnet_id', 'project_id'],
      },
    ],
  },
  texts: { listError: 'Unable to retrieve members.', loadError: 'Unable to retrieve member.' },
});
