import { describe, expect, it, vi } from 'vitest';
import {
  createTimezoneLoader,
  displayTimeZone,
  TIMEZONE_COOKIE,
  TIMEZONES_URL,
  timeZoneFromCookie,
} from '../../../src/utils/timezones';

const zones = { UTC: '+0000', 'Asia/Kolkata': '+0530', 'Europe/Paris': '+0100' };

describe('time zone from the django_timezone cookie', () => {
  it('reads the zone the user chose', () => {
    expect(TIMEZONE_COOKIE).toBe('django_timezone');
    expect(timeZoneFromCookie('csrftoken=x; django_timezone="Asia/Kolkata"')).toBe('Asia/Kolkata');
  });

  it('defaults to UTC without the cookie', () => {
    expect(timeZoneFromCookie('csrftoken=x')).toBe('UTC');
  });

  it('defaults to UTC when the cookie is empty', () => {
    expect(timeZoneFromCookie('django_timezone=')).toBe('UTC');
  });
});

describe('/api/timezones/ (cached)', () => {
  it('fetches /api/timezones/ and reads timezone_dict', async () => {
    const fetchJson = vi.fn(async () => ({ timezone_dict: zones }));
    const loader = createTimezoneLoader(fetchJson);
    expect(await loader.load()).toEqual(zones);
    expect(fetchJson).toHaveBeenCalledWith(TIMEZONES_URL);
    expect(TIMEZONES_URL).toBe('/api/timezones/');
  });

  it('fetches the list once for every caller', async () => {
    const fetchJson = vi.fn(async () => ({ timezone_dict: zones }));
    const loader = createTimezoneLoader(fetchJson);
    await Promise.all([loader.load(), loader.load()]);
    await loader.load();
    expect(fetchJson).toHaveBeenCalledTimes(1);
  });

  it('fetches again after a failed load', async () => {
    const fetchJson = vi
      .fn<(url: string) => Promise<unknown>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ timezone_dict: zones });
    const loader = createTimezoneLoader(fetchJson);
    await expect(loader.load()).rejects.toThrow('offline');
    expect(await loader.load()).toEqual(zones);
  });

  it('fetches through the one HTTP helper by default (X-Requested-With, same-origin cookies)', async () => {
    const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
      new Response(JSON.stringify({ timezone_dict: zones }), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetch);
    try {
      expect(await createTimezoneLoader().load()).toEqual(zones);
    } finally {
      vi.unstubAllGlobals();
    }
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/timezones/');
    expect(init).toMatchObject({ method: 'GET', credentials: 'same-origin', headers: { 'X-Requested-With': 'XMLHttpRequest' } });
  });

  it('rejects an answer without timezone_dict', async () => {
    const loader = createTimezoneLoader(async () => ({ items: [] }));
    await expect(loader.load()).rejects.toThrow('timezone_dict');
  });
});

describe('zone used for dates', () => {
  it('uses the zone name when the browser knows it', () => {
    expect(displayTimeZone('Europe/Paris', zones)).toBe('Europe/Paris');
  });

  it("uses the server's offset for a name the browser does not know", () => {
    expect(displayTimeZone('Legacy/Zone', { 'Legacy/Zone': '+0300' })).toBe('+0300');
  });

  it('falls back to UTC for a name nobody knows', () => {
    expect(displayTimeZone('Legacy/Zone', zones)).toBe('UTC');
    expect(displayTimeZone('Legacy/Zone')).toBe('UTC');
  });
});
