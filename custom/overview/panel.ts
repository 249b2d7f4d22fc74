import type { MenuPanel } from '../../src/app/menu';

/** Project → Compute → Overview (`/project`, the landing page), first of its group as in Horizon. */
export const PROJECT_OVERVIEW_PANEL: MenuPanel = {
  panel: { dashboard: 'project', group: 'Compute', label: 'Overview', path: '/project', order: -100 },
  serviceType: 'compute',
};

/** Admin → Overview (`/admin`), for admins only. */
export const ADMIN_OVERVIEW_PANEL: MenuPanel = {
  panel: { dashboard: 'admin', label: 'Overview', path: '/admin', order: -100, policy: [['identity', 'admin_required']] },
  serviceType: 'compute',
};
