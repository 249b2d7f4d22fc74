import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../../server/app';
import { configureBreakers } from '../../../server/openstack/breaker';
import { ApiClient } from '../../support/api-client';
import type { TestCloud } from '../../support/cloud';
import { type FakeOpenStack, neverAnswers, startFakeOpenStack } from '../../support/fake-openstack';

/**
 * The BFF in front of a fake OpenStack whose services break one at a time
 * (issue 16 points 5 and 6). Timeouts are short by configuration; nothing
 * here measures time: what proves "waits one timeout at most" is how many
 * calls reached the service that never answers.
 */
let fake: FakeOpenStack;
let app: FastifyInstance;
let demo: ApiClient;

beforeAll(async () => {
  fake = await startFakeOpenStack();
  app = await build({ authUrl: fake.authUrl, sessionSecret: 'test-secret', staticDir: null, defaultRegion: 'RegionOne', upstreamTimeoutMs: 300, upstreamDownMs: 60_000 });
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  demo = await ApiClient.loggedIn({ baseUrl, passwords: { demo: 'pw', admin: 'pw' } } as TestCloud, 'demo');
});
afterAll(async () => {
  configureBreakers({ cooldownMs: 10_000 });
  await app.close();
  await fake.close();
});

describe('a service that never answers', () => {
  it('costs a volume list one timeout, not one per call, and says which service is down', async () => {
    fake.services['block-storage'] = neverAnswers;
    const first = await demo.get('/api/cinder/volumes/');
    expect([503, 504]).toContain(first.status);
    expect(first.body).toMatch(/^The volume service (is unavailable|did not answer in time)\.$/);
    // The version discovery waited the timeout; the list itself was not sent to wait another.
    expect(fake.seen['block-storage']).toHaveLength(1);
  });

  it('fails fast for a while once known down (circuit breaker): the next request does not reach it', async () => {
    const again = await demo.get('/api/cinder/volumes/');
    expect(again.status).toBe(503);
    expect(again.body).toBe('The volume service is unavailable.');
    expect(fake.seen['block-storage']).toHaveLength(1);
  });

  it('leaves the other services alone', async () => {
    fake.services.compute = (path, _request, response) => {
      if (path === '/') return void response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"version": {"version": "2.90", "min_version": "2.1"}}');
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"keypairs": []}');
    };
    const keypairs = await demo.get('/api/nova/keypairs/');
    expect(keypairs.status).toBe(200);
    expect(keypairs.body).toEqual({ items: [] });
  });
});

describe('broken answers reach the browser as short messages naming the service', () => {
  it('a key pair list answered with {} is a 502, not an empty 200', async () => {
    fake.services.compute = (path, _request, response) => response.writeHead(200, { 'Content-Type': 'application/json' }).end(path === '/' ? '{"version": {"version": "2.90", "min_version": "2.1"}}' : '{}');
    const answer = await demo.get('/api/nova/keypairs/');
    expect(answer.status).toBe(502);
    expect(answer.body).toBe('The compute service sent an empty answer.');
  });

  it('an HTML page in a 200 is a 502, not a 500 "unexpected error"', async () => {
    fake.services.image = (_path, _request, response) => response.writeHead(200, { 'Content-Type': 'text/html' }).end('<html><body>It works!</body></html>');
    const answer = await demo.get('/api/glance/images/');
    expect(answer.status).toBe(502);
    expect(answer.body).toBe('The image service sent an answer that is not JSON.');
  });

  it("a 500 traceback is not passed to the browser; the service's request id is", async () => {
    fake.services.image = (_path, _request, response) =>
      response
        .writeHead(500, { 'Content-Type': 'text/html', 'x-openstack-request-id': 'req-0badc0de' })
        .end('<html><body>Traceback (most recent call last):\n  File "glance/api/v2/images.py", line 1\nKeyError</body></html>');
    const answer = await demo.get('/api/glance/images/');
    expect(answer.status).toBe(500);
    expect(answer.body).toBe('The image service failed to handle the request (500). (request req-0badc0de)');
  });

  it('a body that stalls after the headers is a 504, not a 500', async () => {
    fake.services.image = (_path, _request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.write('{"images": [');
    };
    configureBreakers({ cooldownMs: 0 }); // the earlier cases must not make this one fail fast
    const answer = await demo.get('/api/glance/images/');
    expect(answer.status).toBe(504);
    expect(answer.body).toBe('The image service did not answer in time.');
  });
});
