import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { bootImageId } from '../support/boot-image.js';
import { ApiClient, type ApiResponse } from '../support/api-client.js';
import { startTestCloud, type TestCloud, uniqueName } from '../support/cloud.js';
import { legacyImageUpload } from '../support/image-upload.js';
import { waitUntil } from '../support/wait.js';

let cloud: TestCloud;
let demo: ApiClient;
let admin: ApiClient;
let imageId: string;
let networkId: string;
let flavors: { id: string; name: string; ram: number; vcpus: number; disk: number }[];
const servers: string[] = [];
const images: string[] = [];

interface Server {
  id: string;
  name: string;
  status: string;
  image_name: string | null;
  flavor: Record<string, unknown>;
  'OS-EXT-STS:task_state': string | null;
  [key: string]: unknown;
}

beforeAll(async () => {
  cloud = await startTestCloud();
  demo = await ApiClient.loggedIn(cloud, 'demo');
  admin = await ApiClient.loggedIn(cloud, 'admin');
  imageId = await bootImageId(demo);
  const networks = (await demo.get('/api/neutron/networks/')).body.items as { id: string; name: string; 'router:external': boolean; subnets: unknown[] }[];
  networkId = networks.find((network) => !network['router:external'] && network.subnets.length && network.name === 'private')!.id;
  flavors = ((await demo.get('/api/nova/flavors/')).body.items as typeof flavors).sort((a, b) => a.ram - b.ram);
}, 60_000);
afterAll(async () => {
  for (const id of servers) await demo.delete(`/api/nova/servers/${id}`);
  for (const id of images) await demo.delete(`/api/glance/images/${id}/`);
  await cloud.close();
}, 60_000);

/** The final spec the launch wizard sends (spec 2 §7.9), with what a test changes. */
function spec(change: Record<string, unknown> = {}) {
  return {
    name: uniqueName('api-vm'),
    source_id: imageId,
    flavor_id: flavors[0].id,
    key_name: null,
    user_data: null,
    security_groups: ['default'],
    nics: [{ 'net-id': networkId, 'v4-fixed-ip': '' }],
    ...change,
  };
}

/**
 * Launches a server for the running test, deleted (and waited gone) when the
 * test ends, so that this file holds at most three servers at a time: the
 * real cloud's demo quota is 10 instances, shared with server-actions.test.ts
 * running beside it. `keep`: the file's shared server, deleted in afterAll.
 */
async function launch(change: Record<string, unknown> = {}, as = demo, keep = false): Promise<string> {
  const response = await as.post('/api/nova/servers/', spec(change));
  if (response.status !== 201) throw new Error(`launch: ${response.status} ${JSON.stringify(response.body)}`);
  const id: string = response.body.id;
  servers.push(id);
  if (!keep) onTestFinished(() => gone(id, as), 90_000);
  return id;
}

/** Reads the server until `done` says so (null once it is gone). */
function until(id: string, done: (server: Server | null) => boolean, as = demo): Promise<Server | null> {
  const read = async () => {
    const response: ApiResponse<Server> = await as.get(`/api/nova/servers/${id}`);
    return response.status === 404 ? null : response.body;
  };
  return waitUntil(read, done, { what: `server ${id} to reach the expected state` });
}
async function gone(id: string, as: ApiClient): Promise<void> {
  await as.delete(`/api/nova/servers/${id}`);
  await until(id, (server) => server === null, as);
}
const settledIn = (status: string) => (server: Server | null) => server?.status === status && !server['OS-EXT-STS:task_state'];

let shared: string;
async function sharedServer(): Promise<string> {
  shared ??= await launch({}, demo, true);
  await until(shared, settledIn('ACTIVE'));
  return shared;
}

// The real cloud takes several seconds per transition under load.
const SLOW = { timeout: 90_000 };

