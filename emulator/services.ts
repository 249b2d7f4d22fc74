import { computeService } from './compute/index.js';
import type { EmulatedService } from './core/service.js';
import { identityService } from './identity/index.js';
import { imageService } from './image/index.js';
import { glanceImageSource } from './image/volume-source.js';
import { networkService } from './network/index.js';
import { createVolumeService } from './volume/index.js';

/**
 * Every emulated service, in catalog order. Adding a service (image,
 * network, …) is one line here: its folder brings its migrations, its
 * routes and its catalog entry. Only these are published in the catalog.
 */
export const SERVICES: readonly EmulatedService[] = [identityService, computeService, imageService, createVolumeService({ images: glanceImageSource }), networkService];
