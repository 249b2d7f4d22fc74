import schema from '../schemas/network.schema.json';
import { adminNetworkCreateBodies, networkCreateBodies } from '../dataProviders/neutron-networks';
import { type ActionDescriptor, defineResource } from '../src/descriptor';
import type { NetworkEntity } from '../shared/generated';
import { ADMIN_PROJECT_FACET, ADMIN_STATE_FACET, ADMIN_STATE_UP_FACET, facetsByDashboard, YES_NO_OPTIONS } from './shared/facets';

const NETWORK_STATUS_OPTIONS = ['ACTIVE', 'DOWN', 'BUILD', 'ERROR'].map((status) => ({ key: status, label: status.charAt(0) + status.slice(1).toLowerCase() }));

/**
 * A shared network is the admin's to manage (Horizon's CheckNetworkEditable),
 * and an external one is not deleted from the project panel (spec 1 §4.5:
 * only non-external networks offer delete).
 */
const editable = (network: NetworkEntity) => network.shared !== true && network.router__external !== true;

/** Edit Network, on the project's panel for its own networks and on the admin's for any. */
const EDIT_NETWORK = {
  id: 'edit',
  kind: 'edit',
  label: 'Edit Network',
  form: 'editForm',
  policy: [['network', 'update_network']],
  // Only what changed is sent: an unchanged 'Shared' must not meet update_network:shared.
  payload: (values, network) => Object.fromEntries(Object.entries(values).filter(([key, value]) => value !== undefined && network?.[key as keyof NetworkEntity] !== value)),
  prefill: (network) => ({ name: network.name, admin_state_up: network.admin_state_up, shared: network.shared }),
  success: 'Network {name} was successfully updated.',
  failure: 'Failed to update network {name}',
} satisfies ActionDescriptor<NetworkEntity>;

/** Horizon's tab ids, so `?tab=network_tabs__subnets_tab` (spec 1 §2.1) opens the Subnets tab. */
const SUBNETS_TAB = 'network_tabs__subnets_tab';

/**
 * Networks (Horizon's /project/networks; spec 1 §2.1, §5; api-contract §8):
 * the project's networks with the shared and external ones, the Create
 * Network wizard (Network, Subnet, Subnet Details) with the subnet-pool
 * rules, Edit Network, delete (the subnets, then the network), and the
 * details with the Overview, Subnets and Ports tabs.
 */
export default defineResource<NetworkEntity>({
  name: 'network',
  type: 'OS::Neutron::Net',
  service: 'neutron',
  serviceType: 'network',
  schema,
  nameField: 'name_or_id',
  labels: { singular: 'Network', plural: 'Networks' },
  panel: { dashboard: 'project', group: 'Network', label: 'Networks', path: '/project/networks', order: -1 },
  // Horizon's admin/networks: every project's networks, a page at a time from the server.
  extraPanels: [{ dashboard: 'admin', group: 'Network', label: 'Networks', path: '/admin/networks', policy: [['identity', 'admin_required']], filter: { all_tenants: 'true' }, paging: 'server', navBack: true }],
  redirects: [
    // Horizon's detail URL, and the topology's 'network/{id}/subnet/create' (spec 1 §2.1).
    { path: '/project/networks/:id/detail' },
    { path: '/project/networks/:id/subnet/create', to: `/ngdetails/OS::Neutron::Net/{id}?tab=${SUBNETS_TAB}&action=create` },
    { path: '/project/network_topology/network/:id/subnet/create', to: `/ngdetails/OS::Neutron::Net/{id}?tab=${SUBNETS_TAB}&action=create` },
  ],
  columns: [
    { field: 'tenant_name', dashboards: ['admin'] },
    { field: 'name_or_id', label: 'Name', defaultSort: 'asc', link: 'detail' },
    { field: 'subnets_associated' },
    { field: 'shared' },
    { field: 'router__external' },
    { field: 'status' },
    { field: 'admin_state' },
    { field: 'availability_zones', priority: 2 },
  ],
  // Neutron networks stay in BUILD until their ports are wired.
  poll: { field: 'status', values: ['BUILD'] },
  // Horizon's AdminNetworksFilterAction on the admin panel: Neutron's own filters (names exact).
  facets: facetsByDashboard(
    [
      { name: 'name_or_id', label: 'Name', singleton: true },
      { name: 'shared', label: 'Shared', singleton: true, options: YES_NO_OPTIONS },
      { name: 'router__external', label: 'External', singleton: true, options: YES_NO_OPTIONS },
      { name: 'status', label: 'Status', singleton: true, options: NETWORK_STATUS_OPTIONS },
      ADMIN_STATE_FACET,
    ],
    [
      ADMIN_PROJECT_FACET,
      { name: 'name', label: 'Name', singleton: true },
      { name: 'shared', label: 'Shared', singleton: true, options: YES_NO_OPTIONS },
      { name: 'router:external', label: 'External', singleton: true, options: YES_NO_OPTIONS },
      { name: 'status', label: 'Status', singleton: true, options: NETWORK_STATUS_OPTIONS },
      ADMIN_STATE_UP_FACET,
    ],
  ),
  actions: [
    {
      id: 'create',
      quota: ['network'],
      kind: 'wizard',
      label: 'Create Network',
      form: 'createForm',
      policy: [['network', 'create_network']],
      dashboards: ['project'],
      // One POST for the network, one for its subnet (dataProviders/neutron-networks.ts).
      payload: (values) => networkCreateBodies(values),
      success: 'Successfully created network "{name}".',
      failure: 'Unable to create network "{name}".',
    },
    {
      // Admin > Networks: for any project, with the provider network fields, shared and external.
      id: 'admin-create',
      kind: 'wizard',
      label: 'Create Network',
      form: 'adminCreateForm',
      policy: [['network', 'create_network']],
      dashboards: ['admin'],
      payload: (values) => adminNetworkCreateBodies(values),
      success: 'Successfully created network "{name}".',
      failure: 'Failed to create network {name}',
    },
    { ...EDIT_NETWORK, allowed: editable, dashboards: ['project'] },
    // Admin > Networks edits any network, shared and external ones too.
    { ...EDIT_NETWORK, id: 'admin-edit', dashboards: ['admin'] },
    {
      id: 'create-subnet',
      kind: 'link',
      label: 'Create Subnet',
      policy: [['network', 'create_subnet']],
      allowed: editable,
      to: '/project/networks/{id}/subnet/create',
    },
    // Horizon deletes the subnets first, then the network (server/api/neutron/network-details.ts).
    { id: 'delete', kind: 'delete', policy: [['network', 'delete_network']], allowed: editable, showReason: true, dashboards: ['project'] },
    { id: 'admin-delete', kind: 'delete', policy: [['network', 'delete_network']], dashboards: ['admin'] },
  ],
  detail: {
    tabs: [
      {
        id: 'network_tabs__overview',
        label: 'Overview',
        fields: ['name', 'id', 'project_id', 'status', 'admin_state', 'shared', 'router__external', 'mtu', 'availability_zones', 'provider__network_type', 'provider__physical_network', 'provider__segmentation_id', 'created_at', 'updated_at'],
        code: ['id', 'project_id'],
      },
      { id: SUBNETS_TAB, label: 'Subnets', fields: [], resource: { name: 'subnet', filter: { network_id: '{id}' }, values: { network_id: '{id}' } } },
      { id: 'network_tabs__ports_tab', label: 'Ports', fields: [], resource: { name: 'port', filter: { network_id: '{id}' } } },
    ],
  },
  texts: { listError: 'Unable to retrieve networks.', loadError: 'Unable to retrieve details for network.' },
});
