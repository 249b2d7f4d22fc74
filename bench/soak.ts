import { Agent, request } from 'node:http';
import { makeSshPublicKey } from '../test/support/builders.js';
import type { BenchCloud } from './support.js';

interface Answer {
  status: number;
  ms: number;
}

/** One request over `agent` (keep-alive); a network failure is status 0. */
function send(agent: Agent, baseUrl: string, method: string, path: string, headers: Record<string, string>, body?: string | Buffer): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    const allHeaders: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest', ...headers };
    if (body !== undefined) allHeaders['Content-Length'] = String(Buffer.byteLength(body));
    const outgoing = request(new URL(path, baseUrl), { method, headers: allHeaders, agent }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }));
      response.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    });
    outgoing.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    outgoing.end(body);
  });
}

/**
 * What the careless or hostile client sends, over and over (issue 16): bodies
 * past the limit, malformed and deeply nested JSON, a body that is not an
 * object, a prototype key, a lone surrogate in a path. Each should get a 4xx
 * at once; none may slow down anyone else.
 */
function hostileRequests(): { method: string; path: string; body: string; type?: string }[] {
  const deep = '['.repeat(20_000) + ']'.repeat(20_000);
  return [
    { method: 'PUT', path: '/api/glance/images/', body: JSON.stringify({ name: 'p', junk: 'J'.repeat(400_000) }) },
    { method: 'POST', path: '/api/nova/keypairs/', body: JSON.stringify({ name: 'x'.repeat(5_000_000) }) },
    { method: 'POST', path: '/api/nova/keypairs/', body: '{"name": "broken", ' },
    { method: 'PUT', path: '/api/glance/images/', body: `{"name": ${deep}}` },
    { method: 'POST', path: '/api/nova/keypairs/', body: '"a string, not an object"' },
    { method: 'POST', path: '/api/nova/keypairs/', body: '{"__proto__": {"admin": true}, "name": "p"}' },
    { method: 'POST', path: '/api/auth/login/', body: JSON.stringify({ auth_type: 'credentials', username: 'demo', password: 'p'.repeat(100_000) }) },
    { method: 'POST', path: '/api/nova/keypairs/', body: 'name=form-encoded', type: 'application/x-www-form-urlencoded' },
  ];
}

export interface SoakResult {
  seconds: number;
  connections: number;
  requests: number;
  writes: number;
  p50: number;
  p99: number;
  max: number;
  over1s: number;
  errors: { status: number; count: number }[];
  hostile: { sent: number; byStatus: Record<string, number> };
}

/**
 * (e) Soak: `connections - 1` clients read and write through the server for
 * `seconds` (key pair, image, volume and session reads; key pair import and
 * delete) while one more client sends only oversized and malformed bodies.
 * Reports the latency of the well-behaved clients and every answer of theirs
 * that is not a success.
 */
export async function benchSoak(cloud: BenchCloud, seconds = 60, connections = 50, withHostile = true): Promise<SoakResult> {
  const publicKey = makeSshPublicKey('soak@bench');
  const good = new Agent({ keepAlive: true, maxSockets: connections - 1 });
  const bad = new Agent({ keepAlive: true, maxSockets: 1 });
  const session = { Cookie: cloud.demoCookie };
  const writing = { ...session, 'X-CSRFToken': cloud.demoCsrf, 'Content-Type': 'application/json' };
  const base = cloud.server.baseUrl;
  const latencies: number[] = [];
  const errors = new Map<number, number>();
  let writes = 0;
  const record = (answer: Answer, ok: (status: number) => boolean) => {
    latencies.push(answer.ms);
    if (!ok(answer.status)) errors.set(answer.status, (errors.get(answer.status) ?? 0) + 1);
  };
  const success = (status: number) => status >= 200 && status < 300;
  const end = performance.now() + seconds * 1000;

  const reads = ['/api/nova/keypairs/', '/api/glance/images/', '/api/cinder/volumes/', '/api/keystone/user-session/', '/api/nova/flavors/'];
  const worker = async (index: number) => {
    for (let round = 0; performance.now() < end; round++) {
      if (round % 5 === 4) {
        const name = `soak-${index}-${round}`;
        record(await send(good, base, 'POST', '/api/nova/keypairs/', writing, JSON.stringify({ name, key_type: 'ssh', public_key: publicKey })), success);
        record(await send(good, base, 'DELETE', `/api/nova/keypairs/${name}`, writing), success);
        writes += 2;
      } else {
        record(await send(good, base, 'GET', reads[(index + round) % reads.length], session), success);
      }
    }
  };

  const hostile = { sent: 0, byStatus: {} as Record<string, number> };
  const attacker = async () => {
    const corpus = hostileRequests();
    for (let round = 0; performance.now() < end; round++) {
      const item = corpus[round % corpus.length];
      const answer = await send(bad, base, item.method, item.path, { ...writing, 'Content-Type': item.type ?? 'application/json' }, item.body);
      hostile.sent++;
      hostile.byStatus[answer.status] = (hostile.byStatus[answer.status] ?? 0) + 1;
    }
  };

  await Promise.all([withHostile ? attacker() : Promise.resolve(), ...Array.from({ length: connections - 1 }, (_, index) => worker(index))]);
  good.destroy();
  bad.destroy();
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (fraction: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0);
  return {
    seconds,
    connections,
    requests: sorted.length,
    writes,
    p50: at(0.5),
    p99: at(0.99),
    max: Math.round(sorted.at(-1) ?? 0),
    over1s: sorted.filter((ms) => ms > 1000).length,
    errors: [...errors].map(([status, count]) => ({ status, count })),
    hostile,
  };
}

export function printSoak(result: SoakResult): void {
  const { requests, writes, seconds } = result;
  console.log(`well-behaved clients: ${requests} requests (${writes} writes) in ${seconds} s = ${(requests / seconds).toFixed(0)} req/s`);
  console.log(`latency: p50 ${result.p50} ms, p99 ${result.p99} ms, max ${result.max} ms; slower than 1 s: ${result.over1s}`);
  console.log(`errors: ${result.errors.length ? result.errors.map(({ status, count }) => `${count} × ${status || 'network'}`).join(', ') : 'none'}`);
  const statuses = Object.entries(result.hostile.byStatus).map(([status, count]) => `${count} × ${status}`).join(', ');
  if (result.hostile.sent) console.log(`hostile client: ${result.hostile.sent} oversized or malformed requests, answered ${statuses}`);
  console.log(`verdict: p99 ${result.p99 <= 1000 ? '≤' : '>'} 1 s, ${result.errors.length ? 'with' : 'no'} errors`);
}
