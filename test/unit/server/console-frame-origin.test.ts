import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../../server/app';
import { ApiClient } from '../../support/api-client';
import type { TestCloud } from '../../support/cloud';
import { type FakeOpenStack, startFakeOpenStack } from '../../support/fake-openstack';

/**
 * Issue 22: the console tab against a real noVNC proxy, which a deployment
 * runs on its own origin (`http://controller:6080`). The dashboard's pages
 * forbid frames from elsewhere, so their CSP must name the proxy's origin
 * once the cloud has handed out a console URL there.
 */
const PROXY = 'http://novnc.cloud.test:6080';
let fake: FakeOpenStack;
let app: FastifyInstance;
let demo: ApiClient;
let baseUrl: string;

beforeAll(async () => {
  fake = await startFakeOpenStack();
  fake.services.compute = (path, request, response) => {
    if (path === '/') return void response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"version": {"version": "2.90", "min_version": "2.1"}}');
    if (request.method === 'POST' && path.endsWith('/action')) {
      return void response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ console: { type: 'novnc', url: `${PROXY}/vnc_lite.html?path=%3Ftoken%3Dabc` } }));
    }
    response.writeHead(404, { 'Content-Type': 'application/json' }).end('{}');
  };
  const staticDir = mkdtempSync(join(tmpdir(), 'console-csp-'));
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><html><body></body></html>');
  // No backup scheduler: this file checks page headers, and a tick under way would hold the close.
  app = await build({ authUrl: fake.authUrl, sessionSecret: 'test-secret', staticDir, defaultRegion: 'RegionOne', backup: { start: false } });
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  demo = await ApiClient.loggedIn({ baseUrl, passwords: { demo: 'pw', admin: 'pw' } } as TestCloud, 'demo');
}, 60_000);
afterAll(async () => {
  // The fake first: it drops every socket, so no pooled upstream connection keeps the server's close waiting.
  await fake.close();
  await app.close();
}, 30_000);

/** A response's header, its body read to the end: a body left unread keeps its connection busy, and the server's close waits for it. */
async function headerOf(path: string, name: string): Promise<string | null> {
  const response = await fetch(`${baseUrl}${path}`);
  await response.arrayBuffer();
  return response.headers.get(name);
}
const pageCsp = async () => (await headerOf('/project/instances/srv-1/', 'content-security-policy')) ?? '';

describe("the console tab's frame (CSP frame-src)", () => {
  it("lets pages frame only their own origin before any console was asked for", async () => {
    expect(await pageCsp()).toContain("frame-src 'self';");
    expect(await pageCsp()).not.toContain(PROXY);
  });

  it("names the origin of the console URL the cloud returned in the pages' frame-src, and nothing else of the URL", async () => {
    const info = await demo.post('/api/nova/servers/srv-1/console-info/', { console_type: 'AUTO' });
    expect(info.status).toBe(200);
    expect((info.body as { url: string }).url.startsWith(`${PROXY}/vnc_lite.html`)).toBe(true);
    const csp = await pageCsp();
    expect(csp).toContain(`frame-src 'self' ${PROXY};`);
    expect(csp).not.toContain('token');
    // The API answers carry no page policy.
    expect(await headerOf('/api/settings/', 'content-security-policy')).toBeNull();
  });
});

describe('ConsoleOrigins', () => {
  it('keeps http(s) origins only, each once, and at most its bound', async () => {
    const { ConsoleOrigins } = await import('../../../server/console-origins');
    const origins = new ConsoleOrigins(2);
    for (const url of ['javascript:alert(1)', 'not a url', 'https://a.test:6080/x?token=1', 'https://a.test:6080/y', 'http://b.test/', 'http://c.test/']) origins.learn(url);
    expect(origins.frameSrc()).toBe("frame-src 'self' https://a.test:6080 http://b.test");
  });
});
