import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { type DataRouter, RouterProvider } from 'react-router-dom';
import type { RequestCounter } from '../backend/http';
import type { Backend } from '../backend/contract';
import { BackendContext, RegistryContext } from '../engine/context';
import { NO_VIEW_PLUGINS, PluginsContext, type ViewPlugins } from '../plugins';
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
import { SignInLandingContext } from './sign-in-landing';
import { reducedMotionTheme, theme } from './theme';

export interface AppParts {
  backend: Backend;
  registry: Registry;
  /** The app's routes, detail tabs, wizard steps and option sources. Default: the engine's built-ins only. */
  plugins?: ViewPlugins;
  toasts: ToastStore;
  queryClient: QueryClient;
  router: DataRouter;
  /** The HTTP helper's counter behind the header's request spinner. Default: no spinner. */
  requests?: RequestCounter;
  /** `GET header/` for the extensible header. Default: no extensible header. */
  loadHeader?: () => Promise<unknown>;
  /** The `/api/timezones/` loader on the app's HTTP client. Default: the shared loader. */
  timezones?: CachedLoader<TimezoneDict>;
  /** Loads a signed-in user's first page (see sign-in-landing.ts). Default: in-app navigation. */
  loadPage?: (path: string) => void;
}

/** The whole app from its parts; tests pass fakes and a memory router. */
export function App({ backend, registry, plugins = NO_VIEW_PLUGINS, toasts, queryClient, router, requests, loadHeader, timezones, loadPage }: AppParts) {
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const page = (
    <ThemeProvider theme={reducedMotion ? reducedMotionTheme : theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <BackendContext.Provider value={backend}>
          <RegistryContext.Provider value={registry}>
            <PluginsContext.Provider value={plugins}>
              <ToastContext.Provider value={toasts}>
                <Suspense fallback={<FullPageSpinner />}>
                  <RouterProvider router={router} />
                </Suspense>
                <Toaster />
              </ToastContext.Provider>
            </PluginsContext.Provider>
          </RegistryContext.Provider>
        </BackendContext.Provider>
      </QueryClientProvider>
    </ThemeProvider>
  );
  return (
    <RequestCounterContext.Provider value={requests ?? null}>
      <ExtensibleHeaderContext.Provider value={loadHeader ?? null}>
        <SignInLandingContext.Provider value={loadPage ?? null}>
          {timezones ? <TimezoneLoaderContext.Provider value={timezones}>{page}</TimezoneLoaderContext.Provider> : page}
        </SignInLandingContext.Provider>
      </ExtensibleHeaderContext.Provider>
    </RequestCounterContext.Provider>
  );
}
