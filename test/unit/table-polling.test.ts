import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_POLL_INTERVAL, MAX_POLL_DELAY, pollDelay, pollInterval, POLL_ERROR_MESSAGE, runPollRound } from '../../src/engine/polling';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('row polling schedule (spec 1 §4.1, §9)', () => {
  it('waits the AJAX poll interval, 2500 ms by default, overridable by AJAX_POLL_INTERVAL', () => {
    expect(DEFAULT_POLL_INTERVAL).toBe(2500);
    expect(pollInterval({})).toBe(2500);
    expect(pollInterval(undefined)).toBe(2500);
    expect(pollInterval({ AJAX_POLL_INTERVAL: 1000 })).toBe(1000);
    expect(pollInterval({ AJAX_POLL_INTERVAL: 'x' })).toBe(2500);
    expect(pollInterval({ AJAX_POLL_INTERVAL: 0 })).toBe(2500);
  });

  it('grows the wait by the decay factor each round', () => {
    expect([1, 2, 3, 4].map((round) => pollDelay(2500, round))).toEqual([2500, 5000, 7500, 10000]);
  });

  it('caps the wait at 30 s', () => {
    expect(MAX_POLL_DELAY).toBe(30_000);
    expect(pollDelay(2500, 12)).toBe(30_000);
    expect(pollDelay(2500, 13)).toBe(30_000);
    expect(pollDelay(40_000, 1)).toBe(30_000);
  });

  it('rounds scheduled with pollDelay fire at 2.5 s, 7.5 s and 15 s (fake timers)', () => {
    vi.useFakeTimers();
    const fired: number[] = [];
    const start = Date.now();
    let round = 0;
    const next = () => {
      round += 1;
      setTimeout(() => {
        fired.push(Date.now() - start);
        if (round < 3) next();
      }, pollDelay(2500, round));
    };
    next();
    vi.advanceTimersByTime(2499);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(20_000);
    expect(fired).toEqual([2500, 7500, 15000]);
  });
});

describe('one poll round', () => {
  const status = (code: number) => Object.assign(new Error(`HTTP ${code}`), { status: code });

  it('replaces updated rows, removes rows that answer 404, and stops rows failing otherwise with a logged error', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const updated: unknown[] = [];
    const gone: string[] = [];
    const failed: string[] = [];
    await runPollRound({
      ids: ['ok', 'gone', 'broken'],
      fetch: async (id) => {
        if (id === 'gone') throw status(404);
        if (id === 'broken') throw status(500);
        return { id, status: 'ACTIVE' };
      },
      onUpdate: (record) => updated.push(record),
      onGone: (id) => gone.push(id),
      onFailed: (id) => failed.push(id),
    });
    expect(updated).toEqual([{ id: 'ok', status: 'ACTIVE' }]);
    expect(gone).toEqual(['gone']);
    expect(failed).toEqual(['broken']);
    expect(POLL_ERROR_MESSAGE).toBe('An error occurred while updating.');
    expect(error).toHaveBeenCalledTimes(1);
    expect(error.mock.calls[0][0]).toBe('An error occurred while updating.');
  });
});
