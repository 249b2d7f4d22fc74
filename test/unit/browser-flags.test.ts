import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DISABLED_FEATURES } from '../support/browser.js';

/**
 * The features Playwright turns off in Chromium, as the installed playwright-core writes them
 * (its chromiumSwitches, bundled into lib/coreBundle.js since 1.6x): the array's quoted names, its comments left out.
 */
function playwrightsDisabledFeatures(): string[] {
  const root = dirname(createRequire(import.meta.url).resolve('playwright-core/package.json'));
  const bundle = readFileSync(join(root, 'lib', 'coreBundle.js'), 'utf8');
  const list = /\bdisabledFeatures = \[([^\]]*)\]/.exec(bundle)?.[1];
  if (!list) throw new Error(`playwright-core ${root}: no disabledFeatures list in lib/coreBundle.js; see where its chromiumSwitches went`);
  return [...list.replace(/\/\/[^\n]*/g, '').matchAll(/"([^"]+)"/g)].map((match) => match[1]);
}

describe("the browser's --disable-features (test/support/browser.ts)", () => {
  it("keeps every feature Playwright turns off, since Chromium honours only the last such switch", () => {
    const playwrights = playwrightsDisabledFeatures();
    expect(playwrights).toContain('PaintHolding');
    expect(playwrights.filter((feature) => !DISABLED_FEATURES.includes(feature))).toEqual([]);
  });

  it("turns off the address bar's web popup, which took a renderer's CPU beside every new window's page", () => {
    expect(DISABLED_FEATURES).toEqual(expect.arrayContaining(['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']));
  });
});