describe('launching an instance through /api/nova/servers/', SLOW, () => {
  it('answers 201 with a Location and the new id, then the server goes BUILD → ACTIVE', async () => {
    const response = await demo.post('/api/nova/servers/', spec());
    expect(response.status).toBe(201);
    servers.push(response.body.id);
    expect(response.headers.get('location')).toBe(`/api/nova/servers/${response.body.id}`);
    expect(response.body).toMatchObject({ id: expect.any(String), name: null, status: null, attrs: null, private_ip: null, VirtualInterfaces: null });
    const server = await until(response.body.id, settledIn('ACTIVE'));
    expect(server).toMatchObject({ 'OS-EXT-STS:power_state': 1, 'OS-EXT-STS:vm_state': 'active' });
  });

  it('shows one server with image_name, the embedded flavor and the always-null keys', async () => {
    const id = await sharedServer();
    const { body: server } = await demo.get(`/api/nova/servers/${id}`);
    const image = (await demo.get(`/api/glance/images/${imageId}/`)).body;
    expect(server).toMatchObject({ id, image: { id: imageId }, image_name: image.name, locked: false, attrs: null, private_ip: null, public_ip: null, uuid: null, VirtualInterfaces: null });
    expect(server.flavor).toMatchObject({ original_name: flavors[0].name, ram: flavors[0].ram, vcpus: flavors[0].vcpus });
    expect(server.flavor).not.toHaveProperty('id');
    expect(Object.keys(server.addresses)).toEqual(['private']);
  });

  it("lists the project's servers with the flavor as id and links", async () => {
    const id = await sharedServer();
    const items = (await demo.get('/api/nova/servers/')).body.items as Server[];
    const listed = items.find((server) => server.id === id)!;
    expect(listed.flavor).toMatchObject({ id: flavors[0].id });
    expect(listed).toHaveProperty('image_name');
  });

  it("names each listed instance's image as Glance names it at that moment: an image the last list did not show, and one renamed since", async () => {
    const shared = await sharedServer();
    const bootImage = (await demo.get(`/api/glance/images/${imageId}/`)).body;
    const named = (items: Server[], id: string) => items.find((server) => server.id === id)?.image_name;
    expect(named((await demo.get('/api/nova/servers/')).body.items, shared)).toBe(bootImage.name);
    const upload = await legacyImageUpload(cloud.baseUrl, demo, { name: uniqueName('api-own-image'), disk_format: 'raw', container_format: 'bare', visibility: 'private', min_disk: 0 }, Buffer.from('a disk'));
    expect(upload.status).toBe(201);
    images.push(upload.body.id);
    await waitUntil(async () => (await demo.get(`/api/glance/images/${upload.body.id}/`)).body.status, (status) => status === 'active', { what: 'the uploaded image to be active' });
    const own = await launch({ source_id: upload.body.id });
    const listed = (await demo.get('/api/nova/servers/')).body.items as Server[];
    expect([named(listed, shared), named(listed, own)]).toEqual([bootImage.name, upload.body.name]);
    const renamed = uniqueName('api-renamed-image');
    expect((await demo.request('PATCH', `/api/glance/images/${upload.body.id}/`, { name: renamed })).status).toBeLessThan(300);
    const relisted = (await demo.get('/api/nova/servers/')).body.items as Server[];
    expect([named(relisted, shared), named(relisted, own)]).toEqual([bootImage.name, renamed]);
  });

  it('pages the servers with paginate=true: limit servers after the marker, with has_more_data and has_prev_data', async () => {
    await sharedServer();
    await launch();
    const first = (await demo.get('/api/nova/servers/?paginate=true&limit=1')).body;
    expect(first).toMatchObject({ has_more_data: true, has_prev_data: false });
    expect(first.items).toHaveLength(1);
    expect(first.items[0]).toHaveProperty('image_name');
    const second = (await demo.get(`/api/nova/servers/?paginate=true&limit=1&marker=${first.items[0].id}`)).body;
    expect(second.has_prev_data).toBe(true);
    expect(second.items).toHaveLength(1);
    expect(second.items[0].id).not.toBe(first.items[0].id);
  });

  for (const field of ['name', 'source_id', 'flavor_id', 'key_name', 'user_data', 'security_groups']) {
    it(`refuses a spec without ${field}: 400 "missing required parameter '${field}'"`, async () => {
      const body: Record<string, unknown> = spec();
      delete body[field];
      const response = await demo.post('/api/nova/servers/', body);
      expect(response.status).toBe(400);
      expect(response.body).toBe(`missing required parameter '${field}'`);
    });
  }

  it('refuses a customization script over 16 KiB, naming user_data', async () => {
    const response = await demo.post('/api/nova/servers/', spec({ user_data: 'x'.repeat(16 * 1024 + 1) }));
    expect(response.status).toBe(400);
    expect(response.body).toContain('user_data');
  });

  it("passes Nova's refusal of an unknown key pair through as a 400", async () => {
    const response = await demo.post('/api/nova/servers/', spec({ key_name: uniqueName('no-such-key') }));
    expect(response.status).toBe(400);
    expect(response.body).toContain('Invalid key_name provided.');
  });
});

