import { readFileSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../test/support/browser.js';
import { firstRowPaintedAt, watchFirstRow } from '../test/support/first-row.js';

/** A page to load and how to know its first data row is drawn. */
export interface PageTarget {
  label: string;
  /** Full URL of the page. */
  url: string;
  /** CSS of the first data row's cell that carries data (a name link in ours; any cell in Horizon's). */
  firstRow: string;
  /** The page's data call alone, fetched in the same context (ours only). */
  dataUrl?: string;
  /** Gives the run's fresh context its session, when it is not the one given to `benchPages` (Horizon's). */
  login?: (context: BrowserContext) => Promise<void>;
}

export interface PageRun {
  /** From navigation to the first frame rendered with the row, on the page's clock: what a person sees. */
  firstRowMs: number;
  /** From navigation to Playwright's wait noticing the row: the figure before 2026-11-27, its polling included. */
  seenMs: number;
  dataOnlyMs: number | null;
  /** Requests of any kind the page sent before its first row, and how many of them were API calls. */
  requests: number;
  apiRequests: number;
  jsBytes: number;
}

/**
 * (b) Cold loads in headless Chromium with the cache disabled: navigation
 * to first data row, the requests sent before it, and the page's data call
 * alone as the baseline. `login` gives each run's fresh context its session.
 */
export async function benchPages(targets: PageTarget[], login: (context: BrowserContext) => Promise<void>, runs = 3, browser?: Browser): Promise<Map<string, PageRun[]>> {
  const own = browser ?? (await launchChromium());
  const results = new Map<string, PageRun[]>(targets.map((target) => [target.label, []]));
  try {
    // Interleaved: page after page, run after run, so the machine's load falls on all alike.
    for (let run = 0; run < runs; run++) {
      for (const target of targets) {
        results.get(target.label)!.push(await loadOnce(own, target, target.login ?? login));
      }
    }
  } finally {
    if (!browser) await own.close();
  }
  return results;
}

/**
 * Warm loads: the same pages in a browser that has loaded each once, its
 * cache holding what that load fetched (our assets are immutable, so they
 * are not asked again). Each load opens the page in a new tab of that
 * profile, and the first row is taken as in the cold loads. Interleaved as
 * the cold loads are; the filling load is left out.
 */
export async function benchWarmPages(targets: PageTarget[], login: (context: BrowserContext) => Promise<void>, runs: number, browser: Browser): Promise<Map<string, number[]>> {
  const results = new Map<string, number[]>(targets.map((target) => [target.label, []]));
  const contexts = new Map<string, BrowserContext>();
  try {
    for (const target of targets) {
      const context = await browser.newContext();
      contexts.set(target.label, context);
      await (target.login ?? login)(context);
    }
    for (let run = 0; run <= runs; run++) {
      for (const target of targets) {
        const firstRowMs = await firstRowInNewTab(contexts.get(target.label)!, target);
        if (run > 0) results.get(target.label)!.push(firstRowMs);
      }
    }
  } finally {
    for (const context of contexts.values()) await context.close();
  }
  return results;
}

async function firstRowInNewTab(context: BrowserContext, target: PageTarget): Promise<number> {
  const page = await context.newPage();
  try {
    await watchFirstRow(page, target.firstRow, () => undefined);
    return (await loadToFirstRow(page, target)).firstRowMs;
  } finally {
    await page.close();
  }
}

/**
 * Navigates `page` (its first row watched: `watchFirstRow`) to the target,
 * once the machine is at rest: ms to the frame rendered with the row, and to
 * Playwright's wait noticing it.
 */
async function loadToFirstRow(page: Page, target: PageTarget): Promise<{ firstRowMs: number; seenMs: number }> {
  await machineAtRest();
  const start = performance.now();
  const startEpoch = Date.now();
  await page.goto(target.url, { waitUntil: 'commit' });
  await page.locator(target.firstRow).first().waitFor({ timeout: 60_000 });
  const seenMs = Math.round(performance.now() - start);
  return { firstRowMs: Math.round((await firstRowPaintedAt(page)) - startEpoch), seenMs };
}

/** One line per page: the warm loads' median first row and their range, beside Horizon's when given. */
export function printWarmPages(results: Map<string, number[]>, compare?: Map<string, number[]>): void {
  console.log(`${'page'.padEnd(12)} ${'warm first row ms'.padStart(18)} ${'range'.padStart(10)}${compare ? ` ${'Horizon ms'.padStart(11)} ${'ours ÷ it'.padStart(10)}` : ''}`);
  for (const [label, runs] of results) {
    const ours = median(runs);
    const theirs = compare?.get(label);
    const tail = theirs ? ` ${String(median(theirs)).padStart(11)} ${(ours / median(theirs)).toFixed(2).padStart(10)}` : '';
    console.log(`${label.padEnd(12)} ${String(ours).padStart(18)} ${`${Math.min(...runs)}-${Math.max(...runs)}`.padStart(10)}${tail}`);
  }
}

/** Busy and total CPU ticks of the machine so far (the first line of /proc/stat); undefined where there is none. */
function cpuTicks(): { busy: number; total: number } | undefined {
  try {
    const ticks = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0].trim().split(/\s+/).slice(1).map(Number);
    const total = ticks.reduce((sum, value) => sum + value, 0);
    return { busy: total - ticks[3] - (ticks[4] ?? 0), total }; // idle and iowait are not busy
  } catch {
    return undefined;
  }
}

