import { CINDER_TYPES } from './cinder.js';
import { HEAT_TYPES } from './heat.js';
import { NEUTRON_TYPES } from './neutron.js';
import { NOVA_TYPES } from './nova.js';
import type { ResourceType } from './types.js';

/** The resource types this Heat knows (its resource registry). */
export const RESOURCE_TYPES: Record<string, ResourceType> = { ...HEAT_TYPES, ...NOVA_TYPES, ...NEUTRON_TYPES, ...CINDER_TYPES };
