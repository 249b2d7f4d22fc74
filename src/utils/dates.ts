/**
 * Dates in the user's time zone (spec 1 §9: "Date format yyyy-mm-dd. … Time zone defaults to UTC
 * from the django_timezone cookie"; spec 3 §9: "Dates are shown in medium format in the user's
 * time zone").
 *
 * A time zone is either an IANA name (`Europe/Paris`, follows daylight saving time) or a fixed
 * offset as `/api/timezones/` spells it (`+0530`). An unknown zone falls back to UTC rather than
 * throwing, so a stale cookie never breaks a page.
 */

/** The zone used when the user chose none (spec 1 §9). */
export const DEFAULT_TIME_ZONE = 'UTC';

/** The date format of the spec, as date pickers and date-only columns show it. */
export const DATE_FORMAT = 'yyyy-mm-dd';

/** An IANA zone name or a `±HHMM` offset. */
export type TimeZoneSpec = string;

/** What the date helpers accept: a Date, epoch milliseconds, or an OpenStack timestamp string. */
export type DateInput = Date | number | string | null | undefined;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const OFFSET = /^([+-])(\d{2}):?(\d{2})$/;
const HAS_ZONE = /(Z|[+-]\d{2}:?\d{2})$/i;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Parses a timestamp. OpenStack services send UTC without a zone designator
 * (`2013-08-21T11:22:25`, often with microseconds), so a string without one is read as UTC.
 * Returns `null` for empty or unreadable input.
 *
 * @example
 * parseTimestamp('2013-08-21T11:22:25')?.toISOString(); // '2013-08-21T11:22:25.000Z'
 * parseTimestamp('2024-03-01 10:00:00.123456')?.toISOString(); // '2024-03-01T10:00:00.123Z'
 * parseTimestamp('not a date'); // null
 */
export function parseTimestamp(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  let date: Date;
  if (value instanceof Date) date = new Date(value.getTime());
  else if (typeof value === 'number') date = new Date(value);
  else {
    let text = value.trim().replace(/^(\d{4}-\d{2}-\d{2}) (\d)/, '$1T$2');
    text = text.replace(/(\.\d{3})\d+/, '$1'); // microseconds → milliseconds
    if (text.includes('T') && !HAS_ZONE.test(text)) text += 'Z';
    date = new Date(text);
  }
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Parses the text of a date field in the spec's yyyy-mm-dd format (e.g. a metering period's
 * date_from) as midnight UTC. Anything else, including impossible dates, gives `null`.
 *
 * @example
 * parseDateInput('2024-02-29')?.toISOString(); // '2024-02-29T00:00:00.000Z'
 * parseDateInput('2023-02-29'); // null
 * parseDateInput('29/02/2024'); // null
 */
export function parseDateInput(text: string): Date | null {
  const match = DATE_ONLY.exec(text.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
    ? date
    : null;
}

/**
 * Minutes east of UTC of a `±HHMM` (or `±HH:MM`) offset, `null` if the text is not one.
 *
 * @example
 * offsetMinutes('+0530'); // 330
 * offsetMinutes('-0800'); // -480
 * offsetMinutes('Europe/Paris'); // null
 */
export function offsetMinutes(spec: string): number | null {
  const match = OFFSET.exec(spec);
  if (!match) return null;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/**
 * Whether a zone can be used for display: a `±HHMM` offset or an IANA name this browser knows.
 *
 * @example
 * isValidTimeZone('Asia/Tokyo'); // true
 * isValidTimeZone('+0900');      // true
 * isValidTimeZone('Mars/Olympus'); // false
 */
export function isValidTimeZone(zone: string): boolean {
  return offsetMinutes(zone) !== null || formatterFor(zone) !== null;
}

/** Wall-clock fields of an instant in a zone. */
export interface ZonedParts {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  /** 0–23 */
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat | null>();

function formatterFor(zone: string): Intl.DateTimeFormat | null {
  if (!formatters.has(zone)) {
    let formatter: Intl.DateTimeFormat | null = null;
    try {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      });
    } catch {
      formatter = null; // RangeError: not a zone this browser knows
    }
    formatters.set(zone, formatter);
  }
  return formatters.get(zone) ?? null;
}

function utcParts(date: Date): ZonedParts {
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
    second: date.getUTCSeconds(),
  };
}

/**
 * The wall-clock fields of `date` in `zone`; an unknown zone gives the UTC fields.
 *
 * @example
 * zonedParts(new Date('2024-01-01T23:30:00Z'), 'Asia/Kolkata'); // { year: 2024, month: 1, day: 2, hour: 5, minute: 0, second: 0 }
 */
