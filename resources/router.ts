import schema from '../schemas/router.schema.json';
import { defineResource } from '../src/descriptor';
import type { RouterEntity } from '../shared/generated';
import { ADMIN_PROJECT_FACET, ADMIN_STATE_FACET, ADMIN_STATE_UP_FACET, facetsByDashboard } from './shared/facets';

const ROUTER_STATUS_OPTIONS = [
  { key: 'ACTIVE', label: 'Active' },
  { key: 'DOWN', label: 'Down' },
  { key: 'ERROR', label: 'Error' },
];

const hasGateway = (router: RouterEntity) => Boolean(router.external_gateway_info);

/**
 * Routers (Horizon's /project/routers): Name, Status, External Network,
 * Admin State and Availability Zones; Create Router with an optional
 * external network, Edit Router, Set Gateway and Clear Gateway, and Delete
 * Router, which removes the router's interfaces first. The details have the
 * Overview with the external gateway and the Interfaces tab
 * (resources/router-interface.ts) with Add Interface, as in Horizon (also
 * reached at /project/routers/{id}/addinterface and the topology's
 * /project/network_topology/router/{id}/addinterface, spec 1 §2.1).
 */
export default defineResource<RouterEntity>({
  name: 'router',
  type: 'OS::Neutron::Router',
  service: 'neutron',
  serviceType: 'network',
  schema,
  nameField: 'name',
  labels: { singular: 'Router', plural: 'Routers' },
  panel: {
    dashboard: 'project',
    group: 'Network',
    label: 'Routers',
    path: '/project/routers',
  },
  // Horizon's admin/routers: every project's routers, a page at a time from the server.
  extraPanels: [{ dashboard: 'admin', group: 'Network', label: 'Routers', path: '/admin/routers', policy: [['identity', 'admin_required']], filter: { all_tenants: 'true' }, paging: 'server', navBack: true }],
  // Horizon has Add Interface at both: the Routers panel's and the network topology's (spec 1 §2.1); it is the Interfaces tab's action.
  redirects: [
    { path: '/project/routers/:id/addinterface', to: '/ngdetails/OS::Neutron::Router/{id}?tab=interfaces&action=add-interface' },
    { path: '/project/network_topology/router/:id/addinterface', to: '/ngdetails/OS::Neutron::Router/{id}?tab=interfaces&action=add-interface' },
  ],
  columns: [
    { field: 'tenant_name', dashboards: ['admin'] },
    { field: 'name', defaultSort: 'asc', link: 'detail' },
    { field: 'status' },
    { field: 'external_network' },
    { field: 'admin_state' },
    { field: 'availability_zones', priority: 2 },
  ],
  // Horizon's AdminRoutersFilterAction on the admin panel: Neutron's own filters. Its Status is left out:
  // Neutron refuses a router status filter ("['status'] is invalid attribute for filtering").
  facets: facetsByDashboard(
    [{ name: 'name', label: 'Router Name', singleton: true }, { name: 'status', label: 'Status', singleton: true, options: ROUTER_STATUS_OPTIONS }, ADMIN_STATE_FACET],
    [{ name: 'name', label: 'Router Name', singleton: true }, ADMIN_STATE_UP_FACET, ADMIN_PROJECT_FACET],
  ),
  actions: [
    {
      id: 'create',
      quota: ['router'],
      kind: 'form',
      label: 'Create Router',
      form: 'createForm',
      policy: [['network', 'create_router']],
      dashboards: ['project'],
      success: 'Router {name} was successfully created.',
      failure: 'Failed to create router "{name}": {error}',
    },
    {
      id: 'set-gateway',
      kind: 'edit',
      label: 'Set Gateway',
      form: 'gatewayForm',
      size: 'md',
      policy: [['network', 'update_router']],
      allowed: (router) => !hasGateway(router),
      // Horizon's admin routers table has Edit and Delete only.
      dashboards: ['project'],
      prefill: () => ({}),
      success: 'Gateway interface is added',
      failure: 'Failed to set gateway to router {name}: {error}',
    },
    {
      id: 'clear-gateway',
      kind: 'operation',
      operation: 'clear-gateway',
      label: 'Clear Gateway',
      labelPlural: 'Clear Gateways',
      past: 'Cleared Gateway',
      pastPlural: 'Cleared Gateways',
      placement: ['row'],
      confirm: 'This action cannot be undone.',
      policy: [['network', 'update_router']],
      allowed: hasGateway,
      dashboards: ['project'],
      failure: 'Unable to clear gateway for router "{name}": {error}',
    },
    {
      id: 'edit',
      kind: 'edit',
      label: 'Edit Router',
      form: 'editForm',
      size: 'md',
      policy: [['network', 'update_router']],
      prefill: (router) => ({ name: router.name, admin_state_up: router.admin_state_up }),
      success: 'Router {name} was successfully updated.',
      failure: 'Failed to update router {name}: {error}',
    },
    { id: 'delete', kind: 'delete', policy: [['network', 'delete_router']] },
  ],
  detail: {
    tabs: [
      {
        id: 'overview',
        label: 'Overview',
        fields: [
          'name',
          'id',
          'description',
          'project_id',
          'status',
          'admin_state',
          'availability_zones',
          'external_network',
          'external_network_id',
          'external_fixed_ips',
          'snat',
        ],
        code: ['id', 'project_id', 'external_network_id'],
      },
      {
        id: 'interfaces',
        label: 'Interfaces',
        fields: [],
        resource: { name: 'router-interface', filter: { router_id: '{id}' }, values: { router_id: '{id}' } },
      },
    ],
  },
  texts: { listError: 'Unable to retrieve router list.', loadError: 'Unable to retrieve details for router.' },
});
