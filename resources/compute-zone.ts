import schema from '../schemas/compute-zone.schema.json';
import { defineResource } from '../src/descriptor';
import type { ComputeZoneEntity } from '../shared/generated';

/**
 * Admin > Host Aggregates' Availability Zones tab (Horizon's
 * AvailabilityZonesTable): every zone Nova reports, its hosts with whether
 * their services are up, and whether the zone is available.
 */
export default defineResource<ComputeZoneEntity>({
  name: 'compute-zone',
  type: 'OS::Nova::AvailabilityZone',
  service: 'nova',
  serviceType: 'compute',
  schema,
  nameField: 'zoneName',
  labels: { singular: 'Availability Zone', plural: 'Availability Zones' },
  columns: [{ field: 'zoneName', defaultSort: 'asc' }, { field: 'hosts_text' }, { field: 'available' }],
  facets: [{ name: 'zoneName', label: 'Name', singleton: true }],
  actions: [],
  texts: { listError: 'Unable to retrieve availability zone data.' },
});
