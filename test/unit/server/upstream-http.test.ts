import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpstreamError } from '../../../server/errors';
import { callUpstream, serveInProcess } from '../../../server/openstack/http';

let server: Server;
let url: string;
let seen: IncomingHttpHeaders = {};
/** Remote ports of the connections the calls came on. */
const ports: number[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    seen = request.headers;
    ports.push(request.socket.remotePort!);
    if (request.url === '/close') {
      // As uwsgi does: every answer closes its connection.
      response.writeHead(200, { 'Content-Type': 'application/json', Connection: 'close' }).end(JSON.stringify({ closed: true }));
      return;
    }
    if (request.url === '/missing') {
      response.writeHead(404, { 'Content-Type': 'application/json' }).end(JSON.stringify({ itemNotFound: { code: 404, message: 'Keypair x not found.' } }));
      return;
    }
    response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ ok: true }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('one call to an OpenStack service (server/openstack/http)', () => {
  it('asks for an uncompressed JSON answer, so neither side spends CPU compressing the hop', async () => {
    const answer = await callUpstream({ service: 'compute', method: 'GET', url: `${url}/servers`, timeoutMs: 5000 });
    expect(answer.body).toEqual({ ok: true });
    expect(seen['accept-encoding']).toBe('identity');
    expect(seen.accept).toBe('application/json');
  });

  it("turns an error status into an UpstreamError with the service's own message", async () => {
    const failure = await callUpstream({ service: 'compute', method: 'GET', url: `${url}/missing`, timeoutMs: 5000 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UpstreamError);
    expect((failure as UpstreamError).status).toBe(404);
    expect((failure as Error).message).toContain('Keypair x not found.');
  });

  it('keeps the connection to the service open between calls', async () => {
    ports.length = 0;
    for (let i = 0; i < 3; i++) await callUpstream({ service: 'compute', method: 'GET', url: `${url}/servers`, timeoutMs: 5000 });
    expect(new Set(ports).size).toBe(1);
  });

  it('answers each call of a service that closes every connection (uwsgi)', async () => {
    for (let i = 0; i < 3; i++) expect((await callUpstream({ service: 'compute', method: 'GET', url: `${url}/close`, timeoutMs: 5000 })).body).toEqual({ closed: true });
  });

  it('answers the calls of a cloud served in process without a socket, with its status, headers and body, sent to its host', async () => {
    const calls: { method: string; url: string; host: string; payload?: string }[] = [];
    const undo = serveInProcess('http://in-process.test/cloud/', async (call) => {
      calls.push({ method: call.method, url: call.url, host: call.headers.Host, payload: call.payload?.toString('utf8') });
      return call.url.endsWith('/missing')
        ? { statusCode: 404, headers: {}, body: JSON.stringify({ itemNotFound: { message: 'Server gone could not be found.' } }) }
        : { statusCode: 202, headers: { 'x-subject-token': 't1' }, body: JSON.stringify({ ok: 'in process' }) };
    });
    try {
      const answer = await callUpstream({ service: 'compute', method: 'POST', url: 'http://in-process.test/cloud/compute/v2.1/servers', body: { a: 1 }, timeoutMs: 5000 });
      expect(answer).toMatchObject({ status: 202, body: { ok: 'in process' } });
      expect(answer.headers.get('x-subject-token')).toBe('t1');
      expect(calls).toEqual([{ method: 'POST', url: '/cloud/compute/v2.1/servers', host: 'in-process.test', payload: '{"a":1}' }]);
      const failure = await callUpstream({ service: 'compute', method: 'GET', url: 'http://in-process.test/cloud/compute/v2.1/missing', timeoutMs: 5000 }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(UpstreamError);
      expect((failure as Error).message).toContain('Server gone could not be found.');
    } finally {
      undo();
    }
  });
});
