import { describe, expect, inject, it } from 'vitest';
import { resources } from '../../resources/index.js';
import { useChromium } from '../support/chromium-fixture.js';
import { logIn, openSession } from '../support/pages.js';

const baseUrl = inject('baseUrl');
const passwords = inject('passwords');
const browser = useChromium();

/** Every panel of the registry, extra panels (admin views) included. */
const panels = resources.flatMap((descriptor) => [descriptor.panel, ...(descriptor.extraPanels ?? [])].filter((panel) => panel !== undefined));

describe('layout: every panel fits the window and keeps its row menu reachable (issue 14)', () => {
  it.each([1400, 1024])('at %i px wide, no page is wider than the window and the first row menu is visible and opens', async (width) => {
    const { page, context } = await openSession(browser());
    await page.setViewportSize({ width, height: 900 });
    // The admin sees every panel, the admin ones included.
    await logIn(page, baseUrl, 'admin', passwords.admin);
    const problems: string[] = [];
    for (const panel of panels) {
      await page.goto(`${baseUrl}${panel.path}`);
      await page.getByRole('heading', { level: 1, name: panel.label, exact: true }).waitFor();
      // Settled: rows, the empty row, or the filter-first message.
      const table = page.getByRole('table').first();
      await table.locator('tbody tr').first().waitFor();
      await expect.poll(() => page.getByRole('progressbar', { name: 'Loading', exact: true }).count(), { timeout: 20_000 }).toBe(0);
      const [scrollWidth, innerWidth] = await page.evaluate(() => [document.scrollingElement!.scrollWidth, window.innerWidth]);
      if (scrollWidth > innerWidth) problems.push(`${panel.path}: page ${scrollWidth} px wide in a ${innerWidth} px window`);
      const menu = table.getByRole('button', { name: /^Actions for / }).first();
      if ((await menu.count()) === 0) continue; // no rows, or no row actions
      const box = await menu.boundingBox();
      if (!box || box.x < 0 || box.x + box.width > innerWidth) {
        problems.push(`${panel.path}: the first row menu is outside the window (${JSON.stringify(box)})`);
        continue;
      }
      await menu.click();
      await page.getByRole('menu').first().waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('menu').first().waitFor({ state: 'detached' });
    }
    expect(problems).toEqual([]);
    await context.close();
  }, 300_000);
});
