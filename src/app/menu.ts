import type { AnyResourceDescriptor, PanelDescriptor } from '../descriptor';

/** The sidebar sections, in order (spec: Project, Admin, Identity). */
export const SECTIONS: { id: PanelDescriptor['dashboard']; label: string }[] = [
  { id: 'project', label: 'Project' },
  { id: 'admin', label: 'Admin' },
  { id: 'identity', label: 'Identity' },
];

export interface MenuPanel {
  panel: PanelDescriptor;
  serviceType: string;
}

export interface MenuGroup {
  label?: string;
  panels: MenuPanel[];
}

export interface MenuSection {
  id: PanelDescriptor['dashboard'];
  label: string;
  groups: MenuGroup[];
}

/**
 * Sections → groups → panels, from the descriptors' `panel` keys and the
 * sidebar entries of the app's custom screens (`ViewPlugins.panels`).
 */
export function buildMenu(descriptors: readonly AnyResourceDescriptor[], screens: readonly MenuPanel[] = []): MenuSection[] {
  const panels: MenuPanel[] = descriptors
    .filter((descriptor) => descriptor.panel)
    .map((descriptor) => ({ panel: descriptor.panel!, serviceType: descriptor.serviceType }))
    .concat(screens)
    .sort((a, b) => (a.panel.order ?? 0) - (b.panel.order ?? 0) || a.panel.label.localeCompare(b.panel.label));
  return SECTIONS.map(({ id, label }) => {
    const inSection = panels.filter(({ panel }) => panel.dashboard === id);
    const groupLabels = [...new Set(inSection.map(({ panel }) => panel.group))];
    return { id, label, groups: groupLabels.map((group) => ({ label: group, panels: inSection.filter(({ panel }) => panel.group === group) })) };
  }).filter((section) => section.groups.length > 0);
}

/** Every panel of `menu`, in the sidebar's order. */
export function menuPanels(menu: readonly MenuSection[]): MenuPanel[] {
  return menu.flatMap((section) => section.groups.flatMap((group) => group.panels));
}

/**
 * Where a user lands after signing in, on `/` too: the project section's
 * root, the Overview (Horizon lands there).
 */
export const LANDING_PATH = '/project';

/** Where the project section's root leads when no panel is there (an app without the Overview). */
const PROJECT_FALLBACK = '/project/instances';

/**
 * The roots (`/project`, `/admin`, `/identity`) that are no panel's own
 * route (the Overviews are), and where each leads: the project section to
 * Instances, the others to their first panel, so a section's URL never shows
 * Page Not Found.
 */
export function sectionRoots(menu: readonly MenuSection[]): { path: string; to: string }[] {
  const isPanel = (section: MenuSection) => section.groups.some((group) => group.panels.some(({ panel }) => panel.path === `/${section.id}`));
  return menu
    .filter((section) => !isPanel(section))
    .map((section) => ({
      path: `/${section.id}`,
      to: section.id === 'project' ? PROJECT_FALLBACK : section.groups[0].panels[0].panel.path,
    }));
}
export const LOGIN_PATH = '/auth/login';
