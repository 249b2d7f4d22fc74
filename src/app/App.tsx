import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { type DataRouter, RouterProvider } from 'react-router-dom';
import type { RequestCounter } from '../backend/http';
import type { Backend } from '../backend/contract';
import { BackendContext, RegistryContext } from '../engine/context';
import type { Registry } from '../engine/registry';
import { ToastContext } from '../toasts/context';
import type { ToastStore } from '../toasts/store';
import { Toaster } from '../toasts/Toaster';
import type { CachedLoader } from '../utils/cache';
import type { TimezoneDict } from '../utils/timezones';
import { TimezoneLoaderContext } from '../utils/useTimeZone';
import { FullPageSpinner } from './AppShell';
import { ExtensibleHeaderContext } from './ExtensibleHeader';
import { RequestCounterContext } from './RequestSpinner';
import { theme } from './theme';

export interface AppParts {
  backend: Backend;
  registry: Registry;
  toasts: ToastStore;
  queryClient: QueryClient;
  router: DataRouter;
  /** The HTTP helper's counter behind the header's request spinner. Default: no spinner. */
  requests?: RequestCounter;
  /** `GET header/` for the extensible header. Default: no extensible header. */
  loadHeader?: () => Promise<unknown>;
  /** The `/api/timezones/` loader on the app's HTTP client. Default: the shared loader. */
  timezones?: CachedLoader<TimezoneDict>;
}

/** The whole app from its parts; tests pass fakes and a memory router. */
export function App({ backend, registry, toasts, queryClient, router, requests, loadHeader, timezones }: AppParts) {
  const page = (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <BackendContext.Provider value={backend}>
          <RegistryContext.Provider value={registry}>
            <ToastContext.Provider value={toasts}>
              <Suspense fallback={<FullPageSpinner />}>
                <RouterProvider router={router} />
              </Suspense>
              <Toaster />
            </ToastContext.Provider>
          </RegistryContext.Provider>
        </BackendContext.Provider>
      </QueryClientProvider>
    </ThemeProvider>
  );
  return (
    <RequestCounterContext.Provider value={requests ?? null}>
      <ExtensibleHeaderContext.Provider value={loadHeader ?? null}>
        {timezones ? <TimezoneLoaderContext.Provider value={timezones}>{page}</TimezoneLoaderContext.Provider> : page}
      </ExtensibleHeaderContext.Provider>
    </RequestCounterContext.Provider>
  );
}
