import { CloudError } from '../core/errors.js';
import { faultHandler } from '../core/faults.js';
import type { CloudDeps } from '../core/service.js';

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

export function neutronFaultBody(type: string, message: string) {
  return { NeutronError: { type, message, detail: '' } };
}

/** The exception class Neutron names for an error that is not one of its own faults. */
function typeOf(status: number): string {
  if (status >= 500) return 'HTTPInternalServerError';
  return status === 404 ? 'HTTPNotFound' : 'HTTPBadRequest';
}

export function networkErrorHandler(deps: CloudDeps) {
  return faultHandler(deps, {
    service: 'network',
    malformed: 'Body contains invalid data',
    internal: 'Request Failed: internal server error while processing your request.',
    describe: (error) => (error instanceof NeutronFault ? { status: error.status, type: error.type, message: error.message } : undefined),
    body: ({ status, type, message }) => neutronFaultBody(type ?? typeOf(status), message),
  });
}
