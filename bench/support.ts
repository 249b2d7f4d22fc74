import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer } from '../test/support/server-process.js';

export interface BenchCloud {
  server: RunningServer;
  /** Cookie header of a logged-in session (demo on the built-in cloud), plus its CSRF token. */
  demoCookie: string;
  demoCsrf: string;
  /** A Keystone token scoped to the same project, for the native calls. */
  demoToken: string;
  /** The token's catalog: service type → public URL. */
  endpoints: Map<string, string>;
}

/** Who the bench logs in as: the built-in cloud's demo, or BENCH_USERNAME… on a real cloud. */
export interface BenchUser {
  username: string;
  password: string;
  domain: string;
  project: string;
}

/**
 * A fresh server and a logged-in session through /api plus a native token.
 * With `authUrl` the server fronts that real cloud (the emulator stays off).
 */
export async function startBenchCloud(real?: { authUrl: string; user: BenchUser }): Promise<BenchCloud> {
  const dataDir = mkdtempSync(join(tmpdir(), 'dashboard-bench-'));
  // The server as an operator runs it: default transitions and poll interval, not the tests' short ones.
  const server = await startServer(dataDir, undefined, real ? { OS_AUTH_URL: real.authUrl } : {});
  const user = real?.user ?? { username: 'demo', password: server.passwords.demo, domain: 'Default', project: 'demo' };
  const authUrl = real?.authUrl ?? `${server.baseUrl}/cloud/identity/v3`;
  const login = await fetch(`${server.baseUrl}/api/auth/login/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify({ auth_type: 'credentials', username: user.username, password: user.password, domain: user.domain }),
  });
  if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
  const cookies = login.headers.getSetCookie().map((line) => line.split(';')[0]);
  const demoCsrf = cookies.find((cookie) => cookie.startsWith('csrftoken='))!.slice('csrftoken='.length);

  const auth = await fetch(`${authUrl.replace(/\/$/, '')}/auth/tokens`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      auth: {
        identity: { methods: ['password'], password: { user: { name: user.username, domain: { name: user.domain }, password: user.password } } },
        scope: { project: { name: user.project, domain: { name: user.domain } } },
      },
    }),
  });
  const demoToken = auth.headers.get('x-subject-token');
  if (!demoToken) throw new Error(`native token failed: ${auth.status}`);
  const body = (await auth.json()) as { token: { catalog?: { type: string; endpoints: { interface: string; url: string }[] }[] } };
  const endpoints = new Map<string, string>();
  for (const service of body.token.catalog ?? []) {
    const url = service.endpoints.find((endpoint) => endpoint.interface === 'public')?.url;
    if (url) endpoints.set(service.type, url.replace(/\/$/, ''));
  }
  return { server, demoCookie: cookies.join('; '), demoCsrf, demoToken, endpoints };
}

/** A state-changing call through /api as the bench's session. */
export async function apiPost<T>(cloud: BenchCloud, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${cloud.server.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'X-CSRFToken': cloud.demoCsrf, Cookie: cloud.demoCookie },
    body: JSON.stringify(body),
  });
  if (response.status >= 300) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export async function apiGet<T>(cloud: BenchCloud, path: string): Promise<T> {
  const response = await fetch(`${cloud.server.baseUrl}${path}`, { headers: { 'X-Requested-With': 'XMLHttpRequest', Cookie: cloud.demoCookie } });
  if (response.status >= 300) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Fills the demo user's key pair list so the list call has something to carry; `prefix` keeps a real cloud's names apart. */
export async function seedKeypairs(cloud: BenchCloud, count: number, prefix = 'bench-key'): Promise<string[]> {
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const name = `${prefix}-${String(i).padStart(3, '0')}`;
    await apiPost(cloud, '/api/nova/keypairs/', { name, key_type: 'ssh' });
    names.push(name);
  }
  return names;
}

/**
 * One volume and one instance, so every one of the five pages has a first
 * row, named with `suffix` (a real cloud is shared); returns their removal.
 */
export async function seedPageRows(cloud: BenchCloud, suffix = ''): Promise<() => Promise<void>> {
  const volume = await apiPost<{ id: string }>(cloud, '/api/cinder/volumes/', { size: 1, name: `bench-volume${suffix}`, description: null, volume_type: null, snapshot_id: null, metadata: {}, image_id: null, availability_zone: null, source_volid: null });
  const images = (await apiGet<{ items: { id: string; status: string; container_format: string; min_ram: number }[] }>(cloud, '/api/glance/images/')).items;
  const image = images.find((candidate) => candidate.status === 'active' && !['aki', 'ari'].includes(candidate.container_format) && !candidate.min_ram)!;
  const networks = (await apiGet<{ items: { id: string; name: string; 'router:external': boolean }[] }>(cloud, '/api/neutron/networks/')).items;
  const network = networks.find((candidate) => !candidate['router:external'] && candidate.name === 'private')!;
  const flavors = (await apiGet<{ items: { id: string; ram: number }[] }>(cloud, '/api/nova/flavors/')).items.sort((a, b) => a.ram - b.ram);
  const server = await apiPost<{ id: string }>(cloud, '/api/nova/servers/', {
    name: `bench-instance${suffix}`,
    source_id: image.id,
    flavor_id: flavors[0].id,
    key_name: null,
    user_data: null,
    security_groups: ['default'],
    nics: [{ 'net-id': network.id, 'v4-fixed-ip': '' }],
  });
  return async () => {
    await apiDelete(cloud, `/api/nova/servers/${server.id}`);
    await apiDelete(cloud, `/api/cinder/volumes/${volume.id}`);
  };
}

/** A delete through /api as the bench's session; a failure is printed, not thrown (the figures are already out). */
export async function apiDelete(cloud: BenchCloud, path: string): Promise<void> {
  const response = await fetch(`${cloud.server.baseUrl}${path}`, {
    method: 'DELETE',
    headers: { 'X-Requested-With': 'XMLHttpRequest', 'X-CSRFToken': cloud.demoCsrf, Cookie: cloud.demoCookie },
  });
  if (response.status >= 300) console.error(`DELETE ${path}: ${response.status} ${await response.text()}`);
}
