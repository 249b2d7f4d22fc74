import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOT_DISK_SIZE, bootDisk } from '../../../emulator/seed/boot-disk.js';
import { blobPath } from '../../../emulator/image/models/blobs.js';
import { startEmulator, type TestEmulator, tokenFor } from '../../support/emulator.js';

let cloud: TestEmulator;
let admin: string;
let demo: string;
let adminProject: string;
let demoProject: string;

const G = '/cloud/image/v2';
const json = (token: string) => ({ 'x-auth-token': token, accept: 'application/json', 'content-type': 'application/json' });
const PATCH_TYPE = 'application/openstack-images-v2.1-json-patch';

const create = (token: string, body: Record<string, unknown>) => cloud.app.inject({ method: 'POST', url: `${G}/images`, headers: json(token), payload: body });
const show = (token: string, id: string) => cloud.app.inject({ url: `${G}/images/${id}`, headers: json(token) });
const list = (token: string, query = '') => cloud.app.inject({ url: `${G}/images${query}`, headers: json(token) });
const patch = (token: string, id: string, ops: unknown[]) =>
  cloud.app.inject({ method: 'PATCH', url: `${G}/images/${id}`, headers: { ...json(token), 'content-type': PATCH_TYPE }, payload: JSON.stringify(ops) });
const upload = (token: string, id: string, data: Buffer) =>
  cloud.app.inject({ method: 'PUT', url: `${G}/images/${id}/file`, headers: { 'x-auth-token': token, accept: 'application/json', 'content-type': 'application/octet-stream' }, payload: data });
const download = (token: string, id: string) => cloud.app.inject({ url: `${G}/images/${id}/file`, headers: { 'x-auth-token': token, accept: 'application/json' } });
const remove = (token: string, id: string) => cloud.app.inject({ method: 'DELETE', url: `${G}/images/${id}`, headers: json(token) });
const message = (response: { json(): { message: string } }) => response.json().message.replace(/<br \/>[\s\S]*$/, '');

async function projectOf(token: string): Promise<string> {
  return (await cloud.app.inject({ url: '/cloud/identity/v3/auth/tokens', headers: { 'x-auth-token': token, 'x-subject-token': token } })).json().token.project.id;
}

beforeAll(async () => {
  cloud = await startEmulator();
  admin = await tokenFor(cloud.app, 'admin');
  demo = await tokenFor(cloud.app, 'demo');
  adminProject = await projectOf(admin);
  demoProject = await projectOf(demo);
});
afterAll(async () => {
  await cloud.close();
});

describe('the image catalog entry', () => {
  it('publishes Glance at /cloud/image, clients adding /v2', async () => {
    const catalog = (await cloud.app.inject({ url: '/cloud/identity/v3/auth/catalog', headers: { 'x-auth-token': demo } })).json().catalog;
    const image = catalog.find((entry: { type: string }) => entry.type === 'image');
    expect(image.name).toBe('glance');
    expect(image.endpoints[0].url).toBe('http://cloud.test/cloud/image');
  });
});

