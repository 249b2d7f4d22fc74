import type { Persona, TestCloud } from './cloud.js';

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  /** Send the X-CSRFToken header (default true); false tests the CSRF refusal. */
  csrf?: boolean | string;
  /** Send X-Requested-With (default true). */
  ajax?: boolean;
  /** A raw body, sent as is (malformed JSON tests); '' sends the JSON content type with no body. */
  rawBody?: string;
  /** More request headers (a proxy's X-Forwarded-For, say). */
  headers?: Record<string, string>;
}

/**
 * A browser stand-in: keeps cookies like a browser does and sends the headers
 * the SPA sends (X-Requested-With, X-CSRFToken from the csrftoken cookie).
 */
export class ApiClient {
  readonly cookies = new Map<string, string>();
  /** The raw Set-Cookie lines of the last response, for attribute checks. */
  lastSetCookie: string[] = [];

  constructor(private readonly cloud: TestCloud) {}

  static async loggedIn(cloud: TestCloud, persona: Persona): Promise<ApiClient> {
    const client = new ApiClient(cloud);
    const response = await client.login(persona);
    if (response.status !== 200) throw new Error(`login as ${persona} failed: ${response.status} ${JSON.stringify(response.body)}`);
    return client;
  }

  login(persona: Persona, password = this.cloud.passwords[persona], headers?: Record<string, string>): Promise<ApiResponse> {
    return this.request('POST', '/api/auth/login/', { auth_type: 'credentials', username: persona, password, domain: 'Default', region: 'RegionOne' }, { csrf: false, headers });
  }

  /** The cookies held, as a Cookie header (also for the requests a test makes itself: forms, raw bytes). */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  get<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, undefined, options);
  }
  post<T = any>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('POST', path, body, options);
  }
  delete<T = any>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('DELETE', path, body, options);
  }

  async request<T = any>(method: string, path: string, body?: unknown, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = {};
    if (options.ajax !== false) headers['X-Requested-With'] = 'XMLHttpRequest';
    const csrf = options.csrf ?? true;
    if (csrf !== false && method !== 'GET') headers['X-CSRFToken'] = typeof csrf === 'string' ? csrf : (this.cookies.get('csrftoken') ?? '');
    if (this.cookies.size) headers.Cookie = this.cookieHeader();
    let payload: string | undefined;
    if (options.rawBody !== undefined) payload = options.rawBody;
    else if (body !== undefined) payload = JSON.stringify(body);
    if (payload !== undefined) headers['Content-Type'] = 'application/json;charset=utf-8';
    Object.assign(headers, options.headers);
    const response = await fetch(this.cloud.baseUrl + path, { method, headers, body: payload, redirect: 'manual' });
    this.keepCookies(response.headers.getSetCookie());
    const text = await response.text();
    return { status: response.status, body: text ? parseBody(text) : undefined, headers: response.headers } as ApiResponse<T>;
  }

  private keepCookies(lines: string[]): void {
    this.lastSetCookie = lines;
    for (const line of lines) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((attribute) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(attribute));
      if (expired || !value) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
