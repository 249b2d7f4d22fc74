import schema from '../schemas/loadbalancer.schema.json';
import { loadBalancerSpec } from '../dataProviders/lbaas-specs';
import { defineResource } from '../src/descriptor';
import type { LoadbalancerEntity } from '../shared/generated';
import { LB_BACKOFF, lbPolicy, lbWizardSteps, PENDING } from './shared/lbaas';

/** Spec 3 §4.1: a load balancer is deleted only when ACTIVE or in ERROR. */
const settled = (lb: LoadbalancerEntity) => lb.provisioning_status === 'ACTIVE' || lb.provisioning_status === 'ERROR';

/**
 * Load balancers (octavia-dashboard's project/load_balancer; spec 3 §2.1–2.3,
 * §4.1, §8.1): the list with the floating IPs, polled while provisioning
 * moves; the Create Load Balancer wizard (load balancer, listener, pool,
 * members, monitor, and the certificates of a TERMINATED_HTTPS listener);
 * edit, delete (ACTIVE or ERROR only), associate and disassociate a floating
 * IP; the details with the Listeners and Pools tabs, the root of the nested
 * routes down to members and monitors.
 */
export default defineResource<LoadbalancerEntity>({
  name: 'loadbalancer',
  type: 'OS::Octavia::LoadBalancer',
  service: 'lbaas',
  serviceType: 'load-balancer',
  schema,
  nameField: 'name',
  labels: { singular: 'Load Balancer', plural: 'Load Balancers', deleteNote: 'All sub-resources will be deleted as well.' },
  panel: { dashboard: 'project', group: 'Network', label: 'Load Balancers', path: '/project/load_balancer' },
  nested: {},
  detailBackoff: LB_BACKOFF,
  columns: [
    { field: 'name', defaultSort: 'asc', link: 'detail' },
    { field: 'vip_address' },
    { field: 'floating_ip_address', priority: 2 },
    { field: 'availability_zone', priority: 3 },
    { field: 'operating_status', priority: 2 },
    { field: 'provisioning_status', nowrap: true },
    { field: 'admin_state_up', priority: 2 },
  ],
  poll: { field: 'provisioning_status', values: PENDING },
  facets: [{ name: 'name', label: 'Name', singleton: true }],
  actions: [
    {
      id: 'create',
      kind: 'wizard',
      label: 'Create Load Balancer',
      form: 'createForm',
      policy: lbPolicy('loadbalancer', 'post'),
      steps: lbWizardSteps(),
      finishLabel: 'Create Load Balancer',
      payload: (values) => loadBalancerSpec(values),
      success: 'A new load balancer is being created.',
      failure: 'Unable to create load balancer.',
    },
    {
      id: 'edit',
      kind: 'edit',
      label: 'Edit Load Balancer',
      form: 'editForm',
      policy: lbPolicy('loadbalancer', 'put'),
      success: 'The load balancer has been updated.',
      failure: 'Unable to update load balancer.',
    },
    {
      id: 'associate-fip',
      kind: 'edit',
      label: 'Associate Floating IP',
      form: 'associateForm',
      size: 'md',
      call: 'associateFloatingIp',
      policy: [['network', 'loadbalancer_associate_floating_ip']],
      allowed: (lb) => !lb.floating_ip_address,
      prefill: () => ({}),
      success: 'Associating floating IP with load balancer.',
      failure: 'Unable to associate floating IP.',
    },
    {
      id: 'disassociate-fip',
      kind: 'operation',
      operation: 'disassociateFloatingIp',
      label: 'Disassociate Floating IP',
      confirmTitle: 'Confirm Disassociate Floating IP Address',
      success: 'Disassociated floating IP address from load balancer: {name}.',
      failure: 'Unable to disassociate floating IP address from load balancer: {name}.',
      policy: [['network', 'loadbalancer_disassociate_floating_ip']],
      allowed: (lb) => Boolean(lb.floating_ip_address),
    },
    {
      id: 'delete',
      kind: 'delete',
      policy: lbPolicy('loadbalancer', 'delete'),
      allowed: settled,
      notAllowed: 'You are not allowed to delete load balancers: {names}',
      notAllowedAs: 'toast',
    },
  ],
  detail: {
    tabs: [
      {
        id: 'overview',
        label: 'Overview',
        fields: ['name', 'description', 'id', 'provisioning_status', 'operating_status', 'admin_state_up', 'vip_address', 'floating_ip_address', 'vip_subnet_id', 'vip_network_id', 'vip_port_id', 'flavor_id', 'availability_zone', 'provider', 'project_id', 'created_at', 'updated_at'],
        code: ['id', 'vip_subnet_id', 'vip_network_id', 'vip_port_id', 'project_id'],
      },
      { id: 'listeners', label: 'Listeners', fields: [], resource: { name: 'listener', filter: { loadbalancerId: '{id}' }, values: { loadbalancer_id: '{id}' } } },
      { id: 'pools', label: 'Pools', fields: [], resource: { name: 'pool', filter: { loadbalancerId: '{id}' }, values: { loadbalancer_id: '{id}' } } },
    ],
  },
  texts: { listError: 'Unable to retrieve load balancers.', loadError: 'Unable to retrieve load balancer.' },
});
