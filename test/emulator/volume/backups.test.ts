import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type TestEmulator, userWithRole } from '../../support/emulator.js';
import { availableVolume, backUp, BLOCK, content, readVolume, settled, showBackup, volumeStatus, writeVolume } from './backup-support.js';
import { call, type Persona, persona, servicesWith } from './support.js';

/** Cinder volume backups: full and incremental, restore, delete rules, quotas, listing. */

let cloud: TestEmulator | null = null;
afterEach(async () => {
  await cloud?.close();
  cloud = null;
});

async function start(): Promise<{ cloud: TestEmulator; demo: Persona }> {
  cloud = await startEmulator({ services: servicesWith() });
  return { cloud, demo: await persona(cloud, 'demo') };
}

describe('a full backup', () => {
  it('backs up the volume’s bytes: the volume is backing-up, then back to available, the backup available', async () => {
    const { cloud, demo } = await start();
    const volumeId = await availableVolume(cloud, demo);
    const original = content(3, 7);
    writeVolume(cloud, volumeId, original);
    const id = await backUp(cloud, demo, { volume_id: volumeId, name: 'nightly', description: 'first' });
    expect(await volumeStatus(cloud, demo, volumeId)).toBe('backing-up');
    expect(await showBackup(cloud, demo, id)).toMatchObject({ status: 'creating', volume_id: volumeId, is_incremental: false, size: 1 });
    await settled(cloud);
    expect(await volumeStatus(cloud, demo, volumeId)).toBe('available');
    expect(await showBackup(cloud, demo, id)).toMatchObject({
      id,
      name: 'nightly',
      description: 'first',
      status: 'available',
      size: 1,
      object_count: 3,
      container: 'volumebackups',
      availability_zone: 'nova',
      is_incremental: false,
      has_dependent_backups: false,
      snapshot_id: null,
      fail_reason: null,
    });
  });

  it('restores into a new volume holding the bytes the volume had at backup time', async () => {
    const { cloud, demo } = await start();
    const volumeId = await availableVolume(cloud, demo, 1, 'source');
    const original = content(2, 3);
    writeVolume(cloud, volumeId, original);
    const id = await backUp(cloud, demo, { volume_id: volumeId });
    await settled(cloud);
    writeVolume(cloud, volumeId, content(2, 99)); // the guest goes on writing
    const response = await call(cloud, demo, 'POST', `/backups/${id}/restore`, { restore: {} });
    expect(response.statusCode).toBe(202);
    const restore = response.json().restore;
    expect(restore).toMatchObject({ backup_id: id, volume_name: `restore_backup_${id}` });
    expect(await volumeStatus(cloud, demo, restore.volume_id)).toBe('restoring-backup');
    expect((await showBackup(cloud, demo, id)).status).toBe('restoring');
    await settled(cloud);
    const restored = (await call(cloud, demo, 'GET', `/volumes/${restore.volume_id}`)).json().volume;
    expect(restored).toMatchObject({ status: 'available', size: 1, name: 'source' });
    expect(readVolume(cloud, restore.volume_id).equals(original)).toBe(true);
    expect((await showBackup(cloud, demo, id)).status).toBe('available');
  });

  it('restores into an existing available volume of enough size, and refuses one too small or busy', async () => {
    const { cloud, demo } = await start();
    const volumeId = await availableVolume(cloud, demo, 2);
    const original = content(1, 5);
    writeVolume(cloud, volumeId, original);
    const id = await backUp(cloud, demo, { volume_id: volumeId });
    await settled(cloud);
    const small = await availableVolume(cloud, demo, 1);
    const tooSmall = await call(cloud, demo, 'POST', `/backups/${id}/restore`, { restore: { volume_id: small } });
    expect(tooSmall.json()).toEqual({ badRequest: { code: 400, message: 'Invalid volume: volume size 1 is too small to restore backup of size 2.' } });
    const target = await availableVolume(cloud, demo, 3, 'kept-name');
    const response = await call(cloud, demo, 'POST', `/backups/${id}/restore`, { restore: { volume_id: target, name: 'ignored' } });
    expect(response.json().restore).toEqual({ backup_id: id, volume_id: target, volume_name: 'kept-name' });
    const again = await call(cloud, demo, 'POST', `/backups/${id}/restore`, { restore: { volume_id: target } });
    expect(again.json().badRequest.message).toBe('Invalid backup: Backup status must be available');
    await settled(cloud);
    expect((await call(cloud, demo, 'GET', `/volumes/${target}`)).json().volume).toMatchObject({ status: 'available', name: 'kept-name' });
    expect(readVolume(cloud, target).equals(original)).toBe(true);
  });

  it('restores a never-written volume into an existing blank one on a cloud that holds no volume file yet', async () => {
    const { cloud, demo } = await start();
    const source = await availableVolume(cloud, demo);
    const id = await backUp(cloud, demo, { volume_id: source });
    await settled(cloud);
    const target = await availableVolume(cloud, demo, 1, 'blank');
    expect((await call(cloud, demo, 'POST', `/backups/${id}/restore`, { restore: { volume_id: target } })).statusCode).toBe(202);
    await settled(cloud);
    expect((await call(cloud, demo, 'GET', `/volumes/${target}`)).json().volume.status).toBe('available');
  });

  it('backs up an in-use volume only with force, and gives it back in-use', async () => {
    const { cloud, demo } = await start();
    const volumeId = await availableVolume(cloud, demo);
    cloud.db().run("UPDATE cinder_volumes SET status = 'in-use' WHERE id = ?", volumeId);
    const refused = await call(cloud, demo, 'POST', '/backups', { backup: { volume_id: volumeId } });
    expect(refused.json()).toEqual({ badRequest: { code: 400, message: 'Invalid volume: Backing up an in-use volume must use the force flag.' } });
    await backUp(cloud, demo, { volume_id: volumeId, force: true });
    expect(await volumeStatus(cloud, demo, volumeId)).toBe('backing-up');
    const busy = await call(cloud, demo, 'POST', '/backups', { backup: { volume_id: volumeId, force: true } });
    expect(busy.json().badRequest.message).toBe('Invalid volume: Volume to be backed up must be available or in-use, but the current status is "backing-up".');
    await settled(cloud);
    expect(await volumeStatus(cloud, demo, volumeId)).toBe('in-use');
  });

  it('backs up a snapshot of the volume, its data as the snapshot has it', async () => {
    const { cloud, demo } = await start();
    const volumeId = await availableVolume(cloud, demo);
    const original = content(1, 11);
    writeVolume(cloud, volumeId, original);
    const snapshot = (await call(cloud, demo, 'POST', '/snapshots', { snapshot: { volume_id: volumeId } })).json().snapshot;
    await settled(cloud);
    writeVolume(cloud, volumeId, content(1, 12));
    const id = await backUp(cloud, demo, { volume_id: volumeId, snapshot_id: snapshot.id });
    expect(await volumeStatus(cloud, demo, volumeId)).toBe('available');
    expect((await call(cloud, demo, 'GET', `/snapshots/${snapshot.id}`)).json().snapshot.status).toBe('backing-up');
    await settled(cloud);
    expect((await call(cloud, demo, 'GET', `/snapshots/${snapshot.id}`)).json().snapshot.status).toBe('available');
    expect((await showBackup(cloud, demo, id)).snapshot_id).toBe(snapshot.id);
    const restore = (await call(cloud, demo, 'POST', `/backups/${id}/restore`, { restore: { name: 'from-snapshot' } })).json().restore;
    expect(restore.volume_name).toBe('from-snapshot');
    await settled(cloud);
    expect(readVolume(cloud, restore.volume_id).equals(original)).toBe(true);
  });
});

