import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { CloudError, MalformedBody, SchemaViolation } from './errors.js';
import { type CloudDeps, cloudUrl } from './service.js';
import { pyStr } from './validation.js';

/** What went wrong, before a service words it in its own body. */
export interface Fault {
  status: number;
  message: string;
  /** The exception class a service names in its body (Neutron's and Heat's `type`). */
  type?: string;
}

/**
 * How one service answers errors; everything else (the statuses of typed
 * errors and of Fastify's own 4xx, the log line of a 5xx, keystonemiddleware's
 * 401) is the same for all of them and lives in `faultHandler`.
 */
export interface FaultStyle {
  /** The service type, for the log line of a 5xx. */
  service: string;
  /** The message of a body that is not JSON. */
  malformed: string;
  /** The message of an unexpected error (a 500). */
  internal: string;
  /** The service's own readings of an error (typed faults, schema violations), tried first; `undefined` falls through. */
  describe?(error: unknown): Fault | undefined;
  /** The service's JSON error body. */
  body?(fault: Fault): unknown;
  /** Sends an error body that is not always JSON (Glance's HTML, Swift's); `error` is what was thrown. */
  send?(reply: FastifyReply, fault: Fault, request: FastifyRequest, error: unknown): FastifyReply;
  /** Where the 401's `WWW-Authenticate` points (default `/identity`); `null`: no such header (Swift words its 401 itself). */
  identityPath?: string | null;
  /** Whether a 401 gets keystonemiddleware's body (the default) or the service's own (Keystone itself, Swift). */
  ownUnauthorizedBody?: boolean;
}

/** The 401 keystonemiddleware answers before the service sees the request. */
export const UNAUTHORIZED_BODY = { error: { code: 401, title: 'Unauthorized', message: 'The request you have made requires authentication.' } };

/** Sends `body` as JSON with `status`. */
export function sendJson(reply: FastifyReply, status: number, body: unknown): FastifyReply {
  return reply.code(status).header('Content-Type', 'application/json').send(JSON.stringify(body));
}

function describeCommon(error: unknown, style: FaultStyle): Fault {
  if (error instanceof MalformedBody) return { status: 400, message: style.malformed };
  if (error instanceof CloudError) return { status: error.status, message: error.message };
  const status = (error as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) return { status, message: (error as Error).message };
  return { status: 500, message: style.internal };
}

/** One service's Fastify error handler, in its style. */
export function faultHandler(deps: CloudDeps, style: FaultStyle) {
  return (error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    const fault = style.describe?.(error) ?? describeCommon(error, style);
    if (fault.status >= 500) request.log.error({ err: error }, `${style.service} emulator error`);
    if (fault.status === 401) {
      if (style.identityPath !== null) reply.header('WWW-Authenticate', `Keystone uri="${cloudUrl(deps, style.identityPath ?? '/identity')}"`);
      if (!style.ownUnauthorizedBody) return sendJson(reply, 401, UNAUTHORIZED_BODY);
    }
    if (style.send) return style.send(reply, fault, request, error);
    return sendJson(reply, fault.status, style.body?.(fault));
  };
}

/**
 * The message of a schema violation as nova/api/validation/validators.py
 * words it (Cinder copies it): the body names the last path segment, the
 * query the first.
 */
export function novaStyleViolation(error: unknown): Fault | undefined {
  if (!(error instanceof SchemaViolation)) return undefined;
  if (error.override) return { status: 400, message: error.override };
  if (!error.path.length) return { status: 400, message: error.reason };
  const field = error.location === 'query' ? error.path[0] : error.path[error.path.length - 1];
  const prefix = error.location === 'query' ? 'Invalid input for query parameters' : 'Invalid input for field/attribute';
  return { status: 400, message: `${prefix} ${field}. Value: ${pyStr(error.instance)}. ${error.reason}` };
}
