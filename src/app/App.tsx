import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { type DataRouter, RouterProvider } from 'react-router-dom';
import type { Backend } from '../../dataProviders/index';
import { BackendContext, RegistryContext } from '../engine/context';
import type { Registry } from '../engine/registry';
import { ToastContext } from '../toasts/context';
import type { ToastStore } from '../toasts/store';
import { Toaster } from '../toasts/Toaster';
import { FullPageSpinner } from './AppShell';
import { theme } from './theme';

export interface AppParts {
  backend: Backend;
  registry: Registry;
  toasts: ToastStore;
  queryClient: QueryClient;
  router: DataRouter;
}

/** The whole app from its parts; tests pass fakes and a memory router. */
export function App({ backend, registry, toasts, queryClient, router }: AppParts) {
  return (
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
}
