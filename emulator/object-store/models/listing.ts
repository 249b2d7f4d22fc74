import type { Db } from '../../store/db.js';

/**
 * Swift's listing walk (container broker's list_objects_iter): names after
 * `marker`, before `end_marker`, starting with `prefix`, in byte order (SQLite's
 * BINARY collation on UTF-8), at most `limit`; with a delimiter, every name
 * with the delimiter after the prefix collapses into one `subdir` entry and
 * the walk jumps past it (`subdir` + the next character), so a folder of
 * 100,000 objects costs one entry and one query, never a read of the rest.
 * `fetch` yields its rows as they are read: a jump stops reading the batch,
 * as Swift's broker stops at the first folder of its cursor (a listing whose
 * first ten entries are folders read ten batches of 200 rows to use ten).
 */
export interface ListingQuery {
  prefix?: string;
  delimiter?: string;
  marker?: string;
  endMarker?: string;
  limit: number;
}

export type Listed<Row> = { row: Row } | { subdir: string };

/** Rows mapped as they are read (`walkListing` takes only what it uses). */
export function* mapRows<From, To>(rows: Iterable<From>, map: (row: From) => To): Generator<To> {
  for (const row of rows) yield map(row);
}

export function walkListing<Row extends { name: string }>(
  fetch: (after: string, inclusive: boolean, before: string | undefined, batch: number) => Iterable<Row>,
  query: ListingQuery,
): Listed<Row>[] {
  const prefix = query.prefix ?? '';
  const out: Listed<Row>[] = [];
  let cursor = query.marker && query.marker > prefix ? query.marker : prefix;
  let inclusive = !(query.marker && query.marker >= prefix);
  while (out.length < query.limit) {
    const batch = Math.min(1000, query.limit - out.length + 1);
    let read = 0;
    let jumped = false;
    for (const row of fetch(cursor, inclusive, query.endMarker || undefined, batch)) {
      read++;
      if (!row.name.startsWith(prefix)) return out;
      const cut = query.delimiter ? row.name.indexOf(query.delimiter, prefix.length) : -1;
      if (cut >= 0) {
        const subdir = row.name.slice(0, cut + query.delimiter!.length);
        if (subdir !== query.marker) out.push({ subdir });
        cursor = subdir.slice(0, -1) + String.fromCharCode(subdir.charCodeAt(subdir.length - 1) + 1);
        inclusive = true;
        jumped = true;
        break;
      }
      out.push({ row });
      cursor = row.name;
      inclusive = false;
      if (out.length >= query.limit) return out;
    }
    if (!jumped && read < batch) return out;
  }
  return out;
}

/** The SQL bound for one batch: `name > cursor` (or `>=`), `name < end_marker`. */
export function batchWhere(inclusive: boolean, before: string | undefined): string {
  return `name ${inclusive ? '>=' : '>'} ?${before !== undefined ? ' AND name < ?' : ''}`;
}

export function batchParams(after: string, before: string | undefined, batch: number): unknown[] {
  return before !== undefined ? [after, before, batch] : [after, batch];
}

export type { Db };
