import type { Page } from 'playwright-core';

declare global {
  interface Window {
    __firstRowShown?: () => void;
  }
}

/**
 * Loads `url` in `page` and lists the requests it sent (`METHOD url`) until
 * an element matching `selector` (the first data row) was in the DOM, as the
 * page itself saw it: a mutation observer tells the test the moment the row
 * is inserted, before any effect that runs after it can send anything, where
 * polling from the test would count what the page sent just after (issue 17's
 * request budget).
 */
export async function requestsUntil(page: Page, url: string, selector: string): Promise<string[]> {
  const sent: string[] = [];
  let counting = true;
  let shown!: () => void;
  const rowShown = new Promise<void>((resolve) => (shown = resolve));
  await page.exposeBinding('__firstRowShown', () => {
    counting = false;
    shown();
  });
  await page.addInitScript((css) => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector(css)) return;
      observer.disconnect();
      window.__firstRowShown?.();
    });
    observer.observe(document, { childList: true, subtree: true });
  }, selector);
  page.on('request', (request) => {
    if (counting) sent.push(`${request.method()} ${request.url()}`);
  });
  await page.goto(url, { waitUntil: 'commit' });
  await Promise.race([rowShown, page.locator(selector).first().waitFor()]);
  await rowShown;
  return sent;
}
