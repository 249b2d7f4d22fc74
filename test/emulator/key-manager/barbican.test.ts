import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type TestEmulator, tokenFor, userWithRole } from '../../support/emulator.js';

let cloud: TestEmulator;
let admin: string;
let demo: string;
const BASE = '/cloud/key-manager/v1';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
function barbican(method: Method, path: string, body?: unknown, token = demo, headers: Record<string, string> = {}) {
  return cloud.app.inject({
    method,
    url: path.startsWith('http') ? path.replace('http://cloud.test', '') : `${BASE}${path}`,
    headers: { 'x-auth-token': token, ...headers },
    ...(body === undefined ? {} : { payload: typeof body === 'string' || Buffer.isBuffer(body) ? body : (body as object) }),
  });
}

const idOf = (ref: string) => ref.split('/').at(-1)!;

async function storeSecret(body: Record<string, unknown>, token = demo): Promise<string> {
  const response = await barbican('POST', '/secrets', body, token);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().secret_ref;
}

beforeAll(async () => {
  cloud = await startEmulator();
  admin = await tokenFor(cloud.app, 'admin');
  demo = await tokenFor(cloud.app, 'demo');
});
afterAll(async () => cloud.close());

describe('the key-manager catalog entry', () => {
  it('publishes Barbican as key-manager and answers its version document', async () => {
    const catalog = (await cloud.app.inject({ url: '/cloud/identity/v3/auth/catalog', headers: { 'x-auth-token': demo } })).json().catalog;
    expect(catalog.find((service: { type: string }) => service.type === 'key-manager').name).toBe('barbican');
    const root = await cloud.app.inject({ url: '/cloud/key-manager/' });
    expect(root.statusCode).toBe(300);
    expect(root.json().versions.values[0].id).toBe('v1');
  });
});

