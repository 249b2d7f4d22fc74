import { setTimeout as sleep } from 'node:timers/promises';

export interface PollOptions {
  /** What is awaited, for the warning when it never comes. */
  what: string;
  /** Give up after this many ms (default 60 s: a real cloud is slower than the emulator). */
  timeout?: number;
  /** How often to look again (default 100 ms). */
  interval?: number;
}

/**
 * `waitUntil` (wait.ts) for scripts that run outside vitest, such as
 * `npm run test:conformance`: calls `read` until `done` holds for what it
 * returned, and returns that. When the state never comes it warns and returns
 * the last reading rather than throwing, so the call that follows runs anyway
 * and the comparison table shows the difference instead of the run stopping.
 */
export async function pollUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, options: PollOptions): Promise<T> {
  const giveUp = Date.now() + (options.timeout ?? 60_000);
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() >= giveUp) {
      console.warn(`gave up waiting for ${options.what}; last seen: ${JSON.stringify(value)?.slice(0, 300)}`);
      return value;
    }
    await sleep(options.interval ?? 100);
  }
}
