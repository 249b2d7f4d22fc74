import fp from 'fastify-plugin';
import { ApiError } from '../errors.js';

/** Horizon's bodies nest a handful of levels; anything far deeper only exists to exhaust the stack. */
export const MAX_BODY_DEPTH = 32;

/** A UTF-16 surrogate without its pair: JSON allows it (`"\ud800"`), UTF-8 and `encodeURIComponent` do not. */
const LONE_SURROGATE = /\p{Surrogate}/u;

/**
 * What every `/api` request must be before its route's schema is even
 * consulted (issue 16 §3): no string a URL or the cloud cannot carry, no body
 * nested deep enough to overflow a recursive walk. Checked without recursion,
 * in params, query and body alike, so one mechanism serves every route; the
 * 400 names the field as Fastify's own validation does (`body/name …`).
 */
export const inputGuardPlugin = fp(async (app) => {
  // A list's paging parameters mean the same on every route: checked from one schema where a route declares none.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && route.method === 'GET' && !route.schema?.querystring) {
      route.schema = { ...route.schema, querystring: { $ref: 'common.schema.json#/$defs/listQuery' } };
    }
  });
  app.addHook('preValidation', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    checkWellFormed('params', request.params);
    checkWellFormed('querystring', request.query);
    checkWellFormed('body', request.body);
  });
});

function checkWellFormed(where: string, root: unknown): void {
  const pending: { value: unknown; path: string; depth: number }[] = [{ value: root, path: where, depth: 0 }];
  while (pending.length) {
    const { value, path, depth } = pending.pop()!;
    if (typeof value === 'string') {
      if (LONE_SURROGATE.test(value)) throw new ApiError(400, `${path} must be well-formed Unicode`);
      continue;
    }
    // Parsed JSON and query strings only: an upload's stream or buffer is bytes, not fields.
    if (!isPlainData(value)) continue;
    if (depth >= MAX_BODY_DEPTH) throw new ApiError(400, `${where} must not nest more than ${MAX_BODY_DEPTH} levels deep`);
    for (const [key, item] of Object.entries(value)) {
      if (LONE_SURROGATE.test(key)) throw new ApiError(400, `${path} must have well-formed Unicode property names`);
      pending.push({ value: item, path: `${path}/${key}`, depth: depth + 1 });
    }
  }
}

function isPlainData(value: unknown): value is object {
  if (!value || typeof value !== 'object') return false;
  if (Array.isArray(value)) return true;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
