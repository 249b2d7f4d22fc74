import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { CloudError, MalformedBody, SchemaViolation } from '../core/errors.js';
import { type CloudDeps, cloudUrl } from '../core/service.js';
import { pyStr } from '../core/validation.js';

/**
 * Nova's fault bodies (nova/api/openstack/wsgi.py Fault):
 * `{"<kind>": {"code", "message"}}`, the kind following the status.
 */
const KINDS: Record<number, string> = {
  400: 'badRequest',
  403: 'forbidden',
  404: 'itemNotFound',
  405: 'badMethod',
  409: 'conflictingRequest',
  413: 'overLimit',
  415: 'badMediaType',
  501: 'notImplemented',
};

export function novaFault(status: number, message: string) {
  return { [KINDS[status] ?? 'computeFault']: { code: status, message } };
}

/** The 401 keystonemiddleware answers before Nova sees the request. */
export const UNAUTHORIZED_BODY = { error: { code: 401, title: 'Unauthorized', message: 'The request you have made requires authentication.' } };

function describe(error: unknown): { status: number; message: string } {
  if (error instanceof MalformedBody) return { status: 400, message: 'Malformed request body' };
  if (error instanceof SchemaViolation) {
    if (error.override) return { status: 400, message: error.override };
    if (!error.path.length) return { status: 400, message: error.reason };
    // nova/api/validation/validators.py: the body names the last path segment, the query the first.
    const field = error.location === 'query' ? error.path[0] : error.path[error.path.length - 1];
    const prefix = error.location === 'query' ? 'Invalid input for query parameters' : 'Invalid input for field/attribute';
    return { status: 400, message: `${prefix} ${field}. Value: ${pyStr(error.instance)}. ${error.reason}` };
  }
  if (error instanceof CloudError) return { status: error.status, message: error.message };
  const status = (error as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) return { status, message: (error as Error).message };
  return {
    status: 500,
    message: 'Unexpected API Error. Please report this at http://bugs.launchpad.net/nova/ and attach the Nova API log if possible.',
  };
}

export function computeErrorHandler(deps: CloudDeps) {
  return (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const { status, message } = describe(error);
    if (status >= 500) request.log.error({ err: error }, 'compute emulator error');
    reply.code(status).header('Content-Type', 'application/json');
    if (status === 401) {
      reply.header('WWW-Authenticate', `Keystone uri="${cloudUrl(deps, '/identity')}"`);
      return reply.send(JSON.stringify(UNAUTHORIZED_BODY));
    }
    return reply.send(JSON.stringify(novaFault(status, message)));
  };
}
