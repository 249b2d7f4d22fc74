import type { FastifyReply } from 'fastify';

const MARK = '@@dashboard-infinity@@';

/**
 * Horizon writes unlimited quota values as the bare token 1e+999, which
 * JSON.parse reads as Infinity (api-contract §1.8). JSON.stringify would
 * write null, so Infinity is marked and replaced after serialising.
 */
export function stringifyWithInfinity(value: unknown): string {
  return JSON.stringify(value, (_key, item) => (item === Infinity ? MARK : item)).replaceAll(`"${MARK}"`, '1e+999');
}

export function sendJsonWithInfinity(reply: FastifyReply, value: unknown): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(stringifyWithInfinity(value));
}
