import schema from '../schemas/service.schema.json';
import { defineResource } from '../src/descriptor';
import type { ServiceEntity } from '../shared/generated';

/** Admin → System Information: the services of the Keystone catalog. */
export default defineResource<ServiceEntity>({
  name: 'service',
  type: 'OS::Keystone::Service',
  service: 'keystone',
  serviceType: 'identity',
  schema,
  nameField: 'name',
  labels: { singular: 'Service', plural: 'Services' },
  panel: {
    dashboard: 'admin',
    group: 'System',
    label: 'System Information',
    path: '/admin/info',
    policy: [['identity', 'admin_required']],
  },
  columns: [{ field: 'name', defaultSort: 'asc' }, { field: 'type' }, { field: 'region' }],
});
