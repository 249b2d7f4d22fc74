import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client.js';
import { startTestCloud, type TestCloud, uniqueName } from '../support/cloud.js';

/**
 * Issue 18: files above the segment size (SWIFT_SEGMENT_SIZE, 1 GiB by
 * default) are stored as a Static Large Object: segments in `{c}_segments`
 * and a manifest. A 1000-byte segment size stands in for the GiB here.
 */
const SEGMENT = 1000;
let cloud: TestCloud;
let demo: ApiClient;
const created: string[] = [];

const C = (container: string) => `/api/swift/containers/${encodeURIComponent(container)}`;

beforeAll(async () => {
  cloud = await startTestCloud({ settingsOverrides: { SWIFT_SEGMENT_SIZE: SEGMENT } });
  demo = await ApiClient.loggedIn(cloud, 'demo');
  // A server of this file's own (its setting differs) starts slowly on a loaded machine.
}, 60_000);
afterAll(async () => {
  for (const name of created.reverse()) {
    const listed = await demo.get(`${C(name)}/objects/`);
    for (const item of (listed.body?.items ?? []) as { path: string; is_subdir: boolean }[]) {
      if (!item.is_subdir) await demo.delete(`${C(name)}/object/${encodeURIComponent(item.path).replace(/%2F/g, '/')}`);
    }
    await demo.delete(`${C(name)}/metadata/`);
  }
  await cloud.close();
}, 60_000);

async function upload(container: string, object: string, data: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)]), 'large');
  const response = await fetch(`${cloud.baseUrl}${C(container)}/object/${encodeURIComponent(object)}`, {
    method: 'POST',
    headers: { Cookie: demo.cookieHeader(), 'X-CSRFToken': demo.cookies.get('csrftoken') ?? '' },
    body: form,
  });
  return response.status;
}

async function download(container: string, object: string): Promise<Buffer> {
  const response = await fetch(`${cloud.baseUrl}${C(container)}/object/${encodeURIComponent(object)}`, { headers: { Cookie: demo.cookieHeader() } });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

const objectCount = async (container: string) => Number((await demo.get(`${C(container)}/metadata/`)).body.container_object_count);

describe('uploads above the segment size (issue 18)', () => {
  it('stores a file larger than the segment size as segments plus a manifest, downloads it whole, and deletes its segments with it', async () => {
    const name = uniqueName('slo');
    created.push(name, `${name}_segments`);
    expect((await demo.post(`${C(name)}/metadata/`, {})).status).toBe(201);
    const data = randomBytes(SEGMENT * 4 + 321);

    expect(await upload(name, 'big file.bin', data)).toBe(201);
    const got = await download(name, 'big file.bin');
    expect(got.length).toBe(data.length);
    expect(createHash('md5').update(got).digest('hex')).toBe(createHash('md5').update(data).digest('hex'));
    expect((await demo.get(`${C(name)}/metadata/${encodeURIComponent('big file.bin')}`)).body.bytes).toBe(String(data.length));
    // Five segments: four whole ones and the rest.
    expect(await objectCount(`${name}_segments`)).toBe(5);
    const listed = (await demo.get(`${C(name)}/objects/`)).body.items as { name: string; bytes: number }[];
    expect(listed.map((item) => item.name)).toEqual(['big file.bin']);

    expect((await demo.delete(`${C(name)}/object/${encodeURIComponent('big file.bin')}`)).status).toBe(204);
    expect(await objectCount(`${name}_segments`)).toBe(0);
  });

  it('stores a file within the segment size as one plain object', async () => {
    const name = uniqueName('slo-small');
    created.push(name);
    expect((await demo.post(`${C(name)}/metadata/`, {})).status).toBe(201);
    const data = randomBytes(SEGMENT / 4);
    expect(await upload(name, 'small.bin', data)).toBe(201);
    expect((await download(name, 'small.bin')).equals(data)).toBe(true);
    expect((await demo.get(`${C(`${name}_segments`)}/metadata/`)).status).toBe(404);
    // Deleting it really deletes it (Swift refuses ?multipart-manifest=delete on a plain object and keeps it).
    expect((await demo.delete(`${C(name)}/object/small.bin`)).status).toBe(204);
    expect((await demo.get(`${C(name)}/metadata/small.bin`)).status).toBe(404);
  });

  it('replacing a segmented object (Edit) deletes the segments the old object no longer uses', async () => {
    const name = uniqueName('slo-edit');
    created.push(name, `${name}_segments`);
    expect((await demo.post(`${C(name)}/metadata/`, {})).status).toBe(201);
    const object = 'film ü #1.mp4';
    expect(await upload(name, object, randomBytes(SEGMENT * 3 + 5))).toBe(201);
    expect(await objectCount(`${name}_segments`)).toBe(4);

    const second = randomBytes(SEGMENT + 7);
    expect(await upload(name, object, second)).toBe(201);
    expect((await download(name, object)).equals(second)).toBe(true);
    expect(await objectCount(`${name}_segments`)).toBe(2);
    // The manifest, like a plain object, is typed from the name when the browser gives no type.
    expect((await demo.get(`${C(name)}/metadata/${encodeURIComponent(object)}`)).body.content_type).toBe('video/mp4');

    const small = randomBytes(SEGMENT / 2);
    expect(await upload(name, object, small)).toBe(201);
    expect((await download(name, object)).equals(small)).toBe(true);
    expect(await objectCount(`${name}_segments`)).toBe(0);
  });
});
