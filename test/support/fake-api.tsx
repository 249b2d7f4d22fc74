import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { plugins } from '../../app/plugins';
import { DEFAULT_SETTINGS } from '../../shared/settings';
import { App } from '../../src/app/App';
import { createApp } from '../../src/app/create-app';
import { STOCK_EXTENSIONS } from './fake-backend';
import { makeCatalog, makeSession } from './records';

/** One request the browser sent: method, path (without query), query and the parsed JSON body. */
export interface ApiRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** An answer other than 200 with a JSON body; a route returning anything else answers 200 with it. */
export interface ApiReply {
  status: number;
  body?: unknown;
}

export const reply = (status: number, body?: unknown): ApiReply & { [REPLY]: true } => ({ status, body, [REPLY]: true });
const REPLY = Symbol('reply');

/** A route's answer from the request and the `:name` segments of its pattern. */
export type ApiRoute = (request: ApiRequest, params: Record<string, string>) => unknown;

export interface FakeApiOptions {
  /** `'POST /api/cinder/volumes/'` or with `:name` segments, `'DELETE /api/neutron/routers/:router/interfaces/:port/'`. */
  routes: Record<string, ApiRoute>;
  /** An admin session (policy allows everything either way unless `policy` says otherwise). */
  admin?: boolean;
  /** Service types in the catalog. Default: identity, compute, image, volumev3, network. */
  services?: string[];
  /** Answers POST /api/policy/ by its rules; default allowed. */
  policy?: (rules: [string, string][]) => boolean;
  settings?: Record<string, unknown>;
}

function compile(pattern: string): { method: string; match: (path: string) => Record<string, string> | null } {
  const [method, path] = pattern.split(' ');
  const names: string[] = [];
  const regex = new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, (_all, name: string) => (names.push(name), '([^/]+)'))}$`);
  return {
    method,
    match(candidate) {
      const found = regex.exec(candidate);
      // The segments as the server decodes them, so a test sees the id the route would get.
      return found ? Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(found[index + 1])])) : null;
    },
  };
}

/**
 * A fake `/api` server behind the real app, data providers and HTTP helper:
 * it answers the routes a test arranges (and the session, catalog, policy and
 * settings every page needs), records every request with its JSON body, and
 * fails the test on a request nobody arranged. Tests check the bodies the
 * browser really sends, which a fake data provider cannot see.
 *
 * @example
 * const api = renderWithApi({ path: '/project/volumes', routes: { 'GET /api/cinder/volumes/': () => ({ items: [] }) } });
 * api.sent('POST', '/api/cinder/volumes/'); // the bodies POSTed there
 */
export function renderWithApi(options: FakeApiOptions & { path: string }) {
  const requests: ApiRequest[] = [];
  const session = makeSession(options.admin ? { username: 'admin', roles: [{ name: 'admin' }], is_superuser: true } : {});
  const stock: Record<string, ApiRoute> = {
    'GET /api/keystone/user-session/': () => session,
    'GET /api/keystone/svc-catalog/': () => makeCatalog(options.services ?? ['identity', 'compute', 'image', 'volumev3', 'network']),
    // The browser batches a page's checks into one call ({checks: [{rules}]} → {allowed: [..]}).
    'POST /api/policy/': (request) => ({
      allowed: (request.body as { checks: { rules: [string, string][] }[] }).checks.map(({ rules }) => (options.policy ? options.policy(rules) : true)),
    }),
    'GET /header/': () => reply(204),
    'GET /api/settings/': () => options.settings ?? { ...DEFAULT_SETTINGS },
    'GET /api/timezones/': () => ({ timezone_dict: { UTC: '+0000' } }),
    // The project's quotas behind '(Quota exceeded)' on create buttons: none unless a test arranges them.
    'GET /api/nova/quota-sets/:project': () => ({ items: [] }),
    'GET /api/cinder/quota-sets/:project': () => ({ items: [] }),
    'GET /api/neutron/quota-sets/:project': () => ({ items: [] }),
    'GET /api/neutron/extensions/': () => ({ items: (STOCK_EXTENSIONS.neutron ?? []).map((alias) => ({ alias })) }),
    'GET /api/cinder/extensions/': () => ({ items: [] }),
  };
  const routes = Object.entries({ ...stock, ...options.routes }).map(([pattern, route]) => ({ ...compile(pattern), route }));
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://dashboard.test');
    const request: ApiRequest = { method: init?.method ?? 'GET', path: url.pathname, query: url.searchParams, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined };
    requests.push(request);
    for (const { method, match, route } of routes) {
      const params = method === request.method ? match(request.path) : null;
      if (!params) continue;
      const answer = await route(request, params);
      const { status, body } = answer && typeof answer === 'object' && REPLY in answer ? (answer as unknown as ApiReply) : { status: 200, body: answer };
      return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }
    console.error(`Unexpected request: ${request.method} ${request.path}`);
    return new Response(JSON.stringify(`No route for ${request.method} ${request.path}`), { status: 404, headers: { 'Content-Type': 'application/json' } });
  });
  const parts = createApp(plugins, { fetch: fetch as typeof globalThis.fetch, createRouter: (routes) => createMemoryRouter(routes, { initialEntries: [options.path] }) });
  const user = userEvent.setup();
  render(<App {...parts} />);
  return {
    user,
    router: parts.router,
    requests,
    /** The JSON bodies sent with `method` to exactly `path`, in order. */
    sent: (method: string, path: string) => requests.filter((request) => request.method === method && request.path === path).map((request) => request.body),
    /** The requests sent with `method` (any path), e.g. every DELETE. */
    calls: (method: string) => requests.filter((request) => request.method === method).map((request) => request.path),
  };
}
