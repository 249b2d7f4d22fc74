import { describe, expect, it } from 'vitest';
import {
  DATE_FORMAT,
  DEFAULT_TIME_ZONE,
  formatDate,
  formatMediumDate,
  formatUtcTimestamp,
  isValidTimeZone,
  offsetMinutes,
  parseDateInput,
  parseTimestamp,
  zonedParts,
} from '../../../src/utils/dates';

describe('timestamps', () => {
  it('reads a timestamp without a zone designator as UTC', () => {
    expect(parseTimestamp('2013-08-21T11:22:25')?.toISOString()).toBe('2013-08-21T11:22:25.000Z');
  });

  it('reads microseconds and a space separator as OpenStack services send them', () => {
    expect(parseTimestamp('2024-03-01 10:00:00.123456')?.toISOString()).toBe('2024-03-01T10:00:00.123Z');
  });

  it('keeps an explicit offset', () => {
    expect(parseTimestamp('2024-03-01T10:00:00+02:00')?.toISOString()).toBe('2024-03-01T08:00:00.000Z');
  });

  it('accepts Date objects and epoch milliseconds', () => {
    expect(parseTimestamp(new Date(0))?.getTime()).toBe(0);
    expect(parseTimestamp(86_400_000)?.toISOString()).toBe('1970-01-02T00:00:00.000Z');
  });

  it('gives null for empty or unreadable input', () => {
    expect(parseTimestamp('')).toBeNull();
    expect(parseTimestamp(null)).toBeNull();
    expect(parseTimestamp('yesterday')).toBeNull();
  });
});

describe('date format yyyy-mm-dd', () => {
  it('is the format of the spec', () => {
    expect(DATE_FORMAT).toBe('yyyy-mm-dd');
  });

  it('formats in UTC by default', () => {
    expect(DEFAULT_TIME_ZONE).toBe('UTC');
    expect(formatDate('2024-01-01T23:30:00Z')).toBe('2024-01-01');
  });

  it("formats in the user's time zone", () => {
    expect(formatDate('2024-01-01T23:30:00Z', 'Asia/Kolkata')).toBe('2024-01-02');
    expect(formatDate('2024-01-01T02:00:00Z', 'America/New_York')).toBe('2023-12-31');
  });

  it('formats with an offset as /api/timezones/ gives it', () => {
    expect(formatDate('2024-01-01T23:30:00Z', '+0530')).toBe('2024-01-02');
    expect(formatDate('2024-01-01T02:00:00Z', '-0500')).toBe('2023-12-31');
  });

  it('falls back to UTC for a zone the browser does not know', () => {
    expect(formatDate('2024-01-01T23:30:00Z', 'Mars/Olympus')).toBe('2024-01-01');
  });

  it('gives an empty string for no date', () => {
    expect(formatDate(undefined)).toBe('');
  });

  it('parses a date field in yyyy-mm-dd as midnight UTC', () => {
    expect(parseDateInput('2024-02-29')?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
  });

  it('rejects date field text that is not a real yyyy-mm-dd date', () => {
    expect(parseDateInput('2023-02-29')).toBeNull();
    expect(parseDateInput('29/02/2024')).toBeNull();
    expect(parseDateInput('2024-2-1')).toBeNull();
  });
});

describe('medium format in the user time zone', () => {
  it('prints MMM d, y h:mm:ss a', () => {
    expect(formatMediumDate('2013-08-21T11:22:25')).toBe('Aug 21, 2013 11:22:25 AM');
  });

  it('prints midnight as 12 AM and noon as 12 PM', () => {
    expect(formatMediumDate('2013-08-21T00:05:00')).toBe('Aug 21, 2013 12:05:00 AM');
    expect(formatMediumDate('2013-08-21T12:05:00')).toBe('Aug 21, 2013 12:05:00 PM');
  });

  it("follows the user's time zone, daylight saving time included", () => {
    expect(formatMediumDate('2024-01-15T12:00:00Z', 'Europe/Paris')).toBe('Jan 15, 2024 1:00:00 PM');
    expect(formatMediumDate('2024-07-15T12:00:00Z', 'Europe/Paris')).toBe('Jul 15, 2024 2:00:00 PM');
  });
});

describe('chart timestamps', () => {
  it('prints a UTC sample time as YYYY-MM-DD HH:MM:SS GMT', () => {
    expect(formatUtcTimestamp('2013-08-21T11:22:25')).toBe('2013-08-21 11:22:25 GMT');
  });
});

describe('time zones', () => {
  it('reads offsets with and without a colon', () => {
    expect(offsetMinutes('+0530')).toBe(330);
    expect(offsetMinutes('-08:00')).toBe(-480);
    expect(offsetMinutes('Europe/Paris')).toBeNull();
  });

  it('knows IANA names and offsets, not made-up zones', () => {
    expect(isValidTimeZone('Asia/Tokyo')).toBe(true);
    expect(isValidTimeZone('+0900')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  });

  it('gives the wall-clock fields in a zone', () => {
    expect(zonedParts(new Date('2024-01-01T23:30:00Z'), 'Asia/Kolkata')).toEqual({
      year: 2024,
      month: 1,
      day: 2,
      hour: 5,
      minute: 0,
      second: 0,
    });
  });
});
