import type { Page } from 'playwright-core';

declare global {
  interface Window {
    __firstRowShown?: () => void;
    /** Epoch ms (the page's clock) when the frame that first held the row had been rendered. */
    __firstRowPainted?: number;
  }
}

/**
 * Calls `onShown` the moment an element matching `selector` (a list's first
 * data row) is inserted in the page's DOM, as the page itself sees it: a
 * mutation observer reports it before any effect that runs after the insertion
 * can send anything, where polling from the test would count what the page
 * sent just after (issue 17's request budget). Set up before navigating.
 */
export async function watchFirstRow(page: Page, selector: string, onShown: () => void): Promise<void> {
  await page.exposeBinding('__firstRowShown', () => onShown());
  await page.addInitScript((css) => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector(css)) return;
      observer.disconnect();
      window.__firstRowShown?.();
      // The next frame's callbacks run before its style, layout and paint; a message posted from them is
      // handled once that frame's rendering is done: the moment a person can see the row.
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => (window.__firstRowPainted = performance.timeOrigin + performance.now());
        channel.port2.postMessage(null);
      });
    });
    observer.observe(document, { childList: true, subtree: true });
  }, selector);
}

/** Loads `url` in `page` and lists the requests it sent (`METHOD url`) until its first row (`watchFirstRow`) was in the DOM. */
export async function requestsUntil(page: Page, url: string, selector: string): Promise<string[]> {
  const sent: string[] = [];
  let counting = true;
  let shown!: () => void;
  const rowShown = new Promise<void>((resolve) => (shown = resolve));
  await watchFirstRow(page, selector, () => {
    counting = false;
    shown();
  });
  page.on('request', (request) => {
    if (counting) sent.push(`${request.method()} ${request.url()}`);
  });
  await page.goto(url, { waitUntil: 'commit' });
  // The locator's wait gives a readable timeout if the row never comes.
  await Promise.race([rowShown, page.locator(selector).first().waitFor()]);
  await rowShown;
  return sent;
}

/** Epoch ms at which the first row (`watchFirstRow`) had been rendered, once it has. */
export async function firstRowPaintedAt(page: Page): Promise<number> {
  const handle = await page.waitForFunction(() => window.__firstRowPainted);
  return (await handle.jsonValue()) as number;
}
