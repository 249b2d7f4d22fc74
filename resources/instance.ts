import schema from '../schemas/instance.schema.json';
import { defineResource } from '../src/descriptor';
import type { InstanceEntity } from '../shared/generated';
import { ADMIN_PROJECT_FACET, facetsByDashboard } from './shared/facets';
import { INSTANCE_MORE_ACTIONS as MORE } from './shared/instance-actions';

/**
 * Statuses Horizon's instances table treats as settled (tables.py
 * STATUS_CHOICES), plus VERIFY_RESIZE, which waits for the user's verdict.
 */
const SETTLED_STATUSES = ['ACTIVE', 'SHUTOFF', 'SUSPENDED', 'PAUSED', 'ERROR', 'RESCUE', 'SHELVED', 'SHELVED_OFFLOADED', 'VERIFY_RESIZE', 'SOFT_DELETED'];

/** Horizon's is_deleting: the instance's task is 'deleting'. */
const isDeleting = (server: InstanceEntity) => server.task === 'deleting';
const isActive = (server: InstanceEntity) => server.status === 'ACTIVE';
const isActiveOrShutoff = (server: InstanceEntity) => server.status === 'ACTIVE' || server.status === 'SHUTOFF';

/** Horizon's RebootInstance help text, shown in the confirm of both reboots. */
const REBOOT_HELP = 'Restarted instances will lose any data not saved in persistent storage.';

/**
 * Instances (spec 2 §2.2, §4, §7.4; api-contract §6; Horizon's
 * project/instances tables.py): the project's servers with their image,
 * addresses, flavor, key pair, status and task (polled while either is in
 * transition), zone, power state and age; Horizon's row and batch actions
 * with their allowed states and texts; the details with Overview, Log,
 * Console and Action Log tabs. Launch and Resize are custom screens
 * (custom/launch/), Retrieve Password a custom modal (custom/instances/).
 */
