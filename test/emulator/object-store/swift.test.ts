import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDataDir, removeDataDir, startEmulator, type TestEmulator, tokenFor } from '../../support/emulator.js';

let cloud: TestEmulator;
let admin: string;
let demo: string;
let demoProject: string;
let adminProject: string;
const dataDir = makeDataDir();

const NOT_FOUND = '<html><h1>Not Found</h1><p>The resource could not be found.</p></html>';
const enc = (name: string) => name.split('/').map(encodeURIComponent).join('/');
const account = (project: string) => `/cloud/object-store/v1/AUTH_${project}`;
const md5 = (data: Buffer | string) => createHash('md5').update(data).digest('hex');

type Method = 'GET' | 'HEAD' | 'PUT' | 'POST' | 'DELETE' | 'COPY';
function swift(method: Method, path: string, options: { token?: string; headers?: Record<string, string>; body?: Buffer | string; project?: string } = {}) {
  return cloud.app.inject({
    method: method as 'GET',
    url: `${account(options.project ?? demoProject)}${path}`,
    headers: { ...(options.token === undefined ? { 'x-auth-token': demo } : options.token ? { 'x-auth-token': options.token } : {}), ...options.headers },
    ...(options.body !== undefined ? { payload: options.body } : {}),
  });
}

async function projectOf(token: string): Promise<string> {
  return (await cloud.app.inject({ url: '/cloud/identity/v3/auth/tokens', headers: { 'x-auth-token': token, 'x-subject-token': token } })).json().token.project.id;
}

beforeAll(async () => {
  cloud = await startEmulator({ dataDir });
  admin = await tokenFor(cloud.app, 'admin');
  demo = await tokenFor(cloud.app, 'demo');
  demoProject = await projectOf(demo);
  adminProject = await projectOf(admin);
});
afterAll(async () => {
  await cloud.close();
  removeDataDir(dataDir);
});

describe('the object-store catalog entry and /info', () => {
  it('publishes Swift as object-store with the account URL of the token’s project', async () => {
    const catalog = (await cloud.app.inject({ url: '/cloud/identity/v3/auth/catalog', headers: { 'x-auth-token': demo } })).json().catalog;
    const entry = catalog.find((service: { type: string }) => service.type === 'object-store');
    expect(entry.name).toBe('swift');
    expect(entry.endpoints.map((endpoint: { url: string }) => endpoint.url)).toContain(`http://cloud.test/cloud/object-store/v1/AUTH_${demoProject}`);
  });

  it('answers /info at the host root and at the service root with two storage policies, one default', async () => {
    for (const url of ['/info', '/cloud/object-store/info']) {
      const info = (await cloud.app.inject({ url })).json();
      expect(info.swift.policies).toHaveLength(2);
      expect(info.swift.policies.filter((policy: { default?: boolean }) => policy.default)).toHaveLength(1);
      expect(info.swift.container_listing_limit).toBe(10000);
      expect(info.slo).toBeDefined();
    }
  });
});

