import schema from '../schemas/pool.schema.json';
import { memberListBody, poolFormValues, poolUpdateBody, poolWizardBody } from '../dataProviders/lbaas-specs';
import { defineResource } from '../src/descriptor';
import type { PoolEntity } from '../shared/generated';
import { LB_BACKOFF, lbPolicy, lbWizardSteps, PENDING } from './shared/lbaas';

/**
 * Pools (spec 3 §2.1–2.3): under a listener or straight under their load
 * balancer; the columns and drawer of §2.2, Create Pool, Update Pool,
 * Add/Remove Members (the server's member PUT job), delete, and the details
 * with the members and the health monitor.
 */
export default defineResource<PoolEntity>({
  name: 'pool',
  type: 'OS::Octavia::Pool',
  service: 'lbaas',
  serviceType: 'load-balancer',
  schema,
  nameField: 'name',
  labels: { singular: 'Pool', plural: 'Pools' },
  // Spec 3 §2.1: a pool's link uses its first listener if it has any.
  nested: { segment: 'pools', parents: ['listener', 'loadbalancer'], via: { segment: 'listeners', field: 'listenerId' } },
  detailBackoff: LB_BACKOFF,
  columns: [
    { field: 'name', defaultSort: 'asc', link: 'detail' },
    { field: 'protocol' },
    { field: 'lb_algorithm' },
    { field: 'operating_status' },
    { field: 'provisioning_status' },
    { field: 'admin_state_up', priority: 2 },
  ],
  expand: ['id', 'description', 'session_persistence', 'tls_enabled', 'health_monitor_id', 'created_at', 'updated_at'],
  poll: { field: 'provisioning_status', values: PENDING },
  actions: [
    {
      id: 'create',
      kind: 'wizard',
      label: 'Create Pool',
      // Spec 3 §2.3: the load balancer wizard's pool, members and monitor steps, over its form.
      formSchema: 'loadbalancer.schema.json',
      form: 'createForm',
      policy: lbPolicy('pool', 'post'),
      steps: lbWizardSteps(['pool', 'members', 'monitor'], ['pool_protocol']),
      finishLabel: 'Create Pool',
      payload: (values) => poolWizardBody(values),
      success: 'A new pool is being created.',
      failure: 'Unable to create pool.',
    },
    {
      id: 'edit',
      kind: 'edit',
      label: 'Edit Pool',
      form: 'editForm',
      policy: lbPolicy('pool', 'put'),
      prefill: (pool) => poolFormValues(pool),
      payload: (values, pool) => poolUpdateBody(values, pool),
      success: 'The pool has been updated.',
      failure: 'Unable to update pool.',
    },
    {
      id: 'members',
      kind: 'edit',
      label: 'Add/Remove Members',
      form: 'membersForm',
      formSchema: 'member.schema.json',
      call: 'updateMembers',
      policy: lbPolicy('pool', 'put'),
      reload: { meta: { withMembers: true } },
      prefill: (pool) => ({ members: (pool.member_records ?? []).map((member) => `${member.subnet_id}/${member.address}`), member_port: 80, member_weight: 1 }),
      payload: (values, pool) => memberListBody(values, pool, pool?.member_records),
      success: 'The pool members have been updated.',
      failure: 'Unable to update member list.',
    },
    { id: 'delete', kind: 'delete', policy: lbPolicy('pool', 'delete') },
  ],
  detail: {
    tabs: [
      {
        id: 'overview',
        label: 'Overview',
        fields: ['name', 'description', 'id', 'protocol', 'lb_algorithm', 'session_persistence', 'tls_enabled', 'health_monitor_id', 'provisioning_status', 'operating_status', 'admin_state_up', 'project_id', 'created_at', 'updated_at'],
        code: ['id', 'health_monitor_id', 'project_id'],
      },
      { id: 'members', label: 'Members', fields: [], resource: { name: 'member', filter: { poolId: '{id}' } } },
      { id: 'healthmonitors', label: 'Health Monitors', fields: [], resource: { name: 'healthmonitor', filter: { poolId: '{id}' }, values: { loadbalancer_id: '{loadbalancerId}', parentResourceId: '{id}' } } },
    ],
  },
  texts: { listError: 'Unable to retrieve pools.', loadError: 'Unable to retrieve pool.' },
});
