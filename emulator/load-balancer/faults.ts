import { faultHandler } from '../core/faults.js';
import type { CloudDeps } from '../core/service.js';

/**
 * Octavia's error bodies (WSME's): `{"faultcode": "Client", "faultstring": "…", "debuginfo": null}`,
 * faultcode `Server` for a 5xx; the 401 is keystonemiddleware's.
 */
export function octaviaFault(status: number, message: string) {
  return { faultcode: status >= 500 ? 'Server' : 'Client', faultstring: message, debuginfo: null };
}

export function octaviaErrorHandler(deps: CloudDeps) {
  return faultHandler(deps, {
    service: 'load-balancer',
    malformed: 'Request is not in valid JSON format',
    internal: 'Internal Server Error',
    body: ({ status, message }) => octaviaFault(status, message),
  });
}
