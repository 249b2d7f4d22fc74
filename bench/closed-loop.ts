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
export async function closedLoop(url: string, headers: Record<string, string>, seconds: number, connections: number): Promise<LoopResult> {
  const target = new URL(url);
  const secure = target.protocol === 'https:';
  const agent = secure ? new HttpsAgent({ keepAlive: true, maxSockets: connections, rejectUnauthorized: false }) : new HttpAgent({ keepAlive: true, maxSockets: connections });
  const send = secure ? httpsRequest : httpRequest;
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  const end = performance.now() + seconds * 1000;
  const once = () =>
    new Promise<void>((resolve) => {
      const begin = performance.now();
      const req = send(target, { agent, headers }, (response) => {
        response.on('data', () => undefined);
        response.on('end', () => {
          if ((response.statusCode ?? 0) >= 300) non2xx++;
          latencies.push(performance.now() - begin);
          resolve();
        });
        response.on('error', () => {
          errors++;
          resolve();
        });
      });
      req.on('error', () => {
        errors++;
        resolve();
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
