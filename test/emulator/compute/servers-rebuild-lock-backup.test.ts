import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type TestEmulator, tokenFor } from '../../support/emulator.js';
import { type ServerApi, serverApi, whenSettled } from './servers-support.js';

/** Rebuild, createBackup, lock and security-group actions, and access IPs (issue 23, Tempest's server tests). */

let cloud: TestEmulator;
let api: ServerApi;
let demo: string;
let admin: string;
let imageId: string;

beforeAll(async () => {
  cloud = await startEmulator();
  api = serverApi(cloud);
  demo = await tokenFor(cloud.app, 'demo');
  admin = await tokenFor(cloud.app, 'admin');
  imageId = (await cloud.app.inject({ url: '/cloud/image/v2/images?name=tiny-boot', headers: { 'x-auth-token': demo } })).json().images[0].id;
  const projectId = (await cloud.app.inject({ url: '/cloud/network/v2.0/networks?name=private', headers: { 'x-auth-token': demo } })).json().networks[0].project_id;
  for (const resource of ['instances', 'cores', 'ram']) cloud.db().run('INSERT INTO quotas (project_id, resource, hard_limit) VALUES (?, ?, -1)', projectId, resource);
});
afterAll(async () => {
  await cloud.close();
});

async function activeServer(extra: Record<string, unknown> = {}): Promise<string> {
  const response = await api.create(demo, { name: 'more-actions', imageRef: imageId, flavorRef: '1', networks: 'auto', ...extra });
  if (response.statusCode !== 202) throw new Error(`create: ${response.statusCode} ${response.body}`);
  const id = response.json().server.id;
  await api.settle(demo, id);
  return id;
}

const images = (query: string) => cloud.app.inject({ url: `/cloud/image/v2/images?${query}`, headers: { 'x-auth-token': demo } });

describe('access IPs', () => {
  it('keeps accessIPv4 and accessIPv6 given at creation (IPv6 in canonical form) and changed by an update', async () => {
    const canonical = await activeServer({ accessIPv6: '0000:0000:0000:0000:0000:babe:220.12.22.2' });
    expect((await api.server(demo, canonical)).accessIPv6).toBe('::babe:dc0c:1602');
    const id = await activeServer({ accessIPv4: '1.1.1.1', accessIPv6: '::babe:202:202' });
    expect(await api.server(demo, id)).toMatchObject({ accessIPv4: '1.1.1.1', accessIPv6: '::babe:202:202' });
    const updated = await api.send(demo, 'PUT', `/servers/${id}`, { server: { accessIPv4: '2.2.2.2' } });
    expect(updated.json().server).toMatchObject({ accessIPv4: '2.2.2.2', accessIPv6: '::babe:202:202' });
  });
});

describe('rebuild', () => {
  it('answers the server with the new name and image and the admin password, shows REBUILD, then ACTIVE', async () => {
    const id = await activeServer();
    const response = await api.action(demo, id, { rebuild: { imageRef: imageId, name: 'rebuilt', metadata: { rebuild: 'server' }, adminPass: 'rebuildPassw0rd' } }, '2.67');
    expect(response.statusCode).toBe(202);
    expect(response.json().server).toMatchObject({ id, name: 'rebuilt', image: { id: imageId }, adminPass: 'rebuildPassw0rd', metadata: { rebuild: 'server' } });
    expect(response.json().server).not.toHaveProperty('OS-EXT-STS:task_state');
    // Before 2.75 the addresses come without their OS-EXT-IPS keys, as Nova's extend_address=False.
    const addresses = Object.values(response.json().server.addresses as Record<string, object[]>).flat();
    expect(addresses.length).toBeGreaterThan(0);
    for (const address of addresses) expect(Object.keys(address).sort()).toEqual(['addr', 'version']);
    expect(await api.server(demo, id)).toMatchObject({ status: 'REBUILD', 'OS-EXT-STS:task_state': 'rebuilding' });
    expect(await api.settle(demo, id)).toMatchObject({ status: 'ACTIVE', name: 'rebuilt' });
  });

  it('leaves a stopped server SHUTOFF; from 2.75 the answer has the extended attributes', async () => {
    const id = await activeServer();
    await api.action(demo, id, { 'os-stop': null });
    await api.settle(demo, id);
    const response = await api.action(demo, id, { rebuild: { imageRef: imageId } }, '2.75');
    expect(response.statusCode).toBe(202);
    expect(response.json().server).toMatchObject({ 'OS-EXT-STS:task_state': 'rebuilding', 'OS-EXT-STS:vm_state': 'stopped' });
    expect(Object.values(response.json().server.addresses as Record<string, object[]>).flat()[0]).toHaveProperty('OS-EXT-IPS:type', 'fixed');
    expect(await api.settle(demo, id)).toMatchObject({ status: 'SHUTOFF' });
  });
});

