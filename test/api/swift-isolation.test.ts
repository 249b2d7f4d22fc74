import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client.js';
import { nativeSession, type NativeSession, startTestCloud, type TestCloud, uniqueName } from '../support/cloud.js';

/**
 * Tenants see only their own object storage (issue 18; api-contract §9: the
 * account is the session project's `object-store` URL): through `/api/swift`
 * a container of demo's project does not exist for admin in admin's project,
 * and on the native Swift API demo's token is refused on admin's account
 * (keystoneauth: 403 to a token of another project) until admin opens a
 * container with the `.r:*` read ACL. Runs against the emulator and, as is,
 * against the real Swift (`npm run test:realcloud -- test/api/swift-isolation.test.ts`).
 */

let cloud: TestCloud;
let demo: ApiClient;
let admin: ApiClient;
let demoSwift: NativeSession;
let adminSwift: NativeSession;
/** What the tests made, deleted at the end by the owner's token: objects first, then their container. */
const made: { owner: () => NativeSession; container: string; objects: string[] }[] = [];

const C = (container: string) => `/api/swift/containers/${encodeURIComponent(container)}`;
const objectPath = (name: string) => encodeURIComponent(name).replace(/%2F/g, '/');

async function swift(session: NativeSession | null, method: string, url: string, init: { headers?: Record<string, string>; body?: Buffer } = {}) {
  const headers: Record<string, string> = { ...init.headers, ...(session ? { 'X-Auth-Token': session.token } : {}) };
  const response = await fetch(url, { method, headers, body: init.body ? new Uint8Array(init.body) : undefined });
  return { status: response.status, data: Buffer.from(await response.arrayBuffer()) };
}

/** A container with one object in it, made natively by its owner (private: no read ACL). */
async function privateContainer(owner: () => NativeSession, prefix: string, object: string, data: Buffer): Promise<string> {
  const container = uniqueName(prefix);
  const entry = { owner, container, objects: [] as string[] };
  made.push(entry);
  const account = owner().endpoint;
  expect((await swift(owner(), 'PUT', `${account}/${encodeURIComponent(container)}`)).status).toBe(201);
  expect((await swift(owner(), 'PUT', `${account}/${encodeURIComponent(container)}/${objectPath(object)}`, { body: data })).status).toBe(201);
  entry.objects.push(object);
  return container;
}

beforeAll(async () => {
  cloud = await startTestCloud();
  [demo, admin, demoSwift, adminSwift] = await Promise.all([
    ApiClient.loggedIn(cloud, 'demo'),
    ApiClient.loggedIn(cloud, 'admin'),
    nativeSession(cloud, 'demo', ['object-store']),
    nativeSession(cloud, 'admin', ['object-store']),
  ]);
});

afterAll(async () => {
  for (const { owner, container, objects } of made) {
    const url = `${owner().endpoint}/${encodeURIComponent(container)}`;
    for (const object of objects) await swift(owner(), 'DELETE', `${url}/${objectPath(object)}`);
    await swift(owner(), 'DELETE', url);
  }
  await cloud.close();
});

describe('object storage isolation between projects', () => {
  it('admin cannot see demo’s containers through /api/swift in admin’s project: not listed, not found, its objects neither listed nor downloadable', async () => {
    const data = randomBytes(64);
    const container = await privateContainer(() => demoSwift, 'iso demo #', 'in folder/secret ?.bin', data);
    // demo sees it through /api/swift (the test would prove nothing otherwise) …
    expect((await demo.get(`/api/swift/containers/?prefix=${encodeURIComponent(container)}`)).body.items.map((item: { name: string }) => item.name)).toEqual([container]);
    expect((await demo.get(`${C(container)}/metadata/`)).status).toBe(200);
    // … admin, in admin's project, does not.
    expect((await admin.get(`/api/swift/containers/?prefix=${encodeURIComponent(container)}`)).body.items).toEqual([]);
    expect((await admin.get(`${C(container)}/metadata/`)).status).toBe(404);
    expect((await admin.get(`${C(container)}/objects/?path=${encodeURIComponent('in folder/')}`)).status).toBe(404);
    expect((await admin.get(`${C(container)}/metadata/${objectPath('in folder/secret ?.bin')}`)).status).toBe(404);
    expect((await admin.get(`${C(container)}/object/${objectPath('in folder/secret ?.bin')}`)).status).toBe(404);
    // Nor can admin delete it from there: demo's container and object are still whole.
    expect((await admin.delete(`${C(container)}/metadata/`)).status).toBe(404);
    const kept = await swift(demoSwift, 'GET', `${demoSwift.endpoint}/${encodeURIComponent(container)}/${objectPath('in folder/secret ?.bin')}`);
    expect(kept.status).toBe(200);
    expect(kept.data.equals(data)).toBe(true);
  });

  it('demo cannot read admin’s private container on the native Swift API with its own token (403), and can read its objects once admin sets the .r:* read ACL', async () => {
    const data = randomBytes(128);
    const container = await privateContainer(() => adminSwift, 'iso admin', 'report.bin', data);
    const containerUrl = `${adminSwift.endpoint}/${encodeURIComponent(container)}`;
    expect(adminSwift.endpoint).not.toBe(demoSwift.endpoint);

    // Private: demo's token on admin's account is refused, reading and writing alike.
    expect((await swift(demoSwift, 'GET', `${containerUrl}/report.bin`)).status).toBe(403);
    expect((await swift(demoSwift, 'HEAD', `${containerUrl}/report.bin`)).status).toBe(403);
    expect((await swift(demoSwift, 'GET', `${containerUrl}?format=json`)).status).toBe(403);
    expect((await swift(demoSwift, 'PUT', `${containerUrl}/planted.bin`, { body: Buffer.from('x') })).status).toBe(403);
    expect((await swift(null, 'GET', `${containerUrl}/report.bin`)).status).toBe(401);

    // Admin opens the objects to anyone (.r:*, without .rlistings): demo reads the object, not the listing.
    expect((await swift(adminSwift, 'POST', containerUrl, { headers: { 'X-Container-Read': '.r:*' } })).status).toBe(204);
    const read = await swift(demoSwift, 'GET', `${containerUrl}/report.bin`);
    expect(read.status).toBe(200);
    expect(read.data.equals(data)).toBe(true);
    expect((await swift(demoSwift, 'GET', `${containerUrl}?format=json`)).status).toBe(403);
    // Reading is all the ACL gives: demo still cannot write there.
    expect((await swift(demoSwift, 'PUT', `${containerUrl}/planted.bin`, { body: Buffer.from('x') })).status).toBe(403);
  });
});
