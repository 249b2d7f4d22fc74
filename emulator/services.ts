import { createComputeService } from './compute/index.js';
import type { EmulatedService } from './core/service.js';
import { identityService } from './identity/index.js';
import { imageService } from './image/index.js';
import { glanceForCompute } from './image/compute-images.js';
import { glanceImageSource } from './image/volume-source.js';
import { neutronForCompute } from './network/compute-ports.js';
import { cinderForCompute } from './volume/compute-volumes.js';
import { networkService } from './network/index.js';
import { objectStoreService } from './object-store/index.js';
import { barbicanForLoadBalancer } from './key-manager/lb-certificates.js';
import { keyManagerService } from './key-manager/index.js';
import { createLoadBalancerService } from './load-balancer/index.js';
import { neutronForLoadBalancer } from './network/lb-ports.js';
import { orchestrationService } from './orchestration/index.js';
import { createVolumeService } from './volume/index.js';

/**
 * Every emulated service, in catalog order. Adding a service (image,
 * network, …) is one line here: its folder brings its migrations, its
 * routes and its catalog entry. Only these are published in the catalog.
 */
export const SERVICES: readonly EmulatedService[] = [
  identityService,
  // Nova reaches Neutron (ports), Cinder (volumes) and Glance (images) in-process, through interfaces it owns.
  createComputeService({ collaborators: { networking: neutronForCompute, volumes: cinderForCompute({ images: glanceImageSource }), images: glanceForCompute } }),
  imageService,
  createVolumeService({ images: glanceImageSource }),
  networkService,
  objectStoreService,
  // Octavia reaches Neutron (VIP ports, members) and Barbican (TLS containers) in-process, through interfaces it owns.
  createLoadBalancerService({ collaborators: { networking: neutronForLoadBalancer, certificates: barbicanForLoadBalancer } }),
  keyManagerService,
  orchestrationService,
];
