import { faultHandler, novaStyleViolation } from '../core/faults.js';
import type { CloudDeps } from '../core/service.js';

/**
 * Cinder's fault bodies (cinder/api/openstack/wsgi.py Fault, the same as
 * Nova's): `{"<kind>": {"code", "message"}}`; the 413 of a quota adds
 * `"retryAfter": "0"`.
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

export function cinderFault(status: number, message: string) {
  const body: Record<string, unknown> = { code: status, message };
  if (status === 413) body.retryAfter = '0';
  return { [KINDS[status] ?? 'computeFault']: body };
}

export function volumeErrorHandler(deps: CloudDeps) {
  return faultHandler(deps, {
    service: 'volume',
    malformed: 'Malformed request body',
    internal: 'The server has either erred or is incapable of performing the requested operation.',
    describe: novaStyleViolation,
    body: ({ status, message }) => cinderFault(status, message),
  });
}
