import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client.js';
import { startTestCloud, type TestCloud, uniqueName } from '../support/cloud.js';

let cloud: TestCloud;
let demo: ApiClient;
const containers: { client: () => ApiClient; name: string }[] = [];

const enc = (name: string) => encodeURIComponent(name).replace(/%2F/g, '/');
const C = (container: string) => `/api/swift/containers/${encodeURIComponent(container)}`;

beforeAll(async () => {
  cloud = await startTestCloud();
  demo = await ApiClient.loggedIn(cloud, 'demo');
});
afterAll(async () => {
  // Empties each container the tests made (folders and objects), then deletes it.
  for (const { client, name } of containers) {
    for (;;) {
      const listed = await client().get(`${C(name)}/objects/`);
      const objects = (listed.body?.items ?? []) as { path: string; is_subdir: boolean }[];
      const subdirs = objects.filter((item) => item.is_subdir);
      for (const item of objects.filter((entry) => !entry.is_subdir)) await client().delete(`${C(name)}/object/${enc(item.path)}`);
      for (const folder of subdirs) await emptyFolder(client(), name, folder.path);
      if (!objects.length) break;
    }
    await client().delete(`${C(name)}/metadata/`);
  }
  await cloud.close();
});

async function emptyFolder(client: ApiClient, container: string, path: string): Promise<void> {
  const listed = await client.get(`${C(container)}/objects/?path=${encodeURIComponent(path)}`);
  for (const item of listed.body.items as { path: string; is_subdir: boolean }[]) {
    if (item.is_subdir) await emptyFolder(client, container, item.path);
    else await client.delete(`${C(container)}/object/${enc(item.path)}`);
  }
  await client.delete(`${C(container)}/object/${enc(path)}`);
}

async function createContainer(client: ApiClient, prefix: string, body: Record<string, unknown> = {}): Promise<string> {
  const name = uniqueName(prefix);
  containers.push({ client: () => client, name });
  const response = await client.post(`${C(name)}/metadata/`, body);
  expect(response.status).toBe(201);
  return name;
}

async function upload(client: ApiClient, container: string, object: string, data: Buffer, options: { csrf?: boolean; filename?: string; type?: string } = {}) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)], { type: options.type }), options.filename ?? 'upload.bin');
  const headers: Record<string, string> = { Cookie: client.cookieHeader() };
  if (options.csrf !== false) headers['X-CSRFToken'] = client.cookies.get('csrftoken') ?? '';
  const response = await fetch(`${cloud.baseUrl}${C(container)}/object/${enc(object)}`, { method: 'POST', headers, body: form });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
}

async function download(client: ApiClient, container: string, object: string) {
  const response = await fetch(`${cloud.baseUrl}${C(container)}/object/${enc(object)}`, { headers: { Cookie: client.cookieHeader() } });
  return { status: response.status, headers: response.headers, data: Buffer.from(await response.arrayBuffer()) };
}

describe('object storage capabilities', () => {
  it('answers /info and the storage policies with exactly one default', async () => {
    expect((await demo.get('/api/swift/info/')).body.info.swift).toBeDefined();
    const policies = (await demo.get('/api/swift/policies/')).body.policies as { name: string; default?: boolean }[];
    expect(policies.length).toBeGreaterThanOrEqual(1);
    expect(policies.filter((policy) => policy.default)).toHaveLength(1);
  });
});

