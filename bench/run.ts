import os from 'node:os';
import type { Browser, BrowserContext } from 'playwright-core';
import { buildIfStale } from '../scripts/build-if-stale.mjs';
import { launchChromium } from '../test/support/browser.js';
import { benchApiThroughput, type ListTarget, printThroughput } from './api-throughput.js';
import { benchContainerListing, printContainerListing, seedObjects } from './containers.js';
import { benchFlavorTable } from './flavor-table.js';
import { benchImageUpload, printImageUpload } from './image-upload.js';
import { benchNetworkTopology } from './network-topology.js';
import { benchPages, benchWarmPages, type PageTarget, printPages, printWarmPages } from './page-load.js';
import { benchPaging, seedImages } from './paging.js';
import { benchSoak, printSoak } from './soak.js';
import { benchSwiftTransfer, printSwiftTransfer } from './swift-transfer.js';
import { printSummaries, traceLoad, type TraceSummary } from './trace.js';
import { apiDelete, type BenchCloud, type BenchUser, seedKeypairs, seedPageRows, startBenchCloud } from './support.js';

/**
 * `npm run bench`: figures, not pass/fail, each beside a baseline measured
 * in the same run on the same machine.
 *
 * Against a real cloud and its Horizon (the built-in cloud stays off):
 *   BENCH_OS_AUTH_URL=https://keystone:5000/v3 BENCH_HORIZON_URL=http://horizon/dashboard \
 *   BENCH_USERNAME=demo BENCH_PASSWORD=… [BENCH_PROJECT=demo BENCH_DOMAIN=Default] npm run bench
 * prints the five pages' first-row times ours beside Horizon's, and the three
 * lists' throughput through the server against the native calls.
 * `npm run bench soak` runs the soak alone, `npm run bench containers` object storage alone
 * (BENCH_OBJECTS objects listed, default 100,000; a BENCH_OBJECT_MIB object moved, default 1024, 0 for none),
 * `npm run bench throughput` the lists' throughput (b) alone, `npm run bench pages` (real cloud) the
 * page loads (a) alone, `npm run bench trace` one traced cold load's waterfall.
 */
const PAGES: { label: string; path: string; data: string; horizon: string }[] = [
  { label: 'key pairs', path: '/project/key_pairs', data: '/api/nova/keypairs/', horizon: '/project/key_pairs/' },
  { label: 'images', path: '/project/images', data: '/api/glance/images/?paginate=true&limit=20&sort_key=name&sort_dir=asc', horizon: '/project/images/' },
  { label: 'instances', path: '/project/instances', data: '/api/nova/servers/?paginate=true&limit=20', horizon: '/project/instances/' },
  { label: 'volumes', path: '/project/volumes', data: '/api/cinder/volumes/?paginate=true&limit=20', horizon: '/project/volumes/' },
  { label: 'networks', path: '/project/networks', data: '/api/neutron/networks/', horizon: '/project/networks/' },
];

/** The first data row of our tables: a record's name link in the table body. */
const OUR_FIRST_ROW = 'main table tbody tr td a';
/** Horizon's: a row of a data table that is not its "No items to display." row. */
const HORIZON_FIRST_ROW = process.env.HORIZON_FIRST_ROW ?? 'table tbody tr:not(.empty) td';

async function listTargets(cloud: BenchCloud): Promise<ListTarget[]> {
  const compute = cloud.endpoints.get('compute');
  const image = cloud.endpoints.get('image');
  if (!compute || !image) throw new Error('the catalog has no compute or image endpoint');
  const nova = (version: string) => ({ 'X-Auth-Token': cloud.demoToken, 'OpenStack-API-Version': `compute ${version}`, 'X-OpenStack-Nova-API-Version': version });
  const glance = { 'X-Auth-Token': cloud.demoToken };
  const servers = { url: `${compute}/servers/detail?limit=21`, headers: nova('2.42') };
  // The servers route names the listed servers' images with a second call, to Glance, as Horizon does.
  const listed = (await (await fetch(servers.url, { headers: servers.headers })).json()) as { servers: { image: { id: string } | '' }[] };
  const imageIds = [...new Set(listed.servers.flatMap((server) => (server.image ? [server.image.id] : [])))];
  const imageNames = { url: `${image}/v2/images?id=in:${imageIds.join(',')}&limit=1000`, headers: glance };
  const targets: ListTarget[] = [
    { label: 'key pairs', api: '/api/nova/keypairs/', native: { url: `${compute}/os-keypairs`, headers: nova('2.9') } },
    { label: 'images', api: '/api/glance/images/?paginate=true&limit=20', native: { url: `${image}/v2/images?limit=21&sort_key=created_at&sort_dir=desc`, headers: glance } },
    { label: 'servers', api: '/api/nova/servers/?paginate=true&limit=20', native: servers },
    { label: 'servers+glance', api: '/api/nova/servers/?paginate=true&limit=20', native: { ...servers, then: imageIds.length ? [imageNames] : [] } },
  ];
  // BENCH_LISTS=servers,images measures only those (e.g. beside a profiler); the default is every list above.
  const only = process.env.BENCH_LISTS?.split(',').map((label) => label.trim());
  return only ? targets.filter((target) => only.includes(target.label)) : targets;
}

