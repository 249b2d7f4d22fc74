import type { FastifyReply } from 'fastify';
import { faultHandler } from '../core/faults.js';
import type { CloudDeps } from '../core/service.js';
import { SWIFT_REASONS, SwiftError } from './models/errors.js';

/**
 * Swift's error answers: swob's `<html><h1>Title</h1><p>Explanation</p></html>`
 * (text/html), or the short text a middleware answers with (text/plain), and
 * no body at all on HEAD.
 */
export function swiftErrorHandler(deps: CloudDeps) {
  return faultHandler(deps, {
    service: 'object-store',
    malformed: '',
    internal: '',
    send: (reply, { status }, request, error) => sendSwiftError(reply, request.method, status, error instanceof SwiftError ? error.text : undefined),
    identityPath: null,
    ownUnauthorizedBody: true,
  });
}

export function sendSwiftError(reply: FastifyReply, method: string, status: number, text?: string): FastifyReply {
  const [title, explanation] = SWIFT_REASONS[status] ?? ['Internal Error', 'The server has either erred or is incapable of performing the requested operation.'];
  const body = text ?? `<html><h1>${title}</h1><p>${explanation}</p></html>`;
  reply.code(status).header('content-type', text === undefined ? 'text/html; charset=UTF-8' : 'text/plain; charset=utf-8');
  if (method === 'HEAD') return reply.header('content-length', String(Buffer.byteLength(body))).send();
  return reply.send(body);
}
