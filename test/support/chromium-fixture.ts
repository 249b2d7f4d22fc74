import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from './browser.js';

/**
 * One Chromium for a test file: launched before its tests, closed after.
 * Call at the top of the file; the getter gives the running browser.
 */
export function useChromium(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('Chromium is not running: call useChromium() at the top of the test file');
    return browser;
  };
}
