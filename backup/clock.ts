import { readFileSync } from 'node:fs';

/**
 * The backup service's clock: the system's, or, with `offsetFile` (BACKUP_CLOCK_FILE, for tests), the system's
 * moved forward by the milliseconds that file holds. A browser test writes there to make a plan's minute come
 * now instead of waiting up to a minute for it; the scheduler's own tick still finds the plan due and starts it.
 * The file is read at each call, so a change takes effect at the next tick; missing or empty, it moves nothing.
 */
export function backupClock(offsetFile: string | undefined): () => number {
  if (!offsetFile) return Date.now;
  return () => Date.now() + offsetIn(offsetFile);
}

function offsetIn(file: string): number {
  try {
    const offset = Number(readFileSync(file, 'utf8').trim());
    return Number.isFinite(offset) ? offset : 0;
  } catch {
    return 0;
  }
}
