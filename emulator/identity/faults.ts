import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { BadRequest, CloudError, MalformedBody, SchemaViolation } from '../core/errors.js';
import { type CloudDeps, cloudUrl } from '../core/service.js';

/**
 * Keystone's error body: `{"error": {"code", "message", "title"}}`
 * (keystone/server/flask/application.py), with the titles of http.client.
 */
const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Request Entity Too Large',
  415: 'Unsupported Media Type',
  500: 'Internal Server Error',
};

const CLIENT_IN_ERROR =
  'The server could not comply with the request since it is either malformed or otherwise incorrect. The client is assumed to be in error.';

export function keystoneErrorBody(status: number, message: string) {
  return { error: { code: status, message, title: TITLES[status] ?? 'Error' } };
}

/** keystone.exception.ValidationError: "Expecting to find <attribute> in <target>. …" */
export function expectingToFind(attribute: string, target: string): BadRequest {
  return new BadRequest(`Expecting to find ${attribute} in ${target}. ${CLIENT_IN_ERROR}`);
}

function messageOf(error: unknown): { status: number; message: string } {
  if (error instanceof MalformedBody) return { status: 400, message: `Expecting to find valid JSON in request body. ${CLIENT_IN_ERROR}` };
  if (error instanceof SchemaViolation) {
    if (error.override) return { status: 400, message: error.override };
    const message = error.path.length ? `Invalid input for field '${error.path.join('/')}': ${error.reason}` : error.reason;
    return { status: 400, message };
  }
  if (error instanceof CloudError) return { status: error.status, message: error.message };
  const status = (error as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) return { status, message: (error as Error).message };
  return { status: 500, message: 'An unexpected error prevented the server from fulfilling your request.' };
}

export function identityErrorHandler(deps: CloudDeps) {
  return (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const { status, message } = messageOf(error);
    if (status >= 500) request.log.error({ err: error }, 'identity emulator error');
    if (status === 401) reply.header('WWW-Authenticate', `Keystone uri="${cloudUrl(deps, '/identity/v3')}"`);
    return reply.code(status).header('Content-Type', 'application/json').send(JSON.stringify(keystoneErrorBody(status, message)));
  };
}
