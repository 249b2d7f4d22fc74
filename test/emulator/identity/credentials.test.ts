import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type TestEmulator, tokenFor } from '../../support/emulator.js';

/** Keystone credentials, EC2 credentials and policies (issue 23). */

let cloud: TestEmulator;
let admin: string;
let demo: string;
let demoUser: string;
let demoProject: string;

type Body = Record<string, any>;
const call = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: Body) => {
  const response = await cloud.app.inject({ method, url: `/cloud/identity/v3${url}`, headers: { 'x-auth-token': token }, ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: (response.body ? response.json() : {}) as Body };
};

beforeAll(async () => {
  cloud = await startEmulator();
  admin = await tokenFor(cloud.app, 'admin');
  demo = await tokenFor(cloud.app, 'demo');
  const token = (await cloud.app.inject({ url: '/cloud/identity/v3/auth/tokens', headers: { 'x-auth-token': demo, 'x-subject-token': demo } })).json().token;
  demoUser = token.user.id;
  demoProject = token.project.id;
});
afterAll(async () => {
  await cloud.close();
});

describe('credentials', () => {
  it('creates an ec2 credential whose id is the SHA-256 of its access key, updates, lists and deletes it', async () => {
    const blob = JSON.stringify({ access: 'AK1', secret: 'S1' });
    const created = await call('POST', '/credentials', demo, { credential: { user_id: demoUser, project_id: demoProject, type: 'ec2', blob } });
    expect(created.status).toBe(201);
    expect(created.body.credential).toMatchObject({ id: createHash('sha256').update('AK1').digest('hex'), user_id: demoUser, project_id: demoProject, type: 'ec2', blob });
    const id = created.body.credential.id;
    const updated = await call('PATCH', `/credentials/${id}`, demo, { credential: { blob: JSON.stringify({ access: 'AK2', secret: 'S2' }) } });
    expect(JSON.parse(updated.body.credential.blob)).toEqual({ access: 'AK2', secret: 'S2' });
    expect((await call('GET', '/credentials', admin)).body.credentials.map((credential: Body) => credential.id)).toContain(id);
    expect((await call('DELETE', `/credentials/${id}`, demo)).status).toBe(204);
    expect((await call('GET', `/credentials/${id}`, demo)).status).toBe(404);
  });

  it('refuses a member a credential of another user (403)', async () => {
    const adminUser = (await cloud.app.inject({ url: '/cloud/identity/v3/auth/tokens', headers: { 'x-auth-token': admin, 'x-subject-token': admin } })).json().token.user.id;
    expect((await call('POST', '/credentials', demo, { credential: { user_id: adminUser, type: 'cert', blob: 'x' } })).status).toBe(403);
  });
});

describe('EC2 credentials', () => {
  it('creates access and secret for a project, shows, lists and deletes them', async () => {
    const created = await call('POST', `/users/${demoUser}/credentials/OS-EC2`, demo, { tenant_id: demoProject });
    expect(created.status).toBe(201);
    const { access, secret } = created.body.credential;
    expect(created.body.credential).toMatchObject({ user_id: demoUser, tenant_id: demoProject, trust_id: null });
    expect(access).toMatch(/^[0-9a-f]{32}$/);
    expect((await call('GET', `/users/${demoUser}/credentials/OS-EC2/${access}`, demo)).body.credential.secret).toBe(secret);
    expect((await call('GET', `/users/${demoUser}/credentials/OS-EC2`, demo)).body.credentials.map((credential: Body) => credential.access)).toContain(access);
    expect((await call('DELETE', `/users/${demoUser}/credentials/OS-EC2/${access}`, demo)).status).toBe(204);
    expect((await call('GET', `/users/${demoUser}/credentials/OS-EC2/${access}`, demo)).status).toBe(404);
  });
});

describe('policies', () => {
  it('lets the cloud admin create, update, list and delete a policy blob, and refuses a member', async () => {
    const created = await call('POST', '/policies', admin, { policy: { blob: '{"a": 1}', type: 'application/json', description: 'p' } });
    expect(created.status).toBe(201);
    const id = created.body.policy.id;
    expect((await call('PATCH', `/policies/${id}`, admin, { policy: { type: 'text/plain' } })).body.policy).toMatchObject({ type: 'text/plain', blob: '{"a": 1}', description: 'p' });
    expect((await call('GET', '/policies', admin)).body.policies.map((policy: Body) => policy.id)).toContain(id);
    expect((await call('GET', '/policies', demo)).status).toBe(403);
    expect((await call('DELETE', `/policies/${id}`, admin)).status).toBe(204);
  });
});

describe('OAuth1 consumers', () => {
  it('shows the secret once at creation, then lists, updates and deletes the consumer', async () => {
    const created = await call('POST', '/OS-OAUTH1/consumers', admin, { consumer: { description: 'c1' } });
    expect(created.status).toBe(201);
    expect(created.body.consumer).toMatchObject({ description: 'c1', secret: expect.stringMatching(/^[0-9a-f]{32}$/) });
    const id = created.body.consumer.id;
    const shown = (await call('GET', `/OS-OAUTH1/consumers/${id}`, admin)).body.consumer;
    expect(shown).toMatchObject({ id, description: 'c1' });
    expect(shown).not.toHaveProperty('secret');
    expect((await call('PATCH', `/OS-OAUTH1/consumers/${id}`, admin, { consumer: { description: 'c2' } })).body.consumer.description).toBe('c2');
    expect((await call('GET', '/OS-OAUTH1/consumers', admin)).body.consumers.map((consumer: Body) => consumer.id)).toContain(id);
    expect((await call('GET', '/OS-OAUTH1/consumers', demo)).status).toBe(403);
    expect((await call('DELETE', `/OS-OAUTH1/consumers/${id}`, admin)).status).toBe(204);
    expect((await call('GET', `/OS-OAUTH1/consumers/${id}`, admin)).status).toBe(404);
  });
});
