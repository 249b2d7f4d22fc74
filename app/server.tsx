import { AsyncLocalStorage } from 'node:async_hooks';
import { createMemoryRouter, matchPath } from 'react-router-dom';
import type { Bootstrap } from '../shared/bootstrap';
import { createApp } from '../src/app/create-app';
import { prefetchPanelList } from '../src/engine/prefetch';
import { setCookieSource } from '../src/utils/cookies';
import { plugins } from './plugins';

// The server's entry point (built by `vite build --ssr` into dist/.ssr/, loaded by
// server/page-bootstrap.ts): the same engine and plug-ins as the browser's, run on
// the server so that what a page asks for first is decided by the page's own code.

/** The cookies of the request being answered: the page size and other preferences the page reads from them. */
const requestCookies = new AsyncLocalStorage<string>();
setCookieSource(() => requestCookies.getStore() ?? '');

/**
 * The reads the page at `path` makes first of its own (its panel's list),
 * made now through `fetch` (the server's own routes, with the request's
 * cookie) and given back as the raw JSON text of each answer by the URL the
 * browser would send. The app is created as the browser creates it, with the
 * page's bootstrap, so the list's URL, query, page size and filters are the
 * browser's. None for a page that is no panel, or whose list waits (a
 * filter-first panel) or is not allowed without asking.
 */
export function firstReads(path: string, cookies: string, bootstrap: Bootstrap, fetch: typeof globalThis.fetch): Promise<Map<string, string>> {
  return requestCookies.run(cookies, () => readFirst(path, bootstrap, fetch));
}

async function readFirst(path: string, bootstrap: Bootstrap, fetch: typeof globalThis.fetch): Promise<Map<string, string>> {
  const reads = new Map<string, string>();
  const recording: typeof globalThis.fetch = async (input, init) => {
    const response = await fetch(input, init);
    const type = response.headers.get('content-type') ?? '';
    if ((init?.method ?? 'GET') === 'GET' && response.status === 200 && type.includes('json')) reads.set(String(input), await response.clone().text());
    return response;
  };
  const pathname = new URL(path, 'http://page').pathname;
  const parts = createApp(plugins, { bootstrap, fetch: recording, createRouter: (routes) => createMemoryRouter(routes, { initialEntries: [path] }) });
  const descriptor = parts.registry.all.find((each) => each.panel && matchPath(each.panel.path, pathname));
  // The route's loader has started the same prefetch: this one joins it (one call per query).
  if (descriptor) await prefetchPanelList(parts.queryClient, parts.backend, descriptor);
  parts.router.dispose();
  return reads;
}
