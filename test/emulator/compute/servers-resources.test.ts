import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headers, makeDataDir, makeClock, removeDataDir, startEmulator, type TestEmulator, tokenFor } from '../../support/emulator.js';
import { BASE, type ServerApi, serverApi, TRANSITION_S, whenSettled } from './servers-support.js';

let cloud: TestEmulator;
let api: ServerApi;
let demo: string;
let admin: string;
let imageId: string;
let projectId: string;

const setQuota = (resource: string, limit: number) =>
  cloud.db().run('INSERT INTO quotas (project_id, resource, hard_limit) VALUES (?, ?, ?) ON CONFLICT (project_id, resource) DO UPDATE SET hard_limit = excluded.hard_limit', projectId, resource, limit);

beforeAll(async () => {
  cloud = await startEmulator();
  api = serverApi(cloud);
  demo = await tokenFor(cloud.app, 'demo');
  admin = await tokenFor(cloud.app, 'admin');
  imageId = (await cloud.app.inject({ url: '/cloud/image/v2/images?name=tiny-boot', headers: { 'x-auth-token': demo } })).json().images[0].id;
  projectId = (await cloud.app.inject({ url: '/cloud/network/v2.0/networks?name=private', headers: { 'x-auth-token': demo } })).json().networks[0].project_id;
});
afterAll(async () => {
  await cloud.close();
});

const volumeUrl = (id = '') => `/cloud/volume/v3/${projectId}/volumes${id ? `/${id}` : ''}`;
const volume = async (id: string) => (await cloud.app.inject({ url: volumeUrl(id), headers: { 'x-auth-token': demo } }));

async function deleteAll() {
  for (const server of (await api.get(demo, '/servers')).json().servers) await api.send(demo, 'DELETE', `/servers/${server.id}`);
  cloud.clock.advance(TRANSITION_S + 0.001);
  await api.get(demo, '/servers');
}

