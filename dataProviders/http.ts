import { HttpError } from 'ra-core';
import { readCookie } from '../src/utils/cookies';

/** Where the HTTP helper reports what the user must see (the toast store). */
export interface HttpNotifier {
  error(message: string): void;
}

export interface HttpClientOptions {
  notify: HttpNotifier;
  /** Called once a 401 has been toasted: the app clears its state and goes to the login page. */
  onUnauthorized: () => void;
  /** Injected in tests; the browser's fetch otherwise. */
  fetch?: typeof fetch;
  /** `document.cookie`, injectable so the CSRF rule is testable without a DOM. */
  readCookies?: () => string;
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined>;
  /**
   * The caller handles 401 and 403 itself: no toast and no redirect. The login
   * page and the first session probe use it (spec 1 §6: handled silently).
   */
  silent?: boolean;
  signal?: AbortSignal;
}

export interface HttpClient {
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions & { body?: unknown }): Promise<T>;
}

/** Spec 1 §8, exact wording. */
export const UNAUTHORIZED_MESSAGE = 'Unauthorized. Redirecting to login';
export const FORBIDDEN_MESSAGE = 'Forbidden. Insufficient permissions of the requested operation';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The one fetch wrapper every `/api` call goes through (spec 1 §7.3,
 * api-contract §1.2): same-origin cookies, `X-Requested-With` on every call,
 * `X-CSRFToken` from the `csrftoken` cookie on state-changing calls. A 401
 * toasts and goes to the login page, a 403 toasts and stays; every failure
 * rejects with an `HttpError` carrying the server's message.
 *
 * @example
 * const http = createHttpClient({ notify: toasts, onUnauthorized: () => router.navigate('/auth/login') });
 * const { items } = await http.get<{ items: unknown[] }>('/api/nova/keypairs/');
 */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const readCookies = options.readCookies ?? (() => (typeof document === 'undefined' ? '' : document.cookie));

  async function request<T>(method: string, path: string, body: unknown, requestOptions: RequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
    if (body !== undefined) headers['Content-Type'] = 'application/json;charset=utf-8';
    if (STATE_CHANGING.has(method)) {
      const csrf = readCookie('csrftoken', readCookies());
      if (csrf) headers['X-CSRFToken'] = csrf;
    }
    let response: Response;
    try {
      response = await doFetch(withQuery(path, requestOptions.query), {
        method,
        headers,
        credentials: 'same-origin',
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: requestOptions.signal,
      });
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error;
      throw new HttpError((error as Error).message || 'The server could not be reached.', 0);
    }
    const payload = await readBody(response);
    if (response.ok) return payload as T;
    const message = typeof payload === 'string' && payload ? payload : `${response.status} ${response.statusText}`.trim();
    if (!requestOptions.silent && response.status === 401) {
      options.notify.error(UNAUTHORIZED_MESSAGE);
      options.onUnauthorized();
    } else if (!requestOptions.silent && response.status === 403) {
      options.notify.error(FORBIDDEN_MESSAGE);
    }
    throw new HttpError(message, response.status, payload);
  }

  return {
    get: (path, requestOptions) => request('GET', path, undefined, requestOptions),
    post: (path, body, requestOptions) => request('POST', path, body, requestOptions),
    put: (path, body, requestOptions) => request('PUT', path, body, requestOptions),
    patch: (path, body, requestOptions) => request('PATCH', path, body, requestOptions),
    delete: (path, requestOptions) => request('DELETE', path, requestOptions?.body, requestOptions),
  };
}

/** Errors of the HTTP helper that a 401/403 toast has already explained to the user. */
export function isAlreadyReported(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return status === 401 || status === 403;
}

export function errorStatus(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

/** The server's own sentence for a failure (every `/api` error body is a JSON string). */
export function serverMessage(error: unknown): string | undefined {
  const body = (error as { body?: unknown } | null)?.body;
  return typeof body === 'string' && body.trim() ? body : undefined;
}

function withQuery(path: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(key, String(value));
  const search = params.toString();
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
}

/** JSON when the server says so (an empty 204 is `undefined`), text otherwise. */
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text); // `1e+999` (api-contract §1.8) parses to Infinity, as intended
  } catch {
    return text;
  }
}
