import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';

/** The stream errors of a response the client stopped reading (tab closed, navigation, abort). */
const CLIENT_CLOSE_CODES = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE']);

export function isClientClose(value: unknown): boolean {
  const error = (value as { err?: unknown })?.err ?? value;
  return CLIENT_CLOSE_CODES.has((error as { code?: string })?.code ?? '');
}

/**
 * A client that closes mid-response is not a server error: the compression
 * and static-file plugins log it with `log.error(err)` and no URL. Each
 * request's logger reports it at `info`, with the method and URL, instead.
 */
export const clientClosePlugin = fp(async (app) => {
  app.addHook('onRequest', async (request, reply) => {
    const log = request.log;
    const error: FastifyBaseLogger['error'] = (first: unknown, ...rest: unknown[]) => {
      if (!isClientClose(first)) return (log.error as (...args: unknown[]) => void)(first, ...rest);
      log.info({ method: request.method, url: request.url }, 'the client closed the connection before the response ended');
    };
    const wrapped = Object.create(log, { error: { value: error } }) as FastifyBaseLogger;
    request.log = wrapped;
    reply.log = wrapped;
  });
});
