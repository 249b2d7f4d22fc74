import { closedLoop, type LoopResult } from './closed-loop.js';

/** One list, through the dashboard server and straight to the service. */
export interface ListTarget {
  label: string;
  /** `/api/…` on the dashboard. */
  api: string;
  /** The native call the route makes, with its headers. */
  native: { url: string; headers: Record<string, string> };
}

export interface ThroughputRow {
  label: string;
  api: LoopResult;
  native: LoopResult;
  ratio: number;
}

/**
 * (a) Each list through the dashboard server and through the native API,
 * closed-loop (`closed-loop.ts`), interleaved: api, native, api, native… so
 * a shared machine's load falls on both alike; the ratio is of the summed
 * request counts.
 */
export async function benchApiThroughput(baseUrl: string, cookie: string, targets: ListTarget[], seconds = 6, connections = 10, rounds = 2): Promise<ThroughputRow[]> {
  const rows: ThroughputRow[] = [];
  for (const target of targets) {
    const apis: LoopResult[] = [];
    const natives: LoopResult[] = [];
    for (let round = 0; round < rounds; round++) {
      apis.push(await closedLoop(`${baseUrl}${target.api}`, { Cookie: cookie, 'X-Requested-With': 'XMLHttpRequest' }, seconds / rounds, connections));
      natives.push(await closedLoop(target.native.url, target.native.headers, seconds / rounds, connections));
    }
    const api = mean(apis);
    const native = mean(natives);
    rows.push({ label: target.label, api, native, ratio: api.requestsPerSecond / native.requestsPerSecond });
  }
  return rows;
}

function mean(results: LoopResult[]): LoopResult {
  const sum = (pick: (r: LoopResult) => number) => results.reduce((total, r) => total + pick(r), 0);
  const sorted = (pick: (r: LoopResult) => number) => results.map(pick).sort((a, b) => a - b)[Math.floor(results.length / 2)];
  return { requestsPerSecond: sum((r) => r.requestsPerSecond) / results.length, p50: sorted((r) => r.p50), p99: sorted((r) => r.p99), errors: sum((r) => r.errors), non2xx: sum((r) => r.non2xx) };
}

export function printThroughput(rows: ThroughputRow[]): void {
  console.log(`${'list'.padEnd(12)} ${'ours req/s'.padStart(11)} ${'native req/s'.padStart(13)} ${'ratio'.padStart(6)} ${'ours p50'.padStart(9)} ${'native p50'.padStart(11)} ${'errors'.padStart(7)}`);
  for (const row of rows) {
    console.log(
      `${row.label.padEnd(12)} ${row.api.requestsPerSecond.toFixed(0).padStart(11)} ${row.native.requestsPerSecond.toFixed(0).padStart(13)} ${row.ratio.toFixed(2).padStart(6)} ` +
        `${String(row.api.p50).padStart(9)} ${String(row.native.p50).padStart(11)} ${String(row.api.errors + row.api.non2xx + row.native.errors + row.native.non2xx).padStart(7)}`,
    );
  }
}
