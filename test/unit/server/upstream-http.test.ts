import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpstreamError } from '../../../server/errors';
import { callUpstream } from '../../../server/openstack/http';

let server: Server;
let url: string;
let seen: IncomingHttpHeaders = {};

beforeAll(async () => {
  server = createServer((request, response) => {
    seen = request.headers;
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
});
