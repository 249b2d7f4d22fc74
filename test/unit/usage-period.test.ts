import { describe, expect, it } from 'vitest';
import { periodError, periodOf } from '../../custom/overview/period';
import { timeSince } from '../../dataProviders/usage';
import { quotaPercent } from '../../custom/overview/LimitSummary';

const now = new Date('2026-11-26T10:00:00Z');

describe('the usage period (spec 1 §2.2 metering period choice)', () => {
  it('covers the last days, the month so far, or the dates given for Other', () => {
    expect(periodOf('1', now)).toEqual({ start: '2026-11-25', end: '2026-11-26' });
    expect(periodOf('7', now)).toEqual({ start: '2026-11-19', end: '2026-11-26' });
    expect(periodOf('month', now)).toEqual({ start: '2026-11-01', end: '2026-11-26' });
    expect(periodOf('365', now)).toEqual({ start: '2025-11-26', end: '2026-11-26' });
    expect(periodOf('other', now, { start: '2026-01-02', end: '2026-01-09' })).toEqual({ start: '2026-01-02', end: '2026-01-09' });
  });

  it("refuses what Horizon refuses, in its words", () => {
    expect(periodError({ start: '2026-01-09', end: '2026-01-02' }, now)).toBe('Invalid time period. The end date should be more recent than the start date.');
    expect(periodError({ start: '2027-01-01', end: '2027-01-02' }, now)).toBe('Invalid time period. You are requesting data from the future which may not exist.');
    expect(periodError({ start: '01/02/2026', end: '2026-01-09' }, now)).toBe('The date should be in YYYY-MM-DD format.');
    expect(periodError({ start: '2026-01-02', end: '2026-01-02' }, now)).toBeNull();
  });
});

describe("the usage table's Age (Django's timesince)", () => {
  it('names the largest unit and the next one when it is not zero', () => {
    expect(timeSince(0)).toBe('0\u00a0minutes');
    expect(timeSince(60)).toBe('1\u00a0minute');
    expect(timeSince(7500)).toBe('2\u00a0hours, 5\u00a0minutes');
    expect(timeSince(86_400 * 3)).toBe('3\u00a0days');
    expect(timeSince(86_400 * 9)).toBe('1\u00a0week, 2\u00a0days');
  });
});

describe("the Limit Summary's percentages (Horizon's quotapercent)", () => {
  it('is 0 for an unlimited quota and full for a quota of 0 in use', () => {
    expect(quotaPercent(8, 10)).toBe(80);
    expect(quotaPercent(3, -1)).toBe(0);
    expect(quotaPercent(1, 0)).toBe(100);
    expect(quotaPercent(0, 0)).toBe(0);
  });
});