describe('the image lifecycle', () => {
  it('creates a queued image with its properties, 201 and a Location', async () => {
    const response = await create(demo, { name: 'life', disk_format: 'raw', container_format: 'bare', visibility: 'private', hw_disk_bus: 'scsi', tags: ['a'] });
    expect(response.statusCode).toBe(201);
    const image = response.json();
    expect(response.headers.location).toBe(`http://cloud.test/cloud/image/v2/images/${image.id}`);
    expect(image).toMatchObject({ name: 'life', status: 'queued', visibility: 'private', size: null, checksum: null, owner: demoProject, hw_disk_bus: 'scsi', tags: ['a'], protected: false, min_disk: 0, min_ram: 0, os_hidden: false });
    expect(image.file).toBe(`/v2/images/${image.id}/file`);
  });

  it('defaults the visibility to shared, as Glance v2 does', async () => {
    expect((await create(demo, { name: 'default-vis' })).json().visibility).toBe('shared');
  });

  it('streams uploaded bytes to disk: active, with size, md5 checksum and sha512 os_hash_value', async () => {
    const image = (await create(demo, { name: 'upload', disk_format: 'raw', container_format: 'bare' })).json();
    const data = randomBytes(300_000);
    const put = await upload(demo, image.id, data);
    expect(put.statusCode).toBe(204);
    const after = (await show(demo, image.id)).json();
    expect(after).toMatchObject({
      status: 'active',
      size: data.length,
      virtual_size: data.length,
      checksum: createHash('md5').update(data).digest('hex'),
      os_hash_algo: 'sha512',
      os_hash_value: createHash('sha512').update(data).digest('hex'),
    });
    expect(existsSync(blobPath(cloud.dataDir, image.id))).toBe(true);
    const got = await download(demo, image.id);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-md5']).toBe(after.checksum);
    expect(Buffer.compare(got.rawPayload, data)).toBe(0);
  });

  it('refuses a second upload with 409, as the status machine forbids active → saving', async () => {
    const image = (await create(demo, { name: 'twice' })).json();
    await upload(demo, image.id, Buffer.from('one'));
    const again = await upload(demo, image.id, Buffer.from('two'));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('Image status transition from active to saving is not allowed');
  });

  it('reads the virtual size of a qcow2 from its header', async () => {
    const header = Buffer.alloc(512);
    header.writeUInt32BE(0x514649fb, 0);
    header.writeUInt32BE(3, 4);
    header.writeBigUInt64BE(64n * 1024n * 1024n, 24);
    const image = (await create(demo, { name: 'qcow', disk_format: 'qcow2', container_format: 'bare' })).json();
    await upload(demo, image.id, header);
    expect((await show(demo, image.id)).json()).toMatchObject({ size: 512, virtual_size: 64 * 1024 * 1024 });
  });

  it('answers 204 with no body when downloading an image without data', async () => {
    const image = (await create(demo, { name: 'empty' })).json();
    expect((await download(demo, image.id)).statusCode).toBe(204);
  });

  it('refuses another media type for the data with 415', async () => {
    const image = (await create(demo, { name: 'media' })).json();
    const response = await cloud.app.inject({ method: 'PUT', url: `${G}/images/${image.id}/file`, headers: { ...json(demo), 'content-type': 'text/plain' }, payload: 'x' });
    expect(response.statusCode).toBe(415);
    expect((await show(demo, image.id)).json().status).toBe('queued');
  });

  it('deactivates and reactivates (admin or the owner, not another project); a deactivated image cannot be downloaded by a member', async () => {
    const image = (await create(admin, { name: 'deact', visibility: 'public' })).json();
    await upload(admin, image.id, Buffer.from('bytes'));
    const byDemo = await cloud.app.inject({ method: 'POST', url: `${G}/images/${image.id}/actions/deactivate`, headers: json(demo) });
    expect(byDemo.statusCode).toBe(403);
    expect((await cloud.app.inject({ method: 'POST', url: `${G}/images/${image.id}/actions/deactivate`, headers: json(admin) })).statusCode).toBe(204);
    expect((await show(demo, image.id)).json().status).toBe('deactivated');
    const blocked = await download(demo, image.id);
    expect(blocked.statusCode).toBe(403);
    expect(message(blocked)).toBe('The requested image has been deactivated. Image data download is forbidden.');
    expect((await download(admin, image.id)).statusCode).toBe(200);
    expect((await cloud.app.inject({ method: 'POST', url: `${G}/images/${image.id}/actions/reactivate`, headers: json(admin) })).statusCode).toBe(204);
    expect((await show(demo, image.id)).json().status).toBe('active');
    await remove(admin, image.id);
  });

  it('deletes: 204, then 404, and the data file is gone', async () => {
    const image = (await create(demo, { name: 'gone' })).json();
    await upload(demo, image.id, Buffer.from('data'));
    expect((await remove(demo, image.id)).statusCode).toBe(204);
    const after = await show(demo, image.id);
    expect(after.statusCode).toBe(404);
    expect(message(after)).toBe(`No image found with ID ${image.id}`);
    expect(existsSync(blobPath(cloud.dataDir, image.id))).toBe(false);
    const row = cloud.db().get<{ status: string; deleted: number }>('SELECT status, deleted FROM images WHERE id = ?', image.id);
    expect(row).toEqual({ status: 'deleted', deleted: 1 });
  });

  it('refuses to delete a protected image with 403 until it is unprotected', async () => {
    const image = (await create(demo, { name: 'keep', protected: true })).json();
    const refused = await remove(demo, image.id);
    expect(refused.statusCode).toBe(403);
    expect(message(refused)).toBe(`Image ${image.id} is protected and cannot be deleted.`);
    expect((await patch(demo, image.id, [{ op: 'replace', path: '/protected', value: false }])).statusCode).toBe(200);
    expect((await remove(demo, image.id)).statusCode).toBe(204);
  });
});