export default defineResource<InstanceEntity>({
  name: 'instance',
  type: 'OS::Nova::Server',
  service: 'nova',
  serviceType: 'compute',
  schema,
  nameField: 'name',
  labels: { singular: 'Instance', plural: 'Instances' },
  panel: { dashboard: 'project', group: 'Compute', label: 'Instances', path: '/project/instances', order: -1 },
  // Admin > Compute > Instances: every project's, paged by the server, with the Project column.
  extraPanels: [{ dashboard: 'admin', group: 'Compute', label: 'Instances', path: '/admin/instances', policy: [['identity', 'admin_required']], filter: { all_tenants: 'true' }, navBack: true }],
  // Paged by the server, Horizon's way (api-contract §1.6): a large project opens its first page without the rest.
  paging: 'server',
  columns: [
    { field: 'tenant_name', dashboards: ['admin'] },
    { field: 'name', label: 'Instance Name', defaultSort: 'asc', link: 'detail' },
    { field: 'image_name', priority: 2 },
    { field: 'ip_address', nowrap: true },
    { field: 'flavor_name', label: 'Flavor', sortable: false, nowrap: true },
    { field: 'key_name', priority: 2 },
    { field: 'status' },
    { field: 'availability_zone', priority: 2 },
    { field: 'task', nowrap: true },
    { field: 'power_state', nowrap: true },
    { field: 'age', priority: 2, nowrap: true },
  ],
  // Horizon's status columns: a row polls while its status is not settled or a task runs.
  poll: { when: (server) => !SETTLED_STATUSES.includes(server.status) || server.task !== 'none' },
  // Horizon's AdminInstanceFilterAction on the admin panel: Nova's own filters (a name is a regular expression, an address a prefix).
  facets: facetsByDashboard(
    [
      { name: 'name', label: 'Instance Name', singleton: true },
      { name: 'image_name', label: 'Image Name', singleton: true },
      { name: 'flavor_name', label: 'Flavor Name', singleton: true },
      { name: 'key_name', label: 'Key Pair Name', singleton: true },
      { name: 'status', label: 'Status', singleton: true },
      { name: 'availability_zone', label: 'Availability Zone', singleton: true },
    ],
    [
      { ...ADMIN_PROJECT_FACET, label: 'Project Name' },
      { name: 'tenant_id', label: 'Project ID', singleton: true },
      { name: 'host', label: 'Host Name', singleton: true },
      { name: 'name', label: 'Instance Name', singleton: true },
      { name: 'image', label: 'Image ID', singleton: true },
      { name: 'ip', label: 'IPv4 Address', singleton: true },
      { name: 'ip6', label: 'IPv6 Address', singleton: true },
      { name: 'flavor', label: 'Flavor ID', singleton: true },
      { name: 'status', label: 'Status', singleton: true },
      { name: 'availability_zone', label: 'Availability Zone', singleton: true },
    ],
  ),
  texts: { listError: 'Unable to retrieve instances.', loadError: 'Unable to retrieve details for instance.' },
  actions: [
    { id: 'launch', kind: 'link', placement: 'toolbar', label: 'Launch Instance', to: '/project/instances/launch', policy: [['compute', 'os_compute_api:servers:create']], quota: ['instances', 'cores', 'ram'], dashboards: ['project'] },
    {
      id: 'start',
      kind: 'operation',
      operation: 'start',
      label: 'Start Instance',
      labelPlural: 'Start Instances',
      past: 'Started Instance',
      pastPlural: 'Started Instances',
      placement: ['row', 'batch'],
      policy: [['compute', 'os_compute_api:servers:start']],
      allowed: (server) => ['SHUTDOWN', 'SHUTOFF', 'CRASHED'].includes(server.status),
    },
    {
      id: 'confirm-resize',
      kind: 'operation',
      operation: 'confirm_resize',
      label: 'Confirm Resize/Migrate',
      policy: [['compute', 'os_compute_api:servers:confirm_resize']],
      allowed: (server) => server.status === 'VERIFY_RESIZE',
      failure: 'Unable to confirm resize instance "{name}".',
    },
    {
      id: 'revert-resize',
      kind: 'operation',
      operation: 'revert_resize',
      label: 'Revert Resize/Migrate',
      policy: [['compute', 'os_compute_api:servers:revert_resize']],
      allowed: (server) => server.status === 'VERIFY_RESIZE',
      failure: 'Unable to revert resize instance "{name}".',
    },
    MORE.snapshot,
    MORE['associate-floating-ip'],
    MORE['disassociate-floating-ip'],
    MORE['attach-interface'],
    MORE['detach-interface'],
    MORE.edit,
    MORE['attach-volume'],
    MORE['detach-volume'],
    {
      id: 'decryptpassword',
      kind: 'link',
      label: 'Retrieve Password',
      to: '/project/instances/{id}/decryptpassword',
      allowed: (server) => isActiveOrShutoff(server) && !isDeleting(server) && Boolean(server.key_name),
    },
    MORE['security-groups'],
    {
      id: 'console',
      kind: 'link',
      label: 'Console',
      to: '/ngdetails/OS::Nova::Server/{id}?tab=console',
      // Horizon's rule for it (os-consoles:index) is no longer in Nova's policy, so it always passes: none here.
      allowed: (server) => isActive(server) && !isDeleting(server),
    },
    {
      id: 'log',
      kind: 'link',
      label: 'View Log',
      to: '/ngdetails/OS::Nova::Server/{id}?tab=log',
      policy: [['compute', 'os_compute_api:os-console-output']],
      allowed: (server) => isActive(server) && !isDeleting(server),
    },
    MORE.rescue,
    MORE.unrescue,
    {
      id: 'pause',
      kind: 'operation',
      operation: 'pause',
      label: 'Pause Instance',
      labelPlural: 'Pause Instances',
      past: 'Paused Instance',
      pastPlural: 'Paused Instances',
      policy: [['compute', 'os_compute_api:os-pause-server:pause']],
      allowed: (server) => isActive(server) && !isDeleting(server),
    },
    {
      id: 'unpause',
      kind: 'operation',
      operation: 'unpause',
      label: 'Resume Instance',
      labelPlural: 'Resume Instances',
      past: 'Resumed Instance',
      pastPlural: 'Resumed Instances',
      policy: [['compute', 'os_compute_api:os-pause-server:unpause']],
      allowed: (server) => server.status === 'PAUSED' && !isDeleting(server),
    },
    {
      id: 'suspend',
      kind: 'operation',
      operation: 'suspend',
      label: 'Suspend Instance',
      labelPlural: 'Suspend Instances',
      past: 'Suspended Instance',
      pastPlural: 'Suspended Instances',
      policy: [['compute', 'os_compute_api:os-suspend-server:suspend']],
      allowed: (server) => isActive(server) && !isDeleting(server),
    },
    {
      id: 'resume',
      kind: 'operation',
      operation: 'resume',
      label: 'Resume Instance',
      labelPlural: 'Resume Instances',
      past: 'Resumed Instance',
      pastPlural: 'Resumed Instances',
      policy: [['compute', 'os_compute_api:os-suspend-server:resume']],
      allowed: (server) => server.status === 'SUSPENDED' && !isDeleting(server),
    },
    MORE.shelve,
    MORE.unshelve,
    MORE.migrate,
    MORE['live-migrate'],
    {
      id: 'resize',
      kind: 'link',
      label: 'Resize Instance',
      to: '/project/instances/{id}/resize',
      policy: [['compute', 'os_compute_api:servers:resize']],
      allowed: (server) => isActiveOrShutoff(server) && !isDeleting(server),
    },
    MORE.lock,
    MORE.unlock,
    {
      id: 'soft-reboot',
      kind: 'operation',
      operation: 'soft_reboot',
      label: 'Soft Reboot Instance',
      labelPlural: 'Soft Reboot Instances',
      past: 'Soft Rebooted Instance',
      pastPlural: 'Soft Rebooted Instances',
      placement: ['row', 'batch'],
      confirm: REBOOT_HELP,
      policy: [['compute', 'os_compute_api:servers:reboot']],
      allowed: isActive,
    },
    {
      id: 'hard-reboot',
      kind: 'operation',
      operation: 'hard_reboot',
      label: 'Hard Reboot Instance',
      labelPlural: 'Hard Reboot Instances',
      past: 'Hard Rebooted Instance',
      pastPlural: 'Hard Rebooted Instances',
      confirm: REBOOT_HELP,
      policy: [['compute', 'os_compute_api:servers:reboot']],
      allowed: (server) => isActiveOrShutoff(server) && !isDeleting(server),
    },
    {
      id: 'stop',
      kind: 'operation',
      operation: 'stop',
      label: 'Shut Off Instance',
      labelPlural: 'Shut Off Instances',
      past: 'Shut Off Instance',
      pastPlural: 'Shut Off Instances',
      placement: ['row', 'batch'],
      confirm: 'The instance(s) will be shut off.',
      policy: [['compute', 'os_compute_api:servers:stop']],
      allowed: (server) => ['RUNNING', 'SUSPENDED'].includes(server.power_state) && !isDeleting(server),
    },
    MORE.rebuild,
    {
      id: 'delete',
      kind: 'delete',
      policy: [['compute', 'os_compute_api:servers:delete']],
      // An instance in ERROR may be deleted again while its deletion runs.
      allowed: (server) => server.status === 'ERROR' || !isDeleting(server),
      notAllowed: 'You are not allowed to delete instances: {names}',
      notAllowedAs: 'toast',
      // Horizon's DeleteInstance help_text (project/instances/tables.py).
      confirm: 'Deleted instances are not recoverable.',
      success: { singular: 'Scheduled deletion of Instance: {names}', plural: 'Scheduled deletion of Instances: {names}', toast: 'info' },
    },
  ],
  detail: {
    tabs: [
      {
        id: 'overview',
        label: 'Overview',
        // Horizon's overview; the host (admins only), fault, specs, addresses, groups, metadata and volumes come from the component.
        fields: ['name', 'id', 'description', 'tenant_id', 'status', 'locked', 'availability_zone', 'created', 'age'],
        component: 'instance-overview',
      },
      { id: 'log', label: 'Log', fields: [], component: 'instance-log' },
      { id: 'console', label: 'Console', fields: [], component: 'instance-console' },
      { id: 'audit', label: 'Action Log', fields: [], component: 'instance-action-log' },
    ],
  },
});
