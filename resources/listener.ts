import schema from '../schemas/listener.schema.json';
import { listenerUpdateBody, listenerWizardBody } from '../dataProviders/lbaas-specs';
import { defineResource } from '../src/descriptor';
import type { ListenerEntity } from '../shared/generated';
import { withoutNulls } from '../dataProviders/lbaas';
import { freeListenerPort, LB_BACKOFF, lbPolicy, lbWizardSteps, PENDING } from './shared/lbaas';

/**
 * A load balancer's listeners (spec 3 §2.1–2.3): its Listeners tab, Create
 * Listener (the port unique among the load balancer's listeners, the
 * certificates of a TERMINATED_HTTPS listener), Update Listener, delete, and
 * the details at project/load_balancer/{lb}/listeners/{id} with its pools.
 */
export default defineResource<ListenerEntity>({
  name: 'listener',
  type: 'OS::Octavia::Listener',
  service: 'lbaas',
  serviceType: 'load-balancer',
  schema,
  nameField: 'name',
  labels: { singular: 'Listener', plural: 'Listeners' },
  nested: { segment: 'listeners', parents: ['loadbalancer'] },
  detailBackoff: LB_BACKOFF,
  columns: [
    { field: 'name', defaultSort: 'asc', link: 'detail' },
    { field: 'protocol' },
    { field: 'protocol_port' },
    { field: 'operating_status' },
    { field: 'provisioning_status' },
    { field: 'admin_state_up', priority: 2 },
  ],
  poll: { field: 'provisioning_status', values: PENDING },
  actions: [
    {
      id: 'create',
      kind: 'wizard',
      label: 'Create Listener',
      // Spec 3 §2.3: the load balancer wizard's steps from the listener on, over its form.
      formSchema: 'loadbalancer.schema.json',
      form: 'createForm',
      policy: lbPolicy('listener', 'post'),
      steps: lbWizardSteps(['listener', 'certificates', 'pool', 'members', 'monitor']),
      finishLabel: 'Create Listener',
      fromList: (listeners) => ({ listener_port: freeListenerPort(80, listeners) }),
      unique: { field: 'listener_port', recordField: 'protocol_port', message: 'The port must be unique among all listeners attached to this load balancer.' },
      payload: (values) => listenerWizardBody(values),
      success: 'A new listener is being created.',
      failure: 'Unable to create listener.',
    },
    {
      id: 'edit',
      kind: 'wizard',
      mode: 'edit',
      label: 'Edit Listener',
      form: 'editForm',
      policy: lbPolicy('listener', 'put'),
      steps: [
        { id: 'listener', title: 'Listener Details', fields: ['name', 'description', 'protocol', 'connection_limit', 'timeout_client_data', 'timeout_member_connect', 'timeout_member_data', 'timeout_tcp_inspect', 'admin_state_up'] },
        { id: 'certificates', title: 'SSL Certificates', fields: ['certificates'], when: { field: 'protocol', values: ['TERMINATED_HTTPS'] } },
      ],
      // Spec 3 §4.1: a TERMINATED_HTTPS listener's certificates are preselected from its sni_container_refs.
      prefill: (listener) => ({
        ...withoutNulls(listener),
        certificates: [listener.default_tls_container_ref, ...(listener.sni_container_refs ?? [])].filter((ref, index, all): ref is string => typeof ref === 'string' && all.indexOf(ref) === index),
      }),
      payload: (values, listener) => listenerUpdateBody(values, listener),
      success: 'The listener has been updated.',
      failure: 'Unable to update listener.',
    },
    { id: 'delete', kind: 'delete', policy: lbPolicy('listener', 'delete') },
  ],
  detail: {
    tabs: [
      {
        id: 'overview',
        label: 'Overview',
        fields: ['name', 'description', 'id', 'protocol', 'protocol_port', 'connection_limit', 'default_pool_id', 'default_tls_container_ref', 'provisioning_status', 'operating_status', 'admin_state_up', 'timeout_client_data', 'timeout_member_connect', 'timeout_member_data', 'timeout_tcp_inspect', 'project_id', 'created_at', 'updated_at'],
        code: ['id', 'default_pool_id', 'project_id'],
      },
      { id: 'pools', label: 'Pools', fields: [], resource: { name: 'pool', filter: { listenerId: '{id}' }, values: { loadbalancer_id: '{loadbalancerId}', parentResourceId: '{id}' } } },
      { id: 'l7policies', label: 'L7 Policies', fields: [], resource: { name: 'l7-policy', filter: { listenerId: '{id}' }, values: { parentResourceId: '{id}' } } },
    ],
  },
  texts: { listError: 'Unable to retrieve listeners.', loadError: 'Unable to retrieve listener.' },
});