describe('updating an image with JSON patch', () => {
  it('adds, replaces and removes properties and core attributes in one call', async () => {
    const image = (await create(demo, { name: 'p', foo: 'bar' })).json();
    const response = await patch(demo, image.id, [
      { op: 'add', path: '/hw_disk_bus', value: 'scsi' },
      { op: 'replace', path: '/name', value: 'p2' },
      { op: 'remove', path: '/foo' },
      { op: 'replace', path: '/min_ram', value: 512 },
    ]);
    expect(response.statusCode).toBe(200);
    const updated = response.json();
    expect(updated).toMatchObject({ name: 'p2', hw_disk_bus: 'scsi', min_ram: 512 });
    expect(updated).not.toHaveProperty('foo');
  });

  it('changes nothing when one operation fails', async () => {
    const image = (await create(demo, { name: 'atomic' })).json();
    const response = await patch(demo, image.id, [
      { op: 'replace', path: '/name', value: 'changed' },
      { op: 'remove', path: '/nope' },
    ]);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toContain('Property nope does not exist.');
    expect((await show(demo, image.id)).json().name).toBe('atomic');
  });

  it('answers Glance errors: 415 for plain JSON, 403 read-only, 400 non-string property and bad op', async () => {
    const image = (await create(demo, { name: 'errors' })).json();
    const plain = await cloud.app.inject({ method: 'PATCH', url: `${G}/images/${image.id}`, headers: json(demo), payload: '[]' });
    expect(plain.statusCode).toBe(415);
    expect(plain.headers['accept-patch']).toContain(PATCH_TYPE);
    expect(message(await patch(demo, image.id, [{ op: 'replace', path: '/status', value: 'active' }]))).toBe("Attribute 'status' is read-only.");
    const typed = await patch(demo, image.id, [{ op: 'add', path: '/zz', value: 5 }]);
    expect(typed.statusCode).toBe(400);
    expect(typed.json().message).toContain("Provided object does not match schema 'image': 5 is not of type 'string'");
    expect(message(await patch(demo, image.id, [{ op: 'move', path: '/zz', value: '5' }]))).toBe('Invalid operation: `move`. It must be one of the following: add, remove, replace.');
  });
});

describe('validating a new image', () => {
  it.each([
    [{ visibility: 'xx' }, 400, "Provided object does not match schema 'image': 'xx' is not one of ['community', 'public', 'private', 'shared']"],
    [{ zz: 5 }, 400, "Provided object does not match schema 'image': 5 is not of type 'string'"],
    [{ min_disk: -1 }, 400, "Invalid value '-1' for parameter 'min_disk': Cannot be a negative value"],
    [{ status: 'active' }, 403, "Attribute 'status' is read-only."],
    [{ disk_format: 'floppy' }, 400, "Provided object does not match schema 'image': 'floppy' is not one of"],
  ])('refuses %j', async (body, status, text) => {
    const response = await create(demo, { name: 'bad', ...body });
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toContain(text);
  });

  it('answers malformed JSON with 400', async () => {
    const response = await cloud.app.inject({ method: 'POST', url: `${G}/images`, headers: json(demo), payload: '{' });
    expect(response.statusCode).toBe(400);
    expect(message(response)).toBe('Malformed JSON in request body.');
  });

  it('renders errors as an HTML page to a client that does not accept JSON', async () => {
    const response = await cloud.app.inject({ url: `${G}/images/nope`, headers: { 'x-auth-token': demo } });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('No image found with ID nope');
  });

  it('answers 401 without a valid token', async () => {
    expect((await cloud.app.inject({ url: `${G}/images`, headers: { 'x-auth-token': 'bogus' } })).statusCode).toBe(401);
  });
});

