import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { CloudError, MalformedBody } from '../core/errors.js';
import { type CloudDeps, cloudUrl } from '../core/service.js';

/** Barbican's error bodies (pecan's JSON errors): `{"code": 404, "title": "Not Found", "description": "…"}`. */
const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  413: 'Request Entity Too Large',
  415: 'Unsupported Media Type',
  500: 'Internal Server Error',
};

export function barbicanFault(status: number, description: string) {
  return { code: status, title: TITLES[status] ?? 'Error', description };
}

function describe(error: unknown): { status: number; message: string } {
  if (error instanceof MalformedBody) return { status: 400, message: 'Malformed JSON' };
  if (error instanceof CloudError) return { status: error.status, message: error.message };
  const status = (error as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) return { status, message: (error as Error).message };
  return { status: 500, message: 'Unexpected server error' };
}

export function barbicanErrorHandler(deps: CloudDeps) {
  return (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const { status, message } = describe(error);
    if (status >= 500) request.log.error({ err: error }, 'key-manager emulator error');
    reply.code(status).header('Content-Type', 'application/json');
    if (status === 401) {
      reply.header('WWW-Authenticate', `Keystone uri="${cloudUrl(deps, '/identity')}"`);
      return reply.send(JSON.stringify({ error: { code: 401, title: 'Unauthorized', message: 'The request you have made requires authentication.' } }));
    }
    return reply.send(JSON.stringify(barbicanFault(status, message)));
  };
}
