import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { CloudError, MalformedBody } from '../core/errors.js';
import { type CloudDeps, cloudUrl } from '../core/service.js';
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

const UNAUTHORIZED_BODY = { error: { code: 401, title: 'Unauthorized', message: 'The request you have made requires authentication.' } };

function describe(error: unknown): { status: number; message: string } {
  if (error instanceof MalformedBody) return { status: 400, message: 'Malformed JSON in request body.' };
  if (error instanceof ConflictDetail) return { status: 409, message: `${EXPLANATIONS[409]}<br /><br />\n${error.detail}\n\n` };
  if (error instanceof CloudError) return { status: error.status, message: `${error.message}<br /><br />\n\n\n` };
  const status = (error as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) return { status, message: `${(error as Error).message}<br /><br />\n\n\n` };
  return { status: 500, message: 'The server has either erred or is incapable of performing the requested operation.<br /><br />\n\n\n' };
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#x27;').replace(/"/g, '&quot;');

export function glanceError(request: FastifyRequest, reply: FastifyReply, status: number, message: string): FastifyReply {
  const title = TITLES[status] ?? 'Error';
  const accept = String(request.headers.accept ?? '');
  if (accept.includes('application/json')) {
    return reply.code(status).header('Content-Type', 'application/json').send(JSON.stringify({ message, code: `${status} ${title}`, title }));
  }
  const text = message.replace(/<br \/><br \/>[\s\S]*$/, '');
  const html = `<html>\n <head>\n  <title>${status} ${title}</title>\n </head>\n <body>\n  <h1>${status} ${title}</h1>\n  ${escapeHtml(text)}<br /><br />\n\n\n\n </body>\n</html>`;
  return reply.code(status).header('Content-Type', 'text/html; charset=UTF-8').send(html);
}

export function imageErrorHandler(deps: CloudDeps) {
  return (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const { status, message } = describe(error);
    if (status >= 500) request.log.error({ err: error }, 'image emulator error');
    // The refused body may not all be read yet: the client should not send its next request behind it.
    if (status === 413) reply.header('Connection', 'close');
    if (status === 401) {
      return reply
        .code(401)
        .header('WWW-Authenticate', `Keystone uri="${cloudUrl(deps, '/identity')}"`)
        .header('Content-Type', 'application/json')
        .send(JSON.stringify(UNAUTHORIZED_BODY));
    }
    return glanceError(request, reply, status, message);
  };
}
