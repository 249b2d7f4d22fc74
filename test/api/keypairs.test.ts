import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client.js';
import { makeSshPublicKey } from '../support/builders.js';
import { startTestCloud, type TestCloud, uniqueName } from '../support/cloud.js';

let cloud: TestCloud;
let demo: ApiClient;
let admin: ApiClient;
const created: { client: () => ApiClient; name: string }[] = [];

beforeAll(async () => {
  cloud = await startTestCloud();
  demo = await ApiClient.loggedIn(cloud, 'demo');
  admin = await ApiClient.loggedIn(cloud, 'admin');
});
afterAll(async () => {
  for (const { client, name } of created) await client().delete(`/api/nova/keypairs/${encodeURIComponent(name)}`);
  await cloud.close();
});

function track(client: () => ApiClient, name: string): string {
  created.push({ client, name });
  return name;
}

describe('key pairs through /api/nova/keypairs/', () => {
  it('creates a key pair with a generated key: 201, Location, and the private key once', async () => {
    const name = track(() => demo, uniqueName('api kp'));
    const response = await demo.post('/api/nova/keypairs/', { name, key_type: 'ssh' });
    expect(response.status).toBe(201);
    expect(response.headers.get('location')).toBe(`/api/nova/keypairs/${encodeURIComponent(name)}`);
    expect(response.body).toMatchObject({ name, type: 'ssh' });
    expect(response.body.private_key).toMatch(/-----BEGIN (RSA )?PRIVATE KEY-----/);
    expect(response.body.fingerprint).toMatch(/^([0-9a-f]{2}:){15}[0-9a-f]{2}$/);

    const shown = await demo.get(`/api/nova/keypairs/${encodeURIComponent(name)}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ name, fingerprint: response.body.fingerprint, type: 'ssh' });
    expect(shown.body).not.toHaveProperty('private_key');
  });

  it('lists key pairs nested under a keypair key', async () => {
    const name = track(() => demo, uniqueName('api-list'));
    await demo.post('/api/nova/keypairs/', { name, key_type: 'ssh' });
    const response = await demo.get('/api/nova/keypairs/');
    expect(response.status).toBe(200);
    const item = response.body.items.find((entry: { keypair: { name: string } }) => entry.keypair.name === name);
    expect(item.keypair).toMatchObject({ name, type: 'ssh', fingerprint: expect.any(String), public_key: expect.stringMatching(/^ssh-rsa /) });
  });

  it('imports a public key and returns no private key', async () => {
    const name = track(() => demo, uniqueName('api-import'));
    const publicKey = makeSshPublicKey();
    const response = await demo.post('/api/nova/keypairs/', { name, key_type: 'ssh', public_key: publicKey });
    expect(response.status).toBe(201);
    expect(response.body.public_key.split(' ').slice(0, 2)).toEqual(publicKey.split(' ').slice(0, 2));
    expect(response.body).not.toHaveProperty('private_key');
  });

  it('refuses a second key pair with the same name with 409', async () => {
    const name = track(() => demo, uniqueName('api-dup'));
    await demo.post('/api/nova/keypairs/', { name, key_type: 'ssh' });
    const again = await demo.post('/api/nova/keypairs/', { name, key_type: 'ssh' });
    expect(again.status).toBe(409);
    expect(again.body).toMatch(/already exists/);
  });

  it('deletes a key pair: 204, then 404', async () => {
    const name = uniqueName('api-del');
    await demo.post('/api/nova/keypairs/', { name, key_type: 'ssh' });
    expect((await demo.delete(`/api/nova/keypairs/${encodeURIComponent(name)}`)).status).toBe(204);
    expect((await demo.get(`/api/nova/keypairs/${encodeURIComponent(name)}`)).status).toBe(404);
  });

  it('accepts the path with or without a trailing slash, never redirecting', async () => {
    const name = track(() => demo, uniqueName('api-slash'));
    await demo.post('/api/nova/keypairs', { name, key_type: 'ssh' });
    expect((await demo.get(`/api/nova/keypairs/${encodeURIComponent(name)}/`)).status).toBe(200);
    expect((await demo.get('/api/nova/keypairs')).status).toBe(200);
  });
});

describe('bad input gets a 400 that names the field, and nothing is written', () => {
  it('a missing key_type', async () => {
    const name = uniqueName('api-bad');
    const response = await demo.post('/api/nova/keypairs/', { name });
    expect(response.status).toBe(400);
    expect(response.body).toMatch(/key_type/);
    expect((await demo.get(`/api/nova/keypairs/${name}`)).status).toBe(404);
  });

  it('an unknown key type', async () => {
    const response = await demo.post('/api/nova/keypairs/', { name: uniqueName('api-bad'), key_type: 'dsa' });
    expect(response.status).toBe(400);
    expect(response.body).toMatch(/key_type/);
  });

  it('a name that is not a string', async () => {
    const response = await demo.post('/api/nova/keypairs/', { name: 42, key_type: 'ssh' });
    expect(response.status).toBe(400);
    expect(response.body).toMatch(/name/);
  });

  it('an unknown field', async () => {
    const response = await demo.post('/api/nova/keypairs/', { name: uniqueName('api-bad'), key_type: 'ssh', colour: 'red' });
    expect(response.status).toBe(400);
    expect(response.body).toMatch(/additional properties|colour/);
  });

  it('malformed JSON', async () => {
    const response = await demo.request('POST', '/api/nova/keypairs/', undefined, { rawBody: '{"name": ' });
    expect(response.status).toBe(400);
    expect(response.body).toMatch(/^malformed JSON request/);
  });

  it('a missing body', async () => {
    const response = await demo.post('/api/nova/keypairs/');
    expect(response.status).toBe(400);
    expect(response.body).toBe('request requires JSON body');
  });
});

describe('CSRF on every state-changing call', () => {
  it('refuses a create without X-CSRFToken with 403 and creates nothing', async () => {
    const name = uniqueName('api-csrf');
    const response = await demo.post('/api/nova/keypairs/', { name, key_type: 'ssh' }, { csrf: false });
    expect(response.status).toBe(403);
    expect(response.body).toBe('CSRF verification failed');
    expect((await demo.get(`/api/nova/keypairs/${name}`)).status).toBe(404);
  });

  it('refuses a delete with a wrong token and keeps the key pair', async () => {
    const name = track(() => demo, uniqueName('api-csrf'));
    await demo.post('/api/nova/keypairs/', { name, key_type: 'ssh' });
    const response = await demo.delete(`/api/nova/keypairs/${name}`, undefined, { csrf: 'forged-token' });
    expect(response.status).toBe(403);
    expect((await demo.get(`/api/nova/keypairs/${name}`)).status).toBe(200);
  });

  it('refuses the csrftoken of another session', async () => {
    const other = await ApiClient.loggedIn(cloud, 'demo');
    const response = await demo.post('/api/nova/keypairs/', { name: uniqueName('api-csrf'), key_type: 'ssh' }, { csrf: other.cookies.get('csrftoken') });
    expect(response.status).toBe(403);
  });
});

describe('key pairs belong to their user', () => {
  it('demo can neither see nor delete admin\'s key pair', async () => {
    const name = track(() => admin, uniqueName('api-admin-only'));
    expect((await admin.post('/api/nova/keypairs/', { name, key_type: 'ssh' })).status).toBe(201);

    const listed = await demo.get('/api/nova/keypairs/');
    expect(listed.body.items.map((item: { keypair: { name: string } }) => item.keypair.name)).not.toContain(name);
    expect((await demo.get(`/api/nova/keypairs/${name}`)).status).toBe(404);
    expect((await demo.delete(`/api/nova/keypairs/${name}`)).status).toBe(404);
    expect((await admin.get(`/api/nova/keypairs/${name}`)).status).toBe(200);
  });
});

describe('limits', () => {
  it('answers the flat absolute limits the launch wizard reads', async () => {
    const response = await demo.get('/api/nova/limits/?reserved=true');
    expect(response.status).toBe(200);
    for (const key of ['maxTotalInstances', 'totalInstancesUsed', 'maxTotalCores', 'totalCoresUsed', 'maxTotalRAMSize', 'totalRAMUsed']) {
      expect(typeof response.body[key]).toBe('number');
    }
  });
});