describe('booting from a new volume (block_device_mapping_v2)', () => {
  it('creates the volume in Cinder with the image, attaches it at boot, and deletes it with the server', async () => {
    const response = await api.create(demo, {
      name: 'from-volume',
      imageRef: '',
      flavorRef: '1',
      networks: 'auto',
      block_device_mapping_v2: [{ source_type: 'image', destination_type: 'volume', uuid: imageId, boot_index: 0, volume_size: 1, delete_on_termination: true }],
    });
    expect(response.statusCode).toBe(202);
    const id = response.json().server.id;
    const volumes = (await cloud.app.inject({ url: `${volumeUrl()}/detail`, headers: { 'x-auth-token': demo } })).json().volumes;
    const made = volumes.find((candidate: { volume_image_metadata?: { image_id: string }; status: string }) => candidate.volume_image_metadata?.image_id === imageId && candidate.status === 'creating');
    expect(made).toMatchObject({ size: 1, bootable: 'true' });
    await whenSettled(() => cloud.db().get<{ copy_state: string }>('SELECT copy_state FROM cinder_volumes WHERE id = ?', made.id)!.copy_state === 'done');
    const server = await api.settle(demo, id);
    expect(server).toMatchObject({ status: 'ACTIVE', image: '', 'os-extended-volumes:volumes_attached': [{ id: made.id, delete_on_termination: true }] });
    const attached = (await volume(made.id)).json().volume;
    expect(attached).toMatchObject({ status: 'in-use', attachments: [{ server_id: id, device: '/dev/vda', volume_id: made.id }] });
    expect((await api.get(demo, `/servers/${id}/os-volume_attachments`)).json()).toEqual({ volumeAttachments: [{ id: made.id, device: '/dev/vda', serverId: id, volumeId: made.id }] });
    await api.send(demo, 'DELETE', `/servers/${id}`);
    cloud.clock.advance(TRANSITION_S + 0.001);
    await api.get(demo, '/servers');
    expect((await volume(made.id)).json().volume.status).toBe('deleting');
    cloud.clock.advance(5);
    expect((await volume(made.id)).statusCode).toBe(404);
  });

  it('boots from an existing volume and leaves it available after the delete when not delete_on_termination', async () => {
    const created = (
      await cloud.app.inject({ method: 'POST', url: volumeUrl(), headers: { 'x-auth-token': demo, 'content-type': 'application/json' }, payload: { volume: { size: 1, imageRef: imageId, name: 'root' } } })
    ).json().volume;
    await whenSettled(() => cloud.db().get<{ copy_state: string }>('SELECT copy_state FROM cinder_volumes WHERE id = ?', created.id)!.copy_state === 'done');
    cloud.clock.advance(5);
    expect((await volume(created.id)).json().volume.status).toBe('available');
    const response = await api.create(demo, {
      name: 'on-volume',
      flavorRef: '1',
      networks: 'none',
      block_device_mapping_v2: [{ source_type: 'volume', destination_type: 'volume', uuid: created.id, boot_index: 0 }],
    });
    const id = response.json().server.id;
    expect((await volume(created.id)).json().volume.status).toBe('in-use');
    const twice = await api.create(demo, { name: 'x', flavorRef: '1', networks: 'none', block_device_mapping_v2: [{ source_type: 'volume', destination_type: 'volume', uuid: created.id, boot_index: 0 }] });
    expect(twice.json()).toEqual({ badRequest: { code: 400, message: `Invalid volume: volume '${created.id}' status must be 'available'. Currently in 'in-use'` } });
    await api.settle(demo, id);
    await api.send(demo, 'DELETE', `/servers/${id}`);
    cloud.clock.advance(TRANSITION_S + 0.001);
    await api.get(demo, '/servers');
    expect((await volume(created.id)).json().volume).toMatchObject({ status: 'available', attachments: [] });
  });

  it("refuses to boot from a blank volume as Nova does: 'Block Device <id> is not bootable.'", async () => {
    const blank = (await cloud.app.inject({ method: 'POST', url: volumeUrl(), headers: { 'x-auth-token': demo, 'content-type': 'application/json' }, payload: { volume: { size: 1, name: 'blank' } } })).json().volume;
    cloud.clock.advance(5);
    expect((await volume(blank.id)).json().volume).toMatchObject({ status: 'available', bootable: 'false' });
    const response = await api.create(demo, { name: 'x', flavorRef: '1', networks: 'none', block_device_mapping_v2: [{ source_type: 'volume', destination_type: 'volume', uuid: blank.id, boot_index: 0 }] });
    expect(response.json()).toEqual({ badRequest: { code: 400, message: `Block Device ${blank.id} is not bootable.` } });
  });

  it('boots from a new volume made from a volume snapshot', async () => {
    const origin = (await cloud.app.inject({ method: 'POST', url: volumeUrl(), headers: { 'x-auth-token': demo, 'content-type': 'application/json' }, payload: { volume: { size: 2, imageRef: imageId } } })).json().volume;
    await whenSettled(() => cloud.db().get<{ copy_state: string }>('SELECT copy_state FROM cinder_volumes WHERE id = ?', origin.id)!.copy_state === 'done');
    cloud.clock.advance(5);
    const snapshot = (
      await cloud.app.inject({ method: 'POST', url: `/cloud/volume/v3/${projectId}/snapshots`, headers: { 'x-auth-token': demo, 'content-type': 'application/json' }, payload: { snapshot: { volume_id: origin.id } } })
    ).json().snapshot;
    await whenSettled(() => cloud.db().get<{ copy_state: string }>('SELECT copy_state FROM cinder_snapshots WHERE id = ?', snapshot.id)!.copy_state === 'done');
    cloud.clock.advance(5);
    const response = await api.create(demo, {
      name: 'from-snapshot',
      flavorRef: '1',
      networks: 'none',
      block_device_mapping_v2: [{ source_type: 'snapshot', destination_type: 'volume', uuid: snapshot.id, boot_index: 0, delete_on_termination: false }],
    });
    expect(response.statusCode).toBe(202);
    const id = response.json().server.id;
    const made = cloud.db().get<{ volume_id: string }>('SELECT volume_id FROM block_device_mappings WHERE instance_uuid = ?', id)!.volume_id;
    await whenSettled(() => cloud.db().get<{ copy_state: string }>('SELECT copy_state FROM cinder_volumes WHERE id = ?', made)!.copy_state === 'done');
    expect(await api.settle(demo, id)).toMatchObject({ status: 'ACTIVE', 'os-extended-volumes:volumes_attached': [{ id: made, delete_on_termination: false }] });
    expect((await volume(made)).json().volume).toMatchObject({ status: 'in-use', size: 2, snapshot_id: snapshot.id, bootable: 'true' });
    await api.send(demo, 'DELETE', `/servers/${id}`);
    cloud.clock.advance(TRANSITION_S + 0.001);
    await api.get(demo, '/servers');
    expect((await volume(made)).json().volume.status).toBe('available');
  });

  it('attaches a data volume at the next device and detaches it; the root volume stays', async () => {
    const id = (await api.create(demo, { name: 'data', imageRef: imageId, flavorRef: '1', networks: 'none' })).json().server.id;
    await api.settle(demo, id);
    const data = (await cloud.app.inject({ method: 'POST', url: volumeUrl(), headers: { 'x-auth-token': demo, 'content-type': 'application/json' }, payload: { volume: { size: 1, name: 'data' } } })).json().volume;
    cloud.clock.advance(5);
    const attached = await api.send(demo, 'POST', `/servers/${id}/os-volume_attachments`, { volumeAttachment: { volumeId: data.id } });
    expect(attached.json()).toEqual({ volumeAttachment: { id: data.id, device: '/dev/vdb', serverId: id, volumeId: data.id } });
    expect((await volume(data.id)).json().volume).toMatchObject({ status: 'in-use', attachments: [{ server_id: id, device: '/dev/vdb' }] });
    expect((await api.send(demo, 'DELETE', `/servers/${id}/os-volume_attachments/${data.id}`)).statusCode).toBe(202);
    expect((await volume(data.id)).json().volume).toMatchObject({ status: 'available', attachments: [] });
    expect((await api.get(demo, `/servers/${id}/os-volume_attachments`)).json()).toEqual({ volumeAttachments: [] });
    await api.send(demo, 'DELETE', `/servers/${id}`);
  });

  it('still deletes a server whose delete_on_termination volume Cinder will not delete; the volume stays', async () => {
    const response = await api.create(demo, {
      name: 'stuck-volume',
      imageRef: '',
      flavorRef: '1',
      networks: 'none',
      block_device_mapping_v2: [{ source_type: 'image', destination_type: 'volume', uuid: imageId, boot_index: 0, volume_size: 1, delete_on_termination: true }],
    });
    const id = response.json().server.id;
    const volumeId = cloud.db().get<{ volume_id: string }>('SELECT volume_id FROM block_device_mappings WHERE instance_uuid = ?', id)!.volume_id;
    await whenSettled(() => cloud.db().get<{ copy_state: string }>('SELECT copy_state FROM cinder_volumes WHERE id = ?', volumeId)!.copy_state === 'done');
    await api.settle(demo, id);
    cloud.db().run("UPDATE cinder_volumes SET status = 'maintenance' WHERE id = ?", volumeId);
    await api.send(demo, 'DELETE', `/servers/${id}`);
    cloud.clock.advance(TRANSITION_S + 0.001);
    expect((await api.show(demo, id)).statusCode).toBe(404);
    expect((await api.get(demo, '/servers')).statusCode).toBe(200);
    expect((await volume(volumeId)).json().volume).toMatchObject({ status: 'maintenance', attachments: [] });
  });

  it('refuses a boot with neither an image nor a boot volume', async () => {
    const response = await api.create(demo, { name: 'nothing', imageRef: '', flavorRef: '1', networks: 'none' });
    expect(response.json().badRequest.message).toBe('Block Device Mapping is Invalid: Boot sequence for the instance and image/block device mapping combination is not valid.');
  });
});

