import os from 'node:os';
import { benchApiThroughput } from './api-throughput.js';
import { benchFlavorTable } from './flavor-table.js';
import { benchImageUpload, printImageUpload } from './image-upload.js';
import { benchPageLoad } from './page-load.js';
import { benchSoak, printSoak } from './soak.js';
import { seedKeypairs, startBenchCloud, type BenchCloud } from './support.js';
import { buildIfStale } from '../scripts/build-if-stale.mjs';

/**
 * `npm run bench`: figures, not pass/fail. Each benchmark compares against
 * a baseline measured in the same run on the same machine.
 * `npm run bench soak` runs the soak alone.
 */
async function main() {
  if (process.argv[2] === 'soak') return soakOnly();
  buildIfStale();
  const cloud = await startBenchCloud();
  try {
    const names = await seedKeypairs(cloud, 20);
    const seconds = Number(process.env.BENCH_SECONDS ?? 8);

    console.log(`\n(a) API: GET key pair list (20 items), ${seconds} s each, 10 connections, autocannon in a second process`);
    const api = await benchApiThroughput(cloud, seconds);
    const row = (label: string, r: typeof api.bff) =>
      `${label.padEnd(44)} ${r.requestsPerSecond.toFixed(0).padStart(8)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(8)} ${String(r.errors + r.non2xx).padStart(7)}`;
    console.log(`${'path'.padEnd(44)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'errors'.padStart(7)}`);
    console.log(row('through the server  GET /api/nova/keypairs/', api.bff));
    console.log(row('native (baseline)   GET /cloud/compute/v2.1/os-keypairs', api.native));
    console.log(`ratio server/native: ${api.ratio.toFixed(2)} (the server makes one native call per request)`);

    console.log('\n(b) Page: cold load of /project/key_pairs in headless Chromium (cache disabled), 3 runs');
    const page = await benchPageLoad(cloud, names[0]);
    for (const [i, r] of page.runs.entries()) {
      console.log(`run ${i + 1}: time to first row ${r.timeToFirstRowMs} ms (data alone ${r.dataOnlyMs} ms), JS transferred ${(r.jsBytesTransferred / 1024).toFixed(1)} KiB in ${r.jsFiles} files`);
    }
    const { median } = page;
    console.log(`median: time to first row ${median.timeToFirstRowMs} ms vs ${median.dataOnlyMs} ms for the data alone (baseline); JS transferred ${(median.jsBytesTransferred / 1024).toFixed(1)} KiB (compressed)`);

    const flavorCount = Number(process.env.BENCH_FLAVORS ?? 2000);
    console.log(`\n(c) Table: the admin flavor list with ${flavorCount} flavors in headless Chromium (list answered from memory), 3 runs`);
    const table = await benchFlavorTable(cloud, cloud.server.passwords.admin, flavorCount);
    for (const [i, r] of table.runs.entries()) {
      console.log(
        `run ${i + 1}: render ${r.renderMs} ms (data alone ${r.dataOnlyMs} ms), next page ${r.pageMs} ms, sort by name ${r.sortMs} ms (array sort ${r.sortDataMs} ms), ` +
          `filter by name ${r.filterMs} ms incl. the 300 ms quick-search delay (array filter ${r.filterDataMs} ms), longest main-thread task ${r.longestTaskMs} ms`,
      );
    }
    const t = table.median;
    console.log(
      `median: render ${t.renderMs} ms vs ${t.dataOnlyMs} ms data alone; next page ${t.pageMs} ms; sort ${t.sortMs} ms vs ${t.sortDataMs} ms; filter ${t.filterMs} ms (${t.filterMs - 300} ms after the delay) vs ${t.filterDataMs} ms; longest task ${t.longestTaskMs} ms`,
    );

    const imageMiB = Number(process.env.BENCH_IMAGE_MIB ?? 1024);
    console.log(`\n(d) Image upload: ${imageMiB} MiB through the server vs straight to the emulator's Glance, server RSS sampled every 20 ms`);
    printImageUpload(await benchImageUpload(cloud, imageMiB));

    await soak(cloud);
  } finally {
    await cloud.server.stop();
  }
}

async function soak(cloud: BenchCloud) {
  const seconds = Number(process.env.SOAK_SECONDS ?? 60);
  console.log(`(load on this shared machine before the soak: ${loadAverage()})`);
  const connections = Number(process.env.SOAK_CONNECTIONS ?? 50);
  const warmup = Number(process.env.SOAK_WARMUP_SECONDS ?? 10);
  console.log(`\n(e) Soak: ${connections - 1} clients reading and writing for ${seconds} s, and one client sending oversized and malformed bodies throughout`);
  // Unmeasured: the first seconds of a fresh server (JIT, SQLite page cache) are slower than any steady state.
  await benchSoak(cloud, warmup, connections, false);
  if (process.env.SOAK_BASELINE === '1') {
    // The same load without the hostile client: on a shared machine, what the hostile client costs is the difference.
    console.log('baseline, without the hostile client:');
    printSoak(await benchSoak(cloud, seconds, connections, false));
    console.log('with the hostile client:');
  }
  printSoak(await benchSoak(cloud, seconds, connections));
}

function loadAverage(): string {
  return os.loadavg().map((value) => value.toFixed(2)).join(', ') + ` on ${os.cpus().length} cores`;
}

async function soakOnly() {
  const cloud = await startBenchCloud();
  try {
    await seedKeypairs(cloud, 20);
    await soak(cloud);
  } finally {
    await cloud.server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
