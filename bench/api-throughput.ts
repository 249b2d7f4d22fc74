import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { BenchCloud } from './support.js';

interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

const root = join(import.meta.dirname, '..');

/**
 * Load from a second process (autocannon) on loopback against one URL.
 * Returns mean req/s and latency percentiles in ms.
 */
function loadTest(url: string, headers: Record<string, string>, seconds: number, connections: number): Promise<LoadResult> {
  const args = [join(root, 'node_modules', 'autocannon', 'autocannon.js'), '--json', '-c', String(connections), '-d', String(seconds)];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk));
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited ${code}`));
      const result = JSON.parse(out);
      resolve({ requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx });
    });
  });
}

/**
 * (a) The same key pair list through the dashboard server (/api, which calls
 * the emulator over HTTP) and straight to the emulator's native endpoint.
 * The ratio is what the server's session, CSRF-free GET path, Keystone
 * catalog lookup and reshaping cost on top of the native call.
 */
export async function benchApiThroughput(cloud: BenchCloud, seconds = 8, connections = 10) {
  const bff = await loadTest(
    `${cloud.server.baseUrl}/api/nova/keypairs/`,
    { Cookie: cloud.demoCookie, 'X-Requested-With': 'XMLHttpRequest' },
    seconds,
    connections,
  );
  const native = await loadTest(
    `${cloud.server.baseUrl}/cloud/compute/v2.1/os-keypairs`,
    { 'X-Auth-Token': cloud.demoToken, 'OpenStack-API-Version': 'compute 2.9' },
    seconds,
    connections,
  );
  return { bff, native, ratio: bff.requestsPerSecond / native.requestsPerSecond };
}