describe('containers', () => {
  it('creates (201, then 202), shows counts and bytes, lists the account and deletes only when empty (409)', async () => {
    expect((await swift('PUT', '/box one', { headers: { 'x-storage-policy': 'gold', 'x-container-meta-colour': 'blue' } })).statusCode).toBe(201);
    expect((await swift('PUT', '/box%20one')).statusCode).toBe(202);
    await swift('PUT', '/box%20one/a.txt', { body: 'hello', headers: { 'content-type': 'text/plain' } });
    const head = await swift('HEAD', '/box%20one');
    expect(head.statusCode).toBe(204);
    expect(head.headers).toMatchObject({ 'x-container-object-count': '1', 'x-container-bytes-used': '5', 'x-storage-policy': 'gold', 'x-container-meta-colour': 'blue' });
    const listed = (await swift('GET', '?format=json&prefix=box')).json();
    expect(listed).toEqual([expect.objectContaining({ name: 'box one', count: 1, bytes: 5 })]);
    const accountHead = await swift('HEAD', '');
    expect(accountHead.statusCode).toBe(204);
    expect(Number(accountHead.headers['x-account-container-count'])).toBeGreaterThanOrEqual(1);

    const refused = await swift('DELETE', '/box%20one');
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toBe('<html><h1>Conflict</h1><p>There was a conflict when trying to complete your request.</p></html>');
    expect((await swift('DELETE', '/box%20one/a.txt')).statusCode).toBe(204);
    expect((await swift('DELETE', '/box%20one')).statusCode).toBe(204);
    const gone = await swift('GET', '/box%20one');
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toBe(NOT_FOUND);
  });

  it('refuses an unknown storage policy with 400', async () => {
    expect((await swift('PUT', '/nopolicy', { headers: { 'x-storage-policy': 'platinum' } })).statusCode).toBe(400);
  });

  it('lists in byte order with prefix, delimiter (subdir entries), marker, end_marker and limit', async () => {
    await swift('PUT', '/tree');
    const names = ['a/1', 'a/2', 'a/b/3', 'b', 'c/9', 'Z', 'é', 'z'];
    for (const name of names) await swift('PUT', `/tree/${enc(name)}`, { body: name });
    const plain = await swift('GET', '/tree');
    expect(plain.body).toBe(`${['Z', 'a/1', 'a/2', 'a/b/3', 'b', 'c/9', 'z', 'é'].join('\n')}\n`);
    const json = (query: string) => swift('GET', `/tree?format=json${query}`).then((response) => response.json() as ({ name: string } | { subdir: string })[]);
    expect(await json('&delimiter=/')).toEqual([
      expect.objectContaining({ name: 'Z' }),
      { subdir: 'a/' },
      expect.objectContaining({ name: 'b' }),
      { subdir: 'c/' },
      expect.objectContaining({ name: 'z' }),
      expect.objectContaining({ name: 'é' }),
    ]);
    expect(await json('&delimiter=/&prefix=a/')).toEqual([expect.objectContaining({ name: 'a/1', hash: md5('a/1'), bytes: 3 }), expect.objectContaining({ name: 'a/2' }), { subdir: 'a/b/' }]);
    expect((await json('&marker=a/2&limit=2')).map((entry) => ('name' in entry ? entry.name : entry.subdir))).toEqual(['a/b/3', 'b']);
    expect((await json('&marker=a/1&end_marker=c')).map((entry) => ('name' in entry ? entry.name : entry.subdir))).toEqual(['a/2', 'a/b/3', 'b']);
    expect((await swift('GET', '/tree?limit=10001')).statusCode).toBe(412);
  });

  it('lists 10,000 names at most by default', async () => {
    await swift('PUT', '/many');
    const db = cloud.db();
    db.tx(() => {
      for (let i = 0; i < 10_005; i += 1)
        db.run(
          "INSERT INTO swift_objects (project_id, container, name, bytes, etag, content_type, last_modified) VALUES (?, 'many', ?, 0, 'd41d8cd98f00b204e9800998ecf8427e', 'text/plain', 0)",
          demoProject,
          `n${String(i).padStart(6, '0')}`,
        );
    });
    const listed = (await swift('GET', '/many?format=json')).json() as { name: string }[];
    expect(listed).toHaveLength(10_000);
    expect(listed[9999]!.name).toBe('n009999');
  });
});

describe('objects', () => {
  it('stores bytes with their md5 ETag, serves them with length, type, dates and metadata, and answers ranges with 206', async () => {
    await swift('PUT', '/objs');
    const data = randomBytes(300_000);
    const put = await swift('PUT', '/objs/dir/file%20%23%25%3F%C3%A9.bin', { body: data, headers: { 'content-type': 'application/x-thing', 'x-object-meta-orig-filename': 'orig.bin' } });
    expect(put.statusCode).toBe(201);
    expect(put.headers.etag).toBe(md5(data));
    const got = await swift('GET', '/objs/dir/file%20%23%25%3F%C3%A9.bin');
    expect(got.statusCode).toBe(200);
    expect(Buffer.compare(got.rawPayload, data)).toBe(0);
    expect(got.headers).toMatchObject({ 'content-length': '300000', etag: md5(data), 'content-type': 'application/x-thing', 'x-object-meta-orig-filename': 'orig.bin', 'accept-ranges': 'bytes' });
    expect(got.headers['last-modified']).toBe(new Date(cloud.clock.now).toUTCString());
    const listed = (await swift('GET', '/objs?format=json&prefix=dir/')).json();
    expect(listed[0].name).toBe('dir/file #%?é.bin');

    const range = await swift('GET', '/objs/dir/file%20%23%25%3F%C3%A9.bin', { headers: { range: 'bytes=10-19' } });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe('bytes 10-19/300000');
    expect(Buffer.compare(range.rawPayload, data.subarray(10, 20))).toBe(0);
    const suffix = await swift('GET', '/objs/dir/file%20%23%25%3F%C3%A9.bin', { headers: { range: 'bytes=-5' } });
    expect(Buffer.compare(suffix.rawPayload, data.subarray(-5))).toBe(0);
    expect((await swift('GET', '/objs/dir/file%20%23%25%3F%C3%A9.bin', { headers: { range: 'bytes=300000-' } })).statusCode).toBe(416);

    const head = await swift('HEAD', '/objs/dir/file%20%23%25%3F%C3%A9.bin');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe('300000');
    expect(head.body).toBe('');
  });

  it('replaces metadata on POST, copies with X-Copy-From and COPY, and 404s what is gone', async () => {
    await swift('PUT', '/cp');
    await swift('PUT', '/cp/src.txt', { body: 'copy me', headers: { 'x-object-meta-a': '1' } });
    expect((await swift('POST', '/cp/src.txt', { headers: { 'x-object-meta-b': '2' } })).statusCode).toBe(202);
    const head = await swift('HEAD', '/cp/src.txt');
    expect(head.headers['x-object-meta-b']).toBe('2');
    expect(head.headers['x-object-meta-a']).toBeUndefined();
    expect(head.headers['content-type']).toBe('text/plain');

    const copied = await swift('PUT', '/cp/folder/copy%20one.txt', { headers: { 'x-copy-from': '/cp/src.txt', 'content-length': '0' }, body: '' });
    expect(copied.statusCode).toBe(201);
    expect((await swift('GET', '/cp/folder/copy%20one.txt')).body).toBe('copy me');
    expect((await swift('HEAD', '/cp/folder/copy%20one.txt')).headers['x-object-meta-b']).toBe('2');
    expect((await swift('COPY', '/cp/src.txt', { headers: { destination: 'cp/second.txt' } })).statusCode).toBe(201);
    expect((await swift('GET', '/cp/second.txt')).body).toBe('copy me');
    expect((await swift('HEAD', '/cp')).headers['x-container-object-count']).toBe('3');

    expect((await swift('DELETE', '/cp/src.txt')).statusCode).toBe(204);
    const gone = await swift('GET', '/cp/src.txt');
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toBe(NOT_FOUND);
    expect((await swift('PUT', '/cp/x', { headers: { 'x-copy-from': '/cp/src.txt', 'content-length': '0' }, body: '' })).statusCode).toBe(404);
  });

  it('refuses an upload whose ETag does not match with 422, and one into a missing container with 404', async () => {
    await swift('PUT', '/etag');
    expect((await swift('PUT', '/etag/o', { body: 'abc', headers: { etag: md5('xyz') } })).statusCode).toBe(422);
    expect((await swift('GET', '/etag/o')).statusCode).toBe(404);
    expect((await swift('PUT', '/no-such-container/o', { body: 'abc' })).statusCode).toBe(404);
  });
});

