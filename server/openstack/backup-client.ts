import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors.js';
import { callUpstream } from './http.js';

/** How the BFF reaches the backup service: in this process (`inject`) or at its URL (`npm run backup-service`). */
export type BackupTarget = { kind: 'in-process'; app: () => FastifyInstance } | { kind: 'url'; url: string };

/**
 * The BFF's client of the backup service's native API (backup/README.md):
 * the session's token goes along, as to any OpenStack service, and an error
 * comes back as the service's status and sentence.
 */
export class BackupClient {
  constructor(
    private readonly target: BackupTarget,
    private readonly timeoutMs: number,
  ) {}

  async call<T = unknown>(token: string, method: string, path: string, options: { body?: unknown; query?: Record<string, string | undefined> } = {}): Promise<{ status: number; body: T }> {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(options.query ?? {})) if (value !== undefined) query.set(key, value);
    const suffix = query.size > 0 ? `?${query}` : '';
    if (this.target.kind === 'url') {
      const response = await callUpstream<T>({
        method,
        url: `${this.target.url.replace(/\/+$/, '')}${path}${suffix}`,
        headers: { 'X-Auth-Token': token },
        body: options.body,
        timeoutMs: this.timeoutMs,
        service: 'backup',
      });
      return { status: response.status, body: response.body };
    }
    const response = await this.target.app().inject({
      method: method as 'GET',
      url: `/backup/v1${path}${suffix}`,
      headers: { 'x-auth-token': token, ...(options.body === undefined ? {} : { 'content-type': 'application/json' }) },
      payload: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = response.body;
    let body: unknown = undefined;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        throw new ApiError(502, 'The backup service sent an answer that is not JSON.');
      }
    }
    if (response.statusCode >= 400) throw new ApiError(response.statusCode, typeof body === 'string' ? body : `The backup service answered ${response.statusCode}.`);
    return { status: response.statusCode, body: body as T };
  }
}
