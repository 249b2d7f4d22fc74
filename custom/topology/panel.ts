import type { MenuPanel } from '../../src/app/menu';

/** The sidebar entry: Project → Network → Network Topology, first of the group as in Horizon, when the catalog has network. */
export const NETWORK_TOPOLOGY_PANEL: MenuPanel = {
  panel: { dashboard: 'project', group: 'Network', label: 'Network Topology', path: '/project/network_topology', order: -2 },
  serviceType: 'network',
};
