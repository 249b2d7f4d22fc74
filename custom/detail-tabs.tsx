import type { ComponentType } from 'react';
import type { DetailTabComponentProps } from '../src/plugins';
import { InstanceActionLogTab } from './instances/InstanceActionLogTab';
import { InstanceConsoleTab } from './instances/InstanceConsoleTab';
import { InstanceLogTab } from './instances/InstanceLogTab';
import { InstanceOverview } from './instances/InstanceOverview';
import { StackOverview } from './stacks/StackOverview';
import { StackTemplate } from './stacks/StackTemplate';
import { StackTopology } from './stacks/StackTopology';

/**
 * Components a descriptor's detail tab names with `component` (ARCHITECTURE
 * §1: what the engine cannot express as fields and tables, e.g. an
 * instance's console log), by name. Each screen module adds its entries here;
 * app/plugins.ts hands them to the engine.
 *
 * @example { 'instance-log': InstanceLogTab }
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
