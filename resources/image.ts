import schema from '../schemas/image.schema.json';
import { imageVolumeSize } from '../dataProviders/cinder';
import { FORM_PROPERTIES, uploadMode } from '../dataProviders/glance';
import { defineResource } from '../src/descriptor';
import type { ImageEntity } from '../shared/generated';
import { YES_NO_OPTIONS } from './shared/facets';

/** Spec 2 §5 and §9: aki and ari images cannot boot an instance or a volume. */
const NON_BOOTABLE_CONTAINER_FORMATS = ['aki', 'ari'];

/** Custom properties as the metadata step edits them: text values; read-only keys and the form's own fields left out. */
function propertyTexts(properties: Record<string, unknown> | undefined): Record<string, string> {
  return Object.fromEntries(
    Object.entries(properties ?? {})
      .filter(([key]) => !['os_hash_algo', 'os_hash_value', ...FORM_PROPERTIES].includes(key))
      .map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]),
  );
}

const isActive = (image: ImageEntity) => String(image.status).toLowerCase() === 'active';
const isBootable = (image: ImageEntity) => !NON_BOOTABLE_CONTAINER_FORMATS.includes(String(image.container_format));

/**
 * Images and snapshots (spec 2 §2.3, §3, §4, §5, §8; api-contract §4): the
 * project list with server facets and polled transitional rows, the create
 * wizard (file upload with progress, or URL), edit, the metadata editor,
 * Create Volume (a volume with the image as source) and delete with the
 * spec's allowed rules. Launch opens the Launch Instance wizard with the image selected.
 */