describe('visibility and its policy', () => {
  let secret: { id: string };
  beforeAll(async () => {
    secret = (await create(admin, { name: 'admin-secret', visibility: 'private', secret_prop: 'x' })).json();
    await upload(admin, secret.id, Buffer.from('classified'));
  });

  it('lets only the admin make an image public (403 publicize_image)', async () => {
    const refused = await create(demo, { name: 'pub', visibility: 'public' });
    expect(refused.statusCode).toBe(403);
    expect(message(refused)).toBe('You are not authorized to complete publicize_image action.');
    const own = (await create(demo, { name: 'later-pub' })).json();
    expect(message(await patch(demo, own.id, [{ op: 'replace', path: '/visibility', value: 'public' }]))).toBe('You are not authorized to complete publicize_image action.');
    expect((await create(admin, { name: 'pub-admin', visibility: 'public' })).statusCode).toBe(201);
  });

  it("hides an admin's private image from demo in every call", async () => {
    expect((await show(demo, secret.id)).statusCode).toBe(404);
    expect((await download(demo, secret.id)).statusCode).toBe(404);
    expect((await patch(demo, secret.id, [{ op: 'replace', path: '/name', value: 'x' }])).statusCode).toBe(404);
    expect((await remove(demo, secret.id)).statusCode).toBe(404);
    expect((await cloud.app.inject({ url: `${G}/images/${secret.id}/members`, headers: json(demo) })).statusCode).toBe(404);
    for (const query of ['', '?visibility=private', '?visibility=all', `?owner=${adminProject}`, '?name=admin-secret', '?secret_prop=x', `?id=${secret.id}`]) {
      const ids = (await list(demo, query)).json().images.map((image: { id: string }) => image.id);
      expect(ids, query).not.toContain(secret.id);
    }
    // A marker naming it is as unknown as any other id.
    expect((await list(demo, `?marker=${secret.id}`)).statusCode).toBe(400);
    expect((await list(admin, '?name=admin-secret')).json().images).toHaveLength(1);
  });

  it("refuses demo's writes to an admin's public image: You do not own this image", async () => {
    const pub = (await create(admin, { name: 'pub-owned', visibility: 'public' })).json();
    expect((await show(demo, pub.id)).statusCode).toBe(200);
    const refused = await patch(demo, pub.id, [{ op: 'replace', path: '/name', value: 'x' }]);
    expect(refused.statusCode).toBe(403);
    expect(message(refused)).toBe('You do not own this image');
    expect((await remove(demo, pub.id)).statusCode).toBe(403);
    expect((await upload(demo, pub.id, Buffer.from('x'))).statusCode).toBe(403);
  });

  it("keeps other projects' community images out of the default list, but lists them on request", async () => {
    const community = (await create(admin, { name: 'comm', visibility: 'community' })).json();
    expect((await list(demo)).json().images.map((image: { id: string }) => image.id)).not.toContain(community.id);
    expect((await list(demo, '?visibility=community')).json().images.map((image: { id: string }) => image.id)).toContain(community.id);
    expect((await show(demo, community.id)).statusCode).toBe(200);
  });

  it('shares an image through members: pending is hidden from the list, accepted shows', async () => {
    const shared = (await create(admin, { name: 'shared-one', visibility: 'shared' })).json();
    const add = await cloud.app.inject({ method: 'POST', url: `${G}/images/${shared.id}/members`, headers: json(admin), payload: { member: demoProject } });
    expect(add.statusCode).toBe(200);
    expect(add.json()).toMatchObject({ member_id: demoProject, image_id: shared.id, status: 'pending', schema: '/v2/schemas/member' });
    const listed = async (query = '') => (await list(demo, query)).json().images.map((image: { id: string }) => image.id);
    expect(await listed()).not.toContain(shared.id);
    expect(await listed('?member_status=pending')).toContain(shared.id);
    expect((await show(demo, shared.id)).statusCode).toBe(200);
    const byOwner = await cloud.app.inject({ method: 'PUT', url: `${G}/images/${shared.id}/members/${demoProject}`, headers: json(admin), payload: { status: 'accepted' } });
    expect(byOwner.statusCode).toBe(403);
    const accept = await cloud.app.inject({ method: 'PUT', url: `${G}/images/${shared.id}/members/${demoProject}`, headers: json(demo), payload: { status: 'accepted' } });
    expect(accept.json().status).toBe('accepted');
    expect(await listed()).toContain(shared.id);
    const privateImage = (await create(admin, { name: 'no-members', visibility: 'private' })).json();
    const refused = await cloud.app.inject({ method: 'GET', url: `${G}/images/${privateImage.id}/members`, headers: json(admin) });
    expect(refused.statusCode).toBe(403);
    expect(message(refused)).toContain('Only shared images have members.');
  });
});

