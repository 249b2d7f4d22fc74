import type { MenuPanel } from '../../src/app/menu';
import { CONTAINERS_PATH } from './paths';

/** The sidebar entry: Project → Object Store → Containers, when the catalog has object-store. */
export const CONTAINERS_PANEL: MenuPanel = {
  panel: { dashboard: 'project', group: 'Object Store', label: 'Containers', path: CONTAINERS_PATH },
  serviceType: 'object-store',
};
