import { vi } from 'vitest';

export interface WaitOptions {
  /** What is awaited, for the error when it never comes. */
  what: string;
  /** Give up after this many ms (default 60 s: a real cloud is slower than the emulator). */
  timeout?: number;
  /** How often to look again (default 50 ms: the test cloud's transitions are short). */
  interval?: number;
}

/**
 * Waits on a condition instead of sleeping: calls `read` until `done` holds
 * for what it returned, and returns that. For states a cloud reaches on its
 * own (ACTIVE, available, deleted); never for a fixed delay.
 *
 * @example
 * const server = await waitUntil(() => demo.get(`/api/nova/servers/${id}`), (r) => r.body.status === 'ACTIVE', { what: `server ${id} ACTIVE` });
 */
export async function waitUntil<T>(read: () => T | Promise<T>, done: (value: T) => boolean, options: WaitOptions): Promise<T> {
  let last: T | undefined;
  try {
    return await vi.waitFor(
      async () => {
        last = await read();
        if (!done(last)) throw new Error('not yet');
        return last;
      },
      { timeout: options.timeout ?? 60_000, interval: options.interval ?? 50 },
    );
  } catch (error) {
    if (error instanceof Error && error.message !== 'not yet') throw error;
    throw new Error(`timed out waiting for ${options.what}; last seen: ${JSON.stringify(last)?.slice(0, 500)}`);
  }
}
