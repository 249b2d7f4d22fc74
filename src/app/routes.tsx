import { lazy } from 'react';
import { Navigate, type RouteObject, useLocation, useParams } from 'react-router-dom';
import type { AnyResourceDescriptor } from '../descriptor';
import NotFoundPage from '../engine/NotFoundPage';
import ResourceListPage from '../engine/ResourceListPage';
import { PanelTabs } from '../engine/PanelTabs';
import { isNestedRoot, nestedRoutes } from '../engine/nested';
import { detailLink, NOT_FOUND_PATH, type Registry } from '../engine/registry';
import { AppShell } from './AppShell';
import { buildMenu, LANDING_PATH, LOGIN_PATH, sectionRoots } from './menu';
import type { ViewPlugins } from '../plugins';
import { PanelGate } from './PanelGate';

// Pages load on first visit, so signing in does not download the details and forms. The list page
// is in the entry: a lazy one held the first row behind its chunk and a Suspense fallback (issue 17).
const LoginPage = lazy(() => import('./LoginPage'));
const ResourceShowPage = lazy(() => import('../engine/ResourceShowPage'));
const NestedDetailsPage = lazy(() => import('../engine/NestedDetailsPage'));

/**
 * Every route, derived from the registry: each panel's list page, its
 * `{path}/{id}` redirect to `/ngdetails/{type}/{id}`, the generic details
 * route and the not-found page (spec 1 §2.1, spec 2 §2.1–2.2), with the
 * app's custom screens (`routes` and `panels` of `EnginePlugins`) inside the
 * shell. `onPanel` is called when a panel's list page is navigated to.
 */
export function buildRoutes(
  registry: Registry,
  screens: Pick<ViewPlugins, 'routes' | 'panels'> = { routes: [] },
  onPanel?: (descriptor: AnyResourceDescriptor) => void,
): RouteObject[] {
  const panels = registry.all.filter((descriptor) => descriptor.panel);
  return [
    { path: LOGIN_PATH, element: <LoginPage /> },
    {
      element: <AppShell />,
      children: [
        { index: true, element: <Navigate to={LANDING_PATH} replace /> },
        ...sectionRoots(buildMenu(registry.all, screens.panels)).map(({ path, to }) => ({ path, element: <Navigate to={to} replace /> })),
        ...panels.map((descriptor) => ({
          // Named, not numbered by its place: the server draws the page with only its own branch of the tree, and the browser
          // takes the loader's data the server's render ended with by this id (app/server.tsx).
          id: descriptor.panel!.path,
          path: descriptor.panel!.path,
          // `onPanel` starts the list's call at navigation; returning at once, it never holds the navigation.
          ...(onPanel && {
            loader: () => {
              onPanel(descriptor);
              return null;
            },
          }),
          element: (
            <PanelGate descriptor={descriptor}>
              {descriptor.panel!.tabs ? <PanelTabs key={descriptor.name} descriptor={descriptor} /> : <ResourceListPage key={descriptor.name} descriptor={descriptor} />}
            </PanelGate>
          ),
        })),
        ...panels
          // A nested tree's root has its details there instead (its nested routes below).
          .filter((descriptor) => descriptor.detail && !isNestedRoot(descriptor))
          // A panel may name its own redirect route (spec 2 §2.2: /admin/trunk/{id}/detail).
          .map((descriptor) => ({
            path: descriptor.panel!.detailRoute ?? `${descriptor.panel!.path}/:id${descriptor.panel!.detailSuffix ?? ''}`,
            element: <DetailRedirect descriptor={descriptor} />,
          })),
        // Horizon's other URLs of a resource (a port's detail under networks, a network's subnet create).
        ...registry.all.filter((descriptor) => registry.byName(descriptor.name) === descriptor).flatMap((descriptor) =>
          (descriptor.redirects ?? []).map((redirect) => ({ path: redirect.path, element: <ResourceRedirect descriptor={descriptor} to={redirect.to} /> })),
        ),
        // The details of nested resources, one route per path down their tree (spec 3 §2.1).
        ...nestedRoutes(registry).map((route) => ({ path: route.path, element: <NestedDetailsPage key={route.path} chain={route.chain} /> })),
        ...screens.routes,
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
 * the query is kept (spec 1 §2.1: `network/{id}/?tab=network_tabs__subnets_tab`).
 */
function DetailRedirect({ descriptor }: { descriptor: AnyResourceDescriptor }) {
  const { id = '' } = useParams();
  const { search } = useLocation();
  return <Navigate to={withQuery(detailLink(descriptor, id), search)} replace />;
}

/** A descriptor's `redirects` entry: its `to` with the route's params filled in, else the details of `:id`. */
function ResourceRedirect({ descriptor, to }: { descriptor: AnyResourceDescriptor; to?: string }) {
  const params = useParams();
  const { search } = useLocation();
  const target = to ? to.replace(/\{(\w+)\}/g, (_, key: string) => encodeURIComponent(params[key] ?? '')) : detailLink(descriptor, params.id ?? '');
  return <Navigate to={withQuery(target, search)} replace />;
}

/** `target` with the query of the URL that led here added. */
function withQuery(target: string, search: string): string {
  if (!search || search === '?') return target;
  return `${target}${target.includes('?') ? '&' : '?'}${search.replace(/^\?/, '')}`;
}
