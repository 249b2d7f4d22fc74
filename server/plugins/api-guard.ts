import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError, UpstreamError } from '../errors.js';
import { API_BODY_LIMIT, describeLimit } from './request-bodies.js';
import { sameSecret } from './session.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers without a session (login page data, login itself). */
    public?: boolean;
    /** Login is the one state-changing call made before a CSRF token exists. */
    csrfExempt?: boolean;
    /** Raw byte uploads are not AJAX calls (a browser PUT with an upload ticket). */
    notAjax?: boolean;
    /** Logout: ends the session whether or not Keystone still honours its token. */
    endsSession?: boolean;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The `rest_utils.ajax` wrapper of api-contract §1.4, in its order: session,
 * AJAX header, then CSRF on every state-changing call. Errors of every `/api`
 * route become a status with a JSON string body.
 */
export const apiGuardPlugin = fp(async (app) => {
  app.addHook('preValidation', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const config = request.routeOptions.config ?? {};
    if (!config.public && !request.session) throw new ApiError(401, 'not logged in');
    if (!config.notAjax && request.headers['x-requested-with'] !== 'XMLHttpRequest') {
      throw new ApiError(400, 'request must be AJAX');
    }
    if (STATE_CHANGING.has(request.method) && !config.csrfExempt) {
      const header = request.headers['x-csrftoken'];
      if (!request.session || !sameSecret(typeof header === 'string' ? header : undefined, request.session.csrf)) {
        throw new ApiError(403, 'CSRF verification failed');
      }
    }
  });

  app.setErrorHandler(async (error: Error & { statusCode?: number; code?: string; validation?: unknown }, request, reply) => {
    if (error instanceof UpstreamError && error.status === 401 && request.session) {
      // The cloud no longer accepts the session's token (revoked or expired early).
      reply.clearSession();
      return sendError(reply, 401, 'not logged in');
    }
    if (error instanceof UpstreamError && error.status >= 500) {
      // The browser gets the short message; the operator gets what the service said and its request id.
      request.log.error({ service: error.service, status: error.status, upstreamRequestId: error.requestId, detail: error.detail }, error.message);
    }
    if (error instanceof ApiError) return sendError(reply, error.status, error.message);
    if (error.validation) return sendError(reply, 400, validationMessage(error.message, error.validation));
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      return sendError(reply, 400, `malformed JSON request: ${error.message}`);
    }
    if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return sendError(reply, 400, 'request requires JSON body');
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return sendError(reply, 413, `The request body is too large: the limit is ${describeLimit(request.routeOptions.bodyLimit ?? API_BODY_LIMIT)}.`);
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendError(reply, error.statusCode, error.message);
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendError(reply, 500, 'An unexpected error occurred on the server.');
  });
});

/** Every `/api` error body is a JSON-encoded string (api-contract §1.4). */
export function sendError(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(message));
}

/**
 * Fastify says "body/ram must be >= 1" or "body must have required property
 * 'name'"; an absent body is the contract's sentence, and an unexpected
 * property is named too.
 */
function validationMessage(message: string, errors: unknown): string {
  if (/^body must be (object|array)$/.test(message)) return 'request requires JSON body';
  const first = Array.isArray(errors) ? (errors[0] as { keyword?: string; params?: { additionalProperty?: string } }) : undefined;
  if (first?.keyword === 'additionalProperties' && first.params?.additionalProperty !== undefined) {
    return `${message} ('${first.params.additionalProperty}' was unexpected)`;
  }
  return message;
}

export function isApiRequest(request: FastifyRequest): boolean {
  return request.url.startsWith('/api/');
}
