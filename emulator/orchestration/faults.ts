import { CloudError, MalformedBody } from '../core/errors.js';
import { faultHandler } from '../core/faults.js';
import type { CloudDeps } from '../core/service.js';
import { HeatError } from './models/errors.js';

/**
 * Heat's fault body (heat/api/middleware/fault.py):
 * `{"code", "title", "explanation", "error": {"type", "traceback": null, "message"}}`.
 */
const TITLES: Record<number, [string, string]> = {
  400: ['Bad Request', 'The server could not comply with the request since it is either malformed or otherwise incorrect.'],
  401: ['Unauthorized', 'This server could not verify that you are authorized to access the document you requested.'],
  403: ['Forbidden', 'Access was denied to this resource.'],
  404: ['Not Found', 'The resource could not be found.'],
  405: ['Method Not Allowed', 'The server could not comply with the request since it is either malformed or otherwise incorrect.'],
  409: ['Conflict', 'There was a conflict when trying to complete your request.'],
  413: ['Request Entity Too Large', 'The request is larger than the server is willing or able to process.'],
  500: ['Internal Server Error', 'The server has either erred or is incapable of performing the requested operation.'],
};

export function heatFault(status: number, type: string, message: string) {
  const [title, explanation] = TITLES[status] ?? TITLES[500]!;
  return { code: status, title, explanation, error: { type, traceback: null, message } };
}

export function heatErrorHandler(deps: CloudDeps) {
  return faultHandler(deps, {
    service: 'orchestration',
    malformed: TITLES[400]![1],
    internal: TITLES[500]![1],
    describe: (error) => {
      if (error instanceof HeatError) return { status: error.status, type: error.type, message: error.message };
      if (error instanceof CloudError && !(error instanceof MalformedBody)) return { status: error.status, type: error.name, message: error.message };
      return undefined;
    },
    body: ({ status, type, message }) => heatFault(status, type ?? (status >= 500 ? 'InternalServerError' : 'HTTPBadRequest'), message),
  });
}
