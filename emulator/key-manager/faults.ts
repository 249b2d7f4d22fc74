import { faultHandler } from '../core/faults.js';
import type { CloudDeps } from '../core/service.js';

/** Barbican's error bodies (pecan's JSON errors): `{"code": 404, "title": "Not Found", "description": "…"}`. */
const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  413: 'Request Entity Too Large',
  415: 'Unsupported Media Type',
  500: 'Internal Server Error',
};

export function barbicanFault(status: number, description: string) {
  return { code: status, title: TITLES[status] ?? 'Error', description };
}

export function barbicanErrorHandler(deps: CloudDeps) {
  return faultHandler(deps, {
    service: 'key-manager',
    malformed: 'Malformed JSON',
    internal: 'Unexpected server error',
    body: ({ status, message }) => barbicanFault(status, message),
  });
}
