import type { MicroversionPolicy } from '../core/microversion.js';

/** The compute microversions this emulator speaks (api-contract §14.2: min 2.1, max ≥ 2.67). */
export const NOVA_MICROVERSIONS: MicroversionPolicy = {
  service: 'compute',
  legacyHeader: 'x-openstack-nova-api-version',
  min: '2.1',
  max: '2.90',
};
