import { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type DataRouter, type RouteObject } from 'react-router-dom';
import { createHttpClient, createRequestCounter } from '../backend/http';
import { createBackend } from '../../dataProviders/index';
import type { ServiceName } from '../backend/contract';
import { LAUNCH_RESOURCES } from '../../dataProviders/launch';
import { resources } from '../../resources/index';
import { createRegistry } from '../engine/registry';
import { createToastStore } from '../toasts/store';
import { createTimezoneLoader } from '../utils/timezones';
import type { AppParts } from './App';
import { EXTENSIBLE_HEADER_PATH } from './ExtensibleHeader';
import { LOGIN_PATH } from './menu';
import { buildRoutes } from './routes';

/**
 * Resources a provider serves without a descriptor: lists behind a form's
 * choices (subnet pools, a router's subnets, floating IP pools and targets,
 * Create Volume's types and zones) and the launch wizard's reads.
 */
export const SUPPORT_RESOURCES: Record<string, ServiceName> = {
  subnetpool: 'neutron',
  'router-subnet': 'neutron',
  'floating-ip-pool': 'neutron',
  'floating-ip-target': 'neutron',
  'volume-type': 'cinder',
  'volume-zone': 'cinder',
  ...LAUNCH_RESOURCES,
};

export interface CreateAppOptions {
  /** The browser's fetch unless given (tests answer requests themselves). */
  fetch?: typeof fetch;
  /** A browser-history router unless given (tests use a memory router). */
  createRouter?: (routes: RouteObject[]) => DataRouter;
}

/** Wires the real parts: registry, toasts, the HTTP helper, the backend and the router. */
export function createApp(options: CreateAppOptions = {}): AppParts {
  const registry = createRegistry(resources);
  const toasts = createToastStore();
  const queryClient = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, retry: retryUnlessClientError } } });
  const router = (options.createRouter ?? createBrowserRouter)(buildRoutes(registry));
  const requests = createRequestCounter();
  const http = createHttpClient({
    notify: toasts,
    fetch: options.fetch,
    requests,
    // Spec 1 §8: after the 401 toast, drop what was loaded and sign in again.
    onUnauthorized: () => {
      queryClient.clear();
      if (router.state.location.pathname !== LOGIN_PATH) void router.navigate(LOGIN_PATH);
    },
  });
  const backend = createBackend(http, (resource) => {
    const service = registry.byName(resource)?.service ?? SUPPORT_RESOURCES[resource];
    if (!service) throw new Error(`No resource named ${resource}`);
    return service;
  });
  return {
    backend,
    registry,
    toasts,
    queryClient,
    router,
    requests,
    // Spec 1 §6: a 401/403 on the header is handled silently.
    loadHeader: () => http.get<unknown>(EXTENSIBLE_HEADER_PATH, { silent: true }),
    // Quiet: dates fall back to the cookie's zone without the list.
    timezones: createTimezoneLoader((url) => http.get(url, { silent: true })),
  };
}

/** Network blips are retried once; an answer of 4xx will not change on retry. */
function retryUnlessClientError(failureCount: number, error: unknown): boolean {
  const status = (error as { status?: number } | null)?.status ?? 0;
  return failureCount < 1 && (status === 0 || status >= 500);
}
