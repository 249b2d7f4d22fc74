import { createHash } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { DATABASE_FILE } from '../emulator/app.js';
import { median, type PageTarget, benchPages } from './page-load.js';
import type { BenchCloud } from './support.js';
import type { BrowserContext } from 'playwright-core';

/**
 * (g) A container with many objects (issue 18: Horizon hangs on such a
 * container; this one must not): the objects page's first call through the
 * server (`limit=200`, the screen's page) against the native listings, the
 * first page Swift serves and the whole container as Swift lists it by
 * default (up to 10,000 names), and the page in Chromium from navigation to
 * its first row. The objects are made straight in the built-in Swift (see seedObjects).
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

export interface ContainerListing {
  serverFirstPageMs: number;
  nativeFirstPageMs: number;
  nativeWholeMs: number;
  rows: { firstPage: number; whole: number };
  pageFirstRowMs: number;
  /** The key pairs page, loaded the same way in the same runs: what any page costs on this machine now. */
  baselineFirstRowMs: number;
}

export async function benchContainerListing(cloud: BenchCloud, container: string, login: (context: BrowserContext) => Promise<void>, runs = 5): Promise<ContainerListing> {
  const swift = cloud.endpoints.get('object-store')!;
  const time = async (url: string, headers: Record<string, string>) => {
    const begin = performance.now();
    const response = await fetch(url, { headers });
    const body = (await response.json()) as unknown[] | { items: unknown[] };
    return { ms: performance.now() - begin, rows: Array.isArray(body) ? body.length : body.items.length };
  };
  const server: number[] = [];
  const nativePage: number[] = [];
  const nativeWhole: number[] = [];
  const rows = { firstPage: 0, whole: 0 };
  const native = { 'X-Auth-Token': cloud.demoToken };
  for (let run = 0; run < runs; run++) {
    const page = await time(`${cloud.server.baseUrl}/api/swift/containers/${encodeURIComponent(container)}/objects/?limit=200`, { Cookie: cloud.demoCookie, 'X-Requested-With': 'XMLHttpRequest' });
    const nativeFirst = await time(`${swift}/${encodeURIComponent(container)}?format=json&delimiter=/&limit=201`, native);
    const whole = await time(`${swift}/${encodeURIComponent(container)}?format=json`, native);
    server.push(page.ms);
    nativePage.push(nativeFirst.ms);
    nativeWhole.push(whole.ms);
    rows.firstPage = page.rows;
    rows.whole = whole.rows;
  }
  const target: PageTarget = {
    label: 'objects page',
    url: `${cloud.server.baseUrl}/project/containers/container/${encodeURIComponent(container)}`,
    firstRow: 'table[aria-label^="Objects of"] tbody tr td.name',
  };
  const round = (values: number[]) => Math.round(median(values));
  const baseline: PageTarget = { label: 'key pairs page', url: `${cloud.server.baseUrl}/project/key_pairs`, firstRow: 'main table tbody tr td a' };
  const pages = await benchPages([target, baseline], login, Math.max(3, Math.floor(runs / 2)));
  const firstRow = (label: string) => round(pages.get(label)!.map((run) => run.firstRowMs));
  return {
    serverFirstPageMs: round(server),
    nativeFirstPageMs: round(nativePage),
    nativeWholeMs: round(nativeWhole),
    rows,
    pageFirstRowMs: firstRow(target.label),
    baselineFirstRowMs: firstRow(baseline.label),
  };
}

export function printContainerListing(result: ContainerListing, count: number): void {
  console.log(
    `first page through the server (${result.rows.firstPage} rows, limit 200): ${result.serverFirstPageMs} ms; native first page: ${result.nativeFirstPageMs} ms; ` +
      `native whole listing (${result.rows.whole} names of ${count}): ${result.nativeWholeMs} ms; objects page to its first row in Chromium (cold, cache disabled): ${result.pageFirstRowMs} ms vs the key pairs page ${result.baselineFirstRowMs} ms`,
  );
}
