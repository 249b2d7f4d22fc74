import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { CloudError, MalformedBody } from '../core/errors.js';
import { HeatError } from './models/errors.js';

/**
 * Heat's fault body (heat/api/middleware/fault.py):
 * `{"code", "title", "explanation", "error": {"type", "traceback": null, "message"}}`.
 */
const TITLES: Record<number, [string, string]> = {
  400: ['Bad Request', 'The server could not comply with the request since it is either malformed or otherwise incorrect.'],
  401: ['Unauthorized', 'This server could not verify that you are authorized to access the document you requested.'],
  403: ['Forbidden', 'Access was denied to this resource.'],
  404: ['Not Found', 'The resource could not be found.'],
  405: ['Method Not Allowed', 'The server could not comply with the request since it is either malformed or otherwise incorrect.'],
  409: ['Conflict', 'There was a conflict when trying to complete your request.'],
  413: ['Request Entity Too Large', 'The request is larger than the server is willing or able to process.'],
  500: ['Internal Server Error', 'The server has either erred or is incapable of performing the requested operation.'],
};

export function heatFault(status: number, type: string, message: string) {
  const [title, explanation] = TITLES[status] ?? TITLES[500]!;
  return { code: status, title, explanation, error: { type, traceback: null, message } };
}

const UNAUTHORIZED = { error: { code: 401, title: 'Unauthorized', message: 'The request you have made requires authentication.' } };

export function heatErrorHandler(error: FastifyError | CloudError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  reply.header('Content-Type', 'application/json');
  if (error instanceof CloudError && error.status === 401) return reply.code(401).send(JSON.stringify(UNAUTHORIZED));
  if (error instanceof MalformedBody) return reply.code(400).send(JSON.stringify(heatFault(400, 'HTTPBadRequest', 'The server could not comply with the request since it is either malformed or otherwise incorrect.')));
  if (error instanceof HeatError) return reply.code(error.status).send(JSON.stringify(heatFault(error.status, error.type, error.message)));
  if (error instanceof CloudError) return reply.code(error.status).send(JSON.stringify(heatFault(error.status, error.name, error.message)));
  const status = typeof (error as FastifyError).statusCode === 'number' && (error as FastifyError).statusCode! < 500 ? (error as FastifyError).statusCode! : 500;
  if (status >= 500) request.log.error({ err: error }, 'orchestration emulator error');
  return reply.code(status).send(JSON.stringify(heatFault(status, status >= 500 ? 'InternalServerError' : 'HTTPBadRequest', status >= 500 ? 'The server has either erred or is incapable of performing the requested operation.' : error.message)));
}
