import type { Page } from 'playwright-core';
import { launchChromium } from '../test/support/browser.js';
import { logIn } from '../test/support/pages.js';
import type { BenchCloud } from './support.js';
import { longestTask, watchLongTasks } from './frames.js';

/** Synthetic flavors in Nova's classic shape (api-contract §6.2); RAM descending so the default sort has work to do. */
export function makeFlavors(count: number) {
  return Array.from({ length: count }, (_, i) => ({
    id: `bench-${String(i).padStart(4, '0')}`,
    name: `flavor-${i}`,
    vcpus: 1 + (i % 64),
    ram: 64 * (count - i),
    disk: i % 500,
    swap: '',
    rxtx_factor: 1,
    'OS-FLV-EXT-DATA:ephemeral': 0,
    'OS-FLV-DISABLED:disabled': false,
    'os-flavor-access:is_public': i % 3 !== 0,
    links: [],
  }));
}

export interface FlavorTableRun {
  /** Navigation to the first row of the sorted table. */
  renderMs: number;
  /** Click on "next page" to the second page's first row (page size 20). */
  pageMs: number;
  /** Click on the Name header to the first row being the first name. */
  sortMs: number;
  /** Typing a name in the search bar to the table showing only it (includes the 300 ms quick-search delay). */
  filterMs: number;
  /** Baselines in the same page: the list's data fetched and parsed, then sorted and filtered in plain JS. */
  dataOnlyMs: number;
  sortDataMs: number;
  filterDataMs: number;
  /** Whether the page's main thread stayed responsive: the longest task seen, ms. */
  longestTaskMs: number;
}

async function firstRowName(page: Page): Promise<string | null> {
  return page.locator('table tbody tr a').first().textContent();
}

/**
 * (c) The admin flavor list with `count` flavors in headless Chromium: time to
 * render, to sort by name and to filter by name. The list call is answered
 * from memory (page.route), so the figures are the browser app's own cost;
 * the baseline is the same data handled by plain JavaScript in the same page.
 */
export async function benchFlavorTable(cloud: BenchCloud, adminPassword: string, count = 2000, runs = 3) {
  const flavors = makeFlavors(count);
  const body = JSON.stringify({ items: flavors });
  const browser = await launchChromium();
  const results: FlavorTableRun[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.route(/\/api\/nova\/flavors\/(\?.*)?$/, (route) =>
        route.request().method() === 'GET' ? route.fulfill({ status: 200, contentType: 'application/json', body }) : route.continue(),
      );
      await logIn(page, cloud.server.baseUrl, 'admin', adminPassword);
      await watchLongTasks(page);

      // Render: client-side navigation to the panel (the app is already loaded), default sort by RAM.
      const lowestRam = `flavor-${count - 1}`;
      let start = performance.now();
      await page.getByRole('link', { name: 'Flavors', exact: true }).click();
      await page.locator('table tbody tr a', { hasText: lowestRam }).first().waitFor({ timeout: 60_000 });
      const renderMs = Math.round(performance.now() - start);

      // Next page: the 21st-lowest RAM comes first.
      const secondPageFirst = `flavor-${count - 21}`;
      start = performance.now();
      await page.getByRole('button', { name: 'Go to next page' }).click();
      await page.waitForFunction((name) => document.querySelector('table tbody tr a')?.textContent === name, secondPageFirst, { timeout: 60_000 });
      const pageMs = Math.round(performance.now() - start);
      await page.getByRole('button', { name: 'Go to previous page' }).click();
      await page.waitForFunction((name) => document.querySelector('table tbody tr a')?.textContent === name, lowestRam, { timeout: 60_000 });

      // Sort by name: 'flavor-0' comes first (natural order).
      start = performance.now();
      await page.getByRole('button', { name: 'Name', exact: true }).click();
      await page.waitForFunction(() => document.querySelector('table tbody tr a')?.textContent === 'flavor-0', undefined, { timeout: 60_000 });
      const sortMs = Math.round(performance.now() - start);

      // Filter by name (free text, client side).
      const wanted = `flavor-${Math.floor(count / 2) + 7}`;
      start = performance.now();
      await page.getByRole('textbox', { name: 'Search' }).fill(wanted);
      await page.waitForFunction(
        (name) => {
          const links = [...document.querySelectorAll('table tbody tr a')];
          return links.length > 0 && links.every((link) => link.textContent?.includes(name));
        },
        wanted,
        { timeout: 60_000 },
      );
      const filterMs = Math.round(performance.now() - start);
      if (!(await firstRowName(page))?.includes(wanted)) throw new Error('filter did not apply');

      const baseline = await page.evaluate(async (name) => {
        let begin = performance.now();
        const data = (await fetch('/api/nova/flavors/', { headers: { 'X-Requested-With': 'XMLHttpRequest' } }).then((r) => r.json())) as { items: { name: string; ram: number }[] };
        const rows = [...data.items].sort((a, b) => a.ram - b.ram);
        const dataOnlyMs = performance.now() - begin;
        begin = performance.now();
        const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
        rows.sort((a, b) => collator.compare(a.name, b.name));
        const sortDataMs = performance.now() - begin;
        begin = performance.now();
        rows.filter((row) => row.name.toLowerCase().includes(name.toLowerCase()));
        const filterDataMs = performance.now() - begin;
        return { dataOnlyMs, sortDataMs, filterDataMs };
      }, wanted);
      const longestTaskMs = await longestTask(page);
      results.push({
        renderMs,
        pageMs,
        sortMs,
        filterMs,
        dataOnlyMs: round1(baseline.dataOnlyMs),
        sortDataMs: round1(baseline.sortDataMs),
        filterDataMs: round1(baseline.filterDataMs),
        longestTaskMs: Math.round(longestTaskMs),
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const median = (key: keyof FlavorTableRun) => [...results].map((r) => r[key]).sort((a, b) => a - b)[Math.floor(results.length / 2)];
  return {
    runs: results,
    median: {
      renderMs: median('renderMs'),
      pageMs: median('pageMs'),
      sortMs: median('sortMs'),
      filterMs: median('filterMs'),
      dataOnlyMs: median('dataOnlyMs'),
      sortDataMs: median('sortDataMs'),
      filterDataMs: median('filterDataMs'),
      longestTaskMs: median('longestTaskMs'),
    },
  };
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}
