import { ApiError, UpstreamError } from '../../errors.js';
import type { CloudClient, CloudRequestOptions } from '../../openstack/client.js';
import type { UpstreamResponse } from '../../openstack/http.js';

/** Calls to Heat v1 (api-contract §14.9): the catalog's `orchestration` URL is `…/v1/{project}`. */
export const ORCHESTRATION = 'orchestration';

export function heat<T = unknown>(client: CloudClient, method: string, path: string, options: CloudRequestOptions = {}): Promise<UpstreamResponse<T>> {
  return client.request<T>(ORCHESTRATION, method, path, options);
}

/**
 * `stacks/{name}/{id}` of a stack known by id (or name): Heat answers
 * `GET /stacks/{id}` with a 302 to its canonical URL, whose tail is that path.
 */
export async function stackPath(client: CloudClient, stackId: string): Promise<string> {
  const response = await heat(client, 'GET', `/stacks/${encodeURIComponent(stackId)}`, { answer: 'text' });
  const location = response.headers.get('location');
  if (response.status === 302 && location) {
    const match = /\/stacks\/([^/?]+)\/([^/?]+)/.exec(location);
    if (match) return `/stacks/${match[1]}/${match[2]}`;
  }
  throw new ApiError(502, 'The orchestration service did not say where the stack is.');
}

export function isNotFound(error: unknown): boolean {
  return error instanceof UpstreamError && error.status === 404;
}

/** Heat's `<ACTION>_<STATUS>` split at the first `_` (as the clients do). */
export function splitStatus(stackStatus: string): { action: string; status: string } {
  const at = stackStatus.indexOf('_');
  return at < 0 ? { action: stackStatus, status: '' } : { action: stackStatus.slice(0, at), status: stackStatus.slice(at + 1) };
}
