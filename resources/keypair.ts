import schema from '../schemas/keypair.schema.json';
import { defineResource } from '../src/descriptor';
import type { KeypairEntity } from '../shared/generated';

/** Key pairs (spec 2 §2.3, §3, §4, §5, §8): list, details, create, import, delete. */
export default defineResource<KeypairEntity>({
  name: 'keypair',
  type: 'OS::Nova::Keypair',
  service: 'nova',
  serviceType: 'compute',
  schema,
  idField: 'name',
  nameField: 'name',
  labels: { singular: 'Key Pair', plural: 'Key Pairs' },
  panel: { dashboard: 'project', group: 'Compute', label: 'Key Pairs', path: '/project/key_pairs' },
  columns: [
    { field: 'name', defaultSort: 'asc', link: 'detail' },
    { field: 'type' },
    { field: 'fingerprint', priority: 2 },
  ],
  // Nova's key pair list takes no filters, so both facets filter on the client.
  facets: [
    { name: 'name', label: 'Name', singleton: true },
    { name: 'type', label: 'Type', singleton: true, options: [{ key: 'ssh', label: 'SSH Key' }, { key: 'x509', label: 'X509 Certificate' }] },
  ],
  // Spec 2 §6: key pair actions have no permission check.
  actions: [
    {
      id: 'create',
      kind: 'form',
      label: 'Create Key Pair',
      form: 'createForm',
      size: 'md',
      unique: { field: 'name', message: 'Key pair already exists.' },
      success: 'Key pair {name} was successfully created.',
      failure: 'Unable to create the keypair.',
      download: { field: 'private_key', fileName: '{name}.pem', mimeType: 'application/x-pem-file' },
    },
    {
      id: 'import',
      kind: 'form',
      label: 'Import Public Key',
      form: 'importForm',
      size: 'md',
      uiSchema: { public_key: { 'ui:widget': 'textarea', 'ui:options': { rows: 6 } } },
      unique: { field: 'name', message: 'Key pair already exists.' },
      success: 'Successfully imported key pair {name}.',
      failure: 'Unable to import the keypair.',
    },
    { id: 'delete', kind: 'delete' },
  ],
  detail: {
    tabs: [
      {
        id: 'details',
        label: 'Details',
        fields: ['name', 'type', 'fingerprint', 'public_key', 'user_id', 'created_at'],
        code: ['fingerprint', 'public_key'],
      },
    ],
  },
  texts: { listError: 'Unable to retrieve the keypairs.', loadError: 'Unable to retrieve the keypair.' },
});
