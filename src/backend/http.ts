import { HttpError } from 'ra-core';
import type { ToastKind } from '../toasts/store';
import { readCookie } from '../utils/cookies';
import type { Preloads } from './preloads';

/** Where the HTTP helper reports what the user must see (the toast store). */
export interface HttpNotifier {
  error(message: string): void;
  /** An alert of the messages response header, at its own level. */
  add(type: ToastKind, message: string): void;
}

export interface HttpClientOptions {
  notify: HttpNotifier;
  /** Called once a 401 has been toasted: the app clears its state and goes to the login page. */
  onUnauthorized: () => void;
  /** Injected in tests; the browser's fetch otherwise. */
  fetch?: typeof fetch;
  /** `document.cookie`, injectable so the CSRF rule is testable without a DOM. */
  readCookies?: () => string;
  /** Counts the requests in flight for the global spinner (spec 1 §4.10). */
  requests?: RequestCounter;
  /** The answers the page came with: a GET they hold is answered without a request. */
  preloads?: Preloads;
  /** Called as a request that may change something starts (every one but GET and the policy check). */
  onWrite?: () => void;
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
/** A POST that only reads: a policy check changes nothing the page's preloaded answers say. */
const POLICY_PATH = '/api/policy/';

/**
 * The response header carrying the server's alert messages (spec 1 §3, §7.1:
 * `X-<product>-Messages`; the product is Horizon as in `X-Horizon-Location`,
 * api-contract §1.9). Its value is JSON: `[[type, text, extra tags], …]`.
 */
export const MESSAGES_HEADER = 'X-Horizon-Messages';

/** Alert types of spec 1 §8; anything else is shown as info. */
const ALERT_TYPES: ReadonlySet<string> = new Set<ToastKind>(['danger', 'warning', 'info', 'success', 'error']);

/**
 * The alerts of a messages header as toast kinds and texts; a header that is
 * not the JSON list of triples gives none rather than breaking the call.
 *
 * @example
 * parseMessagesHeader('[["success", "Saved.", ""]]'); // [{ type: 'success', text: 'Saved.' }]
 */
export function parseMessagesHeader(value: string | null): { type: ToastKind; text: string }[] {
  if (!value) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((entry: unknown) => {
    if (!Array.isArray(entry) || typeof entry[1] !== 'string' || !entry[1]) return [];
    const type = typeof entry[0] === 'string' && ALERT_TYPES.has(entry[0]) ? (entry[0] as ToastKind) : 'info';
    return [{ type, text: entry[1] }];
  });
}

/**
 * How many requests are in flight (spec 1 §4.10: "the spinner shows on the
 * first request and hides when the last ends"), observable from React.
 */
export interface RequestCounter {
  start(): void;
  end(): void;
  getSnapshot(): number;
  subscribe(listener: () => void): () => void;
}

/**
 * @example
 * const requests = createRequestCounter();
 * createHttpClient({ notify, onUnauthorized, requests });
 * requests.getSnapshot(); // 0 when idle
 */
export function createRequestCounter(): RequestCounter {
  let count = 0;
  const listeners = new Set<() => void>();
  const publish = (next: number) => {
    count = next;
    for (const listener of listeners) listener();
  };
  return {
    start: () => publish(count + 1),
    end: () => publish(Math.max(0, count - 1)),
    getSnapshot: () => count,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * The one fetch wrapper every `/api` call goes through (spec 1 §7.3,
 * api-contract §1.2): same-origin cookies, `X-Requested-With` on every call,
 * `X-CSRFToken` from the `csrftoken` cookie on state-changing calls. A 401
 * toasts and goes to the login page, a 403 toasts and stays; every failure
 * rejects with an `HttpError` carrying the server's message. Every answer's
 * messages header becomes toasts, and the request counter covers each call
 * from its start until its body is read.
 *
 * @example
 * const http = createHttpClient({ notify: toasts, onUnauthorized: () => router.navigate('/auth/login') });
 * const { items } = await http.get<{ items: unknown[] }>('/api/nova/keypairs/');
 */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const readCookies = options.readCookies ?? (() => (typeof document === 'undefined' ? '' : document.cookie));

  async function request<T>(method: string, path: string, body: unknown, requestOptions: RequestOptions = {}): Promise<T> {
    const preloads = options.preloads;
    if (preloads && method === 'GET') {
      const url = withQuery(path, requestOptions.query);
      const preloaded = preloads.answer(url);
      if (preloaded) return preloaded.value as T;
      preloads.asked(url);
    } else if (method !== 'GET' && path !== POLICY_PATH) {
      preloads?.drop();
      options.onWrite?.();
    }
    options.requests?.start();
    try {
      return await send<T>(method, path, body, requestOptions);
    } finally {
      options.requests?.end();
    }
  }

  async function send<T>(method: string, path: string, body: unknown, requestOptions: RequestOptions): Promise<T> {
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
    for (const alert of parseMessagesHeader(response.headers.get(MESSAGES_HEADER))) options.notify.add(alert.type, alert.text);
    const payload = await readBody(response);
    if (response.ok) return payload as T;
    const message = typeof payload === 'string' && payload ? payload : `${response.status} ${response.statusText}`.trim();
    if (response.status === 401) options.preloads?.drop();
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