describe('quotas', () => {
  it('refuses what would pass the instances, cores or ram quota with Nova’s 403, and limits count real usage', async () => {
    await deleteAll();
    setQuota('instances', 3);
    setQuota('cores', 20);
    try {
      await api.create(demo, { name: 'q', imageRef: imageId, flavorRef: '1', networks: 'auto', min_count: 2, max_count: 2 });
      const limits = (await api.get(demo, '/limits')).json().limits.absolute;
      expect(limits).toMatchObject({ maxTotalInstances: 3, totalInstancesUsed: 2, totalCoresUsed: 2, totalRAMUsed: 1024 });
      const over = await api.create(demo, { name: 'q', imageRef: imageId, flavorRef: '1', networks: 'auto', min_count: 2, max_count: 2 });
      expect(over.statusCode).toBe(403);
      expect(over.json()).toEqual({ forbidden: { code: 403, message: 'Quota exceeded for instances: Requested 2, but already used 2 of 3 instances' } });
      setQuota('cores', 3);
      const both = await api.create(demo, { name: 'q', imageRef: imageId, flavorRef: '3', networks: 'auto' });
      expect(both.json().forbidden.message).toBe('Quota exceeded for cores: Requested 2, but already used 2 of 3 cores');
    } finally {
      setQuota('instances', -1);
      setQuota('cores', -1);
      await deleteAll();
    }
  });
});

