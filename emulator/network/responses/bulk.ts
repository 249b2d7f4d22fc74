import type { FastifyReply, FastifyRequest } from 'fastify';
import { jsonBody } from '../../core/http.js';
import type { Handler } from '../../core/service.js';

/**
 * Neutron's bulk create: `POST /v2.0/networks {"networks": [{…}, {…}]}`
 * creates every item or none and answers `{"networks": [...]}`. Each item goes
 * through the single-item handler (same validation, policy and quotas) inside
 * one transaction; the handlers never await I/O, so no other request's writes
 * interleave with the transaction.
 */
export function withBulk(collection: string, resource: string, create: Handler): Handler {
  return (deps) => {
    const single = create(deps);
    return async function (this: unknown, request: FastifyRequest, reply: FastifyReply) {
      const body = request.body === undefined || request.body === null || request.body === '' ? undefined : safeJson(request);
      const items = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>)[collection] : undefined;
      if (!Array.isArray(items)) return single.call(this as never, request, reply);
      const db = deps.db.raw;
      const original = request.body;
      db.exec('BEGIN IMMEDIATE');
      try {
        const created: unknown[] = [];
        for (const item of items) {
          // The single-item handler reads the body of this very request (its caller is keyed on it).
          request.body = JSON.stringify({ [resource]: item });
          const answer = (await single.call(this as never, request, { code: () => reply } as unknown as FastifyReply)) as Record<string, unknown>;
          created.push(answer[resource]);
        }
        db.exec('COMMIT');
        reply.code(201);
        return { [collection]: created };
      } catch (error) {
        if (db.inTransaction) db.exec('ROLLBACK');
        throw error;
      } finally {
        request.body = original;
      }
    };
  };
}

function safeJson(request: FastifyRequest): unknown {
  try {
    return jsonBody(request);
  } catch {
    return undefined;
  }
}
