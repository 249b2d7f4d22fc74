import schema from '../schemas/volume-snapshot.schema.json';
import { defineResource } from '../src/descriptor';
import type { VolumeSnapshotEntity } from '../shared/generated';
import { ADMIN_PROJECT_FACET, facetsByDashboard } from './shared/facets';

/**
 * Volume snapshots (spec 2 §3; api-contract §5): Horizon's Volume Snapshots
 * panel, its rows polled while creating or deleting, delete, Update Metadata
 * and an overview. Snapshots are made from a volume's row (resources/volume.ts).
 */
export default defineResource<VolumeSnapshotEntity>({
  name: 'volume-snapshot',
  type: 'OS::Cinder::Snapshot',
  service: 'cinder',
  serviceType: 'volumev3',
  schema,
  nameField: 'name',
  labels: { singular: 'Volume Snapshot', plural: 'Volume Snapshots' },
  panel: { dashboard: 'project', group: 'Volumes', label: 'Snapshots', path: '/project/snapshots' },
  // Paged by the server, Horizon's way (api-contract §1.6): a large project opens its first page without the rest.
  paging: 'server',
  columns: [
    // Admin > Volumes' Snapshots tab lists every project's.
    { field: 'tenant_name', dashboards: ['admin'] },
    { field: 'name', defaultSort: 'asc', link: 'detail' },
    { field: 'description', priority: 2 },
    { field: 'size' },
    { field: 'status' },
    { field: 'volume_name', label: 'Volume Name', priority: 2 },
  ],
  poll: { field: 'status', values: ['creating', 'deleting', 'backing-up', 'restoring'] },
  // The admin's Snapshots tab asks Cinder (every project's, a page at a time).
  facets: facetsByDashboard(
    [{ name: 'name', label: 'Name', singleton: true }],
    [ADMIN_PROJECT_FACET, { name: 'name', label: 'Name', singleton: true }, { name: 'status', label: 'Status', singleton: true }],
  ),
  actions: [
    // Horizon's 'Launch as Instance' from a snapshot: a new volume from it boots the instance (spec 2 §2.4 launch context).
    {
      id: 'launch',
      kind: 'link',
      label: 'Launch as Instance',
      to: '/project/instances/launch?volumeSnapshotId={id}&dismissUrl=/project/snapshots',
      dashboards: ['project'],
      policy: [['compute', 'compute:create']],
      allowed: (snapshot) => snapshot.status === 'available',
    },
    {
      id: 'metadata',
      kind: 'metadata',
      label: 'Update Metadata',
      resourceType: 'OS::Cinder::Snapshot',
      loadFailure: 'Unable to retrieve the snapshot metadata.',
    },
    {
      id: 'delete',
      kind: 'delete',
      policy: [['volume', 'volume:delete_snapshot']],
      allowed: (snapshot) => ['available', 'error'].includes(String(snapshot.status)),
    },
  ],
  detail: {
    tabs: [
      {
        id: 'overview',
        label: 'Overview',
        fields: ['name', 'id', 'description', 'status', 'size', 'volume_name', 'volume_id', 'created_at', 'metadata'],
        code: ['id', 'volume_id'],
      },
    ],
  },
  texts: { listError: 'Unable to retrieve the volume snapshots.', loadError: 'Unable to retrieve the volume snapshot.' },
});