/**
 * Waits (up to 3 s) until the machine's CPUs were under a fifth busy for a
 * tenth of a second. A load started while the last one's tail still ran
 * (the closed page's renderer, Horizon's server finishing its work) was
 * billed for it: the loads alternate between the two dashboards, so that
 * tail fell on the page after it, not on the page that left it. Waited for
 * once the load's tab is open, just before it navigates: the new tab's
 * renderer starting up is the browser's cost, not the page's.
 */
async function machineAtRest(): Promise<void> {
  const deadline = performance.now() + 3000;
  let before = cpuTicks();
  while (before && performance.now() < deadline) {
    await delay(100);
    const after = cpuTicks()!;
    const busy = (after.busy - before.busy) / Math.max(1, after.total - before.total);
    if (busy < 0.2) return;
    before = after;
  }
}

/** A signed-in page in a context of its own, its cache disabled: a cold load each time. The caller closes the context. */
export async function openColdPage(browser: Browser, login: (context: BrowserContext) => Promise<void>) {
  const context = await browser.newContext();
  try {
    await login(context);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    return { context, page, cdp };
  } catch (error) {
    await context.close();
    throw error;
  }
}

async function loadOnce(browser: Browser, target: PageTarget, login: (context: BrowserContext) => Promise<void>): Promise<PageRun> {
  const { context, page, cdp } = await openColdPage(browser, login);
  try {
    let counting = true;
    let requests = 0;
    let apiRequests = 0;
    let jsBytes = 0;
    const scripts = new Set<string>();
    // Counted from Playwright's own events, which come in order with the first-row watcher's call; this
    // second CDP session's events do not, and counted calls the page sent just after the row.
    page.on('request', (request) => {
      if (!counting) return;
      requests++;
      if (request.resourceType() === 'xhr' || request.resourceType() === 'fetch') apiRequests++;
    });
    cdp.on('Network.responseReceived', (event) => {
      if (event.type === 'Script') scripts.add(event.requestId);
    });
    cdp.on('Network.loadingFinished', (event) => {
      if (scripts.has(event.requestId)) jsBytes += event.encodedDataLength;
    });
    // Requests are counted until the row is in the DOM as the page sees it, not when the wait below notices it.
    await watchFirstRow(page, target.firstRow, () => (counting = false));
    const { firstRowMs, seenMs } = await loadToFirstRow(page, target);
    counting = false;
    let dataOnlyMs: number | null = null;
    if (target.dataUrl) {
      dataOnlyMs = await page.evaluate(async (url) => {
        const begin = performance.now();
        await fetch(url, { headers: { 'X-Requested-With': 'XMLHttpRequest' }, cache: 'no-store' }).then((r) => r.json());
        return Math.round(performance.now() - begin);
      }, target.dataUrl);
    }
    return { firstRowMs, seenMs, dataOnlyMs, requests, apiRequests, jsBytes };
  } finally {
    await context.close();
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * One line per page: medians of the runs, ours beside the baseline (or
 * Horizon). "first row" is when the frame holding the row was rendered, on
 * the page's own clock; "seen" is when Playwright's wait noticed it, which
 * adds its polling to both dashboards (30-350 ms in the 2026-11-27 runs,
 * the most on Horizon's page, whose scripts keep it busy).
 */
export function printPages(results: Map<string, PageRun[]>, compare?: Map<string, PageRun[]>, compareLabel = 'Horizon'): void {
  const head = compare ? ` ${`${compareLabel} ms`.padStart(12)} ${'seen'.padStart(6)} ${'ours ÷ it'.padStart(10)} ${'seen ÷'.padStart(7)}` : '';
  console.log(`${'page'.padEnd(12)} ${'first row ms'.padStart(13)} ${'seen'.padStart(6)} ${'data alone ms'.padStart(14)} ${'requests'.padStart(9)} ${'API calls'.padStart(10)} ${'JS KiB'.padStart(7)}${head}`);
  for (const [label, runs] of results) {
    const first = median(runs.map((r) => r.firstRowMs));
    const seen = median(runs.map((r) => r.seenMs));
    const data = runs.every((r) => r.dataOnlyMs !== null) ? String(median(runs.map((r) => r.dataOnlyMs!))) : '-';
    let tail = '';
    const other = compare?.get(label);
    if (other) {
      const theirs = median(other.map((r) => r.firstRowMs));
      const theirsSeen = median(other.map((r) => r.seenMs));
      tail = ` ${String(theirs).padStart(12)} ${String(theirsSeen).padStart(6)} ${(first / theirs).toFixed(2).padStart(10)} ${(seen / theirsSeen).toFixed(2).padStart(7)}`;
    }
    console.log(
      `${label.padEnd(12)} ${String(first).padStart(13)} ${String(seen).padStart(6)} ${data.padStart(14)} ${String(median(runs.map((r) => r.requests))).padStart(9)} ${String(median(runs.map((r) => r.apiRequests))).padStart(10)} ${(median(runs.map((r) => r.jsBytes)) / 1024).toFixed(0).padStart(7)}${tail}`,
    );
  }
}
