/** The emulator's notion of "now", injectable so tests move time instead of sleeping. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export function systemClock(now: () => number = Date.now): Clock {
  return { now };
}

/** Keystone's timestamp format: `2026-11-23T10:21:32.000000Z` (microseconds, UTC). */
export function keystoneTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}

/** Nova's database timestamp format: `2026-11-23T06:22:21.000000` (no zone, UTC). */
export function novaTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.(\d{3})Z$/, '.$1000');
}
