import schema from '../schemas/lb-flavor.schema.json';
import { defineResource } from '../src/descriptor';
import type { LbFlavorEntity } from '../shared/generated';
import { lbPolicy } from './shared/lbaas';

/**
 * Admin > Network > Load Balancer Flavors: Octavia's flavors (spec 3 §3.1:
 * id, name, description, is_enabled; api-contract §10 flavors/), each built
 * on a flavor profile; create, edit (name, description, enabled) and delete
 * under Octavia's flavor rules, which the server enforces too. The load
 * balancer wizard offers only the enabled ones (spec 3 §9.1).
 */
export default defineResource<LbFlavorEntity>({
  name: 'lb-flavor',
  type: 'OS::Octavia::Flavor',
  service: 'lbaas',
  serviceType: 'load-balancer',
  schema,
  nameField: 'name',
  labels: { singular: 'Flavor', plural: 'Flavors' },
  panel: { dashboard: 'admin', group: 'Network', label: 'Load Balancer Flavors', path: '/admin/load_balancer_flavors', policy: lbPolicy('flavor', 'post') },
  columns: [{ field: 'name', defaultSort: 'asc', link: 'detail' }, { field: 'description' }, { field: 'flavor_profile_id', priority: 2 }, { field: 'is_enabled' }],
  facets: [{ name: 'name', label: 'Name', singleton: true }],
  actions: [
    {
      id: 'create',
      kind: 'form',
      label: 'Create Flavor',
      form: 'createForm',
      size: 'md',
      policy: lbPolicy('flavor', 'post'),
      success: 'The flavor {name} has been created.',
      failure: 'Unable to create flavor.',
    },
    { id: 'edit', kind: 'edit', label: 'Edit Flavor', form: 'editForm', size: 'md', policy: lbPolicy('flavor', 'put'), success: 'The flavor has been updated.', failure: 'Unable to update flavor.' },
    { id: 'delete', kind: 'delete', policy: lbPolicy('flavor', 'delete') },
  ],
  detail: { tabs: [{ id: 'overview', label: 'Overview', fields: ['name', 'id', 'description', 'flavor_profile_id', 'is_enabled'], code: ['id', 'flavor_profile_id'] }] },
  texts: { listError: 'Unable to retrieve flavors.', loadError: 'Unable to retrieve flavor.' },
});
