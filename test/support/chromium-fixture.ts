import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { connectChromium, launchTestChromium } from './browser.js';

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
    browser = endpoint ? await connectChromium(endpoint) : await launchTestChromium();
  });
  afterEach(async (context) => {
    if (context.task.result?.state === 'fail' && browser) await reportOpenPages(browser);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('Chromium is not running: call useChromium() at the top of the test file');
    return browser;
  };
}

/**
 * What each page still open after a failed test shows: its address, whether
 * a modal hides the rest from the accessibility tree, and its text. A failing
 * wait says only what it waited for; this says what was there instead, in
 * the CI log where no screenshot can be opened.
 */
async function reportOpenPages(browser: Browser): Promise<void> {
  for (const page of browser.contexts().flatMap((context) => context.pages())) {
    const seen = await page
      .evaluate(() => ({
        hidden: [...document.querySelectorAll('[aria-hidden="true"]')].filter((element) => element.parentElement === document.body).length,
        dialogs: document.querySelectorAll('[role="dialog"]').length,
        text: document.body.innerText.replace(/\s+/g, ' ').slice(0, 2000),
      }))
      .catch((error: unknown) => ({ error: String(error) }));
    console.error(`[open page after failure] ${page.url()}\n${JSON.stringify(seen, null, 1)}`);
  }
}
