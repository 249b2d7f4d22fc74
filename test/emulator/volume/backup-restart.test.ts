import { mkdirSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeClock, makeDataDir, removeDataDir, startEmulator, type TestEmulator } from '../../support/emulator.js';
import { availableVolume, backUp, content, readVolume, settled, showBackup, volumeStatus, writeVolume } from './backup-support.js';
import { call, copiesDone, persona, servicesWith } from './support.js';

/** A restart in the middle of backups and restores: nothing stuck, no data left that no backup owns. */

let cloud: TestEmulator | null = null;
let dir: string | null = null;
afterEach(async () => {
  await cloud?.close();
  cloud = null;
  if (dir) removeDataDir(dir);
  dir = null;
});

describe('a restart', () => {
  it('ends backups still creating in error, gives their volumes back, and removes data no backup owns', async () => {
    dir = makeDataDir();
    const clock = makeClock();
    cloud = await startEmulator({ dataDir: dir, clock, services: servicesWith() });
    const demo = await persona(cloud, 'demo');
    const kept = await availableVolume(cloud, demo);
    writeVolume(cloud, kept, content(2, 9));
    const done = await backUp(cloud, demo, { volume_id: kept });
    await settled(cloud);

    const written = await availableVolume(cloud, demo);
    const halfWritten = await availableVolume(cloud, demo);
    cloud.db().run("UPDATE cinder_volumes SET status = 'in-use' WHERE id = ?", halfWritten);
    const creating = await backUp(cloud, demo, { volume_id: written });
    const interrupted = await backUp(cloud, demo, { volume_id: halfWritten, force: true });
    await copiesDone(cloud);
    // As if the process had died while writing the second one's data, and after a delete committed but before its files went.
    const backups = join(dir, 'backups');
    cloud.db().run("UPDATE cinder_backups SET copy_state = 'pending' WHERE id = ?", interrupted);
    renameSync(join(backups, interrupted), join(backups, `${interrupted}.part`));
    mkdirSync(join(backups, '0b9e3c1e-5a7f-4c1d-9d55-3f1b2a6c7d88'));
    writeFileSync(join(backups, '0b9e3c1e-5a7f-4c1d-9d55-3f1b2a6c7d88', 'data'), 'orphan');
    await cloud.close();

    cloud = await startEmulator({ dataDir: dir, clock, services: servicesWith() });
    const again = await persona(cloud, 'demo');
    for (const id of [creating, interrupted]) {
      expect(await showBackup(cloud, again, id)).toMatchObject({ status: 'error', fail_reason: 'incomplete backup reset on manager restart' });
    }
    expect(await volumeStatus(cloud, again, written)).toBe('available');
    expect(await volumeStatus(cloud, again, halfWritten)).toBe('in-use');
    expect(readdirSync(backups)).toEqual([done]);
    // The error backups can be deleted; the available one still restores.
    expect((await call(cloud, again, 'DELETE', `/backups/${creating}`)).statusCode).toBe(202);
    const restore = (await call(cloud, again, 'POST', `/backups/${done}/restore`, { restore: {} })).json().restore;
    await settled(cloud);
    expect(readVolume(cloud, restore.volume_id).equals(content(2, 9))).toBe(true);
  });

  it('leaves a backup that was restoring available and its volume error_restoring', async () => {
    dir = makeDataDir();
    const clock = makeClock();
    cloud = await startEmulator({ dataDir: dir, clock, services: servicesWith() });
    const demo = await persona(cloud, 'demo');
    const volumeId = await availableVolume(cloud, demo);
    writeVolume(cloud, volumeId, content(1, 2));
    const id = await backUp(cloud, demo, { volume_id: volumeId });
    await settled(cloud);
    const restore = (await call(cloud, demo, 'POST', `/backups/${id}/restore`, { restore: {} })).json().restore;
    await copiesDone(cloud);
    await cloud.close();

    cloud = await startEmulator({ dataDir: dir, clock, services: servicesWith() });
    const again = await persona(cloud, 'demo');
    expect((await showBackup(cloud, again, id)).status).toBe('available');
    expect(await volumeStatus(cloud, again, restore.volume_id)).toBe('error_restoring');
    expect(readdirSync(join(dir, 'volumes')).filter((name) => name.endsWith('.part'))).toEqual([]);
  });
});
