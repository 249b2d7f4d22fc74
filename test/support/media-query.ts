/** A MediaQueryList for jsdom, which has none: `matches` as given, listeners ignored (nothing changes during a test). */
export function mediaQueryList(query: string, matches: boolean): MediaQueryList {
  return { matches, media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false } as MediaQueryList;
}
