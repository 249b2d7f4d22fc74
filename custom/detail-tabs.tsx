import { lazy, type ComponentType } from 'react';
import type { DetailTabComponentProps } from '../src/plugins';

// Loaded when their tab opens: none is needed for a list's first row, and the stack topology
// brings d3-force and the template tab the YAML writer (issue 17: they sat in the entry bundle).
const InstanceOverview = lazy(() => import('./instances/InstanceOverview').then((module) => ({ default: module.InstanceOverview })));
const InstanceLogTab = lazy(() => import('./instances/InstanceLogTab').then((module) => ({ default: module.InstanceLogTab })));
const InstanceConsoleTab = lazy(() => import('./instances/InstanceConsoleTab').then((module) => ({ default: module.InstanceConsoleTab })));
const InstanceActionLogTab = lazy(() => import('./instances/InstanceActionLogTab').then((module) => ({ default: module.InstanceActionLogTab })));
const StackTopology = lazy(() => import('./stacks/StackTopology').then((module) => ({ default: module.StackTopology })));
const StackOverview = lazy(() => import('./stacks/StackOverview').then((module) => ({ default: module.StackOverview })));
const StackTemplate = lazy(() => import('./stacks/StackTemplate').then((module) => ({ default: module.StackTemplate })));

/**
 * Components a descriptor's detail tab names with `component` (ARCHITECTURE
 * §1: what the engine cannot express as fields and tables, e.g. an
 * instance's console log), by name. Each screen module adds its entries here,
 * lazily (the engine shows a spinner while one loads); app/plugins.ts hands
 * them to the engine.
 *
 * @example { 'instance-log': lazy(() => import('./instances/InstanceLogTab')) }
 */
export const customDetailTabs: Record<string, ComponentType<DetailTabComponentProps>> = {
  'instance-overview': InstanceOverview,
  'instance-log': InstanceLogTab,
  'instance-console': InstanceConsoleTab,
  'instance-action-log': InstanceActionLogTab,
  'stack-topology': StackTopology,
  'stack-overview': StackOverview,
  'stack-template': StackTemplate,
};
