import schema from '../schemas/hypervisor.schema.json';
import { defineResource } from '../src/descriptor';
import type { HypervisorEntity } from '../shared/generated';

/**
 * Admin > Compute > Hypervisors (Horizon's admin/hypervisors): every compute
 * host's hypervisor with its capacity and use, and its instances in the
 * details, so the admin finds where an instance runs (and where a live
 * migration took it). The server refuses members the list.
 */
export default defineResource<HypervisorEntity>({
  name: 'hypervisor',
  type: 'OS::Nova::Hypervisor',
  service: 'nova',
  serviceType: 'compute',
  schema,
  nameField: 'hypervisor_hostname',
  labels: { singular: 'Hypervisor', plural: 'Hypervisors' },
  panel: { dashboard: 'admin', group: 'Compute', label: 'Hypervisors', path: '/admin/hypervisors', policy: [['identity', 'admin_required']] },
  columns: [
    { field: 'hypervisor_hostname', defaultSort: 'asc', link: 'detail' },
    { field: 'hypervisor_type', priority: 2 },
    { field: 'vcpus_used' },
    { field: 'vcpus' },
    { field: 'memory_mb_used' },
    { field: 'memory_mb' },
    { field: 'local_gb_used', priority: 2 },
    { field: 'local_gb', priority: 2 },
    { field: 'running_vms' },
    { field: 'instances', priority: 3 },
  ],
  facets: [{ name: 'hypervisor_hostname', label: 'Hostname', singleton: true }],
  texts: { listError: 'Unable to retrieve hypervisor information.', loadError: 'Unable to retrieve hypervisor information.' },
  actions: [],
  detail: {
    tabs: [
      {
        id: 'overview',
        label: 'Overview',
        fields: ['hypervisor_hostname', 'hypervisor_type', 'host_ip', 'state', 'status', 'vcpus_used', 'vcpus', 'memory_mb_used', 'memory_mb', 'local_gb_used', 'local_gb', 'running_vms'],
        table: { field: 'servers', title: 'Instances', columns: [{ field: 'name', label: 'Instance' }, { field: 'uuid', label: 'Instance ID' }] },
      },
    ],
  },
});
