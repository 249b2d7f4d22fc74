import type { Page } from 'playwright-core';

/** The gaps between animation frames while something ran: how smooth it looked. */
export interface FrameFigures {
  frames: number;
  medianMs: number;
  p95Ms: number;
  longestMs: number;
}

/** Records the gaps between animation frames while `act` runs. */
export async function framesDuring(page: Page, act: () => Promise<void>): Promise<FrameFigures> {
  // A string, not a function: the bench runs under tsx, whose helper names would not exist in the page.
  await page.evaluate(`(() => {
    window.__frames = [];
    window.__recording = true;
    let last = performance.now();
    function step(now) {
      window.__frames.push(now - last);
      last = now;
      if (window.__recording) requestAnimationFrame(step);
    }
    requestAnimationFrame(step);
  })()`);
  await act();
  const gaps = await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __recording: boolean };
    w.__recording = false;
    return w.__frames.slice(1);
  });
  const sorted = [...gaps].sort((a, b) => a - b);
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0);
  return { frames: gaps.length, medianMs: at(0.5), p95Ms: at(0.95), longestMs: Math.round(sorted.at(-1) ?? 0) };
}

export const printFrames = (f: FrameFigures) => `${f.frames} frames, median ${f.medianMs} ms, p95 ${f.p95Ms} ms, longest ${f.longestMs} ms`;

/** Starts noting the page's longest task (a frozen frame's cause) from now on; `longestTask` reads it. */
export async function watchLongTasks(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __longest: number };
    w.__longest = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__longest = Math.max(w.__longest, entry.duration);
    }).observe({ type: 'longtask', buffered: false });
  });
}

export const longestTask = (page: Page): Promise<number> => page.evaluate(() => Math.round((window as unknown as { __longest: number }).__longest));
