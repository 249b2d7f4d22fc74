import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { connectChromium, launchChromium } from './browser.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The e2e layer's one Chromium (test/e2e/global-setup.ts), when it started one. */
    chromiumEndpoint: string | null;
  }
}

/**
 * The browser for a test file: a connection to the e2e layer's shared
 * Chromium (each test opens its own context, so cookies and storage never
 * cross files), or a Chromium of its own where none is shared.
 * Call at the top of the file; the getter gives the running browser.
 */
export function useChromium(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    const endpoint = inject('chromiumEndpoint');
    browser = endpoint ? await connectChromium(endpoint) : await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('Chromium is not running: call useChromium() at the top of the test file');
    return browser;
  };
}
