import { type DehydratedState, QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type DataRouter, type RouteObject } from 'react-router-dom';
import type { Bootstrap } from '../../shared/bootstrap';
import { createHttpClient, createRequestCounter } from '../backend/http';
import { createPreloads, withPreloadedVerdicts } from '../backend/preloads';
import type { AnyResourceDescriptor } from '../descriptor';
import { prefetchPanelList } from '../engine/prefetch';
import { forgetPrefetches, hydrateWithPage } from '../engine/queries';
import { createRegistry } from '../engine/registry';
import type { EnginePlugins } from '../plugins';
import { createToastStore } from '../toasts/store';
import { createTimezoneLoader } from '../utils/timezones';
import type { AppParts } from './App';
import { EXTENSIBLE_HEADER_PATH } from './ExtensibleHeader';
import { LOGIN_PATH } from './menu';
import { buildRoutes } from './routes';

export interface CreateAppOptions {
  /** The browser's fetch unless given (tests answer requests themselves). */
  fetch?: typeof fetch;
  /** A browser-history router unless given (tests use a memory router). */
  createRouter?: (routes: RouteObject[]) => DataRouter;
  /** What the page came with (`readBootstrap(document)`): its reads answer without calls, panels' lists start at navigation. */
  bootstrap?: Bootstrap | null;
}

/**
 * Wires the engine's parts around the app's plug-ins: the registry of its
 * resources, toasts, the HTTP helper, its data providers and the router.
 *
 * @example
 * createRoot(root).render(<App {...createApp(plugins)} />); // app/main.tsx
 */
export function createApp(plugins: EnginePlugins, options: CreateAppOptions = {}): AppParts {
  const registry = createRegistry(plugins.resources);
  const toasts = createToastStore();
  const queryClient = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, retry: retryUnlessClientError } } });
  // A page the server drew: the app starts where the server's render ended, so its first render matches the markup.
  const hydration = options.bootstrap?.hydration;
  if (hydration) hydrateWithPage(queryClient, hydration.queries as DehydratedState);
  const requests = createRequestCounter();
  const preloads = createPreloads(options.bootstrap ?? null);
  const http = createHttpClient({
    notify: toasts,
    fetch: options.fetch,
    requests,
    preloads,
    onWrite: forgetPrefetches,
    // Spec 1 §8: after the 401 toast, drop what was loaded and sign in again.
    // On the login page already (a late answer to the page just signed out of), nothing is left to drop, and a clear
    // would take the login page's own options query in flight with it, leaving a spinner where the form belongs.
    onUnauthorized: () => {
      if (router.state.location.pathname === LOGIN_PATH) return;
      queryClient.clear();
      void router.navigate(LOGIN_PATH);
    },
  });
  const created = plugins.createBackend(http, (resource) => registry.byName(resource)?.service);
  const backend = { ...created, policy: withPreloadedVerdicts(created.policy, preloads) };
  // With a bootstrap, what a panel's access depends on is known at once: its list call starts at navigation.
  const onPanel = options.bootstrap ? (descriptor: AnyResourceDescriptor) => void prefetchPanelList(queryClient, backend, descriptor) : undefined;
  // Created before React renders, the router runs the first page's loader at once.
  const createRouter = options.createRouter ?? ((routes: RouteObject[]) => createBrowserRouter(routes, hydration && { hydrationData: { loaderData: hydration.loaderData } }));
  const router = createRouter(buildRoutes(registry, plugins, onPanel));
  return {
    backend,
    registry,
    plugins,
    toasts,
    queryClient,
    router,
    requests,
    // Spec 1 §6: a 401/403 on the header is handled silently.
    loadHeader: () => http.get<unknown>(EXTENSIBLE_HEADER_PATH, { silent: true }),
    // Quiet: dates fall back to the cookie's zone without the list.
    timezones: createTimezoneLoader((url) => http.get(url, { silent: true })),
    // The browser's router can load the server's page (with its bootstrap); a test's memory router cannot.
    loadPage: options.createRouter ? undefined : (path) => window.location.assign(path),
  };
}

/** Network blips are retried once; an answer of 4xx will not change on retry. */
function retryUnlessClientError(failureCount: number, error: unknown): boolean {
  const status = (error as { status?: number } | null)?.status ?? 0;
  return failureCount < 1 && (status === 0 || status >= 500);
}