describe('large objects', () => {
  it('serves a Static Large Object as its segments’ concatenation, ranges across segments, and deletes its segments on request', async () => {
    await swift('PUT', '/segs');
    await swift('PUT', '/slo');
    const parts = [randomBytes(1000), randomBytes(2000), randomBytes(500)];
    for (const [i, part] of parts.entries()) await swift('PUT', `/segs/big/${i}`, { body: part });
    const manifest = parts.map((part, i) => ({ path: `/segs/big/${i}`, etag: md5(part), size_bytes: part.length }));
    const put = await swift('PUT', '/slo/big.bin?multipart-manifest=put', { body: JSON.stringify(manifest) });
    expect(put.statusCode).toBe(201);
    const whole = Buffer.concat(parts);
    const got = await swift('GET', '/slo/big.bin');
    expect(Buffer.compare(got.rawPayload, whole)).toBe(0);
    expect(got.headers).toMatchObject({ 'content-length': '3500', 'x-static-large-object': 'True', etag: `"${md5(parts.map(md5).join(''))}"` });
    const range = await swift('GET', '/slo/big.bin', { headers: { range: 'bytes=900-3099' } });
    expect(Buffer.compare(range.rawPayload, whole.subarray(900, 3100))).toBe(0);
    expect((await swift('GET', '/slo/big.bin?multipart-manifest=get')).json()).toHaveLength(3);

    const wrong = await swift('PUT', '/slo/bad?multipart-manifest=put', { body: JSON.stringify([{ path: '/segs/big/0', etag: md5('nope'), size_bytes: null }]) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('/segs/big/0, Etag Mismatch');

    // As Swift's SLO middleware: on an object that is not a manifest the query deletes nothing.
    const plain = await swift('DELETE', '/segs/big/0?multipart-manifest=delete');
    expect([plain.statusCode, plain.body]).toEqual([200, expect.stringContaining('/segs/big/0, Not an SLO manifest')]);
    expect((await swift('HEAD', '/segs/big/0')).statusCode).toBe(200);

    // The bulk report in JSON when the client takes it, as Swift's bulk middleware answers.
    const asJson = await swift('DELETE', '/segs/big/0?multipart-manifest=delete', { headers: { accept: 'application/json' } });
    expect(asJson.json()).toEqual({ 'Number Deleted': 0, 'Number Not Found': 0, 'Response Body': '', 'Response Status': '400 Bad Request', Errors: [['/segs/big/0', 'Not an SLO manifest']] });

    const deleted = await swift('DELETE', '/slo/big.bin?multipart-manifest=delete', { headers: { accept: 'application/json' } });
    expect([deleted.statusCode, deleted.json()]).toEqual([200, { 'Number Deleted': 4, 'Number Not Found': 0, 'Response Body': '', 'Response Status': '200 OK', Errors: [] }]);
    expect((await swift('HEAD', '/segs')).headers['x-container-object-count']).toBe('0');
  });

  it('serves a Dynamic Large Object as the concatenation of the objects under its prefix', async () => {
    await swift('PUT', '/dlo');
    await swift('PUT', '/dlo/parts/002', { body: 'world' });
    await swift('PUT', '/dlo/parts/001', { body: 'hello ' });
    expect((await swift('PUT', '/dlo/joined', { body: '', headers: { 'x-object-manifest': 'dlo/parts/', 'content-length': '0' } })).statusCode).toBe(201);
    const got = await swift('GET', '/dlo/joined');
    expect(got.body).toBe('hello world');
    expect(got.headers['x-object-manifest']).toBe('dlo/parts/');
  });
});

describe('quotas, tenancy and public containers', () => {
  it('refuses an upload past X-Account-Meta-Quota-Bytes with Swift’s 413, which only an admin may set', async () => {
    expect((await swift('POST', '', { headers: { 'x-account-meta-quota-bytes': '10' } })).statusCode).toBe(403);
    const quotaProject = adminProject;
    expect((await swift('POST', '', { token: admin, project: quotaProject, headers: { 'x-account-meta-quota-bytes': '10' } })).statusCode).toBe(204);
    await swift('PUT', '/quota', { token: admin, project: quotaProject });
    expect((await swift('PUT', '/quota/ok', { token: admin, project: quotaProject, body: '12345' })).statusCode).toBe(201);
    const over = await swift('PUT', '/quota/over', { token: admin, project: quotaProject, body: '1234567' });
    expect(over.statusCode).toBe(413);
    expect(over.body).toBe('Upload exceeds quota.');
    expect((await swift('HEAD', '', { token: admin, project: quotaProject })).headers['x-account-meta-quota-bytes']).toBe('10');
    await swift('POST', '', { token: admin, project: quotaProject, headers: { 'x-remove-account-meta-quota-bytes': 'x' } });
    await swift('DELETE', '/quota/ok', { token: admin, project: quotaProject });
    await swift('DELETE', '/quota', { token: admin, project: quotaProject });
  });

  it('refuses another project’s token with 403 and the anonymous with 401, on the account, containers and objects', async () => {
    await swift('PUT', '/private');
    await swift('PUT', '/private/secret', { body: 'mine' });
    for (const path of ['', '/private', '/private/secret']) {
      expect((await swift('GET', path, { token: admin })).statusCode).toBe(403);
      expect((await swift('GET', path, { token: '' })).statusCode).toBe(401);
    }
    expect((await swift('PUT', '/private/x', { token: admin, body: 'theirs' })).statusCode).toBe(403);
    expect((await swift('DELETE', '/private/secret', { token: admin })).statusCode).toBe(403);
  });

  it('lets anyone read objects and listings of a container made public with .r:*,.rlistings, and nothing else', async () => {
    await swift('PUT', '/public', { headers: { 'x-container-read': '.r:*,.rlistings' } });
    await swift('PUT', '/public/hello.txt', { body: 'hi all' });
    expect((await swift('HEAD', '/public')).headers['x-container-read']).toBe('.r:*,.rlistings');
    expect((await swift('GET', '/public/hello.txt', { token: '' })).body).toBe('hi all');
    expect((await swift('GET', '/public', { token: '' })).body).toBe('hello.txt\n');
    expect((await swift('GET', '/public/hello.txt', { token: admin })).body).toBe('hi all');
    expect((await swift('PUT', '/public/x', { token: '', body: 'no' })).statusCode).toBe(401);
    expect((await swift('DELETE', '/public/hello.txt', { token: admin })).statusCode).toBe(403);
    await swift('POST', '/public', { headers: { 'x-remove-container-read': 'x' } });
    expect((await swift('GET', '/public/hello.txt', { token: '' })).statusCode).toBe(401);
  });
});

describe('restart', () => {
  it('keeps containers, objects and their bytes across a restart of the cloud', async () => {
    const data = randomBytes(50_000);
    await swift('PUT', '/durable');
    await swift('PUT', '/durable/keep.bin', { body: data });
    await cloud.app.close();
    cloud.emulator.close();
    cloud = await startEmulator({ dataDir });
    demo = await tokenFor(cloud.app, 'demo');
    const got = await swift('GET', '/durable/keep.bin');
    expect(got.statusCode).toBe(200);
    expect(Buffer.compare(got.rawPayload, data)).toBe(0);
    expect((await swift('HEAD', '/durable')).headers['x-container-bytes-used']).toBe('50000');
  });
});
