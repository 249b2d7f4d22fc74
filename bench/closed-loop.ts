import { request as httpRequest, Agent as HttpAgent } from 'node:http';
import { request as httpsRequest, Agent as HttpsAgent } from 'node:https';

export interface LoopResult {
  /** Answers read to their end. */
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/**
 * A closed-loop load client: `connections` workers, each sending the next
 * request only when the previous answer has been read to its end. Unlike
 * autocannon it counts right against servers that close every connection
 * (Nova and Horizon under uwsgi): a closed socket is just reopened.
 */
export async function closedLoop(url: string, headers: Record<string, string>, seconds: number, connections: number, then: { url: string; headers: Record<string, string> }[] = []): Promise<LoopResult> {
  const target = new URL(url);
  const secure = target.protocol === 'https:';
  const agent = secure ? new HttpsAgent({ keepAlive: true, maxSockets: connections, rejectUnauthorized: false }) : new HttpAgent({ keepAlive: true, maxSockets: connections });
  const send = secure ? httpsRequest : httpRequest;
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  const end = performance.now() + seconds * 1000;
  // One iteration is the call and the calls that follow it (`then`), one after the other, as a route that makes them.
  const calls = [{ target, headers }, ...then.map((call) => ({ target: new URL(call.url), headers: call.headers }))];
  const once = async () => {
    const begin = performance.now();
    for (const call of calls) if (!(await one(call.target, call.headers))) return;
    latencies.push(performance.now() - begin);
  };
  /** One call read to its end; false when it failed. */
  const one = (target: URL, headers: Record<string, string>) =>
    new Promise<boolean>((resolve) => {
      const req = send(target, { agent, headers }, (response) => {
        response.on('data', () => undefined);
        response.on('end', () => {
          const ok = (response.statusCode ?? 0) < 300;
          if (!ok) non2xx++;
          resolve(ok);
        });
        response.on('error', () => {
          errors++;
          resolve(false);
        });
      });
      req.on('error', () => {
        errors++;
        resolve(false);
      });
      req.end();
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) await once();
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round((latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0) * 10) / 10;
  return { requests: latencies.length, requestsPerSecond: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), errors, non2xx };
}
