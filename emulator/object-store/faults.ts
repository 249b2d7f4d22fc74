import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { CloudError } from '../core/errors.js';
import { SWIFT_REASONS, SwiftError } from './models/errors.js';

/**
 * Swift's error answers: swob's `<html><h1>Title</h1><p>Explanation</p></html>`
 * (text/html), or the short text a middleware answers with (text/plain), and
 * no body at all on HEAD.
 */
export function swiftErrorHandler(error: FastifyError | CloudError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const status = error instanceof CloudError ? error.status : typeof (error as FastifyError).statusCode === 'number' && (error as FastifyError).statusCode! < 500 ? (error as FastifyError).statusCode! : 500;
  if (status >= 500) request.log.error(error);
  return sendSwiftError(reply, request.method, status, error instanceof SwiftError ? error.text : undefined);
}

export function sendSwiftError(reply: FastifyReply, method: string, status: number, text?: string): FastifyReply {
  const [title, explanation] = SWIFT_REASONS[status] ?? ['Internal Error', 'The server has either erred or is incapable of performing the requested operation.'];
  const body = text ?? `<html><h1>${title}</h1><p>${explanation}</p></html>`;
  reply.code(status).header('content-type', text === undefined ? 'text/html; charset=UTF-8' : 'text/plain; charset=utf-8');
  if (method === 'HEAD') return reply.header('content-length', String(Buffer.byteLength(body))).send();
  return reply.send(body);
}