describe('listing images', () => {
  const names = ['pg-a', 'pg-b', 'pg-c', 'pg-d'];
  beforeAll(async () => {
    for (const name of names) {
      await create(demo, { name, tags: ['paging'], min_disk: 1 });
      cloud.clock.advance(1);
    }
  });

  it('pages with limit and marker, offering next while pages come back full', async () => {
    const first = (await list(demo, '?tag=paging&limit=3&sort_key=name&sort_dir=asc')).json();
    expect(first.images.map((image: { name: string }) => image.name)).toEqual(['pg-a', 'pg-b', 'pg-c']);
    expect(first.next).toBe(`/v2/images?tag=paging&limit=3&sort_key=name&sort_dir=asc&marker=${first.images[2].id}`);
    const second = (await list(demo, first.next.replace('/v2/images', ''))).json();
    expect(second.images.map((image: { name: string }) => image.name)).toEqual(['pg-d']);
    expect(second.next).toBeUndefined();
  });

  it('sorts by created_at descending by default', async () => {
    const images = (await list(demo, '?tag=paging')).json().images.map((image: { name: string }) => image.name);
    expect(images).toEqual([...names].reverse());
  });

  it('filters by name, status, tag, size and custom property', async () => {
    expect((await list(demo, '?name=pg-b')).json().images).toHaveLength(1);
    expect((await list(demo, '?tag=paging&status=active')).json().images).toHaveLength(0);
    expect((await list(demo, '?tag=paging&tag=other')).json().images).toHaveLength(0);
    const sized = (await create(demo, { name: 'sized', flavour: 'vanilla' })).json();
    await upload(demo, sized.id, Buffer.alloc(2048));
    expect((await list(demo, '?size_min=2000&size_max=3000')).json().images.map((image: { id: string }) => image.id)).toEqual([sized.id]);
    expect((await list(demo, '?flavour=vanilla')).json().images.map((image: { id: string }) => image.id)).toEqual([sized.id]);
  });

  it("filters by id, one or `in:` a list, and never lists an id the caller may not see", async () => {
    const byName = new Map<string, string>((await list(demo, '?tag=paging')).json().images.map((image: { id: string; name: string }) => [image.name, image.id]));
    const hidden = (await create(admin, { name: 'admin-private', visibility: 'private' })).json();
    const listed = (query: string) => list(demo, query).then((response) => response.json().images.map((image: { name: string }) => image.name));
    expect(await listed(`?id=${byName.get('pg-c')}`)).toEqual(['pg-c']);
    expect(await listed(`?id=in:${byName.get('pg-a')},${hidden.id},${byName.get('pg-d')},no-such-image&sort_key=name&sort_dir=asc`)).toEqual(['pg-a', 'pg-d']);
    expect((await list(admin, `?id=in:${hidden.id},${byName.get('pg-b')}&sort_key=name&sort_dir=asc`)).json().images.map((image: { name: string }) => image.name)).toEqual(['admin-private', 'pg-b']);
    await remove(admin, hidden.id);
  });

  it.each([
    ['?sort_key=bogus', 'Invalid sort key: bogus. It must be one of the following: name, status, container_format, disk_format, size, id, created_at, updated_at.'],
    ['?limit=abc', 'limit param must be an integer'],
    ['?sort_dir=up', 'Invalid sort direction: up'],
    ['?visibility=foo', 'Invalid visibility value: foo'],
    ['?marker=nope', 'No image found with ID nope'],
  ])('refuses %s with 400', async (query, text) => {
    const response = await list(demo, query);
    expect(response.statusCode).toBe(400);
    expect(message(response)).toBe(text);
  });
});

describe('the seeded bootable image', () => {
  it('is public, active, raw/bare, and its bytes are a 320 KiB disk with an MBR boot signature', async () => {
    const image = (await list(demo, '?name=tiny-boot')).json().images[0];
    expect(image).toMatchObject({ status: 'active', visibility: 'public', disk_format: 'raw', container_format: 'bare', size: BOOT_DISK_SIZE, owner: adminProject });
    const data = (await download(demo, image.id)).rawPayload;
    expect(data.length).toBe(BOOT_DISK_SIZE);
    expect([data[510], data[511]]).toEqual([0x55, 0xaa]);
    expect(image.checksum).toBe(createHash('md5').update(bootDisk()).digest('hex'));
  });

  it('survives a restart with its data, and is not seeded twice', async () => {
    const other = await startEmulator({ dataDir: cloud.dataDir });
    try {
      const token = await tokenFor(other.app, 'demo');
      const images = (await other.app.inject({ url: `${G}/images?name=tiny-boot`, headers: json(token) })).json().images;
      expect(images).toHaveLength(1);
      expect((await other.app.inject({ url: `${G}/images/${images[0].id}/file`, headers: json(token) })).rawPayload.length).toBe(BOOT_DISK_SIZE);
    } finally {
      await other.app.close();
    }
  });
});

describe('the image schema', () => {
  it('lists the disk formats Glance accepts', async () => {
    const schema = (await cloud.app.inject({ url: `${G}/schemas/image`, headers: json(demo) })).json();
    expect(schema.properties.disk_format.enum).toEqual([null, 'ami', 'ari', 'aki', 'vhd', 'vhdx', 'vmdk', 'raw', 'qcow2', 'vdi', 'iso', 'ploop']);
  });
});