describe('secrets', () => {
  it('stores a text secret and answers its metadata and payload', async () => {
    const ref = await storeSecret({ name: 'db password', payload: 's3cret', payload_content_type: 'text/plain', algorithm: 'aes', bit_length: 256, mode: 'cbc' });
    expect(ref).toMatch(/^http:\/\/cloud\.test\/cloud\/key-manager\/v1\/secrets\/[0-9a-f-]{36}$/);
    const secret = (await barbican('GET', ref)).json();
    expect(secret).toMatchObject({ name: 'db password', status: 'ACTIVE', secret_type: 'opaque', algorithm: 'aes', bit_length: 256, mode: 'cbc', expiration: null, content_types: { default: 'text/plain' }, secret_ref: ref });
    const payload = await barbican('GET', `${ref}/payload`, undefined, demo, { accept: 'text/plain' });
    expect(payload.statusCode).toBe(200);
    expect(payload.body).toBe('s3cret');
    expect(payload.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('stores binary payloads base64-encoded and refuses them without the encoding', async () => {
    const bytes = Buffer.from([0, 1, 2, 250, 255]);
    const ref = await storeSecret({ payload: bytes.toString('base64'), payload_content_type: 'application/octet-stream', payload_content_encoding: 'base64', secret_type: 'symmetric' });
    const payload = await barbican('GET', `${ref}/payload`, undefined, demo, { accept: 'application/octet-stream' });
    expect(payload.rawPayload.equals(bytes)).toBe(true);
    const refused = await barbican('POST', '/secrets', { payload: 'abc', payload_content_type: 'application/octet-stream' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 400, title: 'Bad Request' });
    expect(refused.json().description).toContain("Invalid property: 'payload_content_encoding'");
  });

  it('takes the payload later with PUT, once', async () => {
    const ref = await storeSecret({ name: 'later' });
    expect((await barbican('GET', ref)).json().content_types).toBeUndefined();
    expect((await barbican('PUT', ref, 'the bytes', demo, { 'content-type': 'text/plain' })).statusCode).toBe(204);
    expect((await barbican('GET', `${ref}/payload`)).body).toBe('the bytes');
    const again = await barbican('PUT', ref, 'more', demo, { 'content-type': 'text/plain' });
    expect(again.statusCode).toBe(409);
  });

  it('refuses an expiration in the past and unknown attributes, naming them', async () => {
    const past = await barbican('POST', '/secrets', { expiration: '2000-01-01T00:00:00Z' });
    expect(past.statusCode).toBe(400);
    expect(past.json().description).toContain("'expiration' is before current time");
    const unknown = await barbican('POST', '/secrets', { colour: 'red' });
    expect(unknown.json().description).toContain("Invalid property: 'colour'");
  });

  it('pages with limit and offset, answering total and next/previous links', async () => {
    const paging = await userWithRole(cloud, { user: 'km-pager', project: 'km-paging', role: 'member' });
    for (let index = 0; index < 5; index++) await storeSecret({ name: `page-${index}` }, paging.token);
    const first = (await barbican('GET', '/secrets?limit=2', undefined, paging.token)).json();
    expect(first.total).toBe(5);
    expect(first.secrets.map((secret: { name: string }) => secret.name)).toEqual(['page-0', 'page-1']);
    expect(first.next).toBe('http://cloud.test/cloud/key-manager/v1/secrets?limit=2&offset=2');
    expect(first.previous).toBeUndefined();
    const last = (await barbican('GET', '/secrets?limit=2&offset=4', undefined, paging.token)).json();
    expect(last.secrets.map((secret: { name: string }) => secret.name)).toEqual(['page-4']);
    expect(last.next).toBeUndefined();
    expect(last.previous).toBe('http://cloud.test/cloud/key-manager/v1/secrets?limit=2&offset=2');
    expect((await barbican('GET', '/secrets?name=page-3', undefined, paging.token)).json().total).toBe(1);
  });

  it('keeps user metadata', async () => {
    const ref = await storeSecret({ name: 'meta' });
    expect((await barbican('PUT', `${ref}/metadata`, { metadata: { owner: 'web', tier: 'gold' } })).statusCode).toBe(201);
    expect((await barbican('POST', `${ref}/metadata`, { key: 'zone', value: 'a' })).statusCode).toBe(201);
    expect((await barbican('GET', `${ref}/metadata`)).json().metadata).toEqual({ owner: 'web', tier: 'gold', zone: 'a' });
    expect((await barbican('DELETE', `${ref}/metadata/tier`)).statusCode).toBe(204);
    expect((await barbican('GET', `${ref}/metadata/tier`)).statusCode).toBe(404);
    expect((await barbican('PUT', `${ref}/metadata`, { metadata: { Upper: 'x' } })).statusCode).toBe(400);
  });
});

describe('access by project and the ACL', () => {
  it('hides a project’s secrets from another project, admin included', async () => {
    const ref = await storeSecret({ name: 'demo only', payload: 'x', payload_content_type: 'text/plain' });
    const names = (await barbican('GET', '/secrets?limit=100', undefined, admin)).json().secrets.map((secret: { name: string }) => secret.name);
    expect(names).not.toContain('demo only');
    const foreign = await barbican('GET', ref, undefined, admin);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().description).toBe('Not Found. Sorry but your secret is in another castle.');
    expect((await barbican('DELETE', ref, undefined, admin)).statusCode).toBe(404);
  });

  it('turns project access off for the creator and named users only, and lets a named user of another project read', async () => {
    const colleague = await userWithRole(cloud, { user: 'km-colleague', project: 'demo', role: 'member' });
    const outsider = await userWithRole(cloud, { user: 'km-outsider', project: 'km-elsewhere', role: 'member' });
    const ref = await storeSecret({ name: 'private', payload: 'p', payload_content_type: 'text/plain' });
    expect((await barbican('GET', ref, undefined, colleague.token)).statusCode).toBe(200);
    const acl = await barbican('PUT', `${ref}/acl`, { read: { 'project-access': false, users: [outsider.userId] } });
    expect(acl.json()).toEqual({ acl_ref: `${ref}/acl` });
    expect((await barbican('GET', ref, undefined, colleague.token)).statusCode).toBe(404);
    expect((await barbican('GET', ref)).statusCode).toBe(200);
    expect((await barbican('GET', `${ref}/payload`, undefined, outsider.token)).body).toBe('p');
    expect((await barbican('GET', `${ref}/acl`)).json().read).toMatchObject({ 'project-access': false, users: [outsider.userId] });
    expect((await barbican('PATCH', `${ref}/acl`, { read: { 'project-access': true } })).statusCode).toBe(200);
    expect((await barbican('GET', `${ref}/acl`)).json().read).toMatchObject({ 'project-access': true, users: [outsider.userId] });
    expect((await barbican('DELETE', `${ref}/acl`)).statusCode).toBe(204);
    expect((await barbican('GET', `${ref}/acl`)).json()).toEqual({ read: { 'project-access': true } });
  });

  it('lets a reader look but not store', async () => {
    const reader = await userWithRole(cloud, { user: 'km-reader', project: 'demo', role: 'reader' });
    expect((await barbican('GET', '/secrets', undefined, reader.token)).statusCode).toBe(200);
    expect((await barbican('POST', '/secrets', { name: 'no' }, reader.token)).statusCode).toBe(403);
  });
});

describe('certificate containers and consumers', () => {
  it('makes a certificate container from secrets and lists it by type', async () => {
    const certificate = await storeSecret({ name: 'www cert', payload: 'CERT', payload_content_type: 'text/plain', secret_type: 'certificate' });
    const key = await storeSecret({ name: 'www key', payload: 'KEY', payload_content_type: 'text/plain', secret_type: 'private' });
    const response = await barbican('POST', '/containers', { type: 'certificate', name: 'www', secret_refs: [{ name: 'certificate', secret_ref: certificate }, { name: 'private_key', secret_ref: key }] });
    expect(response.statusCode).toBe(201);
    const ref = response.json().container_ref;
    const container = (await barbican('GET', ref)).json();
    expect(container).toMatchObject({ name: 'www', type: 'certificate', status: 'ACTIVE', consumers: [], container_ref: ref });
    expect(container.secret_refs).toEqual([{ secret_ref: certificate, name: 'certificate' }, { secret_ref: key, name: 'private_key' }]);
    const listed = (await barbican('GET', '/containers?type=certificate&limit=100')).json();
    expect(listed.containers.map((item: { container_ref: string }) => item.container_ref)).toContain(ref);
    expect(listed.total).toBeGreaterThanOrEqual(1);
  });

  it('needs the certificate reference and refuses secrets that do not exist or are not allowed names', async () => {
    const key = await storeSecret({ name: 'k', payload: 'KEY', payload_content_type: 'text/plain' });
    const noCert = await barbican('POST', '/containers', { type: 'certificate', secret_refs: [{ name: 'private_key', secret_ref: key }] });
    expect(noCert.statusCode).toBe(400);
    expect(noCert.json().description).toContain("The 'certificate' reference is required for Certificate type");
    const wrongName = await barbican('POST', '/containers', { type: 'certificate', secret_refs: [{ name: 'certificate', secret_ref: key }, { name: 'chain', secret_ref: key }] });
    expect(wrongName.statusCode).toBe(400);
    const missing = await barbican('POST', '/containers', { type: 'generic', secret_refs: [{ name: 'x', secret_ref: `${BASE}/secrets/00000000-0000-0000-0000-000000000000` }] });
    expect(missing.statusCode).toBe(404);
  });

  it('registers and removes consumers', async () => {
    const secret = await storeSecret({ payload: 'CERT', payload_content_type: 'text/plain' });
    const ref = (await barbican('POST', '/containers', { type: 'certificate', secret_refs: [{ name: 'certificate', secret_ref: secret }] })).json().container_ref;
    const added = await barbican('POST', `${ref}/consumers`, { name: 'app', URL: 'http://app.example/1' });
    expect(added.json().consumers).toEqual([{ name: 'app', URL: 'http://app.example/1' }]);
    expect((await barbican('GET', `${ref}/consumers`)).json()).toMatchObject({ total: 1 });
    expect((await barbican('DELETE', `${ref}/consumers`, { name: 'app', URL: 'http://app.example/1' })).json().consumers).toEqual([]);
    expect((await barbican('DELETE', `${ref}/consumers`, { name: 'app', URL: 'http://app.example/1' })).statusCode).toBe(404);
    expect((await barbican('DELETE', ref)).statusCode).toBe(204);
    expect((await barbican('GET', ref)).statusCode).toBe(404);
    expect(idOf(ref)).toMatch(/^[0-9a-f-]{36}$/);
  });
});
