import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client.js';
import { startTestCloud, type TestCloud, uniqueName } from '../support/cloud.js';
import { legacyImageUpload } from '../support/image-upload.js';
import { waitUntil } from '../support/wait.js';

let cloud: TestCloud;
let demo: ApiClient;
let admin: ApiClient;
let demoSession: { project_id: string };
let adminSession: { project_id: string };
const created: { client: () => ApiClient; id: string }[] = [];

interface Image {
  id: string;
  name: string;
  status: string;
  visibility: string;
  is_public: boolean;
  protected: boolean;
  size: number;
  checksum: string | null;
  owner: string;
  tags: string[];
  properties: Record<string, unknown>;
  upload_url?: string;
  token_id?: string;
}

beforeAll(async () => {
  cloud = await startTestCloud();
  demo = await ApiClient.loggedIn(cloud, 'demo');
  admin = await ApiClient.loggedIn(cloud, 'admin');
  demoSession = (await demo.get('/api/keystone/user-session/')).body;
  adminSession = (await admin.get('/api/keystone/user-session/')).body;
});
afterAll(async () => {
  for (const { client, id } of created) {
    await client().request('PATCH', `/api/glance/images/${id}/`, { protected: false, visibility: 'private' });
    await client().delete(`/api/glance/images/${id}/`);
  }
  await cloud.close();
});

/** The JSON create (PUT), remembering the image for clean-up. */
async function createImage(as: ApiClient, body: Record<string, unknown>) {
  const response = await as.request<Image>('PUT', '/api/glance/images/', body);
  if (response.status === 201) created.push({ client: () => as, id: response.body.id });
  return response;
}

/** The browser's legacy upload, remembering the image for clean-up. */
async function legacyUpload(as: ApiClient, metadata: Record<string, unknown>, data: Buffer, options: { csrf?: boolean } = {}) {
  const response = await legacyImageUpload(cloud.baseUrl, as, metadata, data, options);
  if (response.status === 201) created.push({ client: () => as, id: response.body.id });
  return response;
}

