import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, UpstreamError } from '../../../server/errors';
import { configureBreakers } from '../../../server/openstack/breaker';
import { callUpstream } from '../../../server/openstack/http';

/**
 * A fake OpenStack service on loopback answering each path in a broken way a
 * real one has been seen to (issue 16 point 6), and a path that answers a
 * body early without reading the request (point 1).
 */
const routes: Record<string, (request: IncomingMessage, response: ServerResponse) => void> = {
  '/html': (_request, response) => response.writeHead(200, { 'Content-Type': 'text/html' }).end('<html><body>Welcome to nginx</body></html>'),
  '/bad-json': (_request, response) => response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"images": [{"id": '),
  '/empty-object': (_request, response) => response.writeHead(200, { 'Content-Type': 'application/json' }).end('{}'),
  '/stall-after-headers': (_request, response) => {
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.write('{"images": [');
  },
  '/traceback': (_request, response) =>
    response
      .writeHead(500, { 'Content-Type': 'text/html', 'x-openstack-request-id': 'req-5c1f0a2e-6b6c-4e8e-9d1a-3f2b1c0d9e8f' })
      .end('<html><body><h1>500 Internal Server Error</h1>Traceback (most recent call last):\n  File "/usr/lib/python3/dist-packages/glance/api/v2/images.py", line 123, in create\nKeyError: \'x\'</body></html>'),
  // Like a service's size limit: 413 at once, the request body left unread on a connection kept open.
  '/refuse-early': (request, response) => {
    request.pause();
    response.writeHead(413, { 'Content-Type': 'application/json' }).end('{"message": "Request is too large."}');
  },
  '/ok': (_request, response) => response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"images": []}'),
};

let server: Server;
let url: string;
beforeAll(async () => {
  configureBreakers({ cooldownMs: 0 }); // each case here stands alone: a timeout must not make the next fail fast
  server = createServer((request, response) => routes[request.url ?? '']?.(request, response));
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  configureBreakers({ cooldownMs: 10_000 });
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

const call = (path: string, timeoutMs = 2000, body?: unknown) =>
  callUpstream({ service: 'image', method: body === undefined ? 'GET' : 'POST', url: url + path, timeoutMs, body }).catch((error: unknown) => error as ApiError);

describe('broken answers of an OpenStack service', () => {
  it('a 200 with an HTML page is a 502 naming the service', async () => {
    const failure = await call('/html');
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(502);
    expect((failure as ApiError).message).toBe('The image service sent an answer that is not JSON.');
  });

  it('a 200 with truncated JSON is a 502 naming the service', async () => {
    const failure = await call('/bad-json');
    expect((failure as ApiError).status).toBe(502);
    expect((failure as ApiError).message).toMatch(/image service/);
  });

  it('a read answered with an empty object is a 502 naming the service', async () => {
    const failure = await call('/empty-object');
    expect((failure as ApiError).status).toBe(502);
    expect((failure as ApiError).message).toBe('The image service sent an empty answer.');
  });

  it('a body that stalls after the headers is a 504 once the timeout runs out', async () => {
    const failure = await call('/stall-after-headers', 200);
    expect((failure as ApiError).status).toBe(504);
    expect((failure as ApiError).message).toBe('The image service did not answer in time.');
  });

  it("a 500 traceback page becomes a short message with the service's request id, the traceback kept for the log", async () => {
    const failure = (await call('/traceback')) as UpstreamError;
    expect(failure).toBeInstanceOf(UpstreamError);
    expect(failure.status).toBe(500);
    expect(failure.message).toBe('The image service failed to handle the request (500). (request req-5c1f0a2e-6b6c-4e8e-9d1a-3f2b1c0d9e8f)');
    expect(failure.message).not.toMatch(/Traceback|<html/);
    expect(failure.requestId).toBe('req-5c1f0a2e-6b6c-4e8e-9d1a-3f2b1c0d9e8f');
    expect(failure.detail).toMatch(/Traceback \(most recent call last\)/);
  });
});

describe('an upstream that answers before reading the request body', () => {
  it('never leaves a poisoned connection in the pool: the next call is answered', async () => {
    const refused = await call('/refuse-early', 2000, { name: 'p', junk: 'J'.repeat(4_000_000) });
    expect((refused as ApiError).status).toBe(413);
    // Served on a pooled connection, this waits behind the unread body until the timeout (504).
    const next = await call('/ok', 2000);
    expect(next).toMatchObject({ status: 200, body: { images: [] } });
  });
});

describe('the circuit breaker of a service', () => {
  it('reports a service whose connections fail as down for the cool-down: the next call does not try it', async () => {
    let connections = 0;
    const broken = createServer();
    broken.on('connection', (socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => broken.listen(0, '127.0.0.1', resolve));
    const brokenUrl = `http://127.0.0.1:${(broken.address() as AddressInfo).port}/servers`;
    configureBreakers({ cooldownMs: 60_000 });
    try {
      const first = await callUpstream({ service: 'compute', method: 'GET', url: brokenUrl, timeoutMs: 2000 }).catch((error: unknown) => error as ApiError);
      expect(first).toMatchObject({ status: 503, message: 'The compute service is unavailable.' });
      const tried = connections;
      const second = await callUpstream({ service: 'compute', method: 'GET', url: brokenUrl, timeoutMs: 2000 }).catch((error: unknown) => error as ApiError);
      expect(second).toMatchObject({ status: 503, message: 'The compute service is unavailable.' });
      expect(connections).toBe(tried);
    } finally {
      configureBreakers({ cooldownMs: 0 });
      await new Promise<void>((resolve) => broken.close(() => resolve()));
    }
  });

  it('a failure on this side (a body that cannot be serialised) does not report the service down', async () => {
    configureBreakers({ cooldownMs: 60_000 });
    try {
      const circular: Record<string, unknown> = {};
      circular.self = circular;
      await expect(callUpstream({ service: 'image', method: 'POST', url: `${url}/ok`, timeoutMs: 2000, body: circular })).rejects.toThrow(TypeError);
      expect(await call('/ok')).toMatchObject({ status: 200 });
    } finally {
      configureBreakers({ cooldownMs: 0 });
    }
  });
});
