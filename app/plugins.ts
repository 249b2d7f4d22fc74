import { createBackend } from '../dataProviders/index';
import { OPTION_SOURCES } from '../dataProviders/option-sources';
import { customDetailTabs } from '../custom/detail-tabs';
import { customPanels, customRoutes } from '../custom/routes';
import { customStepComponents } from '../custom/step-components';
import { resources } from '../resources/index';
import type { EnginePlugins } from '../src/plugins';

/**
 * The one object the app hands the engine (src/plugins.ts): its resources,
 * custom screens and data providers. The engine imports none of them itself.
 */
export const plugins: EnginePlugins = {
  resources,
  routes: customRoutes,
  panels: customPanels,
  detailTabs: customDetailTabs,
  stepComponents: customStepComponents,
  optionSources: OPTION_SOURCES,
  createBackend,
};
