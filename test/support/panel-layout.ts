import type { Browser, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useChromium } from './chromium-fixture.js';
import { CONTAINERS_PANEL } from '../../custom/containers/panel.js';
import { ADMIN_OVERVIEW_PANEL, PROJECT_OVERVIEW_PANEL } from '../../custom/overview/panel.js';
import { NETWORK_TOPOLOGY_PANEL } from '../../custom/topology/panel.js';
import { resources } from '../../resources/index.js';
import { logIn, openInApp, openSession } from './pages.js';

/** Every panel of the registry, extra panels (admin views) included. */
const panels = resources.flatMap((descriptor) => [descriptor.panel, ...(descriptor.extraPanels ?? [])].filter((panel) => panel !== undefined));
/** The hand-written screens with a sidebar entry: no table of the engine's, but the same window to fit in. */
const screens = [CONTAINERS_PANEL, NETWORK_TOPOLOGY_PANEL, PROJECT_OVERVIEW_PANEL, ADMIN_OVERVIEW_PANEL].map(({ panel }) => panel);

/**
 * Opens every panel as the admin (who sees them all) and returns what does not
 * fit at each of `widths` (px): a page wider than the window, or a first row
 * menu outside it or that does not open. The app is loaded once and each panel
 * opened once, as its links do (openInApp), then checked at each width in turn
 * as a user who resizes the window sees it: a second visit of the panel per
 * width only loaded its list again. Each share of the panels is a test file
 * of its own (layout*.test.ts), so that they run side by side and none nears
 * the test timeout as panels are added.
 */
export async function panelsThatDoNotFit(browser: Browser, baseUrl: string, adminPassword: string, widths: number[], share: Share = { part: 1, of: 1 }): Promise<string[]> {
  const { page, context } = await openSession(browser);
  await page.setViewportSize({ width: widths[0], height: 900 });
  await logIn(page, baseUrl, 'admin', adminPassword);
  const problems: string[] = [];
  for (const panel of shareOf(panels, share)) {
    await openInApp(page, panel.path);
    await page.getByRole('heading', { level: 1, name: panel.label, exact: true }).waitFor();
    // Settled: rows, the empty row, or the filter-first message.
    const table = page.getByRole('table').first();
    await table.locator('tbody tr').first().waitFor();
    await expect.poll(() => page.getByRole('progressbar', { name: 'Loading', exact: true }).count(), { timeout: 20_000 }).toBe(0);
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      problems.push(...(await pageWiderThanWindow(page, panel.path)));
      const menu = table.getByRole('button', { name: /^Actions for / }).first();
      if ((await menu.count()) === 0) continue; // no rows, or no row actions
      // The admin's lists change under the check as other files' resources come and go: a row leaving has no box.
      await menu.waitFor({ state: 'visible', timeout: 5_000 }).catch(() => undefined);
      if ((await menu.count()) === 0) continue;
      const box = await menu.boundingBox();
      if (!box || box.x < 0 || box.x + box.width > width) {
        problems.push(`${panel.path}: the first row menu is outside the ${width} px window (${JSON.stringify(box)})`);
        continue;
      }
      // The last row can also leave between the box and the click: then there is no menu to open.
      const clicked = await menu.click({ timeout: 5_000 }).then(
        () => true,
        async (error: unknown) => {
          if ((await menu.count()) === 0) return false;
          throw error;
        },
      );
      if (!clicked) continue;
      await page.getByRole('menu').first().waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('menu').first().waitFor({ state: 'detached' });
    }
  }
  for (const screen of shareOf(screens, share)) {
    await openInApp(page, screen.path);
    await page.getByRole('heading', { level: 1, name: screen.label, exact: true }).waitFor();
    await expect.poll(() => page.getByRole('progressbar', { name: 'Loading', exact: true }).count(), { timeout: 20_000 }).toBe(0);
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      problems.push(...(await pageWiderThanWindow(page, screen.path)));
    }
  }
  await context.close();
  return problems;
}

/**
 * The page's overflow at the window's current width, once the resize has settled: the app's width-driven renders
 * (which columns show, the sidebar) follow the resize event, so a page still wider than the window 5 s on is what
 * the user sees.
 */
async function pageWiderThanWindow(page: Page, path: string): Promise<string[]> {
  const fits = await page
    .waitForFunction(() => document.scrollingElement!.scrollWidth <= window.innerWidth, null, { polling: 100, timeout: 5_000 })
    .then(() => true)
    .catch(() => false);
  if (fits) return [];
  const [scrollWidth, innerWidth] = await page.evaluate(() => [document.scrollingElement!.scrollWidth, window.innerWidth]);
  return [`${path}: page ${scrollWidth} px wide in a ${innerWidth} px window`];
}

/** Which of `of` equal shares of the panels a test file opens (1-based). */
export interface Share {
  part: number;
  of: number;
}

function shareOf<T>(items: T[], { part, of }: Share): T[] {
  return items.filter((_item, index) => index % of === part - 1);
}

/**
 * The layout suite for one share of the panels, each checked at 1400 and 1024 px wide: a layout-N.test.ts file
 * calls it with its share, so that the shares run side by side.
 */
export function describeLayoutShare(share: Share): void {
  const baseUrl = inject('baseUrl');
  const passwords = inject('passwords');
  const browser = useChromium();
  describe('layout: every panel fits the window and keeps its row menu reachable (issue 14)', () => {
    it(`at 1400 and 1024 px wide, no page is wider than the window and the first row menu is visible and opens (panels, share ${share.part} of ${share.of})`, async () => {
      expect(await panelsThatDoNotFit(browser(), baseUrl, passwords.admin, [1400, 1024], share)).toEqual([]);
    }, 300_000);
  });
}
