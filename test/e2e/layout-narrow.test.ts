import { describe, expect, inject, it } from 'vitest';
import { useChromium } from '../support/chromium-fixture.js';
import { panelsThatDoNotFit } from '../support/panel-layout.js';

const baseUrl = inject('baseUrl');
const passwords = inject('passwords');
const browser = useChromium();

// The panels are opened in 2 shares at each of two widths (1400 and 1024 px), a file each, run side by side.
describe('layout: every panel fits the window and keeps its row menu reachable (issue 14)', () => {
  it('at 1024 px wide, no page is wider than the window and the first row menu is visible and opens (panels, share 1 of 2)', async () => {
    expect(await panelsThatDoNotFit(browser(), baseUrl, passwords.admin, 1024, { part: 1, of: 2 })).toEqual([]);
  }, 300_000);
});
