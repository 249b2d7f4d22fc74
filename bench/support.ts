import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer } from '../test/support/server-process.js';

export interface BenchCloud {
  server: RunningServer;
  /** Cookie header of a logged-in demo session, plus its CSRF token. */
  demoCookie: string;
  demoCsrf: string;
  /** A Keystone token scoped to the demo project, for the native calls. */
  demoToken: string;
}

/** A fresh server + emulator, a demo session through /api and a native token. */
export async function startBenchCloud(): Promise<BenchCloud> {
  // The server as an operator runs it: default transitions and poll interval, not the tests' short ones.
  const server = await startServer(mkdtempSync(join(tmpdir(), 'dashboard-bench-')), undefined, {});
  const login = await fetch(`${server.baseUrl}/api/auth/login/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify({ auth_type: 'credentials', username: 'demo', password: server.passwords.demo, domain: 'Default' }),
  });
  if (login.status !== 200) throw new Error(`demo login failed: ${login.status}`);
  const cookies = login.headers.getSetCookie().map((line) => line.split(';')[0]);
  const demoCsrf = cookies.find((cookie) => cookie.startsWith('csrftoken='))!.slice('csrftoken='.length);

  const auth = await fetch(`${server.baseUrl}/cloud/identity/v3/auth/tokens`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      auth: {
        identity: { methods: ['password'], password: { user: { name: 'demo', domain: { name: 'Default' }, password: server.passwords.demo } } },
        scope: { project: { name: 'demo', domain: { name: 'Default' } } },
      },
    }),
  });
  const demoToken = auth.headers.get('x-subject-token');
  if (!demoToken) throw new Error(`native token failed: ${auth.status}`);
  return { server, demoCookie: cookies.join('; '), demoCsrf, demoToken };
}

/** Fills the demo user's key pair list so the list call has something to carry. */
export async function seedKeypairs(cloud: BenchCloud, count: number): Promise<string[]> {
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const name = `bench-key-${String(i).padStart(3, '0')}`;
    const response = await fetch(`${cloud.server.baseUrl}/api/nova/keypairs/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'X-CSRFToken': cloud.demoCsrf, Cookie: cloud.demoCookie },
      body: JSON.stringify({ name, key_type: 'ssh' }),
    });
    if (response.status !== 201) throw new Error(`creating ${name}: ${response.status} ${await response.text()}`);
    names.push(name);
  }
  return names;
}
