import type { MicroversionPolicy } from '../core/microversion.js';

/** The volume microversions this emulator speaks (api-contract §14.5: max ≥ 3.58; 3.70 like the Zed reference cloud). */
export const CINDER_MICROVERSIONS: MicroversionPolicy = {
  service: 'volume',
  min: '3.0',
  max: '3.70',
};
