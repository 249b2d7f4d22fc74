import schema from '../schemas/lb-flavor-profile.schema.json';
import { defineResource } from '../src/descriptor';
import type { LbFlavorProfileEntity } from '../shared/generated';

/** Octavia's flavor-profile rules are the admin's alone (octavia/policies/flavor_profile.py). */
const rule = (verb: string): [string, string][] => [['load-balancer', `os_load-balancer_api:flavor-profile:${verb}`]];

/**
 * Admin > Network > Load Balancer Flavor Profiles: Octavia's flavor profiles
 * (api-contract §10 flavorprofiles/): a provider and the options, as JSON,
 * that load balancers of the flavors built on it get; create (a flavor
 * profile, not Horizon's flavor: its bug is not kept), edit and delete.
 */
export default defineResource<LbFlavorProfileEntity>({
  name: 'lb-flavor-profile',
  type: 'OS::Octavia::FlavorProfile',
  service: 'lbaas',
  serviceType: 'load-balancer',
  schema,
  nameField: 'name',
  labels: { singular: 'Flavor Profile', plural: 'Flavor Profiles' },
  panel: { dashboard: 'admin', group: 'Network', label: 'Load Balancer Flavor Profiles', path: '/admin/load_balancer_flavor_profiles', policy: rule('get_all') },
  columns: [{ field: 'name', defaultSort: 'asc', link: 'detail' }, { field: 'provider_name' }, { field: 'flavor_data', priority: 2 }],
  facets: [{ name: 'name', label: 'Name', singleton: true }],
  actions: [
    {
      id: 'create',
      kind: 'form',
      label: 'Create Flavor Profile',
      form: 'createForm',
      size: 'md',
      policy: rule('post'),
      success: 'The flavor profile {name} has been created.',
      failure: 'Unable to create flavor profile.',
    },
    { id: 'edit', kind: 'edit', label: 'Edit Flavor Profile', form: 'editForm', size: 'md', policy: rule('put'), success: 'The flavor profile has been updated.', failure: 'Unable to update flavor profile.' },
    { id: 'delete', kind: 'delete', policy: rule('delete') },
  ],
  detail: { tabs: [{ id: 'overview', label: 'Overview', fields: ['name', 'id', 'provider_name', 'flavor_data'], code: ['id', 'flavor_data'] }] },
  texts: { listError: 'Unable to retrieve flavor profiles.', loadError: 'Unable to retrieve flavor profile.' },
});
