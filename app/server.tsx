import { AsyncLocalStorage } from 'node:async_hooks';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { dehydrate } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, matchPath, matchRoutes, type RouteObject } from 'react-router-dom';
import type { Bootstrap, RenderedPage } from '../shared/bootstrap';
import { App } from '../src/app/App';
import { createApp } from '../src/app/create-app';
import { buildMenu, type MenuPanel, menuPanels } from '../src/app/menu';
import { prefetchGateExtensions, prefetchPanelList } from '../src/engine/prefetch';
import { setCookieSource } from '../src/utils/cookies';
import { holdPageClock } from '../src/utils/dates';
import { plugins } from './plugins';

// The server's entry point (built by `vite build --ssr` into dist/.ssr/, loaded by
// server/page-bootstrap.ts): the same engine and plug-ins as the browser's, run on
// the server, so that what a page asks for first is decided by the page's own code,
// and a list page arrives drawn, its first rows in the HTML (issue 17).

/** The cookies of the request being answered: the page size and other preferences the page reads from them. */
const requestCookies = new AsyncLocalStorage<string>();
setCookieSource(() => requestCookies.getStore() ?? '');

/**
 * The page at `path` as the browser would first draw it, with the page's
 * bootstrap: its first reads of its own (its panel's list) are made through
 * `fetch` (the server's own routes, with the request's cookie) as the
 * browser's code makes them, and a panel's list page is rendered with their
 * answers. Pages that are no panel's list (details, overview, topology)
 * are neither read for nor drawn: the browser draws them. A render that
 * throws gives no markup, the error, and the list's answer for the browser.
 */
export function renderPage(path: string, cookies: string, bootstrap: Bootstrap, fetch: typeof globalThis.fetch): Promise<RenderedPage> {
  return requestCookies.run(cookies, () => render(path, bootstrap, fetch));
}

async function render(path: string, bootstrap: Bootstrap, fetch: typeof globalThis.fetch): Promise<RenderedPage> {
  const firstReads = new Map<string, string>();
  const recording: typeof globalThis.fetch = async (input, init) => {
    const response = await fetch(input, init);
    const type = response.headers.get('content-type') ?? '';
    if ((init?.method ?? 'GET') === 'GET' && response.status === 200 && type.includes('json')) firstReads.set(String(input), await response.clone().text());
    return response;
  };
  const pathname = new URL(path, 'http://page').pathname;
  const parts = createApp(plugins, { bootstrap, fetch: recording, createRouter: (routes) => createMemoryRouter(branchOf(routes, pathname), { initialEntries: [path] }) });
  try {
    const descriptor = parts.registry.all.find((each) => each.panel && matchPath(each.panel.path, pathname));
    if (!descriptor) return { firstReads, html: null };
    // The route's loader has started the same prefetch: this one joins it (one call per query).
    gatedPanels ??= menuPanels(buildMenu(parts.registry.all, plugins.panels));
    await Promise.all([prefetchPanelList(parts.queryClient, parts.backend, descriptor), prefetchGateExtensions(parts.queryClient, parts.backend, gatedPanels)]);
    await routerReady(parts.router);
    let html: string;
    const drawnAt = Date.now();
    // The render is synchronous: the clock held for it holds for this page only.
    holdPageClock(drawnAt);
    try {
      html = renderToString(
        <CacheProvider value={styleCache}>
          <App {...parts} />
        </CacheProvider>,
      );
    } catch (error) {
      // The browser draws the page, with the list's answer the prefetch got.
      return { firstReads, html: null, error };
    } finally {
      holdPageClock(null);
    }
    return {
      firstReads,
      html,
      styles: stylesOf(html),
      hydration: { queries: dehydrate(parts.queryClient), loaderData: parts.router.state.loaderData, drawnAt },
    };
  } finally {
    parts.router.dispose();
    parts.queryClient.clear();
  }
}

/**
 * One emotion cache for every render: each style is serialised once per
 * process, not once per page (most of a render's time otherwise). Emotion
 * keeps the rules in the cache instead of writing a `<style>` beside each
 * element (`compat`); a page takes those its markup uses (`stylesOf`).
 */
const styleCache = createCache({ key: 'css' });
styleCache.compat = true;

/**
 * The rules of the classes `html` uses, and the global rules, as emotion's
 * own server extraction (`extractCritical`) picks them, in the order they
 * were first inserted.
 */
function stylesOf(html: string): { ids: string[]; css: string } {
  const used = new Set([...html.matchAll(/css-([a-zA-Z0-9-_]+)/g)].map((match) => match[1]));
  const ids = Object.keys(styleCache.inserted).filter(
    (id) => typeof styleCache.inserted[id] === 'string' && (used.has(id) || styleCache.registered[`css-${id}`] === undefined),
  );
  return { ids, css: ids.map((id) => styleCache.inserted[id]).join('') };
}

/** The sidebar's panels, whose gates the drawn page decides (the same plug-ins for every page). */
let gatedPanels: MenuPanel[] | undefined;

/** Each drawn path's branch of the route tree, as the place of its route at each level (the tree's shape is the same for every page). */
const branches = new Map<string, number[]>();

/**
 * The routes down to the one `pathname` matches, without the others: a
 * router ranks every route of the tree it is given (the app has some 200),
 * twice, about a tenth of a drawn page's CPU on the server, and a page drawn
 * there needs only its own. The routes whose loader data the browser takes over have
 * names, not numbers by their place (src/app/routes.tsx).
 */
function branchOf(routes: RouteObject[], pathname: string): RouteObject[] {
  let places = branches.get(pathname);
  if (!places) {
    places = [];
    let level = routes;
    for (const { route } of matchRoutes(routes, pathname) ?? []) {
      places.push(level.indexOf(route));
      level = route.children ?? [];
    }
    if (places.includes(-1)) return routes;
    // Drawn paths are panels' list pages, a few dozen; the bound keeps a crawler of made-up paths from growing it.
    if (branches.size < 1000) branches.set(pathname, places);
  }
  const keep = (level: RouteObject[], depth: number): RouteObject[] => {
    if (depth === places.length) return [];
    const route = level[places[depth]];
    return [route.children ? { ...route, children: keep(route.children, depth + 1) } : route];
  };
  return keep(routes, 0);
}

/** Once the memory router has run the first page's loaders (they return at once). */
function routerReady(router: ReturnType<typeof createMemoryRouter>): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
