import type { MicroversionPolicy } from '../core/microversion.js';

/** The compute microversions this emulator speaks (api-contract §14.2: min 2.1, max ≥ 2.67; 2.93 like the Zed reference cloud). */
export const NOVA_MICROVERSIONS: MicroversionPolicy = {
  service: 'compute',
  legacyHeader: 'x-openstack-nova-api-version',
  min: '2.1',
  max: '2.93',
};
