import schema from '../schemas/floating-ip.schema.json';
import { defineResource } from '../src/descriptor';
import type { FloatingIpEntity } from '../shared/generated';
import { ADMIN_PROJECT_FACET, facetsByDashboard } from './shared/facets';

const FIP_STATUS_OPTIONS = [
  { key: 'ACTIVE', label: 'Active' },
  { key: 'DOWN', label: 'Down' },
  { key: 'ERROR', label: 'Error' },
];

/**
 * Floating IPs (Horizon's /project/floating_ips; api-contract §7): IP
 * Address, Description, DNS Name, Mapped Fixed IP Address, Pool and Status;
 * Allocate IP To Project from a pool, Associate with a port a router with a
 * gateway on the address's network reaches, Disassociate, and Release.
 */
export default defineResource<FloatingIpEntity>({
  name: 'floating-ip',
  type: 'OS::Neutron::FloatingIP',
  service: 'neutron',
  serviceType: 'network',
  schema,
  nameField: 'ip',
  labels: { singular: 'Floating IP', plural: 'Floating IPs', deleteVerb: { present: 'Release', past: 'Released' } },
  panel: {
    dashboard: 'project',
    group: 'Network',
    label: 'Floating IPs',
    path: '/project/floating_ips',
  },
  // Horizon's admin/floating_ips: every project's addresses, a page at a time from the server.
  extraPanels: [{ dashboard: 'admin', group: 'Network', label: 'Floating IPs', path: '/admin/floating_ips', policy: [['identity', 'admin_required']], filter: { all_tenants: 'true' }, paging: 'server', navBack: true }],
  columns: [
    { field: 'tenant_name', dashboards: ['admin'] },
    { field: 'ip', defaultSort: 'asc' },
    { field: 'description', priority: 2 },
    { field: 'dns_name', priority: 2 },
    { field: 'mapped_fixed_ip' },
    { field: 'pool_name' },
    { field: 'status' },
  ],
  // Horizon's AdminFloatingIPsFilterAction on the admin panel: Neutron's own filters; the pool is named, the server finds its network.
  facets: facetsByDashboard(
    [
      { name: 'ip', label: 'IP Address', singleton: true },
      { name: 'mapped_fixed_ip', label: 'Mapped Fixed IP Address', singleton: true },
      { name: 'pool_name', label: 'Pool', singleton: true },
      { name: 'status', label: 'Status', singleton: true, options: FIP_STATUS_OPTIONS },
    ],
    [
      ADMIN_PROJECT_FACET,
      { name: 'floating_ip_address', label: 'Floating IP Address', singleton: true },
      { name: 'fixed_ip_address', label: 'Mapped Fixed IP Address', singleton: true },
      { name: 'pool', label: 'Pool', singleton: true },
      { name: 'status', label: 'Status', singleton: true, options: FIP_STATUS_OPTIONS },
    ],
  ),
  actions: [
    {
      id: 'allocate',
      quota: ['floatingip'],
      kind: 'form',
      label: 'Allocate IP To Project',
      form: 'createForm',
      size: 'md',
      policy: [['network', 'create_floatingip']],
      dashboards: ['project'],
      success: 'Allocated Floating IP {ip}.',
      failure: 'Unable to allocate Floating IP: {error}',
    },
    {
      // Admin > Floating IPs: to a chosen project, from a chosen pool, optionally a given address.
      id: 'admin-allocate',
      kind: 'form',
      label: 'Allocate IP To Project',
      form: 'adminCreateForm',
      size: 'md',
      policy: [['network', 'create_floatingip']],
      dashboards: ['admin'],
      success: 'Allocated floating IP {ip}.',
      failure: 'Unable to allocate floating IP.',
    },
    {
      id: 'associate',
      kind: 'edit',
      label: 'Associate',
      form: 'associateForm',
      size: 'md',
      policy: [['network', 'update_floatingip']],
      dashboards: ['project'],
      allowed: (fip) => !fip.port_id,
      prefill: () => ({}),
      success: 'IP address {ip} associated.',
      failure: 'Unable to associate IP address {ip}: {error}',
    },
    {
      id: 'disassociate',
      kind: 'operation',
      operation: 'disassociate',
      label: 'Disassociate',
      past: 'Successfully disassociated Floating IP',
      confirm: 'This action cannot be undone.',
      policy: [['network', 'update_floatingip']],
      allowed: (fip) => Boolean(fip.port_id),
      failure: 'Unable to disassociate floating IP {name}: {error}',
    },
    { id: 'release', kind: 'delete', policy: [['network', 'delete_floatingip']] },
  ],
  texts: { listError: 'Unable to retrieve floating IP addresses.' },
});
