import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { CloudError, MalformedBody } from '../core/errors.js';
import { type CloudDeps, cloudUrl } from '../core/service.js';

/**
 * Neutron's error bodies (neutron_lib/api/faults.py):
 * `{"NeutronError": {"type", "message", "detail"}}`, `type` being the
 * exception class name (`NetworkNotFound`, `InvalidInput`, …).
 */
export class NeutronFault extends CloudError {
  constructor(
    status: number,
    readonly type: string,
    message: string,
  ) {
    super(status, message);
  }
}

export const badRequest = (type: string, message: string) => new NeutronFault(400, type, message);
/** `HTTPBadRequest`: attribute validation ("Invalid input for X. Reason: …"). */
export const invalidAttribute = (attribute: string, reason: string) => new NeutronFault(400, 'HTTPBadRequest', `Invalid input for ${attribute}. Reason: ${reason}.`);
/** `InvalidInput`: "Invalid input for operation: …". */
export const invalidInput = (message: string) => new NeutronFault(400, 'InvalidInput', `Invalid input for operation: ${message}.`);
/** `BadRequest`: "Bad <resource> request: …". */
export const badResourceRequest = (resource: string, message: string) => new NeutronFault(400, 'BadRequest', `Bad ${resource} request: ${message}.`);
export const notFound = (type: string, message: string) => new NeutronFault(404, type, message);
export const conflict = (type: string, message: string) => new NeutronFault(409, type, message);
export const policyNotAuthorized = (rule: string) => new NeutronFault(403, 'PolicyNotAuthorized', `${rule} is disallowed by policy`);

/** The 401 keystonemiddleware answers before Neutron sees the request. */
const UNAUTHORIZED_BODY = { error: { code: 401, title: 'Unauthorized', message: 'The request you have made requires authentication.' } };

function describe(error: unknown): { status: number; type: string; message: string } {
  if (error instanceof NeutronFault) return { status: error.status, type: error.type, message: error.message };
  if (error instanceof MalformedBody) return { status: 400, type: 'HTTPBadRequest', message: 'Body contains invalid data' };
  if (error instanceof CloudError) return { status: error.status, type: error.status === 404 ? 'HTTPNotFound' : 'HTTPBadRequest', message: error.message };
  const status = (error as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) return { status, type: 'HTTPBadRequest', message: (error as Error).message };
  return { status: 500, type: 'HTTPInternalServerError', message: 'Request Failed: internal server error while processing your request.' };
}

export function neutronFaultBody(type: string, message: string) {
  return { NeutronError: { type, message, detail: '' } };
}

export function networkErrorHandler(deps: CloudDeps) {
  return (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const { status, type, message } = describe(error);
    if (status >= 500) request.log.error({ err: error }, 'network emulator error');
    reply.code(status).header('Content-Type', 'application/json');
    if (status === 401) {
      reply.header('WWW-Authenticate', `Keystone uri="${cloudUrl(deps, '/identity')}"`);
      return reply.send(JSON.stringify(UNAUTHORIZED_BODY));
    }
    return reply.send(JSON.stringify(neutronFaultBody(type, message)));
  };
}
