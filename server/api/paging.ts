import type { FastifyRequest } from 'fastify';
import { ApiError } from '../errors.js';

/** Horizon's default API_RESULT_PAGE_SIZE and its API_RESULT_LIMIT (api-contract §1.6). */
export const DEFAULT_PAGE_SIZE = 20;
export const RESULT_LIMIT = 1000;

/**
 * The page size of a paged list (api-contract §1.6): the `limit` query
 * parameter when given (not in the contract: the browser's page-size choice,
 * sent with each page), else the API_RESULT_PAGE_SIZE cookie, else 20; never
 * more than API_RESULT_LIMIT.
 */
export function pageSizeOf(request: FastifyRequest): number {
  const query = (request.query ?? {}) as Record<string, unknown>;
  if (query.limit !== undefined) {
    const limit = Number(query.limit);
    if (!Number.isInteger(limit) || limit < 1) throw new ApiError(400, `limit must be a positive integer, not ${String(query.limit)}`);
    return Math.min(limit, RESULT_LIMIT);
  }
  const cookie = Number(request.cookies?.API_RESULT_PAGE_SIZE);
  return Number.isInteger(cookie) && cookie > 0 ? Math.min(cookie, RESULT_LIMIT) : DEFAULT_PAGE_SIZE;
}

export interface Page<T> {
  items: T[];
  has_more_data: boolean;
  has_prev_data: boolean;
}

/**
 * One page from a service asked for `size + 1` rows after `marker`: the
 * extra row only says that more follow (api-contract §1.6). `reverse` turns
 * an ascending walk back into the list's order (Cinder's `sort_dir=asc`).
 * The marker itself is never on the page: Nova answers it again when the
 * marker server is still a build request but already in its cell
 * (nova/compute/api.py get_all: a marker found among the build requests
 * restarts the cells' list from the top), which showed the previous page's
 * server again.
 */
export function pageOf<T extends { id: string }>(rows: T[], size: number, marker: string | undefined, reverse = false): Page<T> {
  const after = marker ? rows.filter((row) => row.id !== marker) : rows;
  const items = after.slice(0, size);
  return { items: reverse ? items.reverse() : items, has_more_data: after.length > size, has_prev_data: Boolean(marker) };
}
