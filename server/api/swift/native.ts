import { ApiError, UpstreamError } from '../../errors.js';
import type { CloudClient, CloudRequestOptions } from '../../openstack/client.js';
import type { AnswerHeaders, UpstreamResponse } from '../../openstack/http.js';

/**
 * Calls to Swift v1 (api-contract §9, §14.6). The catalog's `object-store`
 * URL is the account (`…/v1/AUTH_{project}`); container and object names are
 * percent-encoded segment by segment, so `/` stays a separator and spaces,
 * `#`, `%`, `?` and unicode pass unchanged.
 */
export const OBJECT_STORE = 'object-store';

/** An upload or a download may take far longer than the usual per-request budget. */
export const TRANSFER_TIMEOUT_MS = 6 * 60 * 60 * 1000;

export function objectPath(container: string, object?: string): string {
  const head = `/${encodeURIComponent(container)}`;
  return object === undefined ? head : `${head}/${object.split('/').map(encodeURIComponent).join('/')}`;
}

/** A Swift call whose success body is JSON, text or nothing (Swift answers writes with HTML or nothing). */
export function swift<T = unknown>(client: CloudClient, method: string, path: string, options: CloudRequestOptions = {}): Promise<UpstreamResponse<T>> {
  return client.request<T>(OBJECT_STORE, method, path, { answer: method === 'GET' && options.query?.format === 'json' ? 'json' : 'text', ...options });
}

/** HEAD that answers null for a 404 instead of failing: the existence checks before create and copy. */
export async function headOrNull(client: CloudClient, path: string): Promise<AnswerHeaders | null> {
  try {
    return (await swift(client, 'HEAD', path)).headers;
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) return null;
    throw error;
  }
}

/** `/info` at the host root of the account URL, not under /v1/AUTH_… (api-contract §9). */
export function infoUrl(client: CloudClient): string {
  return `${new URL(client.endpoint(OBJECT_STORE)).origin}/info`;
}

export function conflict(message: string): ApiError {
  return new ApiError(409, message);
}