/** The browser's direct upload PUT: raw bytes, the ticket, no X-Requested-With. */
async function directPut(as: ApiClient, url: string, ticket: string | undefined, data: Buffer) {
  const headers: Record<string, string> = { Cookie: as.cookieHeader(), 'Content-Type': 'application/octet-stream' };
  if (ticket !== undefined) headers['X-Upload-Ticket'] = ticket;
  const response = await fetch(cloud.baseUrl + url, { method: 'PUT', headers, body: new Uint8Array(data) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** Waits for the image to reach `status` (the legacy upload finishes after its 201). */
function waitForStatus(as: ApiClient, id: string, status: string): Promise<Image> {
  return waitUntil(async () => (await as.get<Image>(`/api/glance/images/${id}/`)).body, (image) => image.status === status, { what: `image ${id} ${status}` });
}

const md5 = (data: Buffer) => createHash('md5').update(data).digest('hex');
const listIds = async (as: ApiClient, query = '') => ((await as.get(`/api/glance/images/${query}`)).body.items as Image[]).map((image) => image.id);

describe('/api/glance/ basics', () => {
  it('answers the image API version', async () => {
    expect((await demo.get('/api/glance/version/')).body).toEqual({ version: '2' });
  });
});

describe('creating and editing an image', () => {
  it('creates a queued private image: 201, Location by name, custom properties folded in', async () => {
    const name = uniqueName('api-img');
    const response = await createImage(demo, { name, disk_format: 'qcow2', min_disk: 1, description: 'a disk', hw_disk_bus: 'scsi', source_type: 'file' });
    expect(response.status).toBe(201);
    expect(response.headers.get('location')).toBe(`/api/glance/images/${name}`);
    expect(response.body).toMatchObject({ name, status: 'queued', visibility: 'private', is_public: false, disk_format: 'qcow2', container_format: 'bare', min_disk: 1, size: 0, owner: demoSession.project_id });
    expect(response.body.properties).toMatchObject({ description: 'a disk', hw_disk_bus: 'scsi' });
    expect(response.body.properties).not.toHaveProperty('source_type');
    expect(response.body).not.toHaveProperty('upload_url');
  });

  it('refuses an unknown visibility with 400 "invalid visibility option: X"', async () => {
    const response = await createImage(demo, { name: uniqueName('api-img'), visibility: 'everyone' });
    expect(response.status).toBe(400);
    expect(response.body).toBe('invalid visibility option: everyone');
  });

  it('refuses a create without a body', async () => {
    const response = await demo.request('PUT', '/api/glance/images/', {});
    expect(response.status).toBe(400);
    expect(response.body).toBe('request requires JSON body');
  });

  it('shows one image with every attribute; the list leaves file and schema out of properties', async () => {
    const { body: image } = await createImage(demo, { name: uniqueName('api-img') });
    const single = (await demo.get<Image>(`/api/glance/images/${image.id}/`)).body;
    expect(single.properties).toHaveProperty('file');
    expect(single.properties).toHaveProperty('schema');
    expect(single.tags).toEqual([]);
    const listed = ((await demo.get(`/api/glance/images/?name=${encodeURIComponent(image.name)}`)).body.items as Image[])[0];
    expect(listed.id).toBe(image.id);
    expect(listed.properties).not.toHaveProperty('file');
    expect(listed.properties).not.toHaveProperty('schema');
  });

  it('updates with PATCH (204) as one JSON-patch: name, min_ram, a custom property', async () => {
    const { body: image } = await createImage(demo, { name: uniqueName('api-img') });
    const name = uniqueName('api-img-renamed');
    const response = await demo.request('PATCH', `/api/glance/images/${image.id}/`, { name, min_ram: 256, visibility: 'private', os_distro: 'cirros' });
    expect(response.status).toBe(204);
    const after = (await demo.get<Image>(`/api/glance/images/${image.id}/`)).body;
    expect(after).toMatchObject({ name, min_ram: 256 });
    expect(after.properties.os_distro).toBe('cirros');
  });

  it('a partial update changes only what it sends: {protected} alone keeps the name, formats and sizes', async () => {
    const name = uniqueName('api-img-partial');
    const { body: image } = await createImage(demo, { name, disk_format: 'qcow2', min_disk: 2, min_ram: 128 });
    expect((await demo.request('PATCH', `/api/glance/images/${image.id}/`, { protected: true })).status).toBe(204);
    const after = (await demo.get<Image & { disk_format: string; min_disk: number; min_ram: number }>(`/api/glance/images/${image.id}/`)).body;
    expect(after).toMatchObject({ name, protected: true, disk_format: 'qcow2', min_disk: 2, min_ram: 128, visibility: 'private' });
  });

  it('edits custom properties with {updated, removed} (204), os_hidden becoming a boolean', async () => {
    const { body: image } = await createImage(demo, { name: uniqueName('api-img'), hw_qemu_guest_agent: 'yes', old_prop: 'x' });
    const response = await demo.request('PATCH', `/api/glance/images/${image.id}/properties/`, { updated: { hw_qemu_guest_agent: 'no', hw_rng_model: 'virtio', os_hidden: 'true' }, removed: ['old_prop'] });
    expect(response.status).toBe(204);
    const properties = (await demo.get(`/api/glance/images/${image.id}/properties/`)).body;
    expect(properties).toMatchObject({ hw_qemu_guest_agent: 'no', hw_rng_model: 'virtio', os_hidden: true });
    expect(properties).not.toHaveProperty('old_prop');
  });

  it('deletes (204), then the image is gone (404)', async () => {
    const { body: image } = await createImage(demo, { name: uniqueName('api-img') });
    expect((await demo.delete(`/api/glance/images/${image.id}/`)).status).toBe(204);
    expect((await demo.get(`/api/glance/images/${image.id}/`)).status).toBe(404);
  });

  it("passes Glance's 403 through when deleting a protected image", async () => {
    const { body: image } = await createImage(demo, { name: uniqueName('api-img'), protected: true });
    const response = await demo.delete(`/api/glance/images/${image.id}/`);
    expect(response.status).toBe(403);
    expect(response.body).toBe(`Image ${image.id} is protected and cannot be deleted.`);
  });
});

describe('uploading image data', () => {
  it('legacy: the multipart form answers 201 queued at once, and the image becomes active with the right checksum', async () => {
    const data = randomBytes(256 * 1024 + 17);
    const name = uniqueName('api-legacy');
    const response = await legacyUpload(demo, { name, disk_format: 'raw', container_format: 'bare', visibility: 'private', min_disk: 0 }, data);
    expect(response.status).toBe(201);
    expect(response.headers.get('location')).toBe(`/api/glance/images/${name}`);
    expect(response.body).toMatchObject({ name, status: 'queued' });
    const image = await waitForStatus(demo, response.body.id, 'active');
    expect(image).toMatchObject({ status: 'active', size: data.length, checksum: md5(data) });
    expect(image.properties.os_hash_value).toBe(createHash('sha512').update(data).digest('hex'));
  });

  it('legacy: refuses the form without the CSRF header', async () => {
    const response = await legacyUpload(demo, { name: uniqueName('api-legacy') }, Buffer.from('x'), { csrf: false });
    expect(response.status).toBe(403);
    expect(response.body).toBe('CSRF verification failed');
  });

  it('direct: the create answers a same-origin upload_url and a ticket that is not a Keystone token', async () => {
    const response = await createImage(demo, { name: uniqueName('api-direct'), disk_format: 'raw', source_type: 'file', data: 'disk.img' });
    expect(response.status).toBe(201);
    const { id, upload_url: uploadUrl, token_id: ticket } = response.body;
    expect(uploadUrl).toBe(`/api/glance/images/${id}/data/`);
    expect(typeof ticket).toBe('string');
    // Keystone does not know it: it is the server's ticket, not the session's token.
    const keystone = await fetch(`${cloud.authUrl}/auth/tokens`, { headers: { 'X-Auth-Token': ticket!, 'X-Subject-Token': ticket! } });
    expect(keystone.status).toBe(401);
  });

  it('direct: the bytes PUT with the ticket stream to Glance (204), once', async () => {
    const data = randomBytes(100_000);
    const { body: image } = await createImage(demo, { name: uniqueName('api-direct'), disk_format: 'raw', data: 'disk.img' });
    const put = await directPut(demo, image.upload_url!, image.token_id, data);
    expect(put.status).toBe(204);
    expect((await demo.get<Image>(`/api/glance/images/${image.id}/`)).body).toMatchObject({ status: 'active', size: data.length, checksum: md5(data) });
    const again = await directPut(demo, image.upload_url!, image.token_id, data);
    expect(again).toEqual({ status: 403, body: 'The upload ticket has already been used.' });
  });

  it('direct: a ticket is good for its own image and session only', async () => {
    const { body: first } = await createImage(demo, { name: uniqueName('api-direct'), data: 'a.img' });
    const { body: second } = await createImage(demo, { name: uniqueName('api-direct'), data: 'b.img' });
    expect(await directPut(demo, second.upload_url!, first.token_id, Buffer.from('x'))).toEqual({ status: 403, body: 'The upload ticket is not valid for this image.' });
    expect(await directPut(demo, second.upload_url!, undefined, Buffer.from('x'))).toEqual({ status: 403, body: 'An upload ticket is required (header X-Upload-Ticket).' });
    const otherSession = await ApiClient.loggedIn(cloud, 'demo');
    expect(await directPut(otherSession, second.upload_url!, second.token_id, Buffer.from('x'))).toEqual({ status: 403, body: 'The upload ticket is not valid for this image.' });
    expect((await demo.get<Image>(`/api/glance/images/${second.id}/`)).body.status).toBe('queued');
  });

  it('refuses an image from a URL unless IMAGES_ALLOW_LOCATION, and copy_from always', async () => {
    const url = await createImage(demo, { name: uniqueName('api-url'), source_type: 'url', image_url: 'http://example.invalid/disk.img' });
    expect(url).toMatchObject({ status: 400, body: 'Creating an image from a URL is not allowed.' });
    const copy = await createImage(demo, { name: uniqueName('api-url'), image_url: 'http://example.invalid/disk.img', import_data: true });
    expect(copy.status).toBe(400);
  });
});

describe("an admin's private image and demo", () => {
  let secret: Image;
  beforeAll(async () => {
    secret = (await createImage(admin, { name: uniqueName('api-admin-secret'), visibility: 'private', secret_marker: 'hidden' })).body;
  });

  it('is invisible to demo through list, get, filters and properties', async () => {
    for (const query of ['', `?name=${encodeURIComponent(secret.name)}`, `?owner=${adminSession.project_id}`, '?visibility=private', '?visibility=all', '?is_public=False', `?property-owner_id=${adminSession.project_id}`, '?secret_marker=hidden', '?paginate=true']) {
      expect(await listIds(demo, query), query).not.toContain(secret.id);
    }
    expect((await demo.get(`/api/glance/images/${secret.id}/`)).status).toBe(404);
    expect((await demo.get(`/api/glance/images/${secret.id}/properties/`)).status).toBe(404);
    expect((await admin.get(`/api/glance/images/${secret.id}/`)).status).toBe(200);
  });

  it('cannot be changed or deleted by demo (404, as if absent)', async () => {
    expect((await demo.request('PATCH', `/api/glance/images/${secret.id}/properties/`, { updated: { x: 'y' } })).status).toBe(404);
    expect((await demo.request('PATCH', `/api/glance/images/${secret.id}/`, { name: 'taken' })).status).toBe(404);
    expect((await demo.delete(`/api/glance/images/${secret.id}/`)).status).toBe(404);
  });

  it('demo cannot make an image public: 403 as Glance answers', async () => {
    const refused = await createImage(demo, { name: uniqueName('api-pub'), visibility: 'public' });
    expect(refused.status).toBe(403);
    expect(refused.body).toBe('You are not authorized to complete publicize_image action.');
    const { body: own } = await createImage(demo, { name: uniqueName('api-own') });
    const patched = await demo.request('PATCH', `/api/glance/images/${own.id}/`, { name: own.name, visibility: 'public' });
    expect(patched.status).toBe(403);
    const viaProperties = await demo.request('PATCH', `/api/glance/images/${own.id}/properties/`, { updated: { visibility: 'public' } });
    expect(viaProperties.status).toBe(403);
  });
});

describe('paging images', () => {
  it('pages with paginate=true: API_RESULT_PAGE_SIZE rows, has_more_data, then has_prev_data', async () => {
    const group = uniqueName('pg');
    for (let i = 0; i < 3; i++) await createImage(demo, { name: `${group}-${i}`, paging_group: group });
    demo.cookies.set('API_RESULT_PAGE_SIZE', '2');
    try {
      const first = (await demo.get(`/api/glance/images/?paginate=true&paging_group=${group}&sort_key=name&sort_dir=asc`)).body;
      expect(first.items.map((image: Image) => image.name)).toEqual([`${group}-0`, `${group}-1`]);
      expect(first).toMatchObject({ has_more_data: true, has_prev_data: false });
      const second = (await demo.get(`/api/glance/images/?paginate=true&paging_group=${group}&sort_key=name&sort_dir=asc&marker=${first.items[1].id}`)).body;
      expect(second.items.map((image: Image) => image.name)).toEqual([`${group}-2`]);
      expect(second).toMatchObject({ has_more_data: false, has_prev_data: true });
    } finally {
      demo.cookies.delete('API_RESULT_PAGE_SIZE');
    }
    const all = (await demo.get(`/api/glance/images/?paging_group=${group}`)).body;
    expect(all).toMatchObject({ has_more_data: false, has_prev_data: false });
    expect(all.items.map((image: Image) => image.name)).toEqual([`${group}-2`, `${group}-1`, `${group}-0`]);
  });
});
