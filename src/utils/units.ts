/**
 * Unit filters (spec 1 §9: "GB to TB and MB to GB at 1024; bytes filter from bytes up to TB").
 *
 * They print what Horizon's `mb`, `gb` and `bytes` filters print, so sizes read the same as in
 * Horizon: `mb` and `gb` switch to the next unit at 1024 and keep at most two decimals
 * (`1536` MB → `1.5 GB`), while `bytes` always prints two decimals above 1 KB (`1.00 TB`).
 */

/** A value as a filter receives it: a number, or the text of a number from a form field. */
export type NumericInput = number | string | null | undefined;

/** Bytes in one KiB: every unit filter steps at 1024. */
export const KIB = 1024;
/** Bytes in one MiB. */
export const MIB = KIB * 1024;
/** Bytes in one GiB (1073741824, spec 2 §9). */
export const GIB = MIB * 1024;
/** Bytes in one TiB. */
export const TIB = GIB * 1024;

/** `isNaN()` as the filters use it: numeric text counts as a number, `null` and `undefined` do not. */
function notANumber(input: NumericInput): input is null | undefined {
  return input === null || input === undefined || Number.isNaN(Number(input));
}

/** Two decimals at most, trailing zeros dropped: `1.50` → `1.5`, `2.00` → `2`. */
function upToTwoDecimals(value: number): number {
  return parseFloat(value.toFixed(2));
}

/** Shared shape of `mb` and `gb`: the value in `unit`, or in `nextUnit` from 1024 upwards. */
function stepAt1024(input: NumericInput, unit: string, nextUnit: string): string {
  if (notANumber(input)) return '';
  if (Number(input) >= 1024) return `${upToTwoDecimals(Number(input) / 1024)} ${nextUnit}`;
  if (input === '') return `0 ${unit}`;
  return `${String(input)} ${unit}`;
}

/**
 * Megabytes for display: below 1024 the value as given with ` MB`, from 1024 upwards in GB
 * with at most two decimals. Not a number (or `null`) gives an empty string.
 *
 * @example
 * formatMB(512);  // '512 MB'
 * formatMB(1536); // '1.5 GB'
 * formatMB(2048); // '2 GB'
 * formatMB('');   // '0 MB'
 */
export function formatMB(input: NumericInput): string {
  return stepAt1024(input, 'MB', 'GB');
}

/**
 * Gigabytes for display: below 1024 the value as given with ` GB`, from 1024 upwards in TB
 * with at most two decimals. Not a number (or `null`) gives an empty string.
 *
 * @example
 * formatGB(20);   // '20 GB'
 * formatGB(1024); // '1 TB'
 * formatGB(1500); // '1.46 TB'
 */
export function formatGB(input: NumericInput): string {
  return stepAt1024(input, 'GB', 'TB');
}

/**
 * A byte count in the largest unit it reaches, up to TB, 1024-based, with two decimals
 * (`bytes` below 1 KB are whole). Not a number, `null` or a negative value gives an empty string.
 *
 * @example
 * formatBytes(1023);          // '1023 bytes'
 * formatBytes(1024);          // '1.00 KB'
 * formatBytes(1073741824);    // '1.00 GB'
 * formatBytes(1099511627776); // '1.00 TB'
 */
export function formatBytes(input: NumericInput): string {
  if (notANumber(input) || Number(input) < 0) return '';
  const bytes = Number(input);
  if (bytes >= TIB) return `${(bytes / TIB).toFixed(2)} TB`;
  if (bytes >= GIB) return `${(bytes / GIB).toFixed(2)} GB`;
  if (bytes >= MIB) return `${(bytes / MIB).toFixed(2)} MB`;
  if (bytes >= KIB) return `${(bytes / KIB).toFixed(2)} KB`;
  return `${Math.floor(bytes)} bytes`;
}

/**
 * Bytes as GiB, unrounded (spec 2 §9: "Bytes to GiB divisor 1073741824"). Callers round as
 * their rule says, e.g. up for a default volume size.
 *
 * @example
 * bytesToGiB(1073741824);            // 1
 * Math.ceil(bytesToGiB(1610612736)); // 2
 */
export function bytesToGiB(bytes: number): number {
  return bytes / GIB;
}