describe('lock', () => {
  it('refuses the owner’s stop while locked (409 "is locked") and allows it after unlock', async () => {
    const id = await activeServer();
    expect((await api.action(demo, id, { lock: null })).statusCode).toBe(202);
    expect(await api.server(demo, id)).toMatchObject({ locked: true });
    const refused = await api.action(demo, id, { 'os-stop': null });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().conflictingRequest.message).toBe(`Instance ${id} is locked`);
    expect((await api.send(demo, 'DELETE', `/servers/${id}`)).statusCode).toBe(409);
    expect((await api.action(demo, id, { unlock: null })).statusCode).toBe(202);
    expect((await api.action(demo, id, { 'os-stop': null })).statusCode).toBe(202);
  });

  it('keeps the reason at 2.73 and lets only an admin lift an admin’s lock', async () => {
    const id = await activeServer();
    expect((await api.action(admin, id, { lock: { locked_reason: 'maintenance' } }, '2.73')).statusCode).toBe(202);
    expect((await api.show(demo, id, '2.73')).json().server).toMatchObject({ locked: true, locked_reason: 'maintenance' });
    expect((await api.action(demo, id, { unlock: null })).statusCode).toBe(403);
    expect((await api.action(admin, id, { unlock: null })).statusCode).toBe(202);
  });
});

describe('createBackup', () => {
  it('makes backup images (image_type backup) and keeps only the newest `rotation` of them', async () => {
    const id = await activeServer();
    const names: string[] = [];
    for (const name of ['bk-1', 'bk-2', 'bk-3']) {
      const response = await api.action(demo, id, { createBackup: { name, backup_type: 'daily', rotation: 2 } }, '2.45');
      expect(response.statusCode).toBe(202);
      names.push(name);
      const imageId = response.json().image_id;
      await whenSettled(async () => (await cloud.app.inject({ url: `/cloud/image/v2/images/${imageId}`, headers: { 'x-auth-token': demo } })).json().status === 'active');
      await api.settle(demo, id);
    }
    const kept = (await images(`image_type=backup&instance_uuid=${id}&sort_key=created_at&sort_dir=asc`)).json().images;
    expect(kept.map((image: { name: string }) => image.name)).toEqual(['bk-2', 'bk-3']);
    expect(kept[0]).toMatchObject({ backup_type: 'daily', image_type: 'backup' });
  });
});

describe('security groups of a server', () => {
  it('removes the only group: the server then shows no security_groups key, and adds it back', async () => {
    const id = await activeServer();
    expect((await api.server(demo, id)).security_groups).toEqual([{ name: 'default' }]);
    expect((await api.action(demo, id, { removeSecurityGroup: { name: 'default' } })).statusCode).toBe(202);
    expect(await api.server(demo, id)).not.toHaveProperty('security_groups');
    const ports = (await cloud.app.inject({ url: `/cloud/network/v2.0/ports?device_id=${id}`, headers: { 'x-auth-token': demo } })).json().ports;
    expect(ports[0].security_groups).toEqual([]);
    expect((await api.action(demo, id, { removeSecurityGroup: { name: 'default' } })).statusCode).toBe(400);
    expect((await api.action(demo, id, { addSecurityGroup: { name: 'default' } })).statusCode).toBe(202);
    expect((await api.server(demo, id)).security_groups).toEqual([{ name: 'default' }]);
  });
});
