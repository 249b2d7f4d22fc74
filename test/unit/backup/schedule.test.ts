import { describe, expect, it } from 'vitest';
import { nextRun } from '../../../backup/schedule.js';

const at = (text: string) => Date.parse(text);
const iso = (ms: number) => new Date(ms).toISOString();

describe('the schedule of a plan (spec 3 §9.3)', () => {
  it('daily: today at hour:minute when still ahead, else tomorrow', () => {
    const daily = { type: 1 as const, hour: 2, minute: 30, weekday: 1 };
    expect(iso(nextRun(daily, at('2026-11-26T01:00:00Z'), 'UTC'))).toBe('2026-11-26T02:30:00.000Z');
    expect(iso(nextRun(daily, at('2026-11-26T02:30:00Z'), 'UTC'))).toBe('2026-11-27T02:30:00.000Z');
  });

  it('weekly: on the weekday counted from Sunday (0)', () => {
    const sunday = { type: 2 as const, hour: 0, minute: 0, weekday: 0 };
    expect(iso(nextRun(sunday, at('2026-11-26T12:00:00Z'), 'UTC'))).toBe('2026-11-29T00:00:00.000Z'); // Thursday → Sunday
    const thursday = { type: 2 as const, hour: 9, minute: 5, weekday: 4 };
    expect(iso(nextRun(thursday, at('2026-11-26T09:05:00Z'), 'UTC'))).toBe('2026-12-03T09:05:00.000Z');
  });

  it("reads hour:minute in the cloud's time zone, across a daylight saving change", () => {
    const daily = { type: 1 as const, hour: 3, minute: 0, weekday: 1 };
    expect(iso(nextRun(daily, at('2026-11-26T00:00:00Z'), 'Europe/Moscow'))).toBe('2026-11-27T00:00:00.000Z'); // 03:00 MSK = 00:00 UTC
    expect(iso(nextRun(daily, at('2026-03-28T12:00:00Z'), 'Europe/Berlin'))).toBe('2026-03-29T01:00:00.000Z'); // 03:00 CEST, the night clocks go forward
    expect(iso(nextRun(daily, at('2026-03-27T12:00:00Z'), 'Europe/Berlin'))).toBe('2026-03-28T02:00:00.000Z'); // 03:00 CET
  });
});
