import schema from '../schemas/port.schema.json';
import { defineResource } from '../src/descriptor';
import type { PortEntity } from '../shared/generated';

/**
 * Ports: a network's Ports tab (Name linked to the port, Fixed IPs, MAC
 * Address, Attached Device, Status, Admin State) and the port's detail page,
 * reached as Horizon's `{project|admin}/networks/ports/{port_id}/detail`
 * (spec 2 §2.2), where the trunk list's parent ports link.
 */
export default defineResource<PortEntity>({
  name: 'port',
  type: 'OS::Neutron::Port',
  service: 'neutron',
  serviceType: 'network',
  schema,
  nameField: 'name_or_id',
  labels: { singular: 'Port', plural: 'Ports' },
  redirects: [{ path: '/project/networks/ports/:id/detail' }, { path: '/admin/networks/ports/:id/detail' }],
  columns: [
    { field: 'name_or_id', label: 'Name', defaultSort: 'asc', link: 'detail' },
    { field: 'fixed_ips_text' },
    { field: 'mac_address' },
    { field: 'attached_device' },
    { field: 'status' },
    { field: 'admin_state' },
  ],
  facets: [{ name: 'name_or_id', label: 'Name', singleton: true }],
  detail: {
    tabs: [
      {
        id: 'overview',
        label: 'Overview',
        fields: [
          'name',
          'id',
          'network_name',
          'network_id',
          'project_id',
          'mac_address',
          'status',
          'admin_state',
          'port_security_enabled',
          'fixed_ips_text',
          'device_owner',
          'device_id',
          'security_group_names',
          'binding__vnic_type',
          'binding__host_id',
          'trunk_id',
          'segmentation_type',
          'segmentation_id',
          'created_at',
          'updated_at',
        ],
        code: ['id', 'network_id', 'mac_address', 'device_id', 'trunk_id'],
      },
    ],
  },
  texts: { listError: 'Unable to retrieve ports.', loadError: 'Unable to retrieve port details.' },
});