describe('operating an instance', SLOW, () => {
  it('stops and starts it: 204, SHUTOFF, then ACTIVE; refuses a second stop with 409', async () => {
    const id = await launch();
    await until(id, settledIn('ACTIVE'));
    expect((await demo.post(`/api/nova/servers/${id}`, { operation: 'stop' })).status).toBe(204);
    await until(id, settledIn('SHUTOFF'));
    const again = await demo.post(`/api/nova/servers/${id}`, { operation: 'stop' });
    expect(again.status).toBe(409);
    expect(again.body).toContain(`Cannot 'stop' instance ${id} while it is in vm_state stopped`);
    expect((await demo.post(`/api/nova/servers/${id}`, { operation: 'start' })).status).toBe(204);
    await until(id, settledIn('ACTIVE'));
    const actions = (await demo.get(`/api/nova/servers/${id}/actions/`)).body.items as { action: string; request_id: string; user_id: string; start_time: string }[];
    expect(actions.map((action) => action.action)).toEqual(['start', 'stop', 'create']);
    expect(actions[0]).toMatchObject({ request_id: expect.stringMatching(/^req-/), start_time: expect.any(String), instance_uuid: id });
  });

  it('refuses an unknown operation with 400 naming the field', async () => {
    const id = await sharedServer();
    const response = await demo.post(`/api/nova/servers/${id}`, { operation: 'explode' });
    expect(response.status).toBe(400);
    expect(response.body).toContain("'operation'");
  });

  it('reads and edits metadata with {updated, removed}', async () => {
    const id = await launch({ meta: { tier: 'web', old: 'x' } });
    // Nova changes metadata only once the server is built: asked at once, while the server builds, it refuses.
    // (The emulator layer checks the same against its clock, where the build never ends on its own.)
    const early = await demo.request('PATCH', `/api/nova/servers/${id}/metadata`, { updated: { tier: 'db' }, removed: [] });
    expect(early.status).toBe(409);
    expect(early.body).toContain(`Cannot 'update metadata' instance ${id} while it is in vm_state building`);
    expect((await demo.get(`/api/nova/servers/${id}/metadata`)).body).toEqual({ tier: 'web', old: 'x' });
    await until(id, settledIn('ACTIVE'));
    const response = await demo.request('PATCH', `/api/nova/servers/${id}/metadata`, { updated: { tier: 'db', owner: 'me' }, removed: ['old'] });
    expect(response.status).toBe(204);
    expect((await demo.get(`/api/nova/servers/${id}/metadata`)).body).toEqual({ tier: 'db', owner: 'me' });
  });

  it('reads the console log as lines: the last `length` of them, 100 when not given', async () => {
    const id = await sharedServer();
    const all = (await demo.post(`/api/nova/servers/${id}/console-output/`, {})).body.lines as string[];
    expect(all.length).toBeGreaterThan(1);
    expect(all.length).toBeLessThanOrEqual(100);
    const two = (await demo.post(`/api/nova/servers/${id}/console-output/`, { length: 2 })).body.lines as string[];
    expect(two).toEqual(all.slice(-2));
  });

  it('gives a console URL titled Console(<id>), or says none is available', async () => {
    const id = await sharedServer();
    const response = await demo.post(`/api/nova/servers/${id}/console-info/`, { console_type: 'AUTO' });
    if (cloud.isRealCloud) {
      // The real cloud runs no console proxy.
      expect(response.status).toBe(500);
      expect(response.body).toBe('No available console found.');
      return;
    }
    expect(response.status).toBe(200);
    expect(response.body.type).toBe('VNC');
    expect(response.body.url).toMatch(new RegExp(`&title=Console\\(${id}\\)$`));
    const page = await fetch(response.body.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('login:');
  });

  it('lists the security groups of its ports and its (no) volumes', async () => {
    const id = await sharedServer();
    const groups = (await demo.get(`/api/nova/servers/${id}/security-groups/`)).body.items as { name: string }[];
    expect(groups.map((group) => group.name)).toEqual(['default']);
    expect((await demo.get(`/api/nova/servers/${id}/volumes/`)).body).toEqual({ items: [] });
  });

  it('gives the stored password as Nova does: a string, empty without a key', async () => {
    const id = await sharedServer();
    const response = await demo.get(`/api/nova/servers/${id}/password/`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ password: '' });
  });

  it("keeps another project's server away: 404", async () => {
    const id = await launch({}, admin);
    await until(id, settledIn('ACTIVE'), admin);
    for (const response of [await demo.get(`/api/nova/servers/${id}`), await demo.post(`/api/nova/servers/${id}`, { operation: 'stop' }), await demo.delete(`/api/nova/servers/${id}`)]) {
      expect(response.status).toBe(404);
    }
    expect(((await demo.get('/api/nova/servers/')).body.items as Server[]).map((server) => server.id)).not.toContain(id);
    await admin.delete(`/api/nova/servers/${id}`);
  });

  it('deletes it: 204, then it is gone', async () => {
    const id = await launch();
    await until(id, settledIn('ACTIVE'));
    expect((await demo.delete(`/api/nova/servers/${id}`)).status).toBe(204);
    await until(id, (server) => server === null);
  });
});

