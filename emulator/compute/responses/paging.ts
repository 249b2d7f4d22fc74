import type { FastifyRequest } from 'fastify';
import { BadRequest } from '../../core/errors.js';
import { queryOf } from '../../core/http.js';
import { type CloudDeps, cloudUrl } from '../../core/service.js';

/** CONF.api.max_limit */
export const MAX_LIMIT = 1000;

/** webob's `req.params.get(name)`: the last value of a repeated parameter. */
export function lastQuery(request: FastifyRequest, name: string): string | undefined {
  const value = queryOf(request)[name];
  return Array.isArray(value) ? value[value.length - 1] : value;
}

/** `utils.validate_integer(value, name, min_value=0)` as `_get_int_param` calls it. */
function intParam(request: FastifyRequest, name: string): number | undefined {
  const value = lastQuery(request, name);
  if (value === undefined) return undefined;
  if (!/^\s*[+-]?\d+(_\d+)*\s*$/.test(value)) throw new BadRequest(`Invalid input received: ${name} must be an integer`);
  const number = Number(value.trim().replace(/_/g, ''));
  if (number < 0) throw new BadRequest(`Invalid input received: ${name} must be >= 0`);
  return number;
}

/** `common.get_pagination_params`: limit, marker and offset, each checked. */
export function paginationParams(request: FastifyRequest): { limit?: number; marker?: string; offset?: number } {
  const limit = intParam(request, 'limit');
  intParam(request, 'page_size');
  const offset = intParam(request, 'offset');
  return { limit, marker: lastQuery(request, 'marker'), offset };
}

/** `common.get_limit_and_marker`: an absent limit is max_limit; a larger one is capped. */
export function limitAndMarker(request: FastifyRequest): { limit: number; marker?: string } {
  const { limit, marker } = paginationParams(request);
  return { limit: Math.min(MAX_LIMIT, limit ?? MAX_LIMIT), marker };
}

/** `common.limited`: offset, then limit (0 or absent means max_limit). */
export function limited<T>(items: T[], request: FastifyRequest): T[] {
  const { limit, offset = 0 } = paginationParams(request);
  return items.slice(offset, offset + Math.min(MAX_LIMIT, limit || MAX_LIMIT));
}

/**
 * `ViewBuilder._get_collection_links`: a `next` link when the page is as
 * long as the limit asked for (or max_limit), carrying the other parameters.
 */
export function collectionLinks(deps: CloudDeps, request: FastifyRequest, count: number, lastId: string | undefined, collection: string) {
  const asked = lastQuery(request, 'limit');
  const maxItems = Math.min(asked === undefined ? MAX_LIMIT : Number(asked), MAX_LIMIT);
  if (!maxItems || maxItems !== count || lastId === undefined) return [];
  const params = new Map<string, string>();
  for (const [key, value] of Object.entries(queryOf(request)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    params.set(key, Array.isArray(value) ? value[value.length - 1] : value);
  }
  params.set('marker', lastId);
  return [{ rel: 'next', href: `${cloudUrl(deps, '/compute/v2.1')}/${collection}?${new URLSearchParams([...params.entries()]).toString()}` }];
}