function cookieLogin(cloud: BenchCloud) {
  const url = new URL(cloud.server.baseUrl);
  const cookies = cloud.demoCookie.split('; ').map((pair) => {
    const [name, ...value] = pair.split('=');
    return { name, value: value.join('='), domain: url.hostname, path: '/' };
  });
  return (context: BrowserContext) => context.addCookies(cookies);
}

async function main() {
  if (process.argv[2] === 'soak') return soakOnly();
  if (process.argv[2] === 'topology') return topologyOnly();
  if (process.argv[2] === 'containers') return containersOnly();
  const realAuthUrl = process.env.BENCH_OS_AUTH_URL;
  const horizonUrl = process.env.BENCH_HORIZON_URL?.replace(/\/$/, '');
  if (process.argv[2] === 'throughput' && !realAuthUrl) return throughputOnly();
  if (process.argv[2] === 'trace') return traceOnly(realAuthUrl);
  if (realAuthUrl) return realCloud(realAuthUrl, horizonUrl, process.argv[2]);
  buildIfStale();
  const cloud = await startBenchCloud();
  try {
    await seedKeypairs(cloud, 20);
    await seedPageRows(cloud);
    const seconds = Number(process.env.BENCH_SECONDS ?? 6);
    const runs = Number(process.env.BENCH_PAGE_RUNS ?? 5);

    console.log(`(load on this shared machine: ${loadAverage()})`);
    console.log(`\n(a) Pages: cold loads in headless Chromium (cache disabled), ${runs} interleaved runs, medians`);
    const pages: PageTarget[] = PAGES.map((page) => ({ label: page.label, url: `${cloud.server.baseUrl}${page.path}`, firstRow: OUR_FIRST_ROW, dataUrl: page.data }));
    printPages(await benchPages(pages, cookieLogin(cloud), runs));
    console.log(`\n(a') The same pages warm: assets cached by a first load, each load in a new tab, ${runs} interleaved runs`);
    const browser = await launchChromium();
    try {
      printWarmPages(await benchWarmPages(pages, cookieLogin(cloud), runs, browser));
    } finally {
      await browser.close();
    }

    console.log(`\n(b) API throughput, closed loop, 10 connections, ${seconds} s per list and side (interleaved)`);
    printThroughput(await benchApiThroughput(cloud.server.baseUrl, cloud.demoCookie, await listTargets(cloud), seconds, 10, 2, cloud.server.pid));

    const imageCount = Number(process.env.BENCH_IMAGES ?? 5000);
    console.log(`\n(c) Paging: the images page's first call with ${imageCount} images in the project`);
    await seedImages(cloud, imageCount);
    const paging = await benchPaging(cloud);
    console.log(`first page (paginate, 20 rows): ${paging.pagedMs} ms; whole list as before paging (${paging.rows.whole} rows, API_RESULT_LIMIT): ${paging.wholeMs} ms`);

    const flavorCount = Number(process.env.BENCH_FLAVORS ?? 2000);
    console.log(`\n(d) Table: the admin flavor list with ${flavorCount} flavors in headless Chromium (list answered from memory), 3 runs`);
    const table = await benchFlavorTable(cloud, cloud.server.passwords.admin, flavorCount);
    const t = table.median;
    console.log(
      `median: render ${t.renderMs} ms vs ${t.dataOnlyMs} ms data alone; next page ${t.pageMs} ms; sort ${t.sortMs} ms vs ${t.sortDataMs} ms; filter ${t.filterMs} ms (${t.filterMs - 300} ms after the delay) vs ${t.filterDataMs} ms; longest task ${t.longestTaskMs} ms`,
    );

    const imageMiB = Number(process.env.BENCH_IMAGE_MIB ?? 1024);
    console.log(`\n(e) Image upload: ${imageMiB} MiB through the server vs straight to the emulator's Glance, server RSS sampled every 20 ms`);
    printImageUpload(await benchImageUpload(cloud, imageMiB));

    await benchNetworkTopology(cloud, cloud.server.passwords.demo);
    await containers(cloud);

    await soak(cloud);
  } finally {
    await cloud.server.stop();
  }
}

/** `npm run bench topology`: the network topology of a large project alone. */
async function topologyOnly() {
  buildIfStale();
  const cloud = await startBenchCloud();
  try {
    await benchNetworkTopology(cloud, cloud.server.passwords.demo);
  } finally {
    await cloud.server.stop();
  }
}

