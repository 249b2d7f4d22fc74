import { lazy } from 'react';
import type { PageComponentProps } from '../src/plugins';
import type { ComponentType } from 'react';

// Loaded on first visit, as the engine's pages are.
const ProjectOverviewPage = lazy(() => import('./overview/OverviewPages').then((module) => ({ default: module.ProjectOverviewPage })));
const AdminOverviewPage = lazy(() => import('./overview/OverviewPages').then((module) => ({ default: module.AdminOverviewPage })));

/**
 * The custom pages a descriptor's `page` names (src/plugins.ts `pages`),
 * shown at its panel's route: the Overviews (issue 22).
 */
export const customPages: Record<string, ComponentType<PageComponentProps>> = {
  'project-overview': ProjectOverviewPage,
  'admin-overview': AdminOverviewPage,
};
