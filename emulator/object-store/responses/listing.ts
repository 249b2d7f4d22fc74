import type { FastifyReply, FastifyRequest } from 'fastify';
import { firstHeader, firstQuery, queryOf } from '../../core/http.js';
import { SwiftError } from '../models/errors.js';
import type { Listed, ListingQuery } from '../models/listing.js';
import { CONTAINER_LISTING_LIMIT } from '../models/policies.js';

/** prefix, delimiter, marker, end_marker and limit as Swift checks them (412 past the listing limit, one-character delimiter). */
export function listingQuery(request: FastifyRequest): ListingQuery {
  const query = queryOf(request);
  const limitText = firstQuery(query, 'limit');
  let limit = CONTAINER_LISTING_LIMIT;
  if (limitText !== undefined && limitText !== '') {
    if (!/^\d+$/.test(limitText)) throw new SwiftError(400, 'Invalid limit');
    limit = Number(limitText);
    if (limit > CONTAINER_LISTING_LIMIT) throw new SwiftError(412, `Maximum limit is ${CONTAINER_LISTING_LIMIT}`);
  }
  const delimiter = firstQuery(query, 'delimiter') || undefined;
  if (delimiter !== undefined && [...delimiter].length > 1) throw new SwiftError(412, 'Bad delimiter');
  return {
    prefix: firstQuery(query, 'prefix') || undefined,
    delimiter,
    marker: firstQuery(query, 'marker') || undefined,
    endMarker: firstQuery(query, 'end_marker') || undefined,
    limit,
  };
}

/** format=json (or Accept: application/json) → JSON; otherwise names one per line, 204 when empty. */
export function wantsJson(request: FastifyRequest): boolean {
  const format = firstQuery(queryOf(request), 'format');
  if (format !== undefined) return format.toLowerCase() === 'json';
  return (firstHeader(request, 'accept') ?? '').includes('application/json');
}

export function sendListing<Row>(
  request: FastifyRequest,
  reply: FastifyReply,
  entries: Listed<Row>[],
  render: (row: Row) => { name: string } & Record<string, unknown>,
): FastifyReply {
  if (wantsJson(request)) {
    const body = JSON.stringify(entries.map((entry) => ('subdir' in entry ? { subdir: entry.subdir } : render(entry.row))));
    reply.code(200).header('content-type', 'application/json; charset=utf-8');
    return request.method === 'HEAD' ? reply.send() : reply.send(body);
  }
  if (entries.length === 0) return reply.code(204).header('content-type', 'text/plain; charset=utf-8').send();
  const body = entries.map((entry) => ('subdir' in entry ? entry.subdir : render(entry.row).name)).join('\n') + '\n';
  reply.code(200).header('content-type', 'text/plain; charset=utf-8');
  return request.method === 'HEAD' ? reply.send() : reply.send(body);
}
