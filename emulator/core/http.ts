import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { MalformedBody } from './errors.js';

/**
 * Fastify plumbing shared by every emulated service: raw bodies parsed by the
 * service itself (so malformed JSON gets the service's own 400), routes that
 * answer with or without a trailing slash, and header helpers.
 */

/** Bodies arrive as raw bytes whatever their Content-Type; `jsonBody` parses them. */
export function acceptRawBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
}

/** The request body as JSON; MalformedBody when it is missing or not JSON. */
export function jsonBody(request: FastifyRequest): unknown {
  const raw = request.body;
  return parseJsonBody(Buffer.isBuffer(raw) ? raw.toString('utf8') : typeof raw === 'string' ? raw : '');
}

/**
 * Python's json module gives up past its recursion limit (1000 frames), so
 * no OpenStack service accepts a body nested deeper; refusing it here keeps
 * every recursive walk of a body (validation, storage, repr) off the stack's
 * edge.
 */
export const MAX_JSON_DEPTH = 900;

/** Parses a JSON request body: MalformedBody when it is empty, not JSON, or nested deeper than any service parses. */
export function parseJsonBody(text: string): unknown {
  if (!text.trim()) throw new MalformedBody('empty body');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new MalformedBody((error as Error).message);
  }
  if (nestingDepth(parsed) > MAX_JSON_DEPTH) throw new MalformedBody('maximum recursion depth exceeded while decoding a JSON document');
  return parsed;
}

/** How deeply objects and arrays nest in `value`, counted without recursion. */
function nestingDepth(value: unknown): number {
  let deepest = 0;
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length) {
    const [item, depth] = pending.pop()!;
    if (!item || typeof item !== 'object') continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > MAX_JSON_DEPTH) return deepest;
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return deepest;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Declares a route answering at `path` and `path/`, whether or not the host
 * server ignores trailing slashes (the BFF does; a bare Fastify does not).
 */
export function route(app: FastifyInstance, method: Method, path: string, handler: RouteHandlerMethod): void {
  app.route({ method, url: path, handler });
  const router = (app.initialConfig as { routerOptions?: { ignoreTrailingSlash?: boolean }; ignoreTrailingSlash?: boolean });
  const ignoresSlash = router.routerOptions?.ignoreTrailingSlash ?? router.ignoreTrailingSlash ?? false;
  if (!ignoresSlash && path !== '/' && path !== '' && !path.endsWith('/')) app.route({ method, url: `${path}/`, handler });
}

export function firstHeader(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** Query parameters as Fastify parsed them: repeated keys become arrays. */
export function queryOf(request: FastifyRequest): Record<string, string | string[]> {
  return (request.query ?? {}) as Record<string, string | string[]>;
}

/** The first value of a possibly repeated query parameter (webob's `GET.getall(k)[0]`). */
export function firstQuery(query: Record<string, string | string[]>, name: string): string | undefined {
  const value = query[name];
  return Array.isArray(value) ? value[0] : value;
}
