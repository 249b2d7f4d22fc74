import { createContext, useContext, useEffect, useState } from 'react';
import type { CachedLoader } from './cache';
import type { TimeZoneSpec } from './dates';
import { displayTimeZone, timeZoneFromCookie, timezoneLoader, type TimezoneDict } from './timezones';

/**
 * The zone list loader of the app (built on the app's HTTP client); the
 * shared default loader when no provider is above.
 */
export const TimezoneLoaderContext = createContext<CachedLoader<TimezoneDict>>(timezoneLoader);

/** What {@link useTimeZone} tells a component about the user's zone. */
export interface UserTimeZone {
  /** The zone name from the `django_timezone` cookie; 'UTC' when unset. */
  name: string;
  /** The zone to pass to `formatDate`/`formatMediumDate`. */
  zone: TimeZoneSpec;
  /** The zone's current offset (`+0530`) from `/api/timezones/`, once loaded and if listed. */
  offset: string | undefined;
  /** The whole zone list, once loaded (e.g. for a settings page). */
  timezones: TimezoneDict | undefined;
  /** Why the zone list could not be loaded, if it could not; dates then still use `zone`. */
  error: unknown;
}

/** Options of {@link useTimeZone}, for tests and for pages that already hold the cookie text. */
export interface UseTimeZoneOptions {
  /** The zone list loader; the app's (context), else the shared cached one, by default. */
  loader?: CachedLoader<TimezoneDict>;
  /** The cookie text; `document.cookie` by default. */
  cookieString?: string;
}

/**
 * The user's time zone for showing dates. The zone list is loaded once per application (the
 * loader caches it), so any number of components can call this.
 *
 * @example
 * function CreatedAt({ value }: { value: string }) {
 *   const { zone } = useTimeZone();
 *   return <span>{formatMediumDate(value, zone)}</span>;
 * }
 */
export function useTimeZone(options: UseTimeZoneOptions = {}): UserTimeZone {
  const contextLoader = useContext(TimezoneLoaderContext);
  const { loader = contextLoader, cookieString } = options;
  const name = timeZoneFromCookie(cookieString);
  const [timezones, setTimezones] = useState<TimezoneDict | undefined>(() => loader.peek());
  const [error, setError] = useState<unknown>(undefined);

  useEffect(() => {
    let current = true;
    loader.load().then(
      (loaded) => {
        if (current) setTimezones(loaded);
      },
      (failure: unknown) => {
        if (current) setError(failure);
      },
    );
    return () => {
      current = false;
    };
  }, [loader]);

  return { name, zone: displayTimeZone(name, timezones), offset: timezones?.[name], timezones, error };
}
