import schema from '../schemas/qos-spec.schema.json';
import { defineResource } from '../src/descriptor';
import type { QosSpecEntity } from '../shared/generated';

const ADMIN = [['identity', 'admin_required']] as [string, string][];

/**
 * Admin > Volumes, QoS Specs tab (Horizon's admin qos_specs table): Name,
 * Consumer and Specs; Create QoS Spec (name and consumer: back-end,
 * front-end or both), Edit Consumer, Manage Specs (the key/value pairs, edited as
 * metadata) and Delete. A spec is associated with a volume type from the
 * type's row. The server refuses members every call.
 */
export default defineResource<QosSpecEntity>({
  name: 'qos-spec',
  type: 'OS::Cinder::QoSSpecs',
  service: 'cinder',
  serviceType: 'volumev3',
  schema,
  nameField: 'name',
  labels: { singular: 'QoS Spec', plural: 'QoS Specs' },
  columns: [{ field: 'name', defaultSort: 'asc' }, { field: 'consumer' }, { field: 'specs' }],
  facets: [{ name: 'name', label: 'Name', singleton: true }],
  actions: [
    {
      id: 'create',
      kind: 'form',
      label: 'Create QoS Spec',
      form: 'createForm',
      policy: ADMIN,
      success: 'Successfully created QoS Spec: {name}',
      failure: 'Unable to create QoS Spec.',
    },
    {
      id: 'specs',
      kind: 'metadata',
      label: 'Manage Specs',
      resourceType: 'OS::Cinder::QoSSpecs',
      policy: ADMIN,
      success: 'Successfully updated QoS Specs.',
      failure: 'Unable to update QoS Specs.',
      loadFailure: 'Unable to retrieve QoS spec list.',
    },
    {
      id: 'consumer',
      kind: 'edit',
      label: 'Edit Consumer',
      title: 'Edit QoS Spec Consumer',
      form: 'consumerForm',
      policy: ADMIN,
      prefill: (spec) => ({ current_consumer: spec.consumer }),
      uiSchema: { consumer: { 'ui:placeholder': 'Select a new consumer' } },
      success: 'Successfully modified QoS Spec consumer.',
      failure: 'Error editing QoS Spec consumer.',
    },
    { id: 'delete', kind: 'delete', policy: ADMIN, showReason: true },
  ],
  texts: { listError: 'Unable to retrieve QoS specs.', loadError: 'Unable to retrieve QoS spec.' },
});
