import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A handler of one service's requests; `path` is relative to the service's endpoint. */
export type FakeService = (path: string, request: IncomingMessage, response: ServerResponse) => void;

export interface FakeOpenStack {
  /** Keystone's v3 URL, for `build({ authUrl })`. */
  authUrl: string;
  /** What each service answers; tests replace entries to break one service. */
  services: Record<string, FakeService>;
  /** The paths each service was asked for, in order. */
  seen: Record<string, string[]>;
  close(): Promise<void>;
}

/** A service that accepts the connection and never answers: the timeout and circuit-breaker cases. */
export const neverAnswers: FakeService = () => undefined;

/**
 * A minimal OpenStack on loopback for the BFF's failure cases (issue 16): a
 * Keystone that logs `demo` in to project `demo` with a catalog of compute,
 * image and block-storage endpoints on the same origin, and services whose
 * answers each test chooses (broken bodies, stalls, never answering). A
 * service not arranged answers 404.
 */
export async function startFakeOpenStack(): Promise<FakeOpenStack> {
  const seen: Record<string, string[]> = {};
  const services: Record<string, FakeService> = {};
  let origin = '';
  const server: Server = createServer((request, response) => {
    const [, service, ...rest] = (request.url ?? '/').split('/');
    const path = `/${rest.join('/')}`;
    (seen[service] ??= []).push(`${request.method} ${path}`);
    if (service === 'identity') return keystone(path, request, response, origin);
    const handler = services[service];
    if (handler) return handler(path, request, response);
    response.writeHead(404, { 'Content-Type': 'application/json' }).end('{"error": {"message": "not arranged"}}');
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    authUrl: `${origin}/identity/v3`,
    services,
    seen,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const project = { id: 'p-demo', name: 'demo', domain_id: 'default', enabled: true, domain: { id: 'default', name: 'Default' } };

function catalog(origin: string) {
  const entry = (type: string) => ({
    id: type,
    type,
    name: type,
    endpoints: [{ id: `${type}-public`, interface: 'public', region: 'RegionOne', region_id: 'RegionOne', url: `${origin}/${type}` }],
  });
  return [entry('identity'), entry('compute'), entry('image'), entry('block-storage')].map((item) =>
    item.type === 'identity' ? { ...item, endpoints: [{ ...item.endpoints[0], url: `${origin}/identity/v3` }] } : item,
  );
}

function keystone(path: string, request: IncomingMessage, response: ServerResponse, origin: string): void {
  request.resume();
  const token = {
    methods: ['password'],
    user: { id: 'u-demo', name: 'demo', domain: { id: 'default', name: 'Default' } },
    project,
    roles: [{ id: 'r-member', name: 'member' }],
    catalog: catalog(origin),
    expires_at: new Date(Date.now() + 3600_000).toISOString(),
  };
  const json = (status: number, body: unknown, headers: Record<string, string> = {}): void =>
    void response.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(JSON.stringify(body));
  if (path === '/v3/auth/tokens' && request.method === 'POST') return json(201, { token }, { 'X-Subject-Token': 'fake-token' });
  if (path === '/v3/auth/tokens' && request.method === 'GET') return json(200, { token });
  if (path === '/v3/auth/tokens' && request.method === 'DELETE') return void response.writeHead(204).end();
  if (path === '/v3/auth/projects') return json(200, { projects: [project] });
  json(404, { error: { code: 404, message: 'not arranged' } });
}
