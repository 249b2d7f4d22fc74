import type { FastifyRequest } from 'fastify';
import type { RequestContext } from '../../core/context.js';
import { Unauthorized } from '../../core/errors.js';
import { firstHeader } from '../../core/http.js';
import { type CloudDeps, cloudUrl } from '../../core/service.js';

/** The caller of an identity API: a valid X-Auth-Token, else 401. */
export function requireContext(request: FastifyRequest, deps: CloudDeps): RequestContext {
  const token = firstHeader(request, 'x-auth-token');
  const context = token ? deps.authenticate(token) : null;
  if (!context) throw new Unauthorized();
  return context;
}

/** `<base>/cloud/identity/v3` */
export function v3Url(deps: CloudDeps): string {
  return cloudUrl(deps, '/identity/v3');
}

/** The `links` of a Keystone collection (no paging: next and previous are null). */
export function collectionLinks(deps: CloudDeps, request: FastifyRequest) {
  const path = request.url.split('?')[0].replace(/^.*?\/v3/, '');
  const query = request.url.includes('?') ? `?${request.url.split('?')[1]}` : '';
  return { next: null, self: `${v3Url(deps)}${path}${query}`, previous: null };
}

export function parseBoolean(value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  return !['0', 'false', 'False', 'FALSE', 'no', 'off'].includes(value);
}
