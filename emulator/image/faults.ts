import type { FastifyReply, FastifyRequest } from 'fastify';
import { MalformedBody } from '../core/errors.js';
import { faultHandler, sendJson } from '../core/faults.js';
import type { CloudDeps } from '../core/service.js';
import { ConflictDetail } from './models/images.js';

/**
 * Glance's error bodies are webob's: JSON when the client accepts it
 * (`{"message", "code": "404 Not Found", "title"}`), an HTML page otherwise.
 * The message keeps webob's `<br /><br />` tail, as the real service sends it.
 */
const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  410: 'Gone',
  413: 'Request Entity Too Large',
  415: 'Unsupported Media Type',
  500: 'Internal Server Error',
};

/** webob's explanation for a status, shown before a detail line. */
const EXPLANATIONS: Record<number, string> = {
  409: 'There was a conflict when trying to complete your request.',
};

/** webob's tail after a message, as the real service sends it. */
const WEBOB_TAIL = '<br /><br />\n\n\n';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#x27;').replace(/"/g, '&quot;');

export function glanceError(request: FastifyRequest, reply: FastifyReply, status: number, message: string): FastifyReply {
  const title = TITLES[status] ?? 'Error';
  const accept = String(request.headers.accept ?? '');
  if (accept.includes('application/json')) return sendJson(reply, status, { message, code: `${status} ${title}`, title });
  const text = message.replace(/<br \/><br \/>[\s\S]*$/, '');
  const html = `<html>\n <head>\n  <title>${status} ${title}</title>\n </head>\n <body>\n  <h1>${status} ${title}</h1>\n  ${escapeHtml(text)}<br /><br />\n\n\n\n </body>\n</html>`;
  return reply.code(status).header('Content-Type', 'text/html; charset=UTF-8').send(html);
}

export function imageErrorHandler(deps: CloudDeps) {
  return faultHandler(deps, {
    service: 'image',
    malformed: 'Malformed JSON in request body.',
    internal: 'The server has either erred or is incapable of performing the requested operation.',
    describe: (error) => (error instanceof ConflictDetail ? { status: 409, message: `${EXPLANATIONS[409]}<br /><br />\n${error.detail}\n\n` } : undefined),
    send: (reply, { status, message }, request, error) => {
      // The refused body may not all be read yet: the client should not send its next request behind it.
      if (status === 413) reply.header('Connection', 'close');
      const worded = error instanceof MalformedBody || error instanceof ConflictDetail ? message : `${message}${WEBOB_TAIL}`;
      return glanceError(request, reply, status, worded);
    },
  });
}
