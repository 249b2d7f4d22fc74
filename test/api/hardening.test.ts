import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../server/app.js';
import { ApiClient } from '../support/api-client.js';
import { startTestCloud, type TestCloud, uniqueName } from '../support/cloud.js';

/** Issue 16: no user can stall another; proxy headers, logout and request bodies as a careless or hostile client sends them. */
let cloud: TestCloud;
beforeAll(async () => {
  cloud = await startTestCloud({ upstreamTimeoutMs: 5000 });
});
afterAll(() => cloud.close());

describe('request bodies larger than the route takes', () => {
  it('are refused before they reach the cloud with a 413 naming the limit, and the next image call is answered', async () => {
    const careless = await ApiClient.loggedIn(cloud, 'demo');
    const refused = await careless.request('PUT', '/api/glance/images/', { name: 'p', junk: 'J'.repeat(400_000) });
    expect(refused.status).toBe(413);
    expect(refused.body).toBe('The request body is too large: the limit is 112 KiB.');
    const someoneElse = await ApiClient.loggedIn(cloud, 'admin');
    const images = await someoneElse.get('/api/glance/images/');
    expect(images.status).toBe(200);
    expect(Array.isArray(images.body.items)).toBe(true);
  });

  it('the login form takes a few KiB only', async () => {
    const response = await new ApiClient(cloud).request('POST', '/api/auth/login/', { auth_type: 'credentials', username: 'demo', password: 'x'.repeat(40_000) }, { csrf: false });
    expect(response.status).toBe(413);
    expect(response.body).toBe('The request body is too large: the limit is 16 KiB.');
  });
});

describe('a DELETE with the JSON content type and no body (spec 1 §7.3: every request carries it)', () => {
  it('is accepted like one without the header', async () => {
    const demo = await ApiClient.loggedIn(cloud, 'demo');
    const name = uniqueName('kp-ct');
    expect((await demo.post('/api/nova/keypairs/', { name, key_type: 'ssh' })).status).toBe(201);
    const response = await demo.request('DELETE', `/api/nova/keypairs/${name}`, undefined, { rawBody: '' });
    expect(response.status).toBe(204);
  });

  it('a route that takes a body still answers "request requires JSON body" to an empty one', async () => {
    const demo = await ApiClient.loggedIn(cloud, 'demo');
    const response = await demo.request('POST', '/api/nova/keypairs/', undefined, { rawBody: '' });
    expect(response.status).toBe(400);
    expect(response.body).toBe('request requires JSON body');
  });
});

describe('proxy headers from a client that is not a configured proxy (TRUST_PROXY unset)', () => {
  it('a new X-Forwarded-For per guess does not reset the login limiter: 429 after the limit', async () => {
    const limited = await startTestCloud({ loginAttemptLimit: 3 });
    try {
      const attacker = new ApiClient(limited);
      for (let guess = 1; guess <= 3; guess++) {
        expect((await attacker.login('demo', `wrong-${guess}`, { 'X-Forwarded-For': `203.0.113.${guess}` })).status).toBe(401);
      }
      const blocked = await attacker.login('demo', 'wrong-4', { 'X-Forwarded-For': '203.0.113.99' });
      expect(blocked.status).toBe(429);
      expect(blocked.body).toBe('Too many failed login attempts. Please try again later.');
    } finally {
      await limited.close();
    }
  });

  it('guessing other user names from one address is limited too', async () => {
    const limited = await startTestCloud({ loginAttemptLimit: 2 });
    try {
      const attacker = new ApiClient(limited);
      expect((await attacker.login('demo', 'wrong')).status).toBe(401);
      expect((await attacker.login('admin', 'wrong')).status).toBe(401);
      expect((await attacker.login('demo', 'wrong')).status).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('X-Forwarded-Proto: https does not make the cookies Secure', async () => {
    const client = new ApiClient(cloud);
    await client.login('demo', cloud.passwords.demo, { 'X-Forwarded-Proto': 'https' });
    expect(client.lastSetCookie.find((line) => line.startsWith('sessionid='))).not.toMatch(/;\s*Secure/i);
  });

  it('from a configured proxy (TRUST_PROXY=127.0.0.1) it does: Secure behind TLS', async () => {
    const proxied = await startTestCloud({ trustProxy: '127.0.0.1' });
    try {
      const client = new ApiClient(proxied);
      expect((await client.login('demo', proxied.passwords.demo, { 'X-Forwarded-Proto': 'https' })).status).toBe(200);
      expect(client.lastSetCookie.find((line) => line.startsWith('sessionid='))).toMatch(/;\s*Secure/i);
    } finally {
      await proxied.close();
    }
  });
});

describe('after logout the session is dead everywhere', () => {
  /** A copy of a client's cookies: what a thief (or a second tab) still holds after the logout. */
  function replay(client: ApiClient, target: TestCloud = cloud): ApiClient {
    const copy = new ApiClient(target);
    for (const [name, value] of client.cookies) copy.cookies.set(name, value);
    return copy;
  }

  const cloudFreeRoutes: [string, string, unknown?][] = [
    ['GET', '/api/keystone/version/'],
    ['GET', '/api/timezones/'],
    ['POST', '/api/policy/', { rules: [['identity', 'identity:list_projects']] }],
    ['GET', '/api/nova/features/serial-console'],
    ['GET', '/api/glance/version/'],
    ['GET', '/header/'],
  ];

  it('on the routes that never call the cloud, a logged-out cookie gets 401 "not logged in"', async () => {
    const user = await ApiClient.loggedIn(cloud, 'demo');
    const stolen = replay(user);
    for (const [method, path, body] of cloudFreeRoutes) expect((await stolen.request(method, path, body)).status, `${method} ${path} before logout`).toBe(200);
    expect((await user.post('/api/auth/logout/')).status).toBe(204);
    for (const [method, path, body] of cloudFreeRoutes) {
      const response = await stolen.request(method, path, body);
      expect(response.status, `${method} ${path} after logout`).toBe(401);
      expect(response.body).toBe('not logged in');
    }
  });

  describe('with a second replica sharing only the secret', () => {
    let replica: FastifyInstance;
    let replicaCloud: TestCloud;
    beforeAll(async () => {
      // tokenRecheckMs 0: this replica asks Keystone about the token on every request, as any replica does once its check is due.
      replica = await build({ authUrl: cloud.authUrl, sessionSecret: 'test-secret', staticDir: null, defaultRegion: 'RegionOne', tokenRecheckMs: 0 });
      replicaCloud = { ...cloud, baseUrl: await replica.listen({ port: 0, host: '127.0.0.1' }) };
    });
    afterAll(() => replica.close());

    it('a cookie logged out on one replica is refused by the other (Keystone revoked the token)', async () => {
      const user = await ApiClient.loggedIn(cloud, 'demo');
      const onReplica = replay(user, replicaCloud);
      expect((await onReplica.get('/api/timezones/')).status).toBe(200);
      expect((await user.post('/api/auth/logout/')).status).toBe(204);
      const after = await onReplica.get('/api/timezones/');
      expect(after.status).toBe(401);
      expect(after.body).toBe('not logged in');
    });
  });
});
