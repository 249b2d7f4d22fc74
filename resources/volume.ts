import schema from '../schemas/volume.schema.json';
import { snapshotCreateBody } from '../dataProviders/cinder';
import { defineResource } from '../src/descriptor';
import type { VolumeEntity } from '../shared/generated';
import { ADMIN_PROJECT_FACET, facetsByDashboard, YES_NO_OPTIONS } from './shared/facets';

/** Cinder refuses to delete a volume that is attached or still changing (spec 2 §3 statuses). */
const DELETABLE_STATUSES = ['available', 'error', 'error_restoring', 'error_extending', 'error_managing'];

/**
 * Volumes (spec 1 §2.6, §5; spec 2 §3, §7.2; api-contract §5): the project's
 * list with Horizon's volume columns and polled transitional rows, the create
 * form (no source, snapshot, image or volume; a snapshot hides the volume
 * type), edit, extend (larger only), Create Snapshot, Update Metadata,
 * delete, and an overview.
 */
export default defineResource<VolumeEntity>({
  name: 'volume',
  type: 'OS::Cinder::Volume',
  service: 'cinder',
  serviceType: 'volumev3',
  schema,
  nameField: 'name',
  labels: { singular: 'Volume', plural: 'Volumes' },
  panel: { dashboard: 'project', group: 'Volumes', label: 'Volumes', path: '/project/volumes' },
  // Admin > Volume > Volumes: every project's, paged by the server, with the Project column.
  // Its tabs as Horizon's admin volumes group has them: every project's snapshots, the volume types and the QoS specs.
  extraPanels: [
    {
      dashboard: 'admin',
      group: 'Volume',
      label: 'Volumes',
      path: '/admin/volumes',
      policy: [['identity', 'admin_required']],
      filter: { all_projects: 'true' },
      navBack: true,
      tabs: [
        { id: 'volumes_tab', label: 'Volumes' },
        { id: 'snapshots_tab', label: 'Volume Snapshots', resource: 'volume-snapshot', filter: { all_projects: 'true' } },
        { id: 'volume_types_tab', label: 'Volume Types', resource: 'volume-type' },
        { id: 'qos_specs_tab', label: 'QoS Specs', resource: 'qos-spec' },
      ],
    },
  ],
  // Paged by the server, Horizon's way (api-contract §1.6): a large project opens its first page without the rest.
  paging: 'server',
  columns: [
    { field: 'tenant_name', dashboards: ['admin'] },
    { field: 'name', defaultSort: 'asc', link: 'detail' },
    { field: 'description', priority: 2 },
    { field: 'size' },
    { field: 'status' },
    { field: 'volume_type', priority: 2 },
    { field: 'attached_to', priority: 2 },
    { field: 'availability_zone', priority: 2 },
    { field: 'bootable_flag', label: 'Bootable', priority: 2 },
    { field: 'encrypted', priority: 2 },
  ],
  // Rows in a transitional status poll until they settle (spec 1 §4.1).
  poll: {
    field: 'status',
    values: ['creating', 'extending', 'deleting', 'attaching', 'detaching', 'downloading', 'uploading', 'backing-up', 'restoring-backup', 'reserved', 'maintenance'],
  },
  // Horizon's VolumesFilterAction on the admin panel: Cinder's own filters.
  facets: facetsByDashboard(
    [{ name: 'name', label: 'Name', singleton: true }],
    [
      ADMIN_PROJECT_FACET,
      { name: 'name', label: 'Volume Name', singleton: true },
      { name: 'status', label: 'Status', singleton: true },
      { name: 'size', label: 'Size (GiB)', singleton: true },
      { name: 'bootable', label: 'Bootable', singleton: true, options: YES_NO_OPTIONS },
      { name: 'availability_zone', label: 'Availability Zone', singleton: true },
    ],
  ),
  actions: [
    {
      id: 'create',
      dashboards: ['project'],
      quota: ['volumes', 'gigabytes'],
      kind: 'form',
      label: 'Create Volume',
      form: 'createForm',
      submitLabel: 'Create Volume',
      policy: [['volume', 'volume:create']],
      // Spec 2 §9: 'Creating volume <name>' is the info toast on create.
      success: 'Creating volume {name}',
      successToast: 'info',
      failure: 'Unable to create the volume.',
    },
    {
      id: 'edit',
      kind: 'edit',
      label: 'Edit Volume',
      form: 'editForm',
      policy: [['volume', 'volume:update']],
      prefill: (volume) => ({ name: volume.name, description: volume.description ?? '', bootable: volume.bootable === 'true' }),
      success: 'Updating volume "{name}"',
      failure: 'Unable to update volume.',
    },
    {
      id: 'extend',
      kind: 'edit',
      label: 'Extend Volume',
      form: 'extendForm',
      call: 'extend',
      submitLabel: 'Extend Volume',
      policy: [['volume', 'volume:extend']],
      allowed: (volume) => volume.status === 'available',
      prefill: (volume) => ({ new_size: volume.size + 1 }),
      payload: (values, volume) => ({ new_size: values.new_size, current_size: volume?.size }),
      success: 'Successfully extended volume: "{name}"',
      failure: 'Unable to extend volume.',
    },
    {
      id: 'create-snapshot',
      kind: 'edit',
      label: 'Create Snapshot',
      form: 'createSnapshotForm',
      creates: 'volume-snapshot',
      submitLabel: 'Create Volume Snapshot',
      policy: [['volume', 'volume:create_snapshot']],
      allowed: (volume) => ['available', 'in-use'].includes(String(volume.status)),
      prefill: () => ({ name: '', description: '' }),
      payload: (values, volume) => snapshotCreateBody(values, volume?.id),
      success: 'Creating volume snapshot "{name}".',
      failure: 'Unable to create volume snapshot.',
    },
    // Horizon's 'Launch as Instance': the Launch Instance wizard booting from this volume (spec 2 §2.4 launch context).
    {
      id: 'launch',
      kind: 'link',
      label: 'Launch as Instance',
      to: '/project/instances/launch?volumeId={id}&dismissUrl=/project/volumes',
      policy: [['compute', 'compute:create']],
      allowed: (volume) => volume.status === 'available' && volume.bootable === 'true',
    },
    {
      id: 'metadata',
      kind: 'metadata',
      label: 'Update Metadata',
      resourceType: 'OS::Cinder::Volume',
      policy: [['volume', 'volume:update']],
      loadFailure: 'Unable to retrieve the volume metadata.',
    },
    {
      id: 'delete',
      kind: 'delete',
      policy: [['volume', 'volume:delete']],
      // Horizon's DeleteVolume: not while it has snapshots either; Cinder's refusal is shown with its reason.
      allowed: (volume) => DELETABLE_STATUSES.includes(String(volume.status)) && (volume.attachments ?? []).length === 0 && !volume.has_snapshot,
      notAllowed: 'You are not allowed to delete volumes: {names}',
      showReason: true,
    },
  ],
  detail: {
    tabs: [
      {
        id: 'overview',
        label: 'Overview',
        fields: [
          'name',
          'id',
          'description',
          'status',
          'size',
          'volume_type',
          'availability_zone',
          'bootable_flag',
          'encrypted',
          'multiattach',
          'created_at',
          'snapshot_id',
          'source_volid',
          'attached_to',
          'metadata',
        ],
        code: ['id'],
      },
    ],
  },
  texts: { listError: 'Unable to retrieve the volumes.', loadError: 'Unable to retrieve the volume.' },
});