export default defineResource<ImageEntity>({
  name: 'image',
  type: 'OS::Glance::Image',
  service: 'glance',
  serviceType: 'image',
  schema,
  nameField: 'name',
  labels: { singular: 'Image', plural: 'Images' },
  panel: { dashboard: 'project', group: 'Compute', label: 'Images', path: '/project/images', order: 2 },
  // Paged by the server, Horizon's way (api-contract §1.6): a large project opens its first page without the rest.
  paging: 'server',
  // Spec 2 §2.1–2.2: the admin list, filter-first when FILTER_DATA_FIRST says so; its details lead back to it.
  extraPanels: [
    {
      dashboard: 'admin',
      group: 'Compute',
      label: 'Images',
      path: '/admin/images',
      order: 2,
      policy: [['identity', 'admin_required']],
      detailSuffix: '/detail',
      navBack: true,
      filterFirst: 'admin.images',
    },
  ],
  columns: [
    { field: 'owner_name', label: 'Owner', priority: 2, requires: { policy: [['identity', 'get_project']] } },
    { field: 'name', defaultSort: 'asc', link: 'detail' },
    { field: 'type', priority: 2 },
    { field: 'status' },
    { field: 'visibility_text', label: 'Visibility' },
    { field: 'protected', priority: 2 },
    { field: 'disk_format', label: 'Disk Format', priority: 2 },
    { field: 'size', priority: 2 },
  ],
  // Spec 2 §4: saving, queued and pending_delete rows poll and show a progress bar.
  poll: { field: 'status', values: ['saving', 'queued', 'pending_delete', 'uploading', 'importing'] },
  // As in Horizon, every image facet is a Glance filter.
  facets: [
    { name: 'name', label: 'Name', isServer: true, singleton: true, persistent: true },
    {
      name: 'status',
      label: 'Status',
      isServer: true,
      singleton: true,
      options: [
        { key: 'active', label: 'Active' },
        { key: 'saving', label: 'Saving' },
        { key: 'queued', label: 'Queued' },
        { key: 'pending_delete', label: 'Pending Delete' },
        { key: 'killed', label: 'Killed' },
        { key: 'deactivated', label: 'Deactivated' },
        { key: 'deleted', label: 'Deleted' },
      ],
    },
    {
      name: 'visibility',
      label: 'Visibility',
      isServer: true,
      singleton: true,
      options: [
        { key: 'public', label: 'Public' },
        { key: 'private', label: 'Private' },
        { key: 'shared', label: 'Shared With Project' },
        { key: 'community', label: 'Community' },
      ],
    },
    { name: 'protected', label: 'Protected', isServer: true, singleton: true, options: YES_NO_OPTIONS },
    {
      name: 'disk_format',
      label: 'Format',
      isServer: true,
      singleton: true,
      options: ['aki', 'ami', 'ari', 'docker', 'iso', 'ova', 'ploop', 'qcow2', 'raw', 'vdi', 'vhd', 'vhdx', 'vmdk'].map((code) => ({ key: code, label: code.toUpperCase() })),
    },
    { name: 'size_min', label: 'Min. Size (bytes)', isServer: true, singleton: true },
    { name: 'size_max', label: 'Max. Size (bytes)', isServer: true, singleton: true },
  ],
  actions: [
    {
      id: 'create',
      kind: 'wizard',
      label: 'Create Image',
      form: 'createForm',
      policy: [['image', 'add_image']],
      // Spec 2 §4: visibility shared unless CREATE_IMAGE_DEFAULTS says private; a URL source is the default where locations are allowed.
      defaults: (settings) => ({
        visibility: (settings.CREATE_IMAGE_DEFAULTS as { image_visibility?: string } | undefined)?.image_visibility === 'private' ? 'private' : 'shared',
        source_type: settings.IMAGES_ALLOW_LOCATION === true || uploadMode(settings) === 'off' ? 'url' : 'file',
      }),
      success: 'Image {name} was successfully created.',
      failure: 'Unable to create the image.',
    },
    {
      id: 'edit',
      kind: 'wizard',
      mode: 'edit',
      label: 'Edit Image',
      form: 'editForm',
      policy: [['image', 'modify_image']],
      allowed: isActive,
      // The Metadata step starts from the image's custom properties.
      reload: { meta: { properties: true } },
      prefill: (image) => ({
        name: image.name ?? '',
        description: image.description ?? '',
        disk_format: image.disk_format ?? undefined,
        architecture: image.architecture ?? '',
        min_disk: image.min_disk ?? 0,
        min_ram: image.min_ram ?? 0,
        visibility: image.visibility ?? undefined,
        protected: image.protected ?? false,
        metadata: propertyTexts((image as { custom_properties?: Record<string, unknown> }).custom_properties),
      }),
      success: 'Image {name} was successfully updated.',
      failure: 'Unable to update the image.',
    },
    {
      id: 'metadata',
      kind: 'metadata',
      label: 'Update Metadata',
      resourceType: 'OS::Glance::Image',
      policy: [['image', 'modify_metadef_object']],
      allowed: isActive,
      loadFailure: 'Unable to retrieve the image custom properties.',
    },
    // Spec 2 §5's rules; opens the Launch Instance wizard with the image as its source (spec 2 §2.4).
    { id: 'launch', kind: 'link', label: 'Launch', to: '/project/instances/launch?imageId={id}', policy: [['compute', 'compute:create']], allowed: (image) => isActive(image) && isBootable(image) },
    // Spec 2 §5: the create volume form with the image as its source.
    {
      id: 'create-volume',
      kind: 'edit',
      label: 'Create Volume',
      // The volumes panel's form (one definition), the image chosen as its source and the size it needs (spec 2 §5).
      form: 'createForm',
      formSchema: 'volume.schema.json',
      creates: 'volume',
      submitLabel: 'Create Volume',
      policy: [['volume', 'volume:create']],
      requires: { services: ['volumev3'] },
      allowed: (image) => isActive(image) && isBootable(image),
      prefill: (image) => ({ name: '', description: '', source_type: 'image', image_id: image.id, size: imageVolumeSize(image) }),
      uiSchema: { source_type: { 'ui:widget': 'hidden' } },
      success: 'Creating volume {name}',
      successToast: 'info',
      failure: 'Unable to create the volume.',
    },
    {
      id: 'delete',
      kind: 'delete',
      policy: [['image', 'delete_image']],
      allowed: (image) => !image.protected && String(image.status).toLowerCase() !== 'deleted',
      notAllowed: 'You are not allowed to delete images: {names}',
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
          'type',
          'status',
          'size',
          'min_disk',
          'min_ram',
          'disk_format',
          'container_format',
          'created_at',
          'updated_at',
          'visibility_text',
          'protected',
          'owner',
          'checksum',
          'description',
          'architecture',
          'kernel_id',
          'ramdisk_id',
          'virtual_size',
          'tags',
        ],
        code: ['id', 'checksum', 'owner'],
      },
    ],
  },
  texts: { listError: 'Unable to retrieve the images.', loadError: 'Unable to retrieve the image.' },
});