export function zonedParts(date: Date, zone: TimeZoneSpec = DEFAULT_TIME_ZONE): ZonedParts {
  const offset = offsetMinutes(zone);
  if (offset !== null) return utcParts(new Date(date.getTime() + offset * 60_000));
  const formatter = formatterFor(zone);
  if (!formatter) return utcParts(date);
  const fields: Record<string, number> = {};
  for (const part of formatter.formatToParts(date)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  return {
    year: fields.year,
    month: fields.month,
    day: fields.day,
    hour: fields.hour,
    minute: fields.minute,
    second: fields.second,
  };
}

const pad2 = (value: number): string => String(value).padStart(2, '0');

/**
 * The date in the spec's yyyy-mm-dd format, as seen in `zone` (UTC by default). Empty or
 * unreadable input gives an empty string.
 *
 * @example
 * formatDate('2024-01-01T23:30:00Z');                 // '2024-01-01'
 * formatDate('2024-01-01T23:30:00Z', 'Asia/Kolkata'); // '2024-01-02'
 * formatDate('2024-01-01T23:30:00Z', '+0530');        // '2024-01-02'
 */
export function formatDate(value: DateInput, zone: TimeZoneSpec = DEFAULT_TIME_ZONE): string {
  const date = parseTimestamp(value);
  if (!date) return '';
  const parts = zonedParts(date, zone);
  return `${parts.year}-${pad2(parts.month)}-${pad2(parts.day)}`;
}

/**
 * The "medium" date-time format (spec 3 §9), as Horizon's Angular pages print it for `en`:
 * `MMM d, y h:mm:ss a`. Empty or unreadable input gives an empty string.
 *
 * @example
 * formatMediumDate('2013-08-21T11:22:25');               // 'Aug 21, 2013 11:22:25 AM'
 * formatMediumDate('2013-08-21T11:22:25', 'Asia/Tokyo'); // 'Aug 21, 2013 8:22:25 PM'
 */
export function formatMediumDate(value: DateInput, zone: TimeZoneSpec = DEFAULT_TIME_ZONE): string {
  const date = parseTimestamp(value);
  if (!date) return '';
  const p = zonedParts(date, zone);
  const hour12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  const meridiem = p.hour < 12 ? 'AM' : 'PM';
  return `${MONTHS[p.month - 1]} ${p.day}, ${p.year} ${hour12}:${pad2(p.minute)}:${pad2(p.second)} ${meridiem}`;
}

/**
 * A UTC timestamp as the line chart's hover detail prints it: `YYYY-MM-DD HH:MM:SS GMT`
 * (chart samples are UTC, spec 1 §3). Empty or unreadable input gives an empty string.
 *
 * @example
 * formatUtcTimestamp('2013-08-21T11:22:25'); // '2013-08-21 11:22:25 GMT'
 */
export function formatUtcTimestamp(value: DateInput): string {
  const date = parseTimestamp(value);
  if (!date) return '';
  const p = utcParts(date);
  return `${p.year}-${pad2(p.month)}-${pad2(p.day)} ${pad2(p.hour)}:${pad2(p.minute)}:${pad2(p.second)} GMT`;
}

/** Django's timesince units, largest first. */
const TIMESINCE_UNITS: [seconds: number, singular: string, plural: string][] = [
  [365 * 24 * 3600, 'year', 'years'],
  [30 * 24 * 3600, 'month', 'months'],
  [7 * 24 * 3600, 'week', 'weeks'],
  [24 * 3600, 'day', 'days'],
  [3600, 'hour', 'hours'],
  [60, 'minute', 'minutes'],
];

let drawnAt: number | null = null;

/**
 * Now, or while a page the server drew is being drawn and then taken over
 * by the browser (hydration), the moment it was drawn: both renders then say
 * the same "time since" even across a minute's turn.
 */
export function pageNow(): Date {
  return new Date(drawnAt ?? Date.now());
}

/** Holds {@link pageNow} at `time` (ms since the epoch) while a drawn page renders; null lets the clock run. */
export function holdPageClock(time: number | null): void {
  drawnAt = time;
}

/**
 * The time from `value` to `now` as Django's `timesince` filter words it
 * (Horizon's Age column): the largest unit and the next one when it is not
 * zero; '0 minutes' for less than a minute or a future time; '' when
 * unreadable.
 *
 * @example
 * timeSince('2024-01-01T00:00:00Z', new Date('2024-01-03T05:00:00Z')); // '2 days, 5 hours'
 */
export function timeSince(value: DateInput, now: Date = pageNow()): string {
  const date = parseTimestamp(value);
  if (!date) return '';
  const seconds = Math.floor((now.getTime() - date.getTime()) / 1000);
  const count = (amount: number, [, singular, plural]: (typeof TIMESINCE_UNITS)[number]) => `${amount} ${amount === 1 ? singular : plural}`;
  const first = TIMESINCE_UNITS.findIndex(([unit]) => seconds >= unit);
  if (seconds <= 0 || first === -1) return count(0, TIMESINCE_UNITS[TIMESINCE_UNITS.length - 1]);
  const [unit] = TIMESINCE_UNITS[first];
  const amount = Math.floor(seconds / unit);
  const parts = [count(amount, TIMESINCE_UNITS[first])];
  const next = TIMESINCE_UNITS[first + 1];
  if (next) {
    const nextAmount = Math.floor((seconds - amount * unit) / next[0]);
    if (nextAmount > 0) parts.push(count(nextAmount, next));
  }
  return parts.join(', ');
}
