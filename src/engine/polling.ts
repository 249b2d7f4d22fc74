import { useEffect, useRef, useState } from 'react';
import type { AnyResourceDescriptor, ResourceRecord } from '../descriptor';
import { useSettings } from './access';
import { useBackend } from './context';
import { idOf } from './registry';

/** Spec 1 §9: AJAX poll interval default, overridable by the AJAX_POLL_INTERVAL setting. */
export const DEFAULT_POLL_INTERVAL = 2500;
/** Spec 1 §4.1, §9: the growing interval is capped at 30 s. */
export const MAX_POLL_DELAY = 30_000;
/** Spec 1 §8 (logged only). */
export const POLL_ERROR_MESSAGE = 'An error occurred while updating.';

/**
 * The wait before poll round `round` (1, 2, 3 …). Horizon's decay factor
 * starts at 1 and grows by one each round, so the wait is interval × round,
 * capped at 30 s (spec 1 §4.1, §9).
 *
 * @example
 * pollDelay(2500, 1); // 2500
 * pollDelay(2500, 3); // 7500
 * pollDelay(2500, 20); // 30000
 */
export function pollDelay(interval: number, round: number): number {
  return Math.min(interval * Math.max(1, round), MAX_POLL_DELAY);
}

/** The poll interval from `/api/settings/`; the default when unset or not a positive number. */
export function pollInterval(settings: Record<string, unknown> | undefined): number {
  const value = Number(settings?.AJAX_POLL_INTERVAL);
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_POLL_INTERVAL;
}

/** Whether a record is in one of the descriptor's transitional states. */
export function isTransitional(descriptor: AnyResourceDescriptor, record: ResourceRecord): boolean {
  const poll = descriptor.poll;
  if (!poll) return false;
  return 'when' in poll ? poll.when(record) : poll.values.includes(String(record[poll.field]));
}

export interface PollRound {
  /** Ids to fetch this round. */
  ids: string[];
  /** Fetches one record; a rejection with `status: 404` means it is gone. */
  fetch(id: string): Promise<ResourceRecord>;
  onUpdate(record: ResourceRecord): void;
  onGone(id: string): void;
  /** Any other error: the row stops updating. */
  onFailed(id: string): void;
}

/** One round: each id is fetched on its own, so one failing row does not stop the others. */
export async function runPollRound({ ids, fetch, onUpdate, onGone, onFailed }: PollRound): Promise<void> {
  await Promise.all(
    ids.map(async (id) => {
      try {
        onUpdate(await fetch(id));
      } catch (error) {
        if ((error as { status?: number } | null)?.status === 404) onGone(id);
        else {
          console.error(POLL_ERROR_MESSAGE, error);
          onFailed(id);
        }
      }
    }),
  );
}

/**
 * Polls the transitional rows of a list (spec 1 §4.1): each round re-fetches
 * them one by one, replaces them in the list's cached data, removes the ones
 * that answer 404 and stops updating the ones that fail otherwise. Rounds
 * wait `pollDelay(interval, round)`; the decay restarts when no row is left
 * to poll. Returns the ids still being polled (they show a progress bar).
 * `meta` goes to each `getOne` (a nested list's parent ids, `nested`).
 */
export function useRowPolling(
  descriptor: AnyResourceDescriptor,
  rows: ResourceRecord[],
  updateRows: (change: (rows: ResourceRecord[]) => ResourceRecord[]) => void,
  meta?: Record<string, unknown>,
): ReadonlySet<string> {
  const { dataProvider } = useBackend();
  // `getOne`'s meta of a nested list's rows (their parents' ids); kept in a ref so a new object does not restart the rounds.
  const metaRef = useRef(meta);
  metaRef.current = meta;
  const update = useRef(updateRows);
  update.current = updateRows;
  const interval = pollInterval(useSettings().data);
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  const [tick, setTick] = useState(0);
  const round = useRef(0);

  const pending = new Set(rows.filter((row) => isTransitional(descriptor, row)).map((row) => idOf(descriptor, row)).filter((id) => !failed.has(id)));
  const pendingKey = [...pending].sort().join('\n');

  useEffect(() => {
    if (!pendingKey) {
      round.current = 0;
      return;
    }
    const ids = pendingKey.split('\n');
    round.current += 1;
    const replaceRows = (change: (rows: ResourceRecord[]) => ResourceRecord[]) => update.current(change);
    const timer = setTimeout(() => {
      void runPollRound({
        ids,
        fetch: async (id) => (await dataProvider.getOne<ResourceRecord & { id: string }>(descriptor.name, { id, meta: metaRef.current })).data,
        onUpdate: (record) => replaceRows((list) => list.map((row) => (idOf(descriptor, row) === idOf(descriptor, record) ? record : row))),
        onGone: (id) => replaceRows((list) => list.filter((row) => idOf(descriptor, row) !== id)),
        onFailed: (id) => setFailed((previous) => new Set([...previous, id])),
      }).then(() => {
        // Nothing changed (still transitional): schedule the next round by re-running this effect.
        setTick((tick) => tick + 1);
      });
    }, pollDelay(interval, round.current));
    return () => clearTimeout(timer);
  }, [pendingKey, interval, dataProvider, descriptor, tick]);

  return pending;
}
