import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import type { BuildOptions } from '../../server/app.js';

/** What a layer's global setup shares with its test files (see `test/api/global-setup.ts`). */
export interface SharedCloud {
  baseUrl: string;
  authUrl: string;
  passwords: Record<Persona, string>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The api layer's one emulator and server, when its global setup started them (not against a real cloud). */
    apiCloud: SharedCloud | null;
  }
}

export type Persona = 'admin' | 'demo';

export interface TestCloud {
  /** Base URL of the dashboard server, e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  /** Keystone v3 URL the server talks to (the emulator's or the real one). */
  authUrl: string;
  passwords: Record<Persona, string>;
  /** True when OS_AUTH_URL selects a real OpenStack (npm run test:realcloud). */
  isRealCloud: boolean;
  /**
   * The server in this process, for `app.inject`. The api layer's shared cloud
   * runs in another process and has none (reading it throws): a file that
   * injects calls `startOwnCloud()`.
   */
  app: FastifyInstance;
  close(): Promise<void>;
}

/**
 * The cloud a test file talks to. In the api layer that is the layer's one
 * shared emulator and server (started by `test/api/global-setup.ts`): nothing
 * starts per file, `close()` only lets go of it, and the file must create what
 * it needs under `uniqueName`s and never count on the cloud being empty.
 * With `overrides` (a server option under test), a server of this file's own
 * is built in front of the shared emulator. Outside the api layer (no shared
 * cloud provided) each call starts its own server and emulator, as before;
 * with OS_AUTH_URL set, its own server in front of that real cloud
 * (`npm run test:realcloud`).
 *
 * @example
 * let cloud: TestCloud;
 * beforeAll(async () => (cloud = await startTestCloud()));
 * afterAll(() => cloud.close());
 */
export async function startTestCloud(overrides: Partial<BuildOptions> = {}): Promise<TestCloud> {
  const shared = sharedCloud();
  if (shared && Object.keys(overrides).length === 0) {
    return {
      ...shared,
      isRealCloud: false,
      get app(): FastifyInstance {
        throw new Error('the api layer\'s shared cloud runs in another process: call startOwnCloud() to inject requests in process');
      },
      close: async () => {},
    };
  }
  if (shared) {
    // A server option under test (a login limit, a setting): this file's own server, the shared cloud behind it.
    const { build } = await import('../../server/app.js');
    const app = await build({ authUrl: shared.authUrl, sessionSecret: 'test-secret', staticDir: null, defaultRegion: 'RegionOne', ...overrides });
    const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    return { baseUrl, authUrl: shared.authUrl, passwords: shared.passwords, isRealCloud: false, app, close: () => app.close() };
  }
  return startOwnCloud(overrides);
}

/** The layer's shared cloud, when its global setup provided one. */
function sharedCloud(): SharedCloud | null {
  try {
    return inject('apiCloud') ?? null;
  } catch {
    return null; // not inside a vitest worker (the shared cloud's own process)
  }
}

/**
 * A server and emulator of the caller's own (or a server in front of the
 * real cloud when OS_AUTH_URL is set). The api layer's global setup runs this
 * once in a child process; other layers and old-style files get it per call.
 */
export async function startOwnCloud(overrides: Partial<BuildOptions> = {}): Promise<TestCloud> {
  const realAuthUrl = process.env.OS_AUTH_URL;
  // Imported here so a file on the shared cloud does not load the server at all.
  const { build } = await import('../../server/app.js');
  if (realAuthUrl) {
    const app = await build({ authUrl: realAuthUrl, sessionSecret: 'test-secret', staticDir: null, defaultRegion: process.env.OS_REGION_NAME ?? 'RegionOne', ...overrides });
    const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    return {
      baseUrl,
      authUrl: realAuthUrl,
      passwords: { admin: process.env.REALCLOUD_ADMIN_PASSWORD ?? 'admin', demo: process.env.REALCLOUD_DEMO_PASSWORD ?? 'demo' },
      isRealCloud: true,
      app,
      close: () => app.close(),
    };
  }
  // Imported here so a real-cloud run does not need the emulator to load.
  const { openEmulator } = await import('../../emulator/app.js');
  const dataDir = mkdtempSync(join(tmpdir(), 'dashboard-api-'));
  let baseUrl = '';
  const emulator = openEmulator({ dataDir, publicUrl: () => baseUrl, adminPassword: 'admin-test-pass', demoPassword: 'demo-test-pass' });
  const app = await build({
    authUrl: () => `${baseUrl}/cloud/identity/v3`,
    sessionSecret: 'test-secret',
    staticDir: null,
    defaultRegion: 'RegionOne',
    mount: async (server) => {
      await server.register(emulator.plugin, { prefix: '/cloud' });
      await server.register(emulator.hostPlugin);
    },
    ...overrides,
  });
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  // As `npm start` runs it (server/main.ts): the server's own calls to the built-in cloud are answered in process.
  const { serveInProcess } = await import('../../server/openstack/http.js');
  const { routeInProcess } = await import('../../server/openstack/in-process.js');
  const stopServingInProcess = serveInProcess(`${baseUrl}/cloud/`, routeInProcess(app));
  return {
    baseUrl,
    authUrl: `${baseUrl}/cloud/identity/v3`,
    passwords: emulator.credentials,
    isRealCloud: false,
    app,
    close: async () => {
      stopServingInProcess();
      await app.close();
      emulator.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A name no earlier run used, so the suite can run again on the same real cloud. */
export function uniqueName(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
}

/** A persona's own Keystone token and one service's public endpoint, for arranging what `/api` does not offer. */
export interface NativeSession {
  token: string;
  /** The endpoint URL without a trailing slash. */
  endpoint: string;
  projectId: string;
}

/**
 * Logs `persona` in to Keystone directly (project-scoped to its own project)
 * and finds the public endpoint of the first catalog type in `serviceTypes`,
 * on the emulator or the real cloud alike.
 *
 * @example
 * const { token, endpoint } = await nativeSession(cloud, 'demo', ['network']);
 */
export async function nativeSession(cloud: TestCloud, persona: Persona, serviceTypes: string[]): Promise<NativeSession> {
  const response = await fetch(`${cloud.authUrl.replace(/\/+$/, '')}/auth/tokens`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      auth: {
        identity: { methods: ['password'], password: { user: { name: persona, domain: { name: 'Default' }, password: cloud.passwords[persona] } } },
        scope: { project: { name: persona, domain: { name: 'Default' } } },
      },
    }),
  });
  if (response.status !== 201) throw new Error(`native login of ${persona}: ${response.status}`);
  const { token } = (await response.json()) as { token: { project: { id: string }; catalog: { type: string; endpoints: { interface: string; url: string }[] }[] } };
  const entry = token.catalog.find((item) => serviceTypes.includes(item.type));
  const endpoint = entry?.endpoints.find((item) => item.interface === 'public');
  if (!endpoint) throw new Error(`no ${serviceTypes.join(' / ')} service in the catalog`);
  return { token: response.headers.get('x-subject-token')!, endpoint: endpoint.url.replace(/\/+$/, ''), projectId: token.project.id };
}
