/**
 * The user's time zone (spec 1 §9: "Time zone defaults to UTC from the django_timezone cookie";
 * §7.2: "GET /api/timezones/ (cached), reading timezone_dict").
 *
 * The zone name comes from the cookie. `/api/timezones/` maps every zone to its offset now
 * (`{"timezone_dict": {"Asia/Kolkata": "+0530", …}}`, api-contract §2); it is fetched once and
 * shared. Dates are formatted with the IANA name when the browser knows it, so dates on the
 * other side of a daylight saving change still get their own offset, and with the server's
 * offset otherwise.
 */
import { createHttpClient, type HttpClient } from '../backend/http';
import { type CachedLoader, cachedOnce } from './cache';
import { readCookie } from './cookies';
import { DEFAULT_TIME_ZONE, isValidTimeZone, type TimeZoneSpec } from './dates';

/** The cookie that holds the user's zone name. */
export const TIMEZONE_COOKIE = 'django_timezone';

/** Where the zone list is served. */
export const TIMEZONES_URL = '/api/timezones/';

/** Zone name → current offset as `±HHMM`. */
export type TimezoneDict = Record<string, string>;

/** The body of `GET /api/timezones/`. */
export interface TimezonesResponse {
  timezone_dict: TimezoneDict;
}

/** Fetches a URL and resolves with its parsed JSON body; rejects on a failed request. */
export type FetchJson = (url: string) => Promise<unknown>;

/**
 * The default way to fetch the list: a quiet `GET` through the one HTTP helper
 * (src/backend/http.ts), which sets the headers the contract wants. The app
 * passes its own client instead (so the request spinner counts the call); this
 * one serves code outside the app. No toast: dates fall back to the cookie's
 * zone when the list is missing.
 *
 * @example
 * const body = await fetchWithHttpHelper('/api/timezones/');
 */
export function fetchWithHttpHelper(url: string): Promise<unknown> {
  standaloneHttp ??= createHttpClient({ notify: { error() {}, add() {} }, onUnauthorized() {} });
  return standaloneHttp.get(url, { silent: true });
}
let standaloneHttp: HttpClient | undefined;

/**
 * A loader for the zone list that fetches `/api/timezones/` once, through `fetchJson`.
 *
 * @example
 * const loader = createTimezoneLoader(async () => ({ timezone_dict: { UTC: '+0000' } }));
 * (await loader.load()).UTC; // '+0000'
 */
export function createTimezoneLoader(fetchJson: FetchJson = fetchWithHttpHelper): CachedLoader<TimezoneDict> {
  return cachedOnce(async () => {
    const body = (await fetchJson(TIMEZONES_URL)) as Partial<TimezonesResponse> | null;
    if (!body || typeof body.timezone_dict !== 'object' || body.timezone_dict === null) {
      throw new Error(`${TIMEZONES_URL} answered without timezone_dict`);
    }
    return body.timezone_dict;
  });
}

/** The application's shared zone list loader. */
export const timezoneLoader: CachedLoader<TimezoneDict> = createTimezoneLoader();

/**
 * The zone name the user chose, from the `django_timezone` cookie; UTC when the cookie is unset
 * or empty.
 *
 * @example
 * timeZoneFromCookie('django_timezone="Asia/Tokyo"'); // 'Asia/Tokyo'
 * timeZoneFromCookie('csrftoken=abc');                // 'UTC'
 */
export function timeZoneFromCookie(cookieString?: string): string {
  return readCookie(TIMEZONE_COOKIE, cookieString)?.trim() || DEFAULT_TIME_ZONE;
}

/**
 * The zone to format dates with: the name itself when the browser knows it, else its offset from
 * the zone list, else UTC.
 *
 * @example
 * displayTimeZone('Europe/Paris');                          // 'Europe/Paris'
 * displayTimeZone('Legacy/Zone', { 'Legacy/Zone': '+0300' }); // '+0300'
 * displayTimeZone('Legacy/Zone');                           // 'UTC'
 */
export function displayTimeZone(name: string, timezones?: TimezoneDict): TimeZoneSpec {
  if (isValidTimeZone(name)) return name;
  const offset = timezones?.[name];
  return offset && isValidTimeZone(offset) ? offset : DEFAULT_TIME_ZONE;
}
