import schema from '../schemas/quota.schema.json';
import { defineResource } from '../src/descriptor';
import type { QuotaEntity } from '../shared/generated';

/**
 * Admin > System > Defaults (Horizon's admin/defaults): the default quotas of
 * Nova, Cinder and Neutron with Quota Name and Limit, the service as Horizon's
 * tab names it, and 'Update Default Quotas' (Compute and Volume steps) for
 * the admin.
 */
export default defineResource<QuotaEntity>({
  name: 'quota-default',
  type: 'OS::Dashboard::DefaultQuota',
  service: 'nova',
  serviceType: 'compute',
  schema,
  nameField: 'display_name',
  labels: { singular: 'Default Quota', plural: 'Default Quotas' },
  panel: { dashboard: 'admin', group: 'System', label: 'Defaults', path: '/admin/defaults', policy: [['identity', 'admin_required']] },
  columns: [{ field: 'display_name' }, { field: 'limit', sortable: false }, { field: 'service' }],
  facets: [
    {
      name: 'service',
      label: 'Service',
      singleton: true,
      options: [
        { key: 'compute', label: 'Compute Quotas' },
        { key: 'volume', label: 'Volume Quotas' },
        { key: 'network', label: 'Network Quotas' },
      ],
    },
    { name: 'display_name', label: 'Quota Name', singleton: true },
  ],
  actions: [
    {
      id: 'update',
      kind: 'wizard',
      label: 'Update Default Quotas',
      form: 'defaultsForm',
      fromList: (quotas) => Object.fromEntries(quotas.filter((quota) => quota.service !== 'network').map((quota) => [quota.name, quota.limit])),
      policy: [['compute', 'os_compute_api:os-quota-class-sets:update']],
      success: 'Default quotas updated.',
      failure: 'Unable to update default quotas.',
    },
  ],
  texts: { listError: 'Unable to get nova quota info.' },
});
