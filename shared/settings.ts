/**
 * The defaults of `/api/settings/` (api-contract §2). Operators override any
 * key through the environment (server/config.ts); the browser falls back to
 * them where a setting is missing (the launch wizard).
 */
export const DEFAULT_SETTINGS: Record<string, unknown> = {
  CREATE_IMAGE_DEFAULTS: { image_visibility: 'public' },
  DEFAULT_BOOT_SOURCE: 'image',
  ENFORCE_PASSWORD_CHECK: false,
  LAUNCH_INSTANCE_DEFAULTS: {
    config_drive: false,
    create_volume: true,
    hide_create_volume: false,
    disable_image: false,
    disable_instance_snapshot: false,
    disable_volume: false,
    disable_volume_snapshot: false,
    enable_scheduler_hints: true,
    enable_metadata: true,
    enable_net_ports: true,
    default_availability_zone: 'Any',
  },
  OPENSTACK_HYPERVISOR_FEATURES: { can_set_mount_point: false, can_set_password: false, enable_quotas: true, requires_keypair: false },
  OPENSTACK_KEYSTONE_BACKEND: {
    name: 'native',
    can_edit_domain: true,
    can_edit_group: true,
    can_edit_project: true,
    can_edit_role: true,
    can_edit_user: true,
  },
  OPENSTACK_KEYSTONE_DEFAULT_DOMAIN: 'Default',
  HORIZON_IMAGES_UPLOAD_MODE: 'legacy',
  HORIZON_ACTIVE_IMAGE_VERSION: '2',
  IMAGES_ALLOW_LOCATION: false,
  AJAX_POLL_INTERVAL: 2500,
  // Uploads above this many bytes are stored in segments of this size as a Static Large Object (issue 18).
  SWIFT_SEGMENT_SIZE: 1073741824,
  OPENSTACK_SERVER_DEFAULT_USER_DATA: '',
  FILTER_DATA_FIRST: {
    'admin.images': false,
    'admin.instances': false,
    'admin.networks': false,
    'admin.routers': false,
    'admin.volumes': false,
    'identity.users': false,
    'identity.groups': false,
    'identity.projects': false,
    'identity.roles': false,
    'identity.application_credentials': false,
  },
};
