import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { CloudError, MalformedBody } from '../core/errors.js';
import { type CloudDeps, cloudUrl } from '../core/service.js';

/**
 * Octavia's error bodies (WSME's): `{"faultcode": "Client", "faultstring": "…", "debuginfo": null}`,
 * faultcode `Server` for a 5xx; the 401 is keystonemiddleware's.
 */
export function octaviaFault(status: number, message: string) {
  return { faultcode: status >= 500 ? 'Server' : 'Client', faultstring: message, debuginfo: null };
}

const UNAUTHORIZED_BODY = { error: { code: 401, title: 'Unauthorized', message: 'The request you have made requires authentication.' } };

function describe(error: unknown): { status: number; message: string } {
  if (error instanceof MalformedBody) return { status: 400, message: 'Request is not in valid JSON format' };
  if (error instanceof CloudError) return { status: error.status, message: error.message };
  const status = (error as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) return { status, message: (error as Error).message };
  return { status: 500, message: 'Internal Server Error' };
}

export function octaviaErrorHandler(deps: CloudDeps) {
  return (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const { status, message } = describe(error);
    if (status >= 500) request.log.error({ err: error }, 'load-balancer emulator error');
    reply.code(status).header('Content-Type', 'application/json');
    if (status === 401) {
      reply.header('WWW-Authenticate', `Keystone uri="${cloudUrl(deps, '/identity')}"`);
      return reply.send(JSON.stringify(UNAUTHORIZED_BODY));
    }
    return reply.send(JSON.stringify(octaviaFault(status, message)));
  };
}