describe('launching from a new volume and with a key pair', SLOW, () => {
  it('creates the boot volume from the image, attaches it, and deletes it with the instance (delete_on_termination)', async () => {
    const id = await launch({
      source_id: null,
      block_device_mapping_v2: [{ source_type: 'image', destination_type: 'volume', delete_on_termination: true, uuid: imageId, boot_index: '0', volume_size: 1 }],
    });
    const server = await until(id, (candidate) => candidate?.status === 'ERROR' || settledIn('ACTIVE')(candidate));
    if (cloud.isRealCloud && server!.status === 'ERROR') {
      // The reference cloud's Cinder cannot write images into volumes: Nova gives up on the volume, as it says.
      expect((server!.fault as { message: string }).message).toMatch(/^Build of instance .* aborted: Volume .* did not finish being created/);
      return;
    }
    expect(server!.status).toBe('ACTIVE');
    expect(server!.image).toBe('');
    const volumes = (await demo.get(`/api/nova/servers/${id}/volumes/`)).body.items as { volumeId: string; serverId: string; device: string }[];
    expect(volumes).toEqual([expect.objectContaining({ serverId: id, device: '/dev/vda' })]);
    expect((await demo.get(`/api/cinder/volumes/${volumes[0].volumeId}/`)).body.status).toBe('in-use');
    await demo.delete(`/api/nova/servers/${id}`);
    await until(id, (candidate) => candidate === null);
    await waitUntil(() => demo.get(`/api/cinder/volumes/${volumes[0].volumeId}/`), (response) => response.status === 404, { what: 'the boot volume to go with its instance' });
    expect((await demo.get(`/api/cinder/volumes/${volumes[0].volumeId}/`)).status).toBe(404);
  });

  it('gives the password encrypted with the key pair, which the .pem private key decrypts', async () => {
    const keypair = (await demo.post('/api/nova/keypairs/', { name: uniqueName('api-pw'), key_type: 'ssh' })).body as { name: string; private_key: string };
    try {
      const id = await launch({ key_name: keypair.name });
      await until(id, settledIn('ACTIVE'));
      const { password } = (await demo.get(`/api/nova/servers/${id}/password/`)).body as { password: string };
      if (cloud.isRealCloud) {
        // No metadata service runs there, so no guest ever posts a password.
        expect(password).toBe('');
        return;
      }
      const clear = forge.pki.privateKeyFromPem(keypair.private_key).decrypt(forge.util.decode64(password), 'RSAES-PKCS1-V1_5');
      expect(clear).toMatch(/^[A-Za-z0-9]{16}$/);
    } finally {
      await demo.delete(`/api/nova/keypairs/${encodeURIComponent(keypair.name)}`);
    }
  });
});

