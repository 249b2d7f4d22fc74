import { describe, expect, inject, it } from 'vitest';
import { useChromium } from '../support/chromium-fixture.js';
import { panelsThatDoNotFit } from '../support/panel-layout.js';

const baseUrl = inject('baseUrl');
const passwords = inject('passwords');
const browser = useChromium();

// The panels are opened in 3 shares, a file each, run side by side; each panel is checked at 1400 and 1024 px wide.
describe('layout: every panel fits the window and keeps its row menu reachable (issue 14)', () => {
  it('at 1400 and 1024 px wide, no page is wider than the window and the first row menu is visible and opens (panels, share 1 of 3)', async () => {
    expect(await panelsThatDoNotFit(browser(), baseUrl, passwords.admin, [1400, 1024], { part: 1, of: 3 })).toEqual([]);
  }, 300_000);
});
