import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../errors.js';
import type { CloudClient } from '../../openstack/client.js';

/** Helpers shared by the `/api/keystone/` administration routes (api-contract §3). */

/** Keystone ids are hex (api-contract §1.1); `current` and `default` are the only literals. */
export const HEX_ID = /^[0-9a-f]+$/;

export function checkId(id: string, literals: string[] = []): void {
  if (!HEX_ID.test(id) && !literals.includes(id)) throw new ApiError(404, 'Not found');
}

/** DELETE `users/current`, `roles/default`, `domains/default` answer 404 with the literal as plain text. */
export function literalNotFound(reply: FastifyReply, literal: string): FastifyReply {
  return reply.code(404).type('text/plain; charset=utf-8').send(literal);
}

/** A bulk DELETE's body: a JSON array of ids. */
export function idsOf(request: FastifyRequest): string[] {
  const body = request.body;
  if (!Array.isArray(body) || body.length === 0) throw new ApiError(400, 'request requires JSON body');
  if (!body.every((id) => typeof id === 'string' && HEX_ID.test(id))) throw new ApiError(400, 'every id must be a Keystone id');
  return body as string[];
}

/** Deletes one by one, in order; the first failure answers with its status and stops (api-contract §3). */
export async function deleteEach(client: CloudClient, collection: string, ids: string[]): Promise<void> {
  for (const id of ids) await client.request('identity', 'DELETE', `/${collection}/${encodeURIComponent(id)}`);
}

/** Horizon's `Location` for a created keystone entity. */
export function created(reply: FastifyReply, collection: string, entity: { id: string }): FastifyReply {
  return reply.code(201).header('Location', `/api/keystone/${collection}/${entity.id}`).send(entity);
}

/** Drops the keys whose value is null or undefined (Horizon sends no nulls to Keystone). */
export function withoutNulls<T extends Record<string, unknown>>(body: T): Partial<T> {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== null && value !== undefined)) as Partial<T>;
}

/** The query parameters that are list filters, as strings (repeated keys keep the first). */
export function filtersOf(query: Record<string, unknown>, skip: string[]): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query)
      .filter(([key, value]) => !skip.includes(key) && value !== undefined)
      .map(([key, value]) => [key, String(Array.isArray(value) ? value[0] : value)]),
  );
}

/** Python's truthiness of a query flag as Horizon reads it ("true", "True", "1"). */
export function queryBoolean(value: string): boolean | undefined {
  if (/^(true|1|yes)$/i.test(value)) return true;
  if (/^(false|0|no)$/i.test(value)) return false;
  return undefined;
}

/** Whether `entity` matches every filter, booleans compared loosely ("True" matches true). */
export function matchesFilters(entity: object, filters: Record<string, string>): boolean {
  return Object.entries(filters).every(([key, value]) => {
    const actual = (entity as Record<string, unknown>)[key];
    if (typeof actual === 'boolean') return queryBoolean(value) === actual;
    return String(actual) === value;
  });
}
