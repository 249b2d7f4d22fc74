import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router-dom';
import type { Backend } from '../../src/backend/contract';
import { plugins } from '../../app/plugins';
import type { AnyResourceDescriptor } from '../../src/descriptor';
import { App, type AppParts } from '../../src/app/App';
import { buildRoutes } from '../../src/app/routes';
import { createRegistry } from '../../src/engine/registry';
import { createToastStore } from '../../src/toasts/store';
import { createTimezoneLoader } from '../../src/utils/timezones';

export interface RenderAppOptions {
  backend: Backend;
  /** The URL the app opens at. */
  path?: string;
  descriptors?: readonly AnyResourceDescriptor[];
  /** Pass `{ advanceTimers: vi.advanceTimersByTime }` when the test uses fake timers. */
  userEventOptions?: Parameters<typeof userEvent.setup>[0];
  /** The optional app parts: request counter, extensible header, zone list (default: UTC only, no request). */
  parts?: Pick<AppParts, 'requests' | 'loadHeader' | 'timezones' | 'loadPage'>;
}

const utcOnly = { timezone_dict: { UTC: '+0000' } };

/** The real app (the engine with the app's plug-ins) over a fake backend and an in-memory router. */
export function renderApp({ backend, path = '/', descriptors = plugins.resources, userEventOptions, parts = {} }: RenderAppOptions) {
  const registry = createRegistry(descriptors);
  const toasts = createToastStore();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
  const router = createMemoryRouter(buildRoutes(registry, plugins), { initialEntries: [path] });
  const user = userEvent.setup(userEventOptions);
  const timezones = parts.timezones ?? createTimezoneLoader(async () => utcOnly);
  const view = render(<App backend={backend} registry={registry} plugins={plugins} toasts={toasts} queryClient={queryClient} router={router} {...parts} timezones={timezones} />);
  return { ...view, user, toasts, router, queryClient, screen };
}

/** The path the in-memory router is at now. */
export function currentPath(router: { state: { location: { pathname: string } } }): string {
  return router.state.location.pathname;
}
