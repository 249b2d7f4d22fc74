import schema from '../schemas/flavor.schema.json';
import { defineResource } from '../src/descriptor';
import type { FlavorEntity } from '../shared/generated';

/**
 * PATCH /api/nova/flavors/{id}/ takes the whole flavor (api-contract §6: Nova
 * cannot change one, so the server recreates it): its sizes as they are, and
 * the new access list; no project means public again. Nova lists no swap as "".
 */
function flavorUpdate(flavor: FlavorEntity, access: { id: string }[]): Record<string, unknown> {
  return {
    name: flavor.name,
    vcpus: flavor.vcpus,
    ram: flavor.ram,
    disk: flavor.disk,
    'OS-FLV-EXT-DATA:ephemeral': flavor['OS-FLV-EXT-DATA:ephemeral'] ?? 0,
    swap: Number(flavor.swap) || 0,
    rxtx_factor: Number(flavor.rxtx_factor) || 1,
    is_public: access.length === 0,
    flavor_access: access.map(({ id }) => ({ id })),
  };
}

/** Only cloud administrators manage flavors (the panel is under Admin; Nova refuses others' writes). */
const ADMIN: [string, string][] = [['identity', 'admin_required']];

/**
 * Flavors (spec 2 §2.3, §3, §8; api-contract §6): the admin list sorted by
 * RAM, create, details and delete. The schema's createForm carries the
 * field limits and the spec's messages.
 */
export default defineResource<FlavorEntity>({
  name: 'flavor',
  type: 'OS::Nova::Flavor',
  service: 'nova',
  serviceType: 'compute',
  schema,
  nameField: 'name',
  labels: { singular: 'Flavor', plural: 'Flavors' },
  panel: { dashboard: 'admin', group: 'Compute', label: 'Flavors', path: '/admin/flavors', policy: ADMIN },
  columns: [
    { field: 'name', link: 'detail' },
    { field: 'vcpus' },
    { field: 'ram', defaultSort: 'asc' },
    { field: 'disk' },
    { field: 'id', priority: 3 },
    { field: 'os-flavor-access:is_public', priority: 2 },
  ],
  // Names filter on the client; /api/nova/flavors/ filters public flavors itself (is_public=true).
  facets: [
    { name: 'name', label: 'Name', singleton: true },
    { name: 'is_public', label: 'Public', isServer: true, singleton: true, options: [{ key: 'true', label: 'Yes' }] },
  ],
  actions: [
    {
      // A two-step workflow as in Horizon: the schema's x-steps 'Flavor Information' and 'Flavor Access',
      // finishing with its x-submitLabel 'Create Flavor'.
      id: 'create',
      kind: 'wizard',
      label: 'Create Flavor',
      form: 'createForm',
      policy: ADMIN,
      unique: [
        { field: 'name', message: 'The name "{name}" is already used by another flavor.' },
        { field: 'id', message: 'The ID "{id}" is already used by another flavor.' },
      ],
      success: 'Created new flavor "{name}".',
      failure: 'Unable to create flavor "{name}".',
    },
    {
      id: 'access',
      kind: 'edit',
      label: 'Update Access',
      form: 'accessForm',
      submitLabel: 'Save',
      policy: ADMIN,
      // The list has no access lists; the form loads the flavor's.
      reload: { meta: { get_access_list: true } },
      prefill: (flavor) => ({ flavor_access: (flavor['access-list'] ?? []).map((id) => ({ id })) }),
      payload: (values, flavor) => flavorUpdate(flavor!, values.flavor_access as { id: string }[]),
      success: 'Modified access of flavor "{name}".',
      failure: 'Unable to modify access of flavor "{name}".',
    },
    {
      // Extra specs through the metadata editor, with the OS::Nova::Flavor namespaces (spec 2 §1, §4).
      id: 'metadata',
      kind: 'metadata',
      label: 'Update Metadata',
      resourceType: 'OS::Nova::Flavor',
      policy: ADMIN,
      loadFailure: 'Unable to retrieve flavor extra specs.',
    },
    // Spec 2 §6 gives flavor delete no check of its own: it lives on an admin-only panel. The
    // same rule as the panel keeps it off the details page a member can open.
    { id: 'delete', kind: 'delete', policy: ADMIN },
  ],
  detail: {
    tabs: [
      {
        id: 'overview',
        label: 'Overview',
        fields: ['name', 'id', 'vcpus', 'ram', 'disk', 'OS-FLV-EXT-DATA:ephemeral', 'swap', 'rxtx_factor', 'os-flavor-access:is_public', 'description'],
        code: ['id'],
        // The extra specs (hw:cpu_policy, …), which Update Metadata edits.
        table: { field: 'extra_specs_list', title: 'Extra Specs', columns: [{ field: 'key', label: 'Key' }, { field: 'value', label: 'Value' }] },
      },
    ],
  },
  texts: { listError: 'Unable to retrieve flavors.', loadError: 'Unable to retrieve flavor.' },
});
