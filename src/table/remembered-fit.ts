import { pageCookies, readCookie, writeCookie } from '../utils/cookies';

/**
 * The window width the person last used, and how many columns each table's
 * fit hid at it (spec 1 §9 column priority), kept in the `table_fit` cookie.
 * The server draws a list page for no window: without this it drew every
 * column, and once the browser took the page over it hid those that did not
 * fit, a shift the person saw on every load. The server and the browser's
 * hydration both start from what is remembered here; the browser then fits
 * the table to the window it really has.
 */
export interface RememberedFit {
  width: number;
  hidden: Record<string, number>;
}

export const TABLE_FIT_COOKIE = 'table_fit';

/** Tables kept, the most recently fitted last: a cookie goes with every request. */
const MAX_TABLES = 30;

/**
 * The remembered fit: `1024|Images:2|Volumes:1` (width, then each table's caption and count).
 *
 * @example
 * parseFit('1024|Images:2'); // { width: 1024, hidden: { Images: 2 } }
 * parseFit('wide'); // null
 */
export function parseFit(value: string | null): RememberedFit | null {
  if (!value) return null;
  const [width, ...tables] = value.split('|');
  if (!/^\d{1,5}$/.test(width)) return null;
  const hidden: Record<string, number> = {};
  for (const table of tables) {
    const separator = table.lastIndexOf(':');
    const count = table.slice(separator + 1);
    if (separator > 0 && /^\d{1,2}$/.test(count)) hidden[table.slice(0, separator)] = Number(count);
  }
  return { width: Number(width), hidden };
}

export function formatFit({ width, hidden }: RememberedFit): string {
  const tables = Object.entries(hidden).slice(-MAX_TABLES);
  return [String(width), ...tables.map(([table, count]) => `${table.replace(/[|:]/g, ' ')}:${count}`)].join('|');
}

/** The fit remembered in the page's cookies (the request's, on the server). */
export function rememberedFit(): RememberedFit | null {
  return parseFit(readCookie(TABLE_FIT_COOKIE, pageCookies()));
}

/** Remembers that `table` hid `count` columns in a window `width` wide; a new width forgets the other tables' counts. */
export function rememberFit(width: number, table: string, count: number): void {
  const current = rememberedFit();
  if (current?.width === width && current.hidden[table] === count) return;
  const hidden = current?.width === width ? { ...current.hidden } : {};
  delete hidden[table];
  hidden[table] = count;
  writeCookie(TABLE_FIT_COOKIE, formatFit({ width, hidden }));
}
