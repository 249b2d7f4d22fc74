import schema from '../schemas/volume-type.schema.json';
import { defineResource } from '../src/descriptor';
import type { VolumeTypeEntity } from '../shared/generated';

const ADMIN = [['identity', 'admin_required']] as [string, string][];

/**
 * Admin > Volumes, Volume Types tab (Horizon's admin volume_types table):
 * Name, Description, Associated QoS Spec and Public; Create Volume Type,
 * the extra specs edited as key/value metadata, Manage QoS Spec
 * Association, Edit Volume Type (name, description, Public) and Delete.
 * The server refuses members every write.
 */
export default defineResource<VolumeTypeEntity>({
  name: 'volume-type',
  type: 'OS::Cinder::VolumeType',
  service: 'cinder',
  serviceType: 'volumev3',
  schema,
  nameField: 'name',
  labels: { singular: 'Volume Type', plural: 'Volume Types' },
  columns: [
    { field: 'name', defaultSort: 'asc' },
    { field: 'description', priority: 2 },
    { field: 'associated_qos_spec' },
    { field: 'is_public' },
  ],
  facets: [{ name: 'name', label: 'Name', singleton: true }],
  actions: [
    {
      id: 'create',
      kind: 'form',
      label: 'Create Volume Type',
      form: 'createForm',
      policy: ADMIN,
      success: 'Successfully created volume type: {name}',
      failure: 'Unable to create volume type.',
    },
    {
      id: 'extra-specs',
      kind: 'metadata',
      label: 'Update Extra Specs',
      resourceType: 'OS::Cinder::Volumetype',
      policy: ADMIN,
      loadFailure: 'Unable to retrieve the volume type extra specs.',
    },
    {
      id: 'qos',
      kind: 'edit',
      label: 'Manage QoS Spec Association',
      title: 'Associate QoS Spec with Volume Type',
      form: 'qosForm',
      call: 'qos',
      policy: ADMIN,
      prefill: (type) => ({ qos_specs_id: type.qos_specs_id ?? '' }),
      success: 'Successfully updated QoS Spec association.',
      failure: 'Error updating QoS Spec association.',
    },
    {
      id: 'edit',
      kind: 'edit',
      label: 'Edit Volume Type',
      form: 'editForm',
      policy: ADMIN,
      prefill: (type) => ({ name: type.name, description: type.description ?? '', is_public: type.is_public !== false }),
      success: 'Successfully updated volume type.',
      failure: 'Unable to update volume type.',
      errorMessages: { VOLUME_TYPE_NAME_CONFLICT: 'New name conflicts with another volume type.' },
    },
    {
      id: 'delete',
      kind: 'delete',
      policy: ADMIN,
      // Cinder's refusal (a type still in use, the default type) is shown with its reason.
      showReason: true,
    },
  ],
  texts: { listError: 'Unable to retrieve volume types.', loadError: 'Unable to retrieve volume type.' },
});