describe('containers through /api/swift/containers/', () => {
  it('creates a container (201, Location), refuses a second with the same name (409), shows it and lists it by prefix', async () => {
    const name = await createContainer(demo, 'api box');
    const again = await demo.post(`${C(name)}/metadata/`, {});
    expect(again.status).toBe(409);
    expect(again.body).toBe('A container with that name exists.');
    const shown = await demo.get(`${C(name)}/metadata/`);
    expect(shown.body).toMatchObject({ name, container_object_count: '0', container_bytes_used: '0', is_public: false, public_url: null, data: null });
    expect(shown.body.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+$/);
    const listed = await demo.get(`/api/swift/containers/?prefix=${encodeURIComponent(name)}`);
    expect(listed.body).toMatchObject({ items: [{ name, count: 0, bytes: 0 }], has_more: false });
    expect((await demo.get(`${C(uniqueName('missing'))}/metadata/`)).status).toBe(404);
  });

  it('lists the containers after a marker (the last name of the page before), so the list goes beyond its first 1,000', async () => {
    const base = uniqueName('api pages');
    const names: string[] = [];
    for (const suffix of ['a', 'b', 'c']) {
      const name = `${base}-${suffix}`;
      containers.push({ client: () => demo, name });
      expect((await demo.post(`${C(name)}/metadata/`, {})).status).toBe(201);
      names.push(name);
    }
    const all = await demo.get(`/api/swift/containers/?prefix=${encodeURIComponent(base)}`);
    expect(all.body).toMatchObject({ has_more: false, next_marker: null });
    expect(all.body.items.map((item: { name: string }) => item.name)).toEqual(names);
    const after = await demo.get(`/api/swift/containers/?prefix=${encodeURIComponent(base)}&marker=${encodeURIComponent(names[0]!)}`);
    expect(after.body.items.map((item: { name: string }) => item.name)).toEqual(names.slice(1));
    expect((await demo.get(`/api/swift/containers/?marker=${'m'.repeat(300)}`)).status).toBe(400);
  });

  it('refuses a create body with a wrong type, naming the field', async () => {
    const response = await demo.post(`${C(uniqueName('bad'))}/metadata/`, { is_public: 'yes' });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain('is_public');
  });

  it('makes a container public (its objects then readable anonymously at public_url) and private again', async () => {
    const name = await createContainer(demo, 'api public');
    expect((await upload(demo, name, 'hello.txt', Buffer.from('hi world'))).status).toBe(201);
    expect((await demo.request('PUT', `${C(name)}/metadata/`, { is_public: true })).status).toBe(204);
    const shown = (await demo.get(`${C(name)}/metadata/`)).body;
    expect(shown.is_public).toBe(true);
    const anonymous = await fetch(`${shown.public_url}/hello.txt`);
    expect(await anonymous.text()).toBe('hi world');
    expect((await demo.request('PUT', `${C(name)}/metadata/`, { is_public: false })).status).toBe(204);
    expect((await fetch(`${shown.public_url}/hello.txt`)).status).toBe(401);
  });

  it('refuses to delete a container that is not empty with the contract’s 409 message', async () => {
    const name = await createContainer(demo, 'api full');
    await upload(demo, name, 'a', Buffer.from('x'));
    const refused = await demo.delete(`${C(name)}/metadata/`);
    expect(refused.status).toBe(409);
    expect(refused.body).toBe('The container cannot be deleted since it is not empty.');
  });
});