describe('server groups and scheduling', () => {
  it('places anti-affinity members on different hosts; with no host left the server ends in ERROR', async () => {
    const group = (await cloud.app.inject({ method: 'POST', url: `${BASE}/os-server-groups`, headers: headers(demo), payload: { server_group: { name: 'spread', policies: ['anti-affinity'] } } })).json()
      .server_group;
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await api.create(demo, { name: `spread-${i}`, imageRef: imageId, flavorRef: '1', networks: 'auto' }, { 'os:scheduler_hints': { group: group.id } });
      ids.push(response.json().server.id);
    }
    cloud.clock.advance(TRANSITION_S + 0.001);
    const hosts = [];
    for (const id of ids) hosts.push((await cloud.app.inject({ url: `${BASE}/servers/${id}`, headers: headers(admin, '2.71') })).json().server);
    expect(new Set(hosts.slice(0, 3).map((server) => server['OS-EXT-SRV-ATTR:host'])).size).toBe(3);
    expect(hosts[3]).toMatchObject({ status: 'ERROR', 'OS-EXT-SRV-ATTR:host': null, fault: { code: 500, message: 'No valid host was found. There are not enough hosts available.' } });
    expect(hosts[0].server_groups).toEqual([group.id]);
    const members = (await cloud.app.inject({ url: `${BASE}/os-server-groups/${group.id}`, headers: headers(demo) })).json().server_group.members;
    expect(members.sort()).toEqual([...ids].sort());
    await deleteAll();
  });
});

describe('the server password', () => {
  it('is encrypted with the key pair’s RSA key (PKCS#1 v1.5, base64) and decrypts with the private key the key pair create gave', async () => {
    const keypair = (await cloud.app.inject({ method: 'POST', url: `${BASE}/os-keypairs`, headers: headers(demo), payload: { keypair: { name: 'pw-key' } } })).json().keypair;
    const response = await api.create(demo, { name: 'pw', imageRef: imageId, flavorRef: '1', networks: 'auto', key_name: 'pw-key' });
    const id = response.json().server.id;
    expect((await api.get(demo, `/servers/${id}/os-server-password`)).json()).toEqual({ password: '' });
    await api.settle(demo, id);
    const { password } = (await api.get(demo, `/servers/${id}/os-server-password`)).json();
    const privateKey = forge.pki.privateKeyFromPem(keypair.private_key);
    const clear = privateKey.decrypt(forge.util.decode64(password), 'RSAES-PKCS1-V1_5');
    expect(clear).toMatch(/^[A-Za-z0-9]{16}$/);
    const log = (await api.action(demo, id, { 'os-getConsoleOutput': {} })).json().output;
    expect(log).toContain(keypair.fingerprint);
    expect((await api.send(demo, 'DELETE', `/servers/${id}/os-server-password`)).statusCode).toBe(204);
    expect((await api.get(demo, `/servers/${id}/os-server-password`)).json()).toEqual({ password: '' });
  });
});

