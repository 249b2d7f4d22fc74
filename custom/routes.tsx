import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { MenuPanel } from '../src/app/menu';
import { CONTAINERS_PANEL } from './containers/panel';
import { CONTAINERS_PATH } from './containers/paths';
import { ScreenGate } from '../src/app/PanelGate';
import { NETWORK_TOPOLOGY_PANEL } from './topology/panel';
import { ADMIN_OVERVIEW_PANEL, PROJECT_OVERVIEW_PANEL } from './overview/panel';

// Loaded on first visit, as the engine's pages are (src/app/routes.tsx).
const DecryptPasswordRoute = lazy(() => import('./instances/DecryptPasswordModal').then((module) => ({ default: module.DecryptPasswordRoute })));
const FullLogPage = lazy(() => import('./instances/FullLogPage').then((module) => ({ default: module.FullLogPage })));
// The wizard and the resize modal load on first visit, like the engine's pages.
const LaunchInstanceRoute = lazy(() => import('./launch/LaunchInstanceRoute'));
const ResizeInstanceRoute = lazy(() => import('./launch/resize/ResizeInstanceRoute'));
const ContainersRoute = lazy(() => import('./containers/ContainersRoute'));
const StackWizardRoute = lazy(() => import('./stacks/StackWizardRoute'));
const NetworkTopologyPage = lazy(() => import('./topology/NetworkTopologyPage'));
const ProjectOverviewPage = lazy(() => import('./overview/OverviewPages').then((module) => ({ default: module.ProjectOverviewPage })));
const AdminOverviewPage = lazy(() => import('./overview/OverviewPages').then((module) => ({ default: module.AdminOverviewPage })));

/**
 * The routes of the custom screens (ARCHITECTURE §1: launch, topology,
 * containers, and the few instance modals the engine cannot express), mounted
 * inside the application shell beside the engine's panels. Each screen module
 * adds its entries here (app/plugins.ts hands them to the engine); a row action
 * reaches one with a `link` action's `to`.
 *
 * @example { path: '/project/instances/launch', element: <LaunchInstanceRoute /> }
 */
export const customRoutes: RouteObject[] = [
  // Retrieve Password over the instances list (Horizon's decryptpassword modal).
  { path: '/project/instances/:id/decryptpassword', element: <DecryptPasswordRoute /> },
  // 'View Full Log' of an instance's Log tab, opened in a new browser tab.
  { path: '/project/instances/:id/console', element: <FullLogPage /> },
  // Spec 2 §2.4: the Launch Instance wizard, with the launch context in the query.
  { path: '/project/instances/launch', element: <LaunchInstanceRoute /> },
  // Horizon's Resize Instance modal (issue 6).
  { path: '/project/instances/:id/resize', element: <ResizeInstanceRoute /> },
  // Spec 2 §2.1: the object storage browser, container and folder in the path.
  { path: `${CONTAINERS_PATH}/*`, element: <ContainersRoute /> },
  // Heat's Launch Stack, Preview Stack and Change Template (issue 19).
  { path: '/project/stacks/launch', element: <StackWizardRoute mode="launch" /> },
  { path: '/project/stacks/preview', element: <StackWizardRoute mode="preview" /> },
  { path: '/project/stacks/:id/change_template', element: <StackWizardRoute mode="change" /> },
  // Spec 1 §2.3–2.4: the network topology's flat and graph views (issue 19).
  { path: NETWORK_TOPOLOGY_PANEL.panel.path, element: <ScreenGate entry={NETWORK_TOPOLOGY_PANEL}><NetworkTopologyPage /></ScreenGate> },
  // The Overviews: charts and a usage period above the usage table (issue 22).
  { path: PROJECT_OVERVIEW_PANEL.panel.path, element: <ScreenGate entry={PROJECT_OVERVIEW_PANEL}><ProjectOverviewPage /></ScreenGate> },
  { path: ADMIN_OVERVIEW_PANEL.panel.path, element: <ScreenGate entry={ADMIN_OVERVIEW_PANEL}><AdminOverviewPage /></ScreenGate> },
];

/** Sidebar entries of the custom screens (ViewPlugins.panels). */
export const customPanels: MenuPanel[] = [CONTAINERS_PANEL, NETWORK_TOPOLOGY_PANEL, PROJECT_OVERVIEW_PANEL, ADMIN_OVERVIEW_PANEL];