async function throughputOnly() {
  const cloud = await startBenchCloud();
  try {
    await seedKeypairs(cloud, 20);
    await seedPageRows(cloud);
    const seconds = Number(process.env.BENCH_SECONDS ?? 6);
    console.log(`(load on this shared machine: ${loadAverage()})`);
    console.log(`\n(b) API throughput, closed loop, 10 connections, ${seconds} s per list and side (interleaved)`);
    printThroughput(await benchApiThroughput(cloud.server.baseUrl, cloud.demoCookie, await listTargets(cloud), seconds, 10, 2, cloud.server.pid));
    console.log(`(load after: ${loadAverage()})`);
  } finally {
    await cloud.server.stop();
  }
}

async function containers(cloud: BenchCloud) {
  const count = Number(process.env.BENCH_OBJECTS ?? 100_000);
  console.log(`\n(g) Object storage: a container with ${count} objects (one in ten in pseudo-folders), medians (load: ${loadAverage()})`);
  const seeding = performance.now();
  await seedObjects(cloud, 'bench-objects', count);
  console.log(`(seeded natively in ${((performance.now() - seeding) / 1000).toFixed(0)} s)`);
  printContainerListing(await benchContainerListing(cloud, 'bench-objects', cookieLogin(cloud)), count);

  const objectMiB = Number(process.env.BENCH_OBJECT_MIB ?? 1024);
  if (objectMiB <= 0) return;
  console.log(`\n(i) Object storage: a ${objectMiB} MiB object up and down through the server vs straight to Swift, server RSS sampled every 20 ms`);
  printSwiftTransfer(await benchSwiftTransfer(cloud, objectMiB));
}

async function containersOnly() {
  buildIfStale();
  const cloud = await startBenchCloud();
  try {
    // The key pairs page is the baseline page of (g).
    await seedKeypairs(cloud, 20);
    await containers(cloud);
  } finally {
    await cloud.server.stop();
  }
}

