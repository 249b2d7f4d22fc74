/**
 * What the app plugs into the engine. The engine (`src/`) imports nothing
 * from `resources/`, `custom/`, `dataProviders/` or `server/`: the app's entry
 * point (`app/plugins.ts`) gathers its resources, screens and data providers
 * into one `EnginePlugins` object and hands it to `createApp`
 * (test/unit/import-boundaries.test.ts keeps the arrows that way).
 */
import { type ComponentType, createContext, useContext } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { MenuPanel } from './app/menu';
import type { Backend, ServiceName } from './backend/contract';
import type { HttpClient } from './backend/http';
import type { AnyResourceDescriptor, ResourceRecord } from './descriptor';
import type { OptionSource } from './forms/option-sources';
import type { CustomStepProps } from './wizard/step-components';

/** What a custom detail tab component receives. */
export interface DetailTabComponentProps {
  descriptor: AnyResourceDescriptor;
  /** The record the details page shows (the data provider's `getOne`). */
  record: ResourceRecord;
}

/** The plug-ins the React tree reads (the engine's own built-ins answer names absent here). */
export interface ViewPlugins {
  /**
   * Routes of custom screens (ARCHITECTURE §1: launch, topology, containers,
   * the Overviews), mounted inside the application shell beside the engine's
   * panels; a row action reaches one with a `link` action's `to`. This and
   * `panels` are the one way to add a page that is more than a resource's
   * list (README, "Adding a resource"); the page may show the engine's list
   * of a resource inside (`ResourceListPage` with `useRegistry().byName`).
   * @example [{ path: '/project/instances/launch', element: <LaunchInstanceRoute /> }]
   */
  routes: readonly RouteObject[];
  /**
   * Sidebar entries of custom screens (a screen is no resource, so no
   * descriptor's `panel` lists it); the entry shows under the same service
   * and policy rules as a panel's, and the route wraps its page in `ScreenGate`.
   * @example [{ panel: { dashboard: 'project', group: 'Object Store', label: 'Containers', path: '/project/containers' }, serviceType: 'object-store' }]
   */
  panels?: readonly MenuPanel[];
  /**
   * Components a descriptor's detail tab names with `component`, for what
   * fields and tables cannot show (an instance's console log).
   * @example { 'instance-log': InstanceLogTab }
   */
  detailTabs: Readonly<Record<string, ComponentType<DetailTabComponentProps>>>;
  /**
   * Wizard step components a descriptor's step names with `component`
   * (beside the engine's `membership` and `metadata`).
   * @example { subports: SubportsStep }
   */
  stepComponents: Readonly<Record<string, ComponentType<CustomStepProps>>>;
  /**
   * Named choice lists a schema's `x-transferTable.source` or `x-source` names
   * (beside the engine's `projects`, `roles` and `resource:<name>`).
   * @example { 'volume-types': async (backend) => [...] }
   */
  optionSources: Readonly<Record<string, OptionSource>>;
}

/** Everything the app hands the engine. */
export interface EnginePlugins extends ViewPlugins {
  /** The resource descriptors (`resources/`): panels, routes, lists, forms and details follow from them. */
  resources: readonly AnyResourceDescriptor[];
  /**
   * The data providers over the engine's HTTP helper. `serviceOf` says which
   * service serves a registered resource (undefined for the lists a provider
   * serves without a descriptor, which the providers place themselves).
   */
  createBackend(http: HttpClient, serviceOf: (resource: string) => ServiceName | undefined): Backend;
}

/** No plug-ins: the engine's built-ins only (a view rendered outside the app). */
export const NO_VIEW_PLUGINS: ViewPlugins = { routes: [], detailTabs: {}, stepComponents: {}, optionSources: {} };

export const PluginsContext = createContext<ViewPlugins>(NO_VIEW_PLUGINS);

/** The app's view plug-ins. */
export function usePlugins(): ViewPlugins {
  return useContext(PluginsContext);
}
