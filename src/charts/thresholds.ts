/**
 * Fill thresholds of spec 1 §9: "Quota bar: warning above 89 percent, danger above 99 percent.
 * Pie chart: nearly full at 80 percent, full at 100 percent."
 *
 * Note the words: a quota bar changes strictly *above* 89 and 99, a pie chart *at* 80 and 100.
 */

/** A quota bar turns 'warning' above this percentage. */
export const QUOTA_WARNING_ABOVE = 89;
/** A quota bar turns 'danger' above this percentage. */
export const QUOTA_DANGER_ABOVE = 99;
/** A pie chart is nearly full from this percentage. */
export const PIE_NEARLY_FULL_AT = 80;
/** A pie chart is full from this percentage. */
export const PIE_FULL_AT = 100;

/** How full a quota bar looks. */
export type QuotaLevel = 'normal' | 'warning' | 'danger';
/** How full a usage pie looks. */
export type PieFillLevel = 'normal' | 'nearly-full' | 'full';

/**
 * The quota bar level of a percentage.
 *
 * @example
 * quotaLevel(89);   // 'normal'
 * quotaLevel(89.5); // 'warning'
 * quotaLevel(100);  // 'danger'
 */
export function quotaLevel(percent: number): QuotaLevel {
  if (percent > QUOTA_DANGER_ABOVE) return 'danger';
  if (percent > QUOTA_WARNING_ABOVE) return 'warning';
  return 'normal';
}

/**
 * The pie chart fill level of a percentage.
 *
 * @example
 * pieFillLevel(79);  // 'normal'
 * pieFillLevel(80);  // 'nearly-full'
 * pieFillLevel(100); // 'full'
 */
export function pieFillLevel(percent: number): PieFillLevel {
  if (percent >= PIE_FULL_AT) return 'full';
  if (percent >= PIE_NEARLY_FULL_AT) return 'nearly-full';
  return 'normal';
}

/**
 * The share of `limit` that `amount` takes, in percent, unrounded. A limit of 0 counts as full
 * (100), as Horizon's quota percentage does: nothing more fits.
 *
 * @example
 * usagePercent(9, 10); // 90
 * usagePercent(0, 0);  // 100
 */
export function usagePercent(amount: number, limit: number): number {
  if (limit <= 0) return 100;
  return (amount / limit) * 100;
}
