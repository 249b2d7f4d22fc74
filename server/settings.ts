/**
 * The defaults of `/api/settings/` (api-contract §2). Operators override any
 * key through the environment (server/config.ts).
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

/**
 * Settings the server reads that `/api/settings/` does not serve (Horizon's
 * local_settings only). CREATE_INSTANCE_FLAVOR_SORT orders `/api/nova/flavors/`:
 * `key` is a flavor field, `reverse` flips the order (default: ram ascending).
 */
export const SERVER_ONLY_SETTINGS: Record<string, unknown> = {
  CREATE_INSTANCE_FLAVOR_SORT: { key: 'ram', reverse: false },
  /**
   * The HTML fragment `header/` serves to the extensible header (spec 1 §2.2),
   * Horizon's header/_header_sections.html: an operator's links or notices.
   * Empty by default, so the header shows nothing.
   */
  EXTENSIBLE_HEADER_HTML: '',
};

/** Horizon's OPENSTACK_IMAGE_BACKEND image_formats codes, before Glance's schema filters them. */
export const IMAGE_FORMATS = ['', 'aki', 'ami', 'ari', 'docker', 'iso', 'ova', 'ploop', 'qcow2', 'raw', 'vdi', 'vhd', 'vhdx', 'vmdk'];

const UPLOAD_MODES = ['off', 'legacy', 'direct'];

export function buildSettings(overrides: Record<string, unknown>): Record<string, unknown> {
  const settings = { ...DEFAULT_SETTINGS, ...SERVER_ONLY_SETTINGS, ...overrides };
  // An invalid upload mode becomes legacy (api-contract §2).
  if (!UPLOAD_MODES.includes(String(settings.HORIZON_IMAGES_UPLOAD_MODE))) settings.HORIZON_IMAGES_UPLOAD_MODE = 'legacy';
  return settings;
}