describe('incremental backups', () => {
  it('keep only the changed blocks, and a restore rebuilds the chain at each point', async () => {
    const { cloud, demo } = await start();
    const volumeId = await availableVolume(cloud, demo);
    const first = content(4, 1);
    writeVolume(cloud, volumeId, first);
    const full = await backUp(cloud, demo, { volume_id: volumeId });
    await settled(cloud);

    const second = Buffer.from(first);
    content(1, 50).copy(second, 2 * BLOCK); // the guest rewrites block 2
    writeVolume(cloud, volumeId, second);
    const incremental = await backUp(cloud, demo, { volume_id: volumeId, incremental: true });
    await settled(cloud);

    const third = Buffer.concat([second.subarray(0, BLOCK), Buffer.alloc(BLOCK), second.subarray(2 * BLOCK), content(1, 60)]);
    writeVolume(cloud, volumeId, third); // block 1 zeroed, block 4 appended
    const latest = await backUp(cloud, demo, { volume_id: volumeId, incremental: 'true' });
    await settled(cloud);

    expect(await showBackup(cloud, demo, full)).toMatchObject({ is_incremental: false, has_dependent_backups: true, object_count: 4 });
    expect(await showBackup(cloud, demo, incremental)).toMatchObject({ is_incremental: true, has_dependent_backups: true, object_count: 1 });
    expect(await showBackup(cloud, demo, latest)).toMatchObject({ is_incremental: true, has_dependent_backups: false, object_count: 1 });

    for (const [backup, bytes] of [
      [incremental, second],
      [latest, third],
      [full, first],
    ] as const) {
      const restore = (await call(cloud, demo, 'POST', `/backups/${backup}/restore`, { restore: {} })).json().restore;
      await settled(cloud);
      expect(await volumeStatus(cloud, demo, restore.volume_id)).toBe('available');
      expect(readVolume(cloud, restore.volume_id).equals(bytes)).toBe(true);
    }
  });

  it('needs an available backup of the volume to build on', async () => {
    const { cloud, demo } = await start();
    const volumeId = await availableVolume(cloud, demo);
    const response = await call(cloud, demo, 'POST', '/backups', { backup: { volume_id: volumeId, incremental: true } });
    expect(response.json()).toEqual({ badRequest: { code: 400, message: 'Invalid backup: No backups available to do an incremental backup.' } });
    expect(await volumeStatus(cloud, demo, volumeId)).toBe('available');
  });

  it('hold their parent: it cannot be deleted before them; deleting removes the data', async () => {
    const { cloud, demo } = await start();
    const volumeId = await availableVolume(cloud, demo);
    writeVolume(cloud, volumeId, content(2, 4));
    const full = await backUp(cloud, demo, { volume_id: volumeId });
    const early = await call(cloud, demo, 'DELETE', `/backups/${full}`);
    expect(early.json().badRequest.message).toBe('Invalid backup: Backup status must be available or error');
    await settled(cloud);
    const incremental = await backUp(cloud, demo, { volume_id: volumeId, incremental: true });
    await settled(cloud);
    const refused = await call(cloud, demo, 'DELETE', `/backups/${full}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ badRequest: { code: 400, message: 'Invalid backup: Incremental backups exist for this backup.' } });

    expect((await call(cloud, demo, 'DELETE', `/backups/${incremental}`)).statusCode).toBe(202);
    expect((await showBackup(cloud, demo, incremental)).status).toBe('deleting');
    await settled(cloud);
    expect((await call(cloud, demo, 'GET', `/backups/${incremental}`)).json()).toEqual({
      itemNotFound: { code: 404, message: `Backup ${incremental} could not be found.` },
    });
    expect((await showBackup(cloud, demo, full)).has_dependent_backups).toBe(false);
    expect((await call(cloud, demo, 'DELETE', `/backups/${full}`)).statusCode).toBe(202);
    await settled(cloud);
    await call(cloud, demo, 'GET', '/backups');
    expect(readdirSync(join(cloud.dataDir, 'backups'))).toEqual([]);
  });
});

describe('failures', () => {
  it('end a backup whose data could not be written in error, its volume back to available', async () => {
    const { cloud, demo } = await start();
    const volumeId = await availableVolume(cloud, demo);
    writeVolume(cloud, volumeId, content(1, 8));
    const full = await backUp(cloud, demo, { volume_id: volumeId });
    await settled(cloud);
    rmSync(join(cloud.dataDir, 'backups', full), { recursive: true }); // the parent's data is lost
    const incremental = await backUp(cloud, demo, { volume_id: volumeId, incremental: true });
    await settled(cloud);
    expect(await showBackup(cloud, demo, incremental)).toMatchObject({ status: 'error', fail_reason: 'The backup data could not be written.' });
    expect(await volumeStatus(cloud, demo, volumeId)).toBe('available');
    expect(existsSync(join(cloud.dataDir, 'backups', incremental))).toBe(false);
    expect((await call(cloud, demo, 'DELETE', `/backups/${incremental}`)).statusCode).toBe(202);
  });

  it('leave a volume whose restore read corrupted data error_restoring, and the backup available', async () => {
    const { cloud, demo } = await start();
    const volumeId = await availableVolume(cloud, demo);
    writeVolume(cloud, volumeId, content(2, 8));
    const id = await backUp(cloud, demo, { volume_id: volumeId });
    await settled(cloud);
    writeFileSync(join(cloud.dataDir, 'backups', id, 'data'), content(2, 9)); // the stored blocks no longer match their hashes
    const restore = (await call(cloud, demo, 'POST', `/backups/${id}/restore`, { restore: {} })).json().restore;
    await settled(cloud);
    expect(await volumeStatus(cloud, demo, restore.volume_id)).toBe('error_restoring');
    expect((await showBackup(cloud, demo, id)).status).toBe('available');
    expect(readdirSync(join(cloud.dataDir, 'volumes')).filter((name) => name.endsWith('.part'))).toEqual([]);
  });
});

describe('backup quotas', () => {
  it('count backups and their gigabytes in the quota set and the limits, and refuse beyond them with Cinder’s 413', async () => {
    const { cloud } = await start();
    const admin = await persona(cloud, 'admin');
    const other = await userWithRole(cloud, { user: 'backup-quota-user', project: 'backup-quota-project', role: 'member' });
    const member: Persona = { token: other.token, projectId: other.projectId, userId: other.userId, base: `/cloud/volume/v3/${other.projectId}` };
    const volumeId = await availableVolume(cloud, member, 2);
    await backUp(cloud, member, { volume_id: volumeId });
    await settled(cloud);
    const quota = (await call(cloud, member, 'GET', `/os-quota-sets/${member.projectId}?usage=true`)).json().quota_set;
    expect(quota.backups).toEqual({ limit: 10, in_use: 1, reserved: 0 });
    expect(quota.backup_gigabytes).toEqual({ limit: 1000, in_use: 2, reserved: 0 });
    expect((await call(cloud, member, 'GET', '/limits')).json().limits.absolute).toMatchObject({ totalBackupsUsed: 1, totalBackupGigabytesUsed: 2 });

    await call(cloud, admin, 'PUT', `/os-quota-sets/${member.projectId}`, { quota_set: { backup_gigabytes: 3 } });
    const size = await call(cloud, member, 'POST', '/backups', { backup: { volume_id: volumeId } });
    expect(size.statusCode).toBe(413);
    expect(size.json()).toEqual({
      overLimit: {
        code: 413,
        message:
          'VolumeBackupSizeExceedsAvailableQuota: Requested backup exceeds allowed Backup gigabytes quota. Requested 2G, quota is 3G and 2G has been consumed.',
        retryAfter: '0',
      },
    });
    await call(cloud, admin, 'PUT', `/os-quota-sets/${member.projectId}`, { quota_set: { backups: 1, backup_gigabytes: -1 } });
    const count = await call(cloud, member, 'POST', '/backups', { backup: { volume_id: volumeId } });
    expect(count.json().overLimit.message).toBe('BackupLimitExceeded: Maximum number of backups allowed (1) exceeded');
    expect(await volumeStatus(cloud, member, volumeId)).toBe('available');
  });

  it('refuses a restore into a new volume over the volume quota with a 413', async () => {
    const { cloud } = await start();
    const admin = await persona(cloud, 'admin');
    const other = await userWithRole(cloud, { user: 'restore-quota-user', project: 'restore-quota-project', role: 'member' });
    const member: Persona = { token: other.token, projectId: other.projectId, userId: other.userId, base: `/cloud/volume/v3/${other.projectId}` };
    const volumeId = await availableVolume(cloud, member, 2);
    const id = await backUp(cloud, member, { volume_id: volumeId });
    await settled(cloud);
    await call(cloud, admin, 'PUT', `/os-quota-sets/${member.projectId}`, { quota_set: { gigabytes: 3 } });
    const response = await call(cloud, member, 'POST', `/backups/${id}/restore`, { restore: {} });
    expect(response.statusCode).toBe(413);
    expect(response.json().overLimit.message).toBe(
      'Requested volume or snapshot exceeds allowed gigabytes quota. Requested 2G, quota is 3G and 2G has been consumed.',
    );
    expect((await showBackup(cloud, member, id)).status).toBe('available');
  });
});

describe('listing backups', () => {
  it('pages with limit and marker, filters by name, status and volume, and counts from 3.45', async () => {
    const { cloud, demo } = await start();
    const a = await availableVolume(cloud, demo);
    const b = await availableVolume(cloud, demo);
    const ids: string[] = [];
    for (const [volume, name] of [
      [a, 'one'],
      [b, 'two'],
      [a, 'three'],
    ]) {
      ids.push(await backUp(cloud, demo, { volume_id: volume, name }));
      await settled(cloud);
    }
    const page = (await call(cloud, demo, 'GET', '/backups/detail?limit=2')).json();
    expect(page.backups.map((backup: { id: string }) => backup.id)).toEqual([ids[2], ids[1]]);
    expect(page.backups_links[0].rel).toBe('next');
    expect(page.backups_links[0].href).toContain(`marker=${ids[1]}`);
    const next = (await call(cloud, demo, 'GET', `/backups?limit=2&marker=${ids[1]}`)).json();
    expect(next.backups).toEqual([{ id: ids[0], name: 'one', links: expect.any(Array) }]);
    expect(next.backups_links).toBeUndefined();
    const byVolume = (await call(cloud, demo, 'GET', `/backups/detail?volume_id=${a}&sort=created_at:asc`)).json().backups;
    expect(byVolume.map((backup: { name: string }) => backup.name)).toEqual(['one', 'three']);
    expect((await call(cloud, demo, 'GET', '/backups?name=two')).json().backups.map((backup: { id: string }) => backup.id)).toEqual([ids[1]]);
    expect((await call(cloud, demo, 'GET', '/backups?status=creating')).json().backups).toEqual([]);
    const counted = (await call(cloud, demo, 'GET', '/backups?limit=1&with_count=true', undefined, '3.45')).json();
    expect(counted.count).toBe(3);
    expect(counted.backups).toHaveLength(1);
    const invalid = await call(cloud, demo, 'GET', '/backups?size=1', undefined, '3.31');
    expect(invalid.json()).toEqual({ badRequest: { code: 400, message: 'Invalid filters size are found in query options.' } });
  });

  it('shows a project only its own backups; an admin sees the project and user from 3.18 and 3.56', async () => {
    const { cloud, demo } = await start();
    const admin = await persona(cloud, 'admin');
    const volumeId = await availableVolume(cloud, demo);
    const id = await backUp(cloud, demo, { volume_id: volumeId });
    const adminVolume = await availableVolume(cloud, admin);
    const adminBackup = await backUp(cloud, admin, { volume_id: adminVolume });
    await settled(cloud);
    expect((await call(cloud, demo, 'GET', `/backups/${adminBackup}`)).statusCode).toBe(404);
    expect((await call(cloud, demo, 'GET', '/backups')).json().backups.map((backup: { id: string }) => backup.id)).toEqual([id]);
    expect(await showBackup(cloud, demo, id, '3.56')).not.toHaveProperty('os-backup-project-attr:project_id');
    expect(await showBackup(cloud, admin, id, '3.56')).toMatchObject({ 'os-backup-project-attr:project_id': demo.projectId, user_id: demo.userId, metadata: {} });
    const all = (await call(cloud, admin, 'GET', '/backups?all_tenants=1')).json().backups;
    expect(all.map((backup: { id: string }) => backup.id).sort()).toEqual([id, adminBackup].sort());
  });

  it('renames a backup from 3.9', async () => {
    const { cloud, demo } = await start();
    const id = await backUp(cloud, demo, { volume_id: await availableVolume(cloud, demo), name: 'before' });
    const response = await call(cloud, demo, 'PUT', `/backups/${id}`, { backup: { name: 'after', metadata: { plan: 'daily' } } }, '3.43');
    expect(response.json().backup).toMatchObject({ id, name: 'after' });
    expect(await showBackup(cloud, demo, id, '3.43')).toMatchObject({ name: 'after', metadata: { plan: 'daily' } });
  });

  it('validates the request body, naming the field', async () => {
    const { cloud, demo } = await start();
    const response = await call(cloud, demo, 'POST', '/backups', { backup: { volume_id: 'not-a-uuid' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().badRequest.message).toContain('volume_id');
    expect(existsSync(join(cloud.dataDir, 'backups'))).toBe(false);
  });
});
