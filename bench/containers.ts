import { createHash } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { DATABASE_FILE } from '../emulator/app.js';
import { median, type PageTarget, benchPages } from './page-load.js';
import { launchChromium } from '../test/support/browser.js';
import { type FrameFigures, framesDuring, longestTask, printFrames, watchLongTasks } from './frames.js';
import type { BenchCloud } from './support.js';
import type { BrowserContext, Page } from 'playwright-core';

/**
 * (g) A container with many objects (issue 18: "a folder with 100,000
 * objects opens in under a second, scrolls and pages without a frozen
 * frame"; Horizon hangs on such a container): what a user sees, the app
 * already loaded, from the click on the container in the list (and on a
 * folder in it) to its first object row; the folder's URL loaded cold beside
 * the key pairs page loaded the same way (the app's own cold start); the
 * server's first page (`limit=200`, the screen's page) against the native
 * listings; and the frames while scrolling the page and paging. The objects
 * are made straight in the built-in Swift (see seedObjects).
 */
export async function seedObjects(cloud: BenchCloud, container: string, count: number): Promise<void> {
  const swift = cloud.endpoints.get('object-store');
  if (!swift) throw new Error('the catalog has no object-store endpoint');
  const put = async (path: string, body: string) => {
    const response = await fetch(`${swift}/${path}`, { method: 'PUT', headers: { 'X-Auth-Token': cloud.demoToken, 'Content-Type': 'text/plain' }, body });
    if (response.status >= 300) throw new Error(`PUT ${path}: ${response.status} ${await response.text()}`);
  };
  const name = (index: number) =>
    // One object in ten sits in a pseudo-folder, so the top listing mixes folders and objects.
    index % 10 === 0 ? `folder-${String(index % 100).padStart(2, '0')}/object-${String(index).padStart(6, '0')}.txt` : `object-${String(index).padStart(6, '0')}.txt`;
  await put(encodeURIComponent(container), '');
  // A hundred through the API, the rest as rows written straight into the built-in Swift's database in one
  // transaction: a PUT each would take half an hour on this machine, and a listing reads rows only.
  const viaApi = Math.min(count, 100);
  let next = 0;
  const worker = async () => {
    while (next < viaApi) {
      const index = next++;
      await put(`${encodeURIComponent(container)}/${name(index)}`, `object ${index}`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  if (count <= viaApi) return;
  const projectId = /\/AUTH_([^/]+)$/.exec(swift)![1]!;
  const db = new Database(join(cloud.server.dataDir, DATABASE_FILE));
  db.pragma('busy_timeout = 30000');
  try {
    const insert = db.prepare(
      "INSERT INTO swift_objects (project_id, container, name, bytes, etag, content_type, metadata, blob, manifest_kind, manifest, last_modified) VALUES (?, ?, ?, ?, ?, 'text/plain', '{}', NULL, NULL, NULL, ?)",
    );
    const now = Date.now();
    db.transaction(() => {
      let bytes = 0;
      for (let index = viaApi; index < count; index++) {
        const body = `object ${index}`;
        bytes += body.length;
        insert.run(projectId, container, name(index), body.length, createHash('md5').update(body).digest('hex'), now);
      }
      db.prepare('UPDATE swift_containers SET object_count = object_count + ?, bytes_used = bytes_used + ? WHERE project_id = ? AND name = ?').run(count - viaApi, bytes, projectId, container);
    })();
  } finally {
    db.close();
  }
}


/** A data cell of the objects table: a row of the folder's first page is drawn. */
const OBJECT_ROW = 'table[aria-label^="Objects of"] tbody tr td.name';

export interface OpenRun {
  /** From the click (its event in the page) to the first object row in the DOM, on the page's clock. */
  ms: number;
  /** The calls the page sent between the two, in order. */
  calls: string[];
}

export interface ContainerFigures {
  serverFirstPageMs: number;
  serverUncompressedMs: number;
  nativeFirstPageMs: number;
  nativeWholeMs: number;
  rows: { firstPage: number; whole: number };
  /** (a) The app loaded: a click on the container in the list, and on a folder of it (a thousand objects). */
  openContainer: OpenRun[];
  openFolder: OpenRun[];
  /** (b) Cold, cache disabled: the container's URL, and the key pairs page in the same runs. */
  coldFirstRowMs: number;
  baselineFirstRowMs: number;
  /** (d) Scrolling the first page's 200 rows, and paging forward three times and back once. */
  scroll: FrameFigures;
  scrollLongestTaskMs: number;
  paging: FrameFigures;
  pagingLongestTaskMs: number;
  pageTurnMs: number[];
}

/**
 * Arms the page to note the next click and the moment `ready` (a JS
 * expression) first holds after it, from a mutation observer (as the page sees
 * its DOM, not when the bench's polling notices), then clicks `target`.
 */
async function clickToRow(page: Page, ready: string, click: () => Promise<void>): Promise<OpenRun> {
  // Strings, not functions: the bench runs under tsx, whose helper names would not exist in the page.
  await page.evaluate(`(() => {
    const open = (window.__open = { click: null, row: null });
    document.addEventListener('click', () => (open.click ??= performance.now()), { capture: true, once: true });
    const check = () => {
      if (open.click === null || open.row !== null || !(${ready})) return;
      open.row = performance.now();
      observer.disconnect();
    };
    const observer = new MutationObserver(check);
    observer.observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
  })()`);
  await click();
  await page.waitForFunction(() => (window as unknown as { __open: { row: number | null } }).__open.row !== null, undefined, { timeout: 60_000, polling: 50 });
  return page.evaluate(`(() => {
    const { click, row } = window.__open;
    const calls = performance.getEntriesByType('resource')
      .filter((entry) => entry.startTime >= click && entry.startTime <= row)
      .map((entry) => new URL(entry.name).pathname + new URL(entry.name).search);
    return { ms: Math.round(row - click), calls };
  })()`);
}

/** The container list, its data drawn and the page quiet: the app as a user has it before choosing a container. */
async function containerList(context: BrowserContext, baseUrl: string, container: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/project/containers`);
  await page.getByRole('button', { name: container, exact: true }).waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  return page;
}

const firstRowText = (page: Page) => page.locator(OBJECT_ROW).first().textContent();

export async function benchContainerListing(cloud: BenchCloud, container: string, login: (context: BrowserContext) => Promise<void>, runs = 5): Promise<ContainerFigures> {
  const swift = cloud.endpoints.get('object-store')!;
  const time = async (url: string, headers: Record<string, string>) => {
    const begin = performance.now();
    const response = await fetch(url, { headers });
    const body = (await response.json()) as unknown[] | { items: unknown[] };
    return { ms: performance.now() - begin, rows: Array.isArray(body) ? body.length : body.items.length };
  };
  const round = (values: number[]) => Math.round(median(values));

  // (c) The server's first page against the native calls, interleaved; one unmeasured round first (the
  // server's first call of a route compiles it), as a user's first folder comes after the sign-in's calls.
  const server: number[] = [];
  const serverPlain: number[] = [];
  const nativePage: number[] = [];
  const nativeWhole: number[] = [];
  const rows = { firstPage: 0, whole: 0 };
  const native = { 'X-Auth-Token': cloud.demoToken };
  for (let run = -1; run < runs * 2; run++) {
    const api = `${cloud.server.baseUrl}/api/swift/containers/${encodeURIComponent(container)}/objects/?limit=200`;
    // Compressed as a browser asks (the native answer is not): the server's compression and the client's inflation are in it.
    const page = await time(api, { Cookie: cloud.demoCookie, 'X-Requested-With': 'XMLHttpRequest', 'Accept-Encoding': 'gzip' });
    const plain = await time(api, { Cookie: cloud.demoCookie, 'X-Requested-With': 'XMLHttpRequest', 'Accept-Encoding': 'identity' });
    const nativeFirst = await time(`${swift}/${encodeURIComponent(container)}?format=json&delimiter=/&limit=201`, native);
    const whole = await time(`${swift}/${encodeURIComponent(container)}?format=json`, native);
    if (run < 0) continue;
    server.push(page.ms);
    serverPlain.push(plain.ms);
    nativePage.push(nativeFirst.ms);
    nativeWhole.push(whole.ms);
    rows.firstPage = page.rows;
    rows.whole = whole.rows;
  }

  // (a) and (d): one context for all runs, as one user's browser: the app's files cached after the first load.
  const browser = await launchChromium();
  const openContainer: OpenRun[] = [];
  const openFolder: OpenRun[] = [];
  let frames: Pick<ContainerFigures, 'scroll' | 'scrollLongestTaskMs' | 'paging' | 'pagingLongestTaskMs' | 'pageTurnMs'>;
  try {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    await login(context);
    for (let run = 0; run < runs; run++) {
      const page = await containerList(context, cloud.server.baseUrl, container);
      openContainer.push(await clickToRow(page, `document.querySelector('${OBJECT_ROW}')`, () => page.getByRole('button', { name: container, exact: true }).click()));
      await page.waitForLoadState('networkidle');
      const folderReady = `document.querySelector('nav[aria-label="Folder path"] [aria-current="page"]')?.textContent === 'folder-00' && document.querySelector('${OBJECT_ROW}')`;
      openFolder.push(await clickToRow(page, folderReady, () => page.getByRole('link', { name: 'folder-00', exact: true }).click()));
      if (run < runs - 1) await page.close();
      else frames = await scrollAndPage(page, cloud.server.baseUrl, container);
    }
    await context.close();
  } finally {
    await browser.close();
  }

  // (b) Cold loads, cache disabled, the key pairs page the same way in the same runs.
  const target: PageTarget = { label: 'objects page', url: `${cloud.server.baseUrl}/project/containers/container/${encodeURIComponent(container)}`, firstRow: OBJECT_ROW };
  const baseline: PageTarget = { label: 'key pairs page', url: `${cloud.server.baseUrl}/project/key_pairs`, firstRow: 'main table tbody tr td a' };
  const pages = await benchPages([target, baseline], login, Math.max(3, Math.floor(runs / 2)));
  const firstRow = (label: string) => round(pages.get(label)!.map((run) => run.firstRowMs));
  return {
    serverFirstPageMs: round(server),
    serverUncompressedMs: round(serverPlain),
    nativeFirstPageMs: round(nativePage),
    nativeWholeMs: round(nativeWhole),
    rows,
    openContainer,
    openFolder,
    coldFirstRowMs: firstRow(target.label),
    baselineFirstRowMs: firstRow(baseline.label),
    ...frames!,
  };
}

/** (d) The container's first page scrolled to its end by the wheel, then Next three times and Previous once. */
async function scrollAndPage(page: Page, baseUrl: string, container: string) {
  await page.goto(`${baseUrl}/project/containers/container/${encodeURIComponent(container)}`);
  await page.locator(OBJECT_ROW).first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  const box = (await page.locator('table[aria-label^="Objects of"]').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, 450);
  await watchLongTasks(page);
  const scroll = await framesDuring(page, async () => {
    for (let i = 0; i < 20; i++) {
      await page.mouse.wheel(0, 400);
      await page.waitForTimeout(30);
    }
  });
  const scrollLongestTaskMs = await longestTask(page);
  await watchLongTasks(page);
  const pageTurnMs: number[] = [];
  const turn = async (name: string) => {
    const before = await firstRowText(page);
    const begin = performance.now();
    await page.getByRole('button', { name, exact: true }).click();
    await page.waitForFunction(([css, text]) => document.querySelector(css)?.textContent !== text, [OBJECT_ROW, before] as const, { timeout: 60_000, polling: 'raf' });
    pageTurnMs.push(Math.round(performance.now() - begin));
  };
  const paging = await framesDuring(page, async () => {
    for (let i = 0; i < 3; i++) await turn('Next');
    await turn('Previous');
  });
  return { scroll, scrollLongestTaskMs, paging, pagingLongestTaskMs: await longestTask(page), pageTurnMs };
}

export function printContainerListing(result: ContainerFigures, count: number): void {
  const open = (runs: OpenRun[]) => {
    const calls = runs.at(-1)!.calls;
    return `median ${Math.round(median(runs.map((run) => run.ms)))} ms (runs ${runs.map((run) => run.ms).join(', ')}); calls between: ${calls.length ? calls.join(', ') : 'none'}`;
  };
  console.log(`(a) in the app, loaded: click on the container in the list to its first object row: ${open(result.openContainer)}`);
  console.log(`    click on a folder of it (1,000 objects) to its first row: ${open(result.openFolder)}`);
  console.log(`(b) cold (cache disabled), navigation to the first row: the container's URL ${result.coldFirstRowMs} ms vs the key pairs page ${result.baselineFirstRowMs} ms`);
  console.log(
    `(c) first page through the server (${result.rows.firstPage} rows, limit 200): ${result.serverFirstPageMs} ms gzip, ${result.serverUncompressedMs} ms uncompressed; native first page: ${result.nativeFirstPageMs} ms; ` +
      `native whole listing (${result.rows.whole} names of ${count}): ${result.nativeWholeMs} ms`,
  );
  console.log(`(d) scrolling the first page's 200 rows: ${printFrames(result.scroll)}, longest task ${result.scrollLongestTaskMs} ms`);
  console.log(`    paging (Next ×3, Previous): ${printFrames(result.paging)}, longest task ${result.pagingLongestTaskMs} ms; click to the new page's first row ${result.pageTurnMs.join(', ')} ms`);
}
