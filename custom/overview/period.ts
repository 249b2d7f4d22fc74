/**
 * The usage period (spec 1 §2.2 "a metering period choice (value 'other'
 * reveals date_from and date_to)"): a choice of the last days, the month so
 * far, or other dates. Days are yyyy-mm-dd, UTC (spec 1 §9 date format).
 */

export const PERIOD_CHOICES = [
  { value: '1', label: 'Last day' },
  { value: '7', label: 'Last week' },
  { value: 'month', label: 'Month to date' },
  { value: '15', label: 'Last 15 days' },
  { value: '30', label: 'Last 30 days' },
  { value: '365', label: 'Last year' },
  { value: 'other', label: 'Other' },
] as const;

export type PeriodChoice = (typeof PERIOD_CHOICES)[number]['value'];

/** Horizon's default: the month so far. */
export const DEFAULT_PERIOD: PeriodChoice = 'month';

export interface Period {
  start: string;
  end: string;
}

const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The days a choice covers, ending today; 'other' is `from`..`to`.
 * @example periodOf('7', new Date('2026-11-26T10:00:00Z')); // { start: '2026-11-19', end: '2026-11-26' }
 */
export function periodOf(choice: PeriodChoice, now: Date, other?: Partial<Period>): Period {
  const end = day(now);
  if (choice === 'other') return { start: other?.start ?? end, end: other?.end ?? end };
  if (choice === 'month') return { start: `${end.slice(0, 8)}01`, end };
  return { start: day(new Date(now.getTime() - Number(choice) * 86_400_000)), end };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Horizon's checks of the dates before asking (openstack_dashboard/usage/base.py), or null when they pass. */
export function periodError(period: Period, now: Date): string | null {
  if (!DAY.test(period.start) || !DAY.test(period.end)) return 'The date should be in YYYY-MM-DD format.';
  if (period.end < period.start) return 'Invalid time period. The end date should be more recent than the start date.';
  if (period.start > day(now)) return 'Invalid time period. You are requesting data from the future which may not exist.';
  return null;
}
