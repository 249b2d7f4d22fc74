import { launchChromium } from '../test/support/browser.js';
import type { BenchCloud } from './support.js';

/**
 * (b) Cold load of the key pairs page in headless Chromium with an empty
 * cache: time from navigation to the first table row, and the JavaScript
 * bytes that crossed the wire (compressed, as transferred); baseline: the
 * same list's data fetched alone.
 */
export async function benchPageLoad(cloud: BenchCloud, firstRowName: string, runs = 3) {
  const browser = await launchChromium();
  const results: { timeToFirstRowMs: number; dataOnlyMs: number; jsBytesTransferred: number; jsFiles: number }[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext();
      const url = new URL(cloud.server.baseUrl);
      await context.addCookies(
        cloud.demoCookie.split('; ').map((pair) => {
          const [name, ...value] = pair.split('=');
          return { name, value: value.join('='), domain: url.hostname, path: '/' };
        }),
      );
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      const scripts = new Set<string>();
      let jsBytes = 0;
      cdp.on('Network.responseReceived', (event) => {
        if (event.type === 'Script') scripts.add(event.requestId);
      });
      cdp.on('Network.loadingFinished', (event) => {
        if (scripts.has(event.requestId)) jsBytes += event.encodedDataLength;
      });
      const start = performance.now();
      await page.goto(`${cloud.server.baseUrl}/project/key_pairs`);
      await page.getByText(firstRowName, { exact: true }).first().waitFor({ timeout: 30_000 });
      const timeToFirstRowMs = Math.round(performance.now() - start);
      // Baseline in the same run: the list's data alone, fetched by the same page
      // with the cache off; the difference is what the app itself costs.
      const dataOnlyMs = await page.evaluate(async () => {
        const begin = performance.now();
        await fetch('/api/nova/keypairs/', { headers: { 'X-Requested-With': 'XMLHttpRequest' }, cache: 'no-store' }).then((r) => r.json());
        return Math.round(performance.now() - begin);
      });
      results.push({ timeToFirstRowMs, dataOnlyMs, jsBytesTransferred: jsBytes, jsFiles: scripts.size });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const sorted = [...results].sort((a, b) => a.timeToFirstRowMs - b.timeToFirstRowMs);
  return { runs: results, median: sorted[Math.floor(sorted.length / 2)] };
}
