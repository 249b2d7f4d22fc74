import type { MenuPanel } from '../src/app/menu';

/**
 * Sidebar entries of the custom screens (their routes are in routes.tsx),
 * shown like a resource's panel when their service and policy allow.
 */
export const NETWORK_TOPOLOGY_PANEL: MenuPanel = {
  // Horizon lists it first in the Network group.
  panel: { dashboard: 'project', group: 'Network', label: 'Network Topology', path: '/project/network_topology', order: -2 },
  serviceType: 'network',
};

export const customPanels: readonly MenuPanel[] = [NETWORK_TOPOLOGY_PANEL];