describe('objects through /api/swift/containers/{c}/object/', () => {
  it('uploads (multipart, 201, Location), lists by folder path and downloads the same bytes with the contract’s Content-Disposition', async () => {
    const name = await createContainer(demo, 'api objects #%?é');
    const data = randomBytes(3 * 1024 * 1024 + 17);
    const object = 'docs/report #1 50% ?é';
    const created = await upload(demo, name, object, data, { filename: 'report.pdf' });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe(`${C(name)}/object/${enc(object)}`);
    expect((await upload(demo, name, 'docs/notes, v2.txt', Buffer.from('n'))).status).toBe(201);

    const top = await demo.get(`${C(name)}/objects/`);
    expect(top.body.items).toEqual([{ path: 'docs/', name: 'docs', bytes: 0, is_subdir: true, is_object: false, content_type: 'application/pseudo-folder' }]);
    const inside = await demo.get(`${C(name)}/objects/?path=${encodeURIComponent('docs/')}`);
    expect(inside.body.items.map((item: { name: string }) => item.name)).toEqual(['notes, v2.txt', 'report #1 50% ?é']);
    expect(inside.body.items[1]).toMatchObject({ path: object, bytes: data.length, is_object: true });

    const got = await download(demo, name, object);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('application/octet-stream');
    expect(got.headers.get('content-length')).toBe(String(data.length));
    expect(got.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('report #1 50% ?é.pdf')}`);
    expect(createHash('md5').update(got.data).digest('hex')).toBe(createHash('md5').update(data).digest('hex'));
    expect((await download(demo, name, 'docs/notes, v2.txt')).headers.get('content-disposition')).toContain('filename="notes v2.txt"');

    const info = await demo.get(`${C(name)}/metadata/${enc(object)}`);
    expect(info.body).toMatchObject({ name: object, bytes: String(data.length), etag: createHash('md5').update(data).digest('hex') });
  });

  it('refuses an upload without the CSRF token', async () => {
    const name = await createContainer(demo, 'api csrf');
    const refused = await upload(demo, name, 'x.txt', Buffer.from('x'), { csrf: false });
    expect(refused.status).toBe(403);
    expect((await demo.get(`${C(name)}/objects/`)).body.items).toEqual([]);
  });

  it('answers 400 to a form that ends before its file does, and stores nothing of it', async () => {
    const name = await createContainer(demo, 'api broken');
    const boundary = 'broken-form-boundary';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="half.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      randomBytes(200_000),
    ]);
    const response = await fetch(`${cloud.baseUrl}${C(name)}/object/half.bin`, {
      method: 'POST',
      headers: { Cookie: demo.cookieHeader(), 'X-CSRFToken': demo.cookies.get('csrftoken') ?? '', 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('ended early');
    await expect.poll(async () => (await demo.get(`${C(name)}/objects/`)).body.items).toEqual([]);
  });

  it('creates a folder, refuses the same folder again (409) and refuses to delete it while not empty', async () => {
    const name = await createContainer(demo, 'api folders');
    expect((await upload(demo, name, 'photos/', Buffer.alloc(0))).status).toBe(201);
    const again = await upload(demo, name, 'photos/', Buffer.alloc(0));
    expect(again.status).toBe(409);
    expect((await demo.get(`${C(name)}/objects/?path=photos/`)).body.items).toEqual([]);
    await upload(demo, name, 'photos/cat.jpg', Buffer.from('meow'));
    const refused = await demo.delete(`${C(name)}/object/photos/`);
    expect(refused.status).toBe(409);
    expect(refused.body).toBe('The pseudo folder cannot be deleted since it is not empty.');
    expect((await demo.delete(`${C(name)}/object/photos/cat.jpg`)).status).toBe(204);
    expect((await demo.delete(`${C(name)}/object/photos/`)).status).toBe(204);
    expect((await demo.get(`${C(name)}/objects/`)).body.items).toEqual([]);
  });

  it('copies an object into another container, refusing a target that exists (409)', async () => {
    const source = await createContainer(demo, 'api copy src');
    const target = await createContainer(demo, 'api copy dst');
    await upload(demo, source, 'a b/c.txt', Buffer.from('copied bytes'));
    const copied = await demo.post(`${C(source)}/copy/${enc('a b/c.txt')}`, { dest_container: target, dest_name: 'x/y z.txt' });
    expect(copied.status).toBe(201);
    expect(copied.headers.get('location')).toBe(`${C(target)}/object/${enc('x/y z.txt')}`);
    expect((await download(demo, target, 'x/y z.txt')).data.toString()).toBe('copied bytes');
    expect((await demo.post(`${C(source)}/copy/${enc('a b/c.txt')}`, { dest_container: target, dest_name: 'x/y z.txt' })).status).toBe(409);
    expect((await demo.post(`${C(source)}/copy/${enc('a b/c.txt')}`, { dest_container: target })).status).toBe(400);
  });

  it('pages a folder with marker and limit', async () => {
    const name = await createContainer(demo, 'api paging');
    for (const object of ['p/1', 'p/2', 'p/3']) await upload(demo, name, object, Buffer.from(object));
    const first = await demo.get(`${C(name)}/objects/?path=p/&limit=2`);
    expect(first.body.items.map((item: { path: string }) => item.path)).toEqual(['p/1', 'p/2']);
    expect(first.body).toMatchObject({ has_more: true, next_marker: 'p/2' });
    const second = await demo.get(`${C(name)}/objects/?path=p/&limit=2&marker=p/2`);
    expect(second.body.items.map((item: { path: string }) => item.path)).toEqual(['p/3']);
    expect(second.body.has_more).toBe(false);
  });

  it('keeps the content type the browser gives, and guesses one from the object name when it gives none, as Swift does for Horizon', async () => {
    const name = await createContainer(demo, 'api types');
    const typeOf = async (object: string) => (await demo.get(`${C(name)}/metadata/${enc(object)}`)).body.content_type;
    expect((await upload(demo, name, 'photo.png', Buffer.from('png'))).status).toBe(201);
    expect((await upload(demo, name, 'notes/readme.txt', Buffer.from('t'), { type: 'application/octet-stream' })).status).toBe(201);
    expect((await upload(demo, name, 'data.unknownext', Buffer.from('d'))).status).toBe(201);
    expect((await upload(demo, name, 'page.bin', Buffer.from('<p>'), { type: 'text/html' })).status).toBe(201);
    expect(await typeOf('photo.png')).toBe('image/png');
    expect(await typeOf('notes/readme.txt')).toBe('text/plain');
    expect(await typeOf('data.unknownext')).toBe('application/octet-stream');
    expect(await typeOf('page.bin')).toBe('text/html');
    const listed = await demo.get(`${C(name)}/objects/`);
    expect(listed.body.items.find((item: { name: string }) => item.name === 'photo.png').content_type).toBe('image/png');
  });
});