describe('resizing an instance (not in the contract)', SLOW, () => {
  it('resizes to another flavor, waits in VERIFY_RESIZE, and confirms onto the new flavor', async () => {
    const id = await launch();
    await until(id, settledIn('ACTIVE'));
    const same = await demo.post(`/api/nova/servers/${id}/resize/`, { flavor_id: flavors[0].id });
    expect(same.status).toBe(400);
    expect(same.body).toContain('When resizing, instances must change flavor!');
    expect((await demo.post(`/api/nova/servers/${id}/resize/`, {})).body).toBe("missing required parameter 'flavor_id'");
    const response = await demo.post(`/api/nova/servers/${id}/resize/`, { flavor_id: flavors[1].id });
    expect(response.status).toBe(204);
    if (cloud.isRealCloud) {
      // One compute host and no resize to the same host: the real cloud records the resize and fails it.
      const actions = (await demo.get(`/api/nova/servers/${id}/actions/`)).body.items as { action: string }[];
      expect(actions[0].action).toBe('resize');
      return;
    }
    await until(id, (server) => server?.status === 'VERIFY_RESIZE' || server?.status === 'ERROR');
    expect((await demo.post(`/api/nova/servers/${id}/confirm-resize/`)).status).toBe(204);
    const server = await until(id, settledIn('ACTIVE'));
    expect(server!.flavor).toMatchObject({ original_name: flavors[1].name });
  });
});

describe('instance snapshots, zones, services and quotas', SLOW, () => {
  it('snapshots an instance: the new image id as a JSON string', async () => {
    const id = await sharedServer();
    const response = await demo.post('/api/nova/snapshots/', { instance_id: id, name: uniqueName('api-snap') });
    expect(response.status).toBe(200);
    expect(response.body).toMatch(/^[0-9a-f-]{36}$/);
    const image = (await demo.get(`/api/glance/images/${response.body}/`)).body;
    expect(image.properties?.image_type ?? image.image_type).toBe('snapshot');
    await until(id, settledIn('ACTIVE'));
    await demo.delete('/api/glance/images/', [response.body]);
    await demo.delete(`/api/glance/images/${response.body}/`);
  });

  it('lists availability zones sorted by name, with hosts in the admin detail', async () => {
    const zones = (await demo.get('/api/nova/availzones/')).body.items as { zoneName: string; zoneState: { available: boolean } }[];
    expect(zones.map((zone) => zone.zoneName)).toContain('nova');
    expect(zones[0].zoneState).toEqual({ available: true });
    const detailed = (await admin.get('/api/nova/availzones/?detailed=true')).body.items as { zoneName: string; hosts: Record<string, unknown> }[];
    expect(detailed.map((zone) => zone.zoneName)).toEqual([...detailed.map((zone) => zone.zoneName)].sort());
    expect(Object.keys(detailed.find((zone) => zone.zoneName === 'nova')!.hosts).length).toBeGreaterThan(0);
  });

  it('lists compute services for the admin, and refuses a member with 403', async () => {
    const services = (await admin.get('/api/nova/services/')).body.items as { binary: string; state: string }[];
    expect(services.some((service) => service.binary === 'nova-compute' && service.state === 'up')).toBe(true);
    expect((await demo.get('/api/nova/services/')).status).toBe(403);
  });

  it('gives the default quotas with display names, and the editable quota names', async () => {
    const items = (await demo.get('/api/nova/quota-sets/defaults/')).body.items as { display_name: string; name: string; limit: number }[];
    expect(items.find((item) => item.name === 'instances')).toEqual({ display_name: 'Instances', name: 'instances', limit: expect.any(Number) });
    expect(items.find((item) => item.name === 'cores')?.display_name).toBe('vCPUs');
    const editable = (await demo.get('/api/nova/quota-sets/editable/')).body.items as string[];
    expect(editable).toEqual(expect.arrayContaining(['instances', 'cores', 'ram', 'volumes', 'network']));
  });

  it('sets a project quota (admin) and the limits show it; a member is refused', async () => {
    const session = (await demo.get('/api/keystone/user-session/')).body as { project_id: string };
    const defaults = Object.fromEntries(((await admin.get('/api/nova/quota-sets/defaults/')).body.items as { name: string; limit: number }[]).map((item) => [item.name, item.limit]));
    const body = { ...defaults, instances: 17 };
    expect((await demo.request('PATCH', `/api/nova/quota-sets/${session.project_id}`, body)).status).toBe(403);
    const { instances: _dropped, ...missing } = body;
    expect((await admin.request('PATCH', `/api/nova/quota-sets/${session.project_id}`, missing)).body).toBe("missing required parameter 'instances'");
    try {
      expect((await admin.request('PATCH', `/api/nova/quota-sets/${session.project_id}`, body)).status).toBe(204);
      expect((await demo.get('/api/nova/limits/')).body.maxTotalInstances).toBe(17);
    } finally {
      await admin.request('PATCH', `/api/nova/quota-sets/${session.project_id}`, defaults);
    }
  });
});
