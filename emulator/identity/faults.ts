import { BadRequest, SchemaViolation } from '../core/errors.js';
import { faultHandler } from '../core/faults.js';
import type { CloudDeps } from '../core/service.js';

/**
 * Keystone's error body: `{"error": {"code", "message", "title"}}`
 * (keystone/server/flask/application.py), with the titles of http.client.
 */
const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Request Entity Too Large',
  415: 'Unsupported Media Type',
  500: 'Internal Server Error',
};

const CLIENT_IN_ERROR =
  'The server could not comply with the request since it is either malformed or otherwise incorrect. The client is assumed to be in error.';

export function keystoneErrorBody(status: number, message: string) {
  return { error: { code: status, message, title: TITLES[status] ?? 'Error' } };
}

/** keystone.exception.ValidationError: "Expecting to find <attribute> in <target>. …" */
export function expectingToFind(attribute: string, target: string): BadRequest {
  return new BadRequest(`Expecting to find ${attribute} in ${target}. ${CLIENT_IN_ERROR}`);
}

export function identityErrorHandler(deps: CloudDeps) {
  return faultHandler(deps, {
    service: 'identity',
    malformed: `Expecting to find valid JSON in request body. ${CLIENT_IN_ERROR}`,
    internal: 'An unexpected error prevented the server from fulfilling your request.',
    describe: (error) => {
      if (!(error instanceof SchemaViolation)) return undefined;
      if (error.override) return { status: 400, message: error.override };
      return { status: 400, message: error.path.length ? `Invalid input for field '${error.path.join('/')}': ${error.reason}` : error.reason };
    },
    body: ({ status, message }) => keystoneErrorBody(status, message),
    identityPath: '/identity/v3',
    ownUnauthorizedBody: true,
  });
}
