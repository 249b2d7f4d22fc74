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

/**
 * `{"<to>": <the answer's "<from>">}` cut from the service's own text, when
 * `from` is the only key of the answer: a list the route hands on as it came
 * is not serialised a second time (after the call itself, the largest cost of
 * a list in this server). Undefined when the answer has other keys (links,
 * counts) or no text: the route then builds its answer as usual.
 */
export function relabelledJson(answer: { body: unknown; text?: string }, from: string, to: string): string | undefined {
  const { body, text } = answer;
  if (!text || !body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const keys = Object.keys(body);
  if (keys.length !== 1 || keys[0] !== from) return undefined;
  // The text is one object with that one key: its value runs from the first colon (a key's text holds none) to the last brace.
  return `{${JSON.stringify(to)}:${text.slice(text.indexOf(':') + 1, text.lastIndexOf('}'))}}`;
}
