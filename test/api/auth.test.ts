import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../server/app.js';
import { ApiClient } from '../support/api-client.js';
import { startTestCloud, type TestCloud } from '../support/cloud.js';

let cloud: TestCloud;
beforeAll(async () => {
  cloud = await startTestCloud();
});
afterAll(() => cloud.close());

describe('login page data', () => {
  it('serves the auth options without a session, with credentials as an auth type', async () => {
    const response = await new ApiClient(cloud).get('/api/auth/options/');
    expect(response.status).toBe(200);
    expect(response.body.auth_types).toContainEqual({ id: 'credentials', label: expect.any(String) });
    expect(response.body.default_auth_type).toBe('credentials');
    expect(response.body.default_domain).toBe('Default');
  });
});

describe('login', () => {
  it('answers the user-session object and never the token', async () => {
    const client = new ApiClient(cloud);
    const response = await client.login('demo');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ username: 'demo', project_name: 'demo', user_domain_name: 'Default', is_superuser: false, services_region: 'RegionOne' });
    expect(response.body).not.toHaveProperty('token');
    expect(JSON.stringify(response.body)).not.toMatch(/gAAAA|token/i);
  });

  it('keeps the token in an HttpOnly SameSite session cookie and gives JavaScript only csrftoken', async () => {
    const client = new ApiClient(cloud);
    await client.login('demo');
    const session = client.lastSetCookie.find((line) => line.startsWith('sessionid='))!;
    const csrf = client.lastSetCookie.find((line) => line.startsWith('csrftoken='))!;
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(csrf).not.toMatch(/HttpOnly/i);
  });

  it('refuses a wrong password with 401 "Invalid credentials."', async () => {
    const response = await new ApiClient(cloud).login('demo', 'not-the-password');
    expect(response.status).toBe(401);
    expect(response.body).toBe('Invalid credentials.');
  });

  it('refuses a body without a password with a 400 naming the field', async () => {
    const response = await new ApiClient(cloud).post('/api/auth/login/', { auth_type: 'credentials', username: 'demo' }, { csrf: false });
    expect(response.status).toBe(400);
    expect(response.body).toMatch(/password/);
  });

  it('needs the AJAX header: without it the answer is 400 "request must be AJAX"', async () => {
    const client = await ApiClient.loggedIn(cloud, 'demo');
    const response = await client.get('/api/keystone/user-session/', { ajax: false });
    expect(response.status).toBe(400);
    expect(response.body).toBe('request must be AJAX');
  });

  it('rate-limits failed logins per user name and client address', async () => {
    const limited = await startTestCloud({ loginAttemptLimit: 2 });
    try {
      const client = new ApiClient(limited);
      expect((await client.login('demo', 'wrong-1')).status).toBe(401);
      expect((await client.login('demo', 'wrong-2')).status).toBe(401);
      const blocked = await client.login('demo');
      expect(blocked.status).toBe(429);
      expect(blocked.body).toMatch(/Too many failed login attempts/);
    } finally {
      await limited.close();
    }
  });
});

describe('session', () => {
  it('answers 401 "not logged in" without a session', async () => {
    const response = await new ApiClient(cloud).get('/api/keystone/user-session/');
    expect(response.status).toBe(401);
    expect(response.body).toBe('not logged in');
  });

  it('logout clears the session and revokes the token, so a replayed cookie is refused', async () => {
    const client = await ApiClient.loggedIn(cloud, 'demo');
    const stolen = new Map(client.cookies);
    expect((await client.post('/api/auth/logout/')).status).toBe(204);
    expect((await client.get('/api/keystone/user-session/')).status).toBe(401);
    const replay = new ApiClient(cloud);
    stolen.forEach((value, name) => replay.cookies.set(name, value));
    const response = await replay.get('/api/nova/keypairs/');
    expect(response.status).toBe(401);
  });

  it('logout without the CSRF header is refused with 403 and the session stays', async () => {
    const client = await ApiClient.loggedIn(cloud, 'demo');
    const response = await client.post('/api/auth/logout/', undefined, { csrf: false });
    expect(response.status).toBe(403);
    expect((await client.get('/api/keystone/user-session/')).status).toBe(200);
  });

  it('a tampered session cookie is no session', async () => {
    const client = await ApiClient.loggedIn(cloud, 'demo');
    const value = client.cookies.get('sessionid')!;
    client.cookies.set('sessionid', value.slice(0, -4) + (value.endsWith('AAAA') ? 'BBBB' : 'AAAA'));
    expect((await client.get('/api/keystone/user-session/')).status).toBe(401);
  });
});

describe('project switching', () => {
  it('rescopes the session to another of the user\'s projects', async () => {
    const client = await ApiClient.loggedIn(cloud, 'admin');
    const session = (await client.get('/api/keystone/user-session/')).body;
    const projects = (await client.get(`/api/keystone/projects/?user_id=${session.id}`)).body.items as { id: string; name: string }[];
    const other = projects.find((project) => project.id !== session.project_id);
    expect(other, 'admin is a member of more than one project').toBeDefined();
    const switched = await client.post('/api/auth/switch/', { project_id: other!.id });
    expect(switched.status).toBe(200);
    expect(switched.body.project_id).toBe(other!.id);
    expect((await client.get('/api/keystone/user-session/')).body.project_name).toBe(other!.name);
  });

  it('refuses a project the user is not a member of with 403', async () => {
    const client = await ApiClient.loggedIn(cloud, 'demo');
    const response = await client.post('/api/auth/switch/', { project_id: '0123456789abcdef0123456789abcdef' });
    expect(response.status).toBe(403);
  });

  it('refuses an unknown region with 400', async () => {
    const client = await ApiClient.loggedIn(cloud, 'demo');
    const response = await client.post('/api/auth/switch/', { region: 'NoSuchRegion' });
    expect(response.status).toBe(400);
    expect(response.body).toMatch(/NoSuchRegion/);
  });
});

describe('upstream failures', () => {
  it('says the identity service is unavailable when the cloud is down', async () => {
    const app = await build({ authUrl: 'http://127.0.0.1:9/v3', sessionSecret: 'x', staticDir: null });
    const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const client = new ApiClient({ baseUrl, passwords: { admin: 'a', demo: 'd' } } as never);
      const response = await client.login('demo');
      expect(response.status).toBe(503);
      expect(response.body).toBe('The identity service is unavailable.');
    } finally {
      await app.close();
    }
  });
});
