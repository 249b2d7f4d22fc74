import { faultHandler, novaStyleViolation } from '../core/faults.js';
import type { CloudDeps } from '../core/service.js';

/**
 * Nova's fault bodies (nova/api/openstack/wsgi.py Fault):
 * `{"<kind>": {"code", "message"}}`, the kind following the status.
 */
const KINDS: Record<number, string> = {
  400: 'badRequest',
  403: 'forbidden',
  404: 'itemNotFound',
  405: 'badMethod',
  409: 'conflictingRequest',
  413: 'overLimit',
  415: 'badMediaType',
  501: 'notImplemented',
};

export function novaFault(status: number, message: string) {
  return { [KINDS[status] ?? 'computeFault']: { code: status, message } };
}

export function computeErrorHandler(deps: CloudDeps) {
  return faultHandler(deps, {
    service: 'compute',
    malformed: 'Malformed request body',
    internal: 'Unexpected API Error. Please report this at http://bugs.launchpad.net/nova/ and attach the Nova API log if possible.',
    describe: novaStyleViolation,
    body: ({ status, message }) => novaFault(status, message),
  });
}
