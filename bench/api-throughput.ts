import { readFileSync } from 'node:fs';
import { closedLoop, type LoopResult } from './closed-loop.js';

/** One list, through the dashboard server and straight to the service. */
export interface ListTarget {
  label: string;
  /** `/api/…` on the dashboard. */
  api: string;
  /** The native call the route makes, with its headers, and the calls it makes after it with that answer (`then`). */
  native: { url: string; headers: Record<string, string>; then?: { url: string; headers: Record<string, string> }[] };
}

export interface ThroughputRow {
  label: string;
  api: LoopResult;
  native: LoopResult;
  ratio: number;
  /** The server process's CPU time per call (user + system, all its threads), µs; native only when the cloud is in that process. */
  cpu?: { api: number; native?: number };
}

/** CPU time a process has used so far, ms (utime + stime of /proc/<pid>/stat); undefined where there is no /proc. */
function cpuMs(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
    // After the command: state is field 3, so utime (14) and stime (15) are at 11 and 12.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

/** A loop and the server's CPU time it cost. */
async function measured(pid: number | undefined, loop: () => Promise<LoopResult>): Promise<{ result: LoopResult; cpuMs?: number }> {
  const before = pid === undefined ? undefined : cpuMs(pid);
  const result = await loop();
  const after = pid === undefined ? undefined : cpuMs(pid);
  return { result, cpuMs: before === undefined || after === undefined ? undefined : after - before };
}

/**
 * (a) Each list through the dashboard server and through the native API,
 * closed-loop (`closed-loop.ts`), interleaved: api, native, api, native… so
 * a shared machine's load falls on both alike; the ratio is of the summed
 * request counts.
 */
export async function benchApiThroughput(baseUrl: string, cookie: string, targets: ListTarget[], seconds = 6, connections = 10, rounds = 2, serverPid?: number, warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 1)): Promise<ThroughputRow[]> {
  const rows: ThroughputRow[] = [];
  // The native calls reach this server's process only when the cloud is the built-in one, served at its address.
  const nativeInServer = (url: string) => url.startsWith(baseUrl);
  for (const target of targets) {
    const apis: LoopResult[] = [];
    const natives: LoopResult[] = [];
    const cpu = { api: 0, native: 0 };
    const throughServer = (loopSeconds: number) => closedLoop(`${baseUrl}${target.api}`, { Cookie: cookie, 'X-Requested-With': 'XMLHttpRequest' }, loopSeconds, connections);
    const straight = (loopSeconds: number) => closedLoop(target.native.url, target.native.headers, loopSeconds, connections, target.native.then);
    // Unmeasured: both paths run once first, so neither round pays the JIT's first compilations of its code
    // (the first list of a fresh server ran a tenth slower through the server than the same list once warm).
    await throughServer(warmupSeconds);
    await straight(warmupSeconds);
    for (let round = 0; round < rounds; round++) {
      const api = await measured(serverPid, () => throughServer(seconds / rounds));
      const native = await measured(nativeInServer(target.native.url) ? serverPid : undefined, () => straight(seconds / rounds));
      apis.push(api.result);
      natives.push(native.result);
      cpu.api += api.cpuMs ?? NaN;
      cpu.native += native.cpuMs ?? NaN;
    }
    const api = mean(apis);
    const native = mean(natives);
    const perCall = (ms: number, results: LoopResult[]) => (Number.isNaN(ms) ? undefined : (ms * 1000) / results.reduce((total, r) => total + r.requests, 0));
    const apiCpu = perCall(cpu.api, apis);
    rows.push({ label: target.label, api, native, ratio: api.requestsPerSecond / native.requestsPerSecond, cpu: apiCpu === undefined ? undefined : { api: apiCpu, native: perCall(cpu.native, natives) } });
  }
  return rows;
}

function mean(results: LoopResult[]): LoopResult {
  const sum = (pick: (r: LoopResult) => number) => results.reduce((total, r) => total + pick(r), 0);
  const sorted = (pick: (r: LoopResult) => number) => results.map(pick).sort((a, b) => a - b)[Math.floor(results.length / 2)];
  return { requests: sum((r) => r.requests), requestsPerSecond: sum((r) => r.requestsPerSecond) / results.length, p50: sorted((r) => r.p50), p99: sorted((r) => r.p99), errors: sum((r) => r.errors), non2xx: sum((r) => r.non2xx) };
}

/**
 * The table; with the server's CPU per call (µs) when it was read: the
 * server's own cost, which the load of a shared machine moves far less than
 * the throughput. On the built-in cloud both sides run in the server's
 * process, and `cpu ratio` is native's CPU per call over ours.
 */
export function printThroughput(rows: ThroughputRow[]): void {
  const withCpu = rows.some((row) => row.cpu);
  const cpuHeader = withCpu ? ` ${'ours CPU µs'.padStart(12)} ${'native CPU µs'.padStart(14)} ${'cpu ratio'.padStart(10)}` : '';
  console.log(`${'list'.padEnd(15)} ${'ours req/s'.padStart(11)} ${'native req/s'.padStart(13)} ${'ratio'.padStart(6)} ${'ours p50'.padStart(9)} ${'native p50'.padStart(11)} ${'errors'.padStart(7)}${cpuHeader}`);
  for (const row of rows) {
    const cpu = row.cpu;
    const cpuCells = withCpu
      ? ` ${(cpu ? cpu.api.toFixed(0) : '').padStart(12)} ${(cpu?.native !== undefined ? cpu.native.toFixed(0) : '').padStart(14)} ${(cpu?.native !== undefined ? (cpu.native / cpu.api).toFixed(2) : '').padStart(10)}`
      : '';
    console.log(
      `${row.label.padEnd(15)} ${row.api.requestsPerSecond.toFixed(0).padStart(11)} ${row.native.requestsPerSecond.toFixed(0).padStart(13)} ${row.ratio.toFixed(2).padStart(6)} ` +
        `${String(row.api.p50).padStart(9)} ${String(row.native.p50).padStart(11)} ${String(row.api.errors + row.api.non2xx + row.native.errors + row.native.non2xx).padStart(7)}${cpuCells}`,
    );
  }
}