describe('the deployment', () => {
  it('lists the zone nova to everyone and its hosts and services to the admin', async () => {
    expect((await api.get(demo, '/os-availability-zone')).json()).toEqual({ availabilityZoneInfo: [{ zoneName: 'nova', zoneState: { available: true }, hosts: null }] });
    expect((await api.get(demo, '/os-availability-zone/detail')).statusCode).toBe(403);
    const detail = (await api.get(admin, '/os-availability-zone/detail')).json().availabilityZoneInfo;
    expect(detail.map((zone: { zoneName: string }) => zone.zoneName)).toEqual(['internal', 'nova']);
    expect(Object.keys(detail[1].hosts)).toEqual(['emu-compute1', 'emu-compute2', 'emu-compute3']);
    const services = (await api.get(admin, '/os-services')).json().services;
    expect(services.filter((service: { binary: string }) => service.binary === 'nova-compute')).toHaveLength(3);
    expect((await api.get(demo, '/os-services')).statusCode).toBe(403);
    const hypervisors = (await api.get(admin, '/os-hypervisors/detail')).json().hypervisors;
    expect(hypervisors[0]).toMatchObject({ hypervisor_hostname: 'emu-compute1', state: 'up', status: 'enabled', vcpus: 16 });
  });

  it('reads and sets quota sets: a member its own, the admin any; a limit under usage is refused', async () => {
    await deleteAll();
    const own = (await api.get(demo, `/os-quota-sets/${projectId}`)).json().quota_set;
    expect(own).toMatchObject({ id: projectId, instances: expect.any(Number), cores: expect.any(Number), injected_file_path_bytes: 255 });
    expect((await api.send(demo, 'PUT', `/os-quota-sets/${projectId}`, { quota_set: { instances: 5 } })).statusCode).toBe(403);
    const set = await api.send(admin, 'PUT', `/os-quota-sets/${projectId}`, { quota_set: { key_pairs: 7 } });
    expect(set.json().quota_set.key_pairs).toBe(7);
    const server = (await api.create(demo, { name: 'counted', imageRef: imageId, flavorRef: '1', networks: 'auto' })).json().server.id;
    const under = await api.send(admin, 'PUT', `/os-quota-sets/${projectId}`, { quota_set: { instances: 0 } });
    expect(under.json()).toEqual({ badRequest: { code: 400, message: 'Quota limit 0 for instances must be greater than or equal to already used and reserved 1.' } });
    await api.send(demo, 'DELETE', `/servers/${server}`);
    expect((await api.get(demo, `/os-quota-sets/${projectId}/defaults`)).json().quota_set.key_pairs).toBe(100);
    expect((await api.send(admin, 'PUT', '/os-quota-class-sets/default', { quota_class_set: { key_pairs: 50 } })).json().quota_class_set.key_pairs).toBe(50);
    expect((await api.get(demo, `/os-quota-sets/${projectId}/defaults`)).json().quota_set.key_pairs).toBe(50);
  });
});

describe('restart survival', () => {
  it('finishes the build of a server that was building when the process stopped', async () => {
    const dataDir = makeDataDir();
    const clock = makeClock();
    try {
      const first = await startEmulator({ dataDir, clock });
      const token = await tokenFor(first.app, 'demo');
      const image = (await first.app.inject({ url: '/cloud/image/v2/images?name=tiny-boot', headers: { 'x-auth-token': token } })).json().images[0].id;
      const id = (await serverApi(first).create(token, { name: 'survivor', imageRef: image, flavorRef: '1', networks: 'auto' })).json().server.id;
      expect((await serverApi(first).server(token, id)).status).toBe('BUILD');
      await first.close();
      clock.advance(TRANSITION_S + 0.001);
      const second = await startEmulator({ dataDir, clock });
      const again = await tokenFor(second.app, 'demo');
      expect(await serverApi(second).server(again, id)).toMatchObject({ status: 'ACTIVE', addresses: { private: [expect.objectContaining({ 'OS-EXT-IPS:type': 'fixed' })] } });
      await second.close();
    } finally {
      removeDataDir(dataDir);
    }
  });
});
