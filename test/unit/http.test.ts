import { describe, expect, it, vi } from 'vitest';
import { createHttpClient, createRequestCounter, FORBIDDEN_MESSAGE, MESSAGES_HEADER, parseMessagesHeader, UNAUTHORIZED_MESSAGE } from '../../src/backend/http';

/** `body: null` answers with no body (a 204). */
function client(status = 200, body: unknown = { ok: true }, cookies = 'sessionid=x; csrftoken=tok%2B1', extraHeaders: Record<string, string> = {}) {
  const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
    new Response(body === null ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json', ...extraHeaders },
    }),
  );
  const notify = { error: vi.fn(), add: vi.fn() };
  const onUnauthorized = vi.fn();
  const requests = createRequestCounter();
  const http = createHttpClient({ fetch: fetch as typeof globalThis.fetch, readCookies: () => cookies, notify, onUnauthorized, requests });
  const sent = (index = 0) => {
    const [url, init] = fetch.mock.calls[index];
    return { url: String(url), init: init!, headers: init!.headers as Record<string, string> };
  };
  return { http, fetch, notify, onUnauthorized, sent, requests };
}

describe('http helper (spec 1 §7.3, api-contract §1.2)', () => {
  it.each(['post', 'put', 'patch', 'delete'] as const)('sends X-CSRFToken from the csrftoken cookie on %s', async (method) => {
    const { http, sent } = client();
    await (method === 'delete' ? http.delete('/api/nova/keypairs/k1') : http[method]('/api/x/', { a: 1 }));
    expect(sent().headers['X-CSRFToken']).toBe('tok+1');
    expect(sent().init.method).toBe(method.toUpperCase());
  });

  it('sends no X-CSRFToken on GET', async () => {
    const { http, sent } = client();
    await http.get('/api/nova/keypairs/');
    expect(sent().headers['X-CSRFToken']).toBeUndefined();
  });

  it('sends X-Requested-With: XMLHttpRequest and same-origin credentials on every call', async () => {
    const { http, sent } = client();
    await http.get('/api/a/');
    await http.post('/api/b/', {});
    for (const index of [0, 1]) {
      expect(sent(index).headers['X-Requested-With']).toBe('XMLHttpRequest');
      expect(sent(index).init.credentials).toBe('same-origin');
    }
  });

  it('sends a JSON body with the JSON content type, and query parameters in the URL', async () => {
    const { http, sent } = client();
    await http.post('/api/nova/keypairs/', { name: 'k1', key_type: 'ssh' });
    expect(sent().init.body).toBe('{"name":"k1","key_type":"ssh"}');
    expect(sent().headers['Content-Type']).toBe('application/json;charset=utf-8');
    await http.get('/api/keystone/projects/', { query: { user_id: 'u 1', skip: undefined } });
    expect(sent(1).url).toBe('/api/keystone/projects/?user_id=u+1');
  });

  it('reads an empty 204 as undefined', async () => {
    const { http } = client(204, null);
    await expect(http.delete('/api/nova/keypairs/k1')).resolves.toBeUndefined();
  });

  it("rejects with the server's message and status", async () => {
    const { http, notify } = client(409, "Key pair 'k1' already exists.");
    await expect(http.post('/api/nova/keypairs/', {})).rejects.toMatchObject({ status: 409, message: "Key pair 'k1' already exists.", body: "Key pair 'k1' already exists." });
    expect(notify.error).not.toHaveBeenCalled();
  });

  it("on 401 toasts 'Unauthorized. Redirecting to login' and asks the app to go to the login page", async () => {
    const { http, notify, onUnauthorized } = client(401, 'not logged in');
    await expect(http.get('/api/nova/keypairs/')).rejects.toMatchObject({ status: 401 });
    expect(notify.error).toHaveBeenCalledWith(UNAUTHORIZED_MESSAGE);
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it("on 403 toasts 'Forbidden. Insufficient permissions of the requested operation' and stays", async () => {
    const { http, notify, onUnauthorized } = client(403, 'CSRF verification failed');
    await expect(http.post('/api/nova/keypairs/', {})).rejects.toMatchObject({ status: 403, message: 'CSRF verification failed' });
    expect(notify.error).toHaveBeenCalledWith(FORBIDDEN_MESSAGE);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('stays silent on 401 when the caller handles it (login, the session probe)', async () => {
    const { http, notify, onUnauthorized } = client(401, 'Invalid credentials.');
    await expect(http.post('/api/auth/login/', {}, { silent: true })).rejects.toMatchObject({ message: 'Invalid credentials.' });
    expect(notify.error).not.toHaveBeenCalled();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('reads 1e+999 as Infinity (api-contract §1.8)', async () => {
    const fetch = vi.fn(async () => new Response('{"maxTotalInstances":1e+999}', { status: 200, headers: { 'Content-Type': 'application/json' } }));
    const http = createHttpClient({ fetch: fetch as typeof globalThis.fetch, readCookies: () => '', notify: { error: vi.fn(), add: vi.fn() }, onUnauthorized: vi.fn() });
    expect(await http.get<{ maxTotalInstances: number }>('/api/nova/limits/')).toEqual({ maxTotalInstances: Infinity });
  });
});

describe('alerts from the X-Horizon-Messages response header (spec 1 §3, §7.1)', () => {
  it('toasts each [type, text, extra tags] triple at its own level', async () => {
    const messages = JSON.stringify([
      ['success', 'Created flavor "m1.tiny".', ''],
      ['error', 'Unable to set flavor access for project demo.', ''],
      ['warning', 'Quota nearly reached.', 'safe'],
    ]);
    const { http, notify } = client(200, { ok: true }, '', { [MESSAGES_HEADER]: messages });
    await http.get('/api/nova/flavors/');
    expect(notify.add.mock.calls).toEqual([
      ['success', 'Created flavor "m1.tiny".'],
      ['error', 'Unable to set flavor access for project demo.'],
      ['warning', 'Quota nearly reached.'],
    ]);
  });

  it('reads the header on failed answers too, before rejecting', async () => {
    const { http, notify } = client(409, 'Conflict', '', { [MESSAGES_HEADER]: '[["danger", "Danger: the flavor is in use.", ""]]' });
    await expect(http.delete('/api/nova/flavors/1/')).rejects.toMatchObject({ status: 409 });
    expect(notify.add).toHaveBeenCalledWith('danger', 'Danger: the flavor is in use.');
  });

  it('shows nothing for a missing or malformed header, and unknown types as info', () => {
    expect(MESSAGES_HEADER).toBe('X-Horizon-Messages');
    expect(parseMessagesHeader(null)).toEqual([]);
    expect(parseMessagesHeader('not json')).toEqual([]);
    expect(parseMessagesHeader('{"a": 1}')).toEqual([]);
    expect(parseMessagesHeader('[["success", ""], "x", ["debug", "Note."]]')).toEqual([{ type: 'info', text: 'Note.' }]);
  });
});

describe('request counter (spec 1 §4.10)', () => {
  it('counts from the first request until the last one ends', async () => {
    const releases: (() => void)[] = [];
    const fetch = vi.fn(
      () => new Promise<Response>((resolve) => releases.push(() => resolve(new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } })))),
    );
    const requests = createRequestCounter();
    const seen: number[] = [];
    requests.subscribe(() => seen.push(requests.getSnapshot()));
    const http = createHttpClient({ fetch: fetch as typeof globalThis.fetch, readCookies: () => '', notify: { error: vi.fn(), add: vi.fn() }, onUnauthorized: vi.fn(), requests });
    const first = http.get('/api/a/');
    const second = http.get('/api/b/');
    expect(requests.getSnapshot()).toBe(2);
    await vi.waitFor(() => expect(releases).toHaveLength(2));
    releases[0]();
    await first;
    expect(requests.getSnapshot()).toBe(1);
    releases[1]();
    await second;
    expect(requests.getSnapshot()).toBe(0);
    expect(seen).toEqual([1, 2, 1, 0]);
  });

  it('ends the count of a failed request', async () => {
    const { http, requests } = client(500, 'boom');
    await expect(http.get('/api/a/')).rejects.toMatchObject({ status: 500 });
    expect(requests.getSnapshot()).toBe(0);
    const unreachable = createRequestCounter();
    const offline = createHttpClient({ fetch: (async () => Promise.reject(new TypeError('Failed to fetch'))) as typeof globalThis.fetch, readCookies: () => '', notify: { error: vi.fn(), add: vi.fn() }, onUnauthorized: vi.fn(), requests: unreachable });
    await expect(offline.get('/api/a/')).rejects.toMatchObject({ status: 0 });
    expect(unreachable.getSnapshot()).toBe(0);
  });
});
