import { lazy } from 'react';
import { Navigate, type RouteObject, useParams } from 'react-router-dom';
import { customRoutes } from '../../custom/routes';
import type { AnyResourceDescriptor } from '../descriptor';
import NotFoundPage from '../engine/NotFoundPage';
import { detailLink, NOT_FOUND_PATH, type Registry } from '../engine/registry';
import { AppShell } from './AppShell';
import { LANDING_PATH, LOGIN_PATH } from './menu';
import { PanelGate } from './PanelGate';

// Pages load on first visit, so signing in does not download the tables and forms.
const LoginPage = lazy(() => import('./LoginPage'));
const ResourceListPage = lazy(() => import('../engine/ResourceListPage'));
const ResourceShowPage = lazy(() => import('../engine/ResourceShowPage'));

/**
 * Every route, derived from the registry: each panel's list page, its
 * `{path}/{id}` redirect to `/ngdetails/{type}/{id}`, the generic details
 * route and the not-found page (spec 1 §2.1, spec 2 §2.1–2.2).
 */
export function buildRoutes(registry: Registry): RouteObject[] {
  const panels = registry.all.filter((descriptor) => descriptor.panel);
  return [
    { path: LOGIN_PATH, element: <LoginPage /> },
    {
      element: <AppShell />,
      children: [
        { index: true, element: <Navigate to={LANDING_PATH} replace /> },
        ...panels.map((descriptor) => ({
          path: descriptor.panel!.path,
          element: (
            <PanelGate descriptor={descriptor}>
              <ResourceListPage key={descriptor.name} descriptor={descriptor} />
            </PanelGate>
          ),
        })),
        ...panels
          .filter((descriptor) => descriptor.detail)
          // A panel may name its own redirect route (spec 2 §2.2: /admin/trunk/{id}/detail).
          .map((descriptor) => ({
            path: descriptor.panel!.detailRoute ?? `${descriptor.panel!.path}/:id${descriptor.panel!.detailSuffix ?? ''}`,
            element: <DetailRedirect descriptor={descriptor} />,
          })),
        // Routes that open the details with a row action open (spec 1 §2.1: router/{id}/addinterface).
        ...panels.flatMap((descriptor) =>
          Object.entries(descriptor.panel!.actionRoutes ?? {}).map(([suffix, action]) => ({
            // A key starting with '/' is a whole route holding :id (the topology's router/{id}/addinterface).
            path: suffix.startsWith('/') ? suffix : `${descriptor.panel!.path}/:id/${suffix}`,
            element: <DetailRedirect descriptor={descriptor} action={action} />,
          })),
        ),
        ...customRoutes,
        { path: '/ngdetails/:type', element: <Navigate to={NOT_FOUND_PATH} replace /> },
        { path: '/ngdetails/:type/*', element: <ResourceShowPage /> },
        { path: NOT_FOUND_PATH, element: <NotFoundPage /> },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}

/**
 * `/project/key_pairs/{name}` → `/ngdetails/OS::Nova::Keypair/{name}` (spec 2 §2.2);
 * with `action`, the details open that row action (`?action=`).
 */
function DetailRedirect({ descriptor, action }: { descriptor: AnyResourceDescriptor; action?: string }) {
  const { id = '' } = useParams();
  const target = detailLink(descriptor, id);
  return <Navigate to={action ? `${target}${target.includes('?') ? '&' : '?'}action=${encodeURIComponent(action)}` : target} replace />;
}
