/** A value loaded once and shared, as the spec asks for `/api/timezones/` ("cached"). */
export interface CachedLoader<T> {
  /** The loaded value; the first call starts the load, later calls share it. */
  load(): Promise<T>;
  /** The value if a load has already succeeded, without starting one. */
  peek(): T | undefined;
  /** Forgets the value, so the next `load()` fetches again (e.g. after logout). */
  reset(): void;
}

/**
 * Wraps `load` so it runs once and every caller shares the result. A failed load is not kept:
 * the caller sees the error and the next `load()` tries again, as an HTTP cache would.
 *
 * @example
 * const settings = cachedOnce(() => http.get('/api/settings/'));
 * await settings.load(); // fetches
 * await settings.load(); // shared, no second request
 */
export function cachedOnce<T>(load: () => Promise<T>): CachedLoader<T> {
  let pending: Promise<T> | undefined;
  let value: { current: T } | undefined;
  return {
    load() {
      if (!pending) {
        const attempt: Promise<T> = load().then(
          (result) => {
            if (pending === attempt) value = { current: result };
            return result;
          },
          (error: unknown) => {
            if (pending === attempt) pending = undefined;
            throw error;
          },
        );
        pending = attempt;
      }
      return pending;
    },
    peek: () => value?.current,
    reset() {
      pending = undefined;
      value = undefined;
    },
  };
}
