import { describe, expect, it } from 'vitest';
import { timezoneDict } from '../../../server/api/config.js';

describe('/api/timezones/ dict', () => {
  it('is computed once per quarter hour: the same answer within the quarter', () => {
    const first = timezoneDict(new Date('2026-06-01T10:00:00Z'));
    expect(timezoneDict(new Date('2026-06-01T10:14:59Z'))).toBe(first);
    expect(first['Asia/Tokyo']).toBe('+0900');
  });

  it('follows a daylight saving transition at the quarter it happens', () => {
    // Europe/Paris moves to summer time at 01:00 UTC on the last Sunday of March.
    expect(timezoneDict(new Date('2026-03-29T00:59:00Z'))['Europe/Paris']).toBe('+0100');
    expect(timezoneDict(new Date('2026-03-29T01:00:00Z'))['Europe/Paris']).toBe('+0200');
  });
});
