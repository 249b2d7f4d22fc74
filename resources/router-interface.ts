import schema from '../schemas/router-interface.schema.json';
import { defineResource } from '../src/descriptor';
import type { RouterInterfaceEntity } from '../shared/generated';

/**
 * A router's interfaces, listed in its details' Interfaces tab (Horizon's
 * routers/ports table): Name, Fixed IPs, Status, Type and Admin State, and
 * Add Interface on the tab's toolbar and
 * Delete Interface for internal interfaces (the gateway goes with Clear
 * Gateway).
 */
export default defineResource<RouterInterfaceEntity>({
  name: 'router-interface',
  type: 'OS::Neutron::RouterInterface',
  service: 'neutron',
  serviceType: 'network',
  schema,
  idField: 'key',
  nameField: 'name_or_id',
  labels: { singular: 'Interface', plural: 'Interfaces' },
  columns: [
    { field: 'name_or_id', defaultSort: 'asc' },
    { field: 'fixed_ips_text' },
    { field: 'status' },
    { field: 'interface_type' },
    { field: 'admin_state' },
  ],
  actions: [
    // Horizon's Interfaces tab button; the tab adds the router's id to what it sends.
    {
      id: 'add-interface',
      kind: 'form',
      label: 'Add Interface',
      form: 'addInterfaceForm',
      policy: [['network', 'add_router_interface']],
      success: 'Interface added',
      failure: 'Failed to add interface: {error}',
    },
    {
      id: 'delete',
      kind: 'delete',
      policy: [['network', 'remove_router_interface']],
      allowed: (port) => port.interface_type === 'Internal Interface',
    },
  ],
  texts: { listError: 'Unable to retrieve port details.' },
});
