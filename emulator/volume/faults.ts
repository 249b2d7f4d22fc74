import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { CloudError, MalformedBody, SchemaViolation } from '../core/errors.js';
import { type CloudDeps, cloudUrl } from '../core/service.js';
import { pyStr } from '../core/validation.js';

/**
 * Cinder's fault bodies (cinder/api/openstack/wsgi.py Fault, the same as
 * Nova's): `{"<kind>": {"code", "message"}}`; the 413 of a quota adds
 * `"retryAfter": "0"`.
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

export function cinderFault(status: number, message: string) {
  const body: Record<string, unknown> = { code: status, message };
  if (status === 413) body.retryAfter = '0';
  return { [KINDS[status] ?? 'computeFault']: body };
}

const UNAUTHORIZED_BODY = {
  error: {
    code: 401,
    title: 'Unauthorized',
    message: 'The request you have made requires authentication.',
  },
};

function describe(error: unknown): { status: number; message: string } {
  if (error instanceof MalformedBody) return { status: 400, message: 'Malformed request body' };
  if (error instanceof SchemaViolation) {
    if (error.override) return { status: 400, message: error.override };
    if (!error.path.length) return { status: 400, message: error.reason };
    return {
      status: 400,
      message: `Invalid input for field/attribute ${error.path[error.path.length - 1]}. Value: ${pyStr(error.instance)}. ${error.reason}`,
    };
  }
  if (error instanceof CloudError) return { status: error.status, message: error.message };
  const status = (error as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) return { status, message: (error as Error).message };
  return {
    status: 500,
    message: 'The server has either erred or is incapable of performing the requested operation.',
  };
}

export function volumeErrorHandler(deps: CloudDeps) {
  return (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const { status, message } = describe(error);
    if (status >= 500) request.log.error({ err: error }, 'volume emulator error');
    reply.code(status).header('Content-Type', 'application/json');
    if (status === 401) {
      reply.header('WWW-Authenticate', `Keystone uri="${cloudUrl(deps, '/identity')}"`);
      return reply.send(JSON.stringify(UNAUTHORIZED_BODY));
    }
    return reply.send(JSON.stringify(cinderFault(status, message)));
  };
}
