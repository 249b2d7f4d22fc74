import { DEFAULT_SETTINGS } from '../shared/settings.js';

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
