import schema from '../schemas/lb-amphora.schema.json';
import { defineResource } from '../src/descriptor';
import type { LbAmphoraEntity } from '../shared/generated';

/**
 * Admin > Network > Amphorae (not in the spec or octavia-dashboard: Octavia's
 * operator API `/v2/octavia/amphorae`): the amphorae carrying the load
 * balancers of the amphora provider, with their role, status and load
 * balancer, so the admin sees which load balancer an amphora serves. Read
 * only; the server refuses members.
 */
export default defineResource<LbAmphoraEntity>({
  name: 'lb-amphora',
  type: 'OS::Octavia::Amphora',
  service: 'lbaas',
  serviceType: 'load-balancer',
  schema,
  nameField: 'id',
  labels: { singular: 'Amphora', plural: 'Amphorae' },
  panel: { dashboard: 'admin', group: 'Network', label: 'Amphorae', path: '/admin/amphorae', policy: [['load-balancer', 'os_load-balancer_api:amphora:get_all']] },
  columns: [
    { field: 'id', link: 'detail' },
    { field: 'loadbalancer_id', defaultSort: 'asc' },
    { field: 'role' },
    { field: 'status' },
    { field: 'lb_network_ip', priority: 2 },
    { field: 'ha_ip', priority: 2 },
    { field: 'cached_zone', priority: 3 },
  ],
  facets: [
    { name: 'loadbalancer_id', label: 'Load Balancer ID', singleton: true },
    { name: 'status', label: 'Status', singleton: true },
  ],
  actions: [],
  detail: {
    tabs: [
      {
        id: 'overview',
        label: 'Overview',
        fields: ['id', 'loadbalancer_id', 'role', 'status', 'lb_network_ip', 'ha_ip', 'ha_port_id', 'vrrp_ip', 'vrrp_port_id', 'compute_id', 'compute_flavor', 'image_id', 'cached_zone', 'cert_expiration', 'created_at', 'updated_at'],
        code: ['id', 'loadbalancer_id', 'ha_port_id', 'compute_id'],
      },
    ],
  },
  texts: { listError: 'Unable to retrieve amphorae.', loadError: 'Unable to retrieve amphora.' },
});
