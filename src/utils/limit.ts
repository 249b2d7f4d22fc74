/**
 * The limit filter (spec 1 §9: "The limit filter shows 'Unlimited' when the value is not a
 * non-negative number").
 *
 * Limits arrive in three unlimited spellings: `-1` from the native APIs, IEEE Infinity from
 * `nova/limits/` and `cinder/tenantabsolutelimits/` (api-contract §1.8), and `null` when a JSON
 * serialiser turned that Infinity into null. All three, and anything that is not a number, read
 * as unlimited here.
 */

/** The text shown for a limit that is not a non-negative number. */
export const UNLIMITED_TEXT = 'Unlimited';

/**
 * Whether a limit means "no limit": anything but a finite number of at least zero.
 *
 * @example
 * isUnlimited(-1);       // true
 * isUnlimited(Infinity); // true
 * isUnlimited(null);     // true
 * isUnlimited(0);        // false
 */
export function isUnlimited(value: unknown): boolean {
  return !(typeof value === 'number' && Number.isFinite(value) && value >= 0);
}

/** Options of {@link formatLimit}. */
export interface FormatLimitOptions {
  /** Formats a limited value, e.g. `formatMB`; by default the number as text. */
  format?: (value: number) => string;
  /** Replaces 'Unlimited', as Horizon's filter takes an optional text argument. */
  unlimitedText?: string;
}

/**
 * A limit for display: the number (formatted if asked) when it is a non-negative number,
 * otherwise 'Unlimited'.
 *
 * @example
 * formatLimit(10);                             // '10'
 * formatLimit(-1);                             // 'Unlimited'
 * formatLimit(Infinity);                       // 'Unlimited'
 * formatLimit(51200, { format: formatMB });    // '50 GB'
 * formatLimit(-1, { unlimitedText: 'No max' }); // 'No max'
 */
export function formatLimit(value: unknown, options: FormatLimitOptions = {}): string {
  if (isUnlimited(value)) return options.unlimitedText || UNLIMITED_TEXT;
  const limit = value as number;
  return options.format ? options.format(limit) : String(limit);
}
