import { describe, expect, it, vi } from 'vitest';
import { createHttpClient, FORBIDDEN_MESSAGE, UNAUTHORIZED_MESSAGE } from '../../dataProviders/http';

/** `body: null` answers with no body (a 204). */
function client(status = 200, body: unknown = { ok: true }, cookies = 'sessionid=x; csrftoken=tok%2B1') {
  const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
    new Response(body === null ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    }),
  );
  const notify = { error: vi.fn() };
  const onUnauthorized = vi.fn();
  const http = createHttpClient({ fetch: fetch as typeof globalThis.fetch, readCookies: () => cookies, notify, onUnauthorized });
  const sent = (index = 0) => {
    const [url, init] = fetch.mock.calls[index];
    return { url: String(url), init: init!, headers: init!.headers as Record<string, string> };
  };
  return { http, fetch, notify, onUnauthorized, sent };
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
    const http = createHttpClient({ fetch: fetch as typeof globalThis.fetch, readCookies: () => '', notify: { error: vi.fn() }, onUnauthorized: vi.fn() });
    expect(await http.get<{ maxTotalInstances: number }>('/api/nova/limits/')).toEqual({ maxTotalInstances: Infinity });
  });
});
