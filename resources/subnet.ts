import schema from '../schemas/subnet.schema.json';
import { subnetBody, subnetFormValues, subnetUpdateBody } from '../dataProviders/neutron-networks';
import { defineResource } from '../src/descriptor';
import type { SubnetEntity } from '../shared/generated';

/**
 * A network's subnets (its Subnets tab, spec 1 §2.1): Name, CIDR, IP
 * Version, Gateway IP; Create Subnet (the network wizard's Subnet and Subnet
 * Details steps; the tab adds the network's id), Edit Subnet, Delete Subnet,
 * and the subnet's overview.
 */
export default defineResource<SubnetEntity>({
  name: 'subnet',
  type: 'OS::Neutron::Subnet',
  service: 'neutron',
  serviceType: 'network',
  schema,
  nameField: 'name_or_id',
  labels: { singular: 'Subnet', plural: 'Subnets' },
  // Horizon's subnet detail URL, where the network topology's subnets link (api-contract §12).
  redirects: [{ path: '/project/networks/subnets/:id/detail' }],
  columns: [
    { field: 'name_or_id', label: 'Name', defaultSort: 'asc', link: 'detail' },
    { field: 'cidr', label: 'CIDR' },
    { field: 'ipver_str' },
    { field: 'gateway_ip' },
  ],
  facets: [{ name: 'name_or_id', label: 'Name', singleton: true }],
  actions: [
    {
      id: 'create',
      kind: 'wizard',
      label: 'Create Subnet',
      form: 'createForm',
      policy: [['network', 'create_subnet']],
      payload: (values) => subnetBody(values),
      success: 'Successfully created subnet "{name_or_id}".',
      failure: 'Failed to create subnet "{cidr}".',
    },
    {
      id: 'edit',
      kind: 'wizard',
      mode: 'edit',
      label: 'Edit Subnet',
      form: 'editForm',
      policy: [['network', 'update_subnet']],
      prefill: (subnet) => subnetFormValues(subnet),
      payload: (values) => subnetUpdateBody(values),
      success: 'Updated subnet "{name_or_id}".',
      failure: 'Unable to update subnet "{cidr}".',
    },
    // Neutron's refusal (a port still using an address) is shown with the subnet's name.
    { id: 'delete', kind: 'delete', policy: [['network', 'delete_subnet']], showReason: true },
  ],
  detail: {
    tabs: [
      {
        id: 'overview',
        label: 'Overview',
        fields: ['name', 'id', 'network_id', 'subnetpool_id', 'ipver_str', 'cidr', 'allocation_pools_text', 'gateway_ip', 'enable_dhcp', 'host_routes_text', 'dns_nameservers', 'ipv6_address_mode', 'ipv6_ra_mode', 'project_id', 'created_at', 'updated_at'],
        code: ['id', 'network_id'],
      },
    ],
  },
  texts: { listError: 'Unable to retrieve subnets.', loadError: 'Unable to retrieve subnet details.' },
});