async function soak(cloud: BenchCloud) {
  const seconds = Number(process.env.SOAK_SECONDS ?? 60);
  console.log(`(load on this shared machine before the soak: ${loadAverage()})`);
  const connections = Number(process.env.SOAK_CONNECTIONS ?? 50);
  const warmup = Number(process.env.SOAK_WARMUP_SECONDS ?? 10);
  console.log(`\n(f) Soak: ${connections - 1} clients reading and writing for ${seconds} s, and one client sending oversized and malformed bodies throughout`);
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

function benchUser(): BenchUser {
  return {
    username: process.env.BENCH_USERNAME ?? 'demo',
    password: process.env.BENCH_PASSWORD ?? 'demo',
    domain: process.env.BENCH_DOMAIN ?? 'Default',
    project: process.env.BENCH_PROJECT ?? 'demo',
  };
}

/**
 * `npm run bench trace`: one cold load of a page (BENCH_TRACE_PAGE, default key pairs) traced
 * by Chromium and printed as a waterfall; on the real cloud with BENCH_OS_AUTH_URL.
 */
async function traceOnly(authUrl: string | undefined) {
  buildIfStale();
  const cloud = await startBenchCloud(authUrl ? { authUrl, user: benchUser() } : undefined);
  const browser = await launchChromium();
  const label = process.env.BENCH_TRACE_PAGE ?? 'key pairs';
  const page = PAGES.find((candidate) => candidate.label === label);
  if (!page) throw new Error(`BENCH_TRACE_PAGE: one of ${PAGES.map((candidate) => candidate.label).join(', ')}`);
  const stamp = Date.now().toString(36);
  const keys = await seedKeypairs(cloud, 1, `bench-key-${stamp}`);
  // A real cloud may have no instance, volume or network of the bench user's: the page gets one row of each.
  const removeRows = authUrl ? await seedPageRows(cloud, `-${stamp}`) : async () => {};
  try {
    console.log(`(load on this shared machine: ${loadAverage()})`);
    // The first load warms the server (and the cloud's caches) and is left out; the last one's waterfall is printed.
    const runs = Number(process.env.BENCH_TRACE_RUNS ?? 5);
    const summaries: TraceSummary[] = [];
    for (let run = 0; run <= runs; run++) {
      if (run === runs) console.log(`\n${label}, cold load ${run}:`);
      const summary = await traceLoad(browser, `${cloud.server.baseUrl}${page.path}`, OUR_FIRST_ROW, cookieLogin(cloud), run === runs);
      if (run > 0) summaries.push(summary);
    }
    printSummaries(summaries);
  } finally {
    await browser.close();
    await removeRows();
    for (const name of keys) await apiDelete(cloud, `/api/nova/keypairs/${encodeURIComponent(name)}`);
    await cloud.server.stop();
  }
}

/**
 * Our server in front of a real cloud, beside that cloud's Horizon: the same pages and lists.
 * `only`: 'pages' runs the page loads alone, 'throughput' the lists alone.
 */
async function realCloud(authUrl: string, horizonUrl: string | undefined, only?: string) {
  buildIfStale();
  const user = benchUser();
  const cloud = await startBenchCloud({ authUrl, user });
  const browser = await launchChromium();
  // A real cloud is shared: this run's rows have names of their own, and go when it ends.
  const stamp = `${Date.now().toString(36)}`;
  const keys = await seedKeypairs(cloud, 1, `bench-key-${stamp}`);
  const removeRows = only === 'throughput' ? async () => {} : await seedPageRows(cloud, `-${stamp}`);
  try {
    console.log(`(load on this shared machine: ${loadAverage()}; the cloud, Horizon, this server and Chromium all run on it)`);
    if (only !== 'throughput') await realCloudPages(cloud, browser, authUrl, horizonUrl, user);
    if (only === 'pages') return;
    const seconds = Number(process.env.BENCH_SECONDS ?? 10);
    console.log(`\n(b) API throughput, closed loop, 10 connections, ${seconds} s per list and side (interleaved)`);
    printThroughput(await benchApiThroughput(cloud.server.baseUrl, cloud.demoCookie, await listTargets(cloud), seconds, 10, 2, cloud.server.pid));
    console.log(`(load after: ${loadAverage()})`);
  } finally {
    await browser.close();
    await removeRows();
    for (const name of keys) await apiDelete(cloud, `/api/nova/keypairs/${encodeURIComponent(name)}`);
    await cloud.server.stop();
  }
}

async function realCloudPages(cloud: BenchCloud, browser: Browser, authUrl: string, horizonUrl: string | undefined, user: BenchUser) {
  const runs = Number(process.env.BENCH_PAGE_RUNS ?? 9);
  const ours: PageTarget[] = PAGES.map((page) => ({ label: page.label, url: `${cloud.server.baseUrl}${page.path}`, firstRow: OUR_FIRST_ROW, dataUrl: page.data, login: cookieLogin(cloud) }));
  console.log(`\n(a) Pages on ${authUrl}: cold loads, cache disabled, ${runs} runs, medians${horizonUrl ? `, interleaved with Horizon at ${horizonUrl}` : ''}`);
  const warmHeading = `\n(a') The same pages warm: assets cached by a first load, each load in a new tab, ${runs} runs, medians`;
  if (!horizonUrl) {
    printPages(await benchPages(ours, cookieLogin(cloud), runs, browser));
    console.log(warmHeading);
    printWarmPages(await benchWarmPages(ours, cookieLogin(cloud), runs, browser));
  } else {
    const state = await horizonSession(browser, horizonUrl, user);
    const theirs: PageTarget[] = PAGES.map((page) => ({ label: `horizon ${page.label}`, url: `${horizonUrl}${page.horizon}`, firstRow: HORIZON_FIRST_ROW, login: (context) => context.addCookies(state) }));
    // Ours and Horizon's loads alternate, so a burst of load on this shared machine falls on both alike.
    const both = ours.flatMap((page, index) => [page, theirs[index]]);
    printPages(...oursAndHorizons(await benchPages(both, cookieLogin(cloud), runs, browser)));
    console.log(`${warmHeading}, interleaved with Horizon's`);
    printWarmPages(...oursAndHorizons(await benchWarmPages(both, cookieLogin(cloud), runs, browser)));
  }
  console.log(`(load after the pages: ${loadAverage()})`);
}

/** Results by page label split into ours and Horizon's (labelled `horizon …`), each by the page's own label. */
function oursAndHorizons<T>(all: Map<string, T>): [Map<string, T>, Map<string, T>] {
  const pick = (horizon: boolean) => new Map([...all].filter(([label]) => label.startsWith('horizon ') === horizon).map(([label, result]) => [label.replace(/^horizon /, ''), result]));
  return [pick(false), pick(true)];
}

/** Logs in to Horizon's form once; its session cookies are given to each run's fresh context. */
async function horizonSession(browser: Awaited<ReturnType<typeof launchChromium>>, horizonUrl: string, user: BenchUser) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${horizonUrl}/auth/login/`);
    const domain = page.locator('#id_domain');
    if (await domain.count()) await domain.fill(user.domain);
    await page.fill('#id_username', user.username);
    await page.fill('#id_password', user.password);
    await Promise.all([page.waitForURL((url) => !url.pathname.includes('/auth/login')), page.locator('#loginBtn, button[type=submit]').first().click()]);
    return await context.cookies();
  } finally {
    await context.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
