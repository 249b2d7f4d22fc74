import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { BlobStore } from '../../../emulator/volume/models/blobs.js';
import { makeClock, makeDataDir, removeDataDir, startEmulator, type TestEmulator } from '../../support/emulator.js';
import { call, copiesDone, FakeImages, persona, servicesWith, TRANSITION_MS } from './support.js';

/** Volume contents: from an image through the image source, copied by snapshots and clones, kept across a restart. */

const IMAGE_ID = '1b0e7c52-6a5d-4a8e-9a3b-2f2f0c9d7e11';
const BYTES = Buffer.from('bootable image bytes '.repeat(1000));

let cloud: TestEmulator | null = null;
let dir: string | null = null;
afterEach(async () => {
  await cloud?.close();
  cloud = null;
  if (dir) removeDataDir(dir);
  dir = null;
});

const settle = async (emulator: TestEmulator) => {
  await copiesDone(emulator);
  emulator.clock.advance(TRANSITION_MS / 1000);
};

describe('a volume from an image', () => {
  it('takes the image’s bytes, becomes bootable and carries the image metadata', async () => {
    const images = new FakeImages();
    cloud = await startEmulator({ services: servicesWith(images) });
    const demo = await persona(cloud, 'demo');
    images.add({ id: IMAGE_ID, bytes: BYTES, owner: demo.projectId, name: 'cirros', properties: { os_distro: 'cirros' } });
    const response = await call(cloud, demo, 'POST', '/volumes', { volume: { imageRef: IMAGE_ID, name: 'boot' } });
    expect(response.statusCode).toBe(202);
    const volume = response.json().volume;
    expect(volume).toMatchObject({ size: 1, bootable: 'true', status: 'creating' });
    await settle(cloud);
    const shown = (await call(cloud, demo, 'GET', `/volumes/${volume.id}`)).json().volume;
    expect(shown.status).toBe('available');
    expect(shown.volume_image_metadata).toMatchObject({
      image_id: IMAGE_ID,
      image_name: 'cirros',
      os_distro: 'cirros',
      disk_format: 'raw',
      size: String(BYTES.length),
    });
    const blobs = BlobStore.beside(cloud.db());
    expect(readFileSync(blobs.path('volume', volume.id)).equals(BYTES)).toBe(true);
  });

  it('cannot find an image the project may not see, nor one that is not active', async () => {
    const images = new FakeImages();
    cloud = await startEmulator({ services: servicesWith(images) });
    const demo = await persona(cloud, 'demo');
    images.add({ id: 'private', bytes: BYTES, owner: 'someone-else' });
    images.add({ id: 'queued', bytes: BYTES, owner: demo.projectId, status: 'queued' });
    expect((await call(cloud, demo, 'POST', '/volumes', { volume: { imageRef: 'private', size: 1 } })).json()).toEqual({
      badRequest: { code: 400, message: 'Invalid image identifier or unable to access requested image.' },
    });
    expect((await call(cloud, demo, 'POST', '/volumes', { volume: { imageRef: 'queued', size: 1 } })).json().badRequest.message).toBe(
      'Invalid input received: Image queued is not active.',
    );
  });

  it('refuses a volume smaller than the image’s minimum disk', async () => {
    const images = new FakeImages();
    cloud = await startEmulator({ services: servicesWith(images) });
    const demo = await persona(cloud, 'demo');
    images.add({ id: IMAGE_ID, bytes: BYTES, owner: demo.projectId, minDisk: 2 });
    const response = await call(cloud, demo, 'POST', '/volumes', { volume: { imageRef: IMAGE_ID, size: 1 } });
    expect(response.json().badRequest.message).toBe('Invalid input received: Volume size 1GB cannot be smaller than the image minDisk size 2GB.');
  });
});

describe('contents across snapshots, clones and restarts', () => {
  it('copies the bytes into a snapshot and a volume made from it, and keeps them after a restart', async () => {
    dir = makeDataDir();
    const clock = makeClock();
    const images = new FakeImages();
    cloud = await startEmulator({ dataDir: dir, clock, services: servicesWith(images) });
    const demo = await persona(cloud, 'demo');
    images.add({ id: IMAGE_ID, bytes: BYTES, owner: demo.projectId });
    const origin = (await call(cloud, demo, 'POST', '/volumes', { volume: { imageRef: IMAGE_ID } })).json().volume;
    await settle(cloud);
    const snapshot = (await call(cloud, demo, 'POST', '/snapshots', { snapshot: { volume_id: origin.id } })).json().snapshot;
    await settle(cloud);
    const clone = (await call(cloud, demo, 'POST', '/volumes', { volume: { snapshot_id: snapshot.id } })).json().volume;
    await settle(cloud);
    await cloud.close();

    cloud = await startEmulator({ dataDir: dir, clock, services: servicesWith(images) });
    const again = await persona(cloud, 'demo');
    const shown = (await call(cloud, again, 'GET', `/volumes/${clone.id}`)).json().volume;
    expect(shown).toMatchObject({ status: 'available', bootable: 'true', snapshot_id: snapshot.id });
    const blobs = BlobStore.beside(cloud.db());
    expect(readFileSync(blobs.path('snapshot', snapshot.id)).equals(BYTES)).toBe(true);
    expect(readFileSync(blobs.path('volume', clone.id)).equals(BYTES)).toBe(true);

    // Deleting removes the bytes with the row.
    await call(cloud, again, 'DELETE', `/volumes/${clone.id}`);
    cloud.clock.advance(TRANSITION_MS / 1000);
    await call(cloud, again, 'GET', '/volumes/detail');
    expect(blobs.has('volume', clone.id)).toBe(false);
  });

  it('ends a copy the previous process left unfinished in error', async () => {
    dir = makeDataDir();
    const clock = makeClock();
    cloud = await startEmulator({ dataDir: dir, clock, services: servicesWith() });
    const demo = await persona(cloud, 'demo');
    const volume = (await call(cloud, demo, 'POST', '/volumes', { volume: { size: 1 } })).json().volume;
    // As if the process had died while copying bytes into it.
    cloud.db().run("UPDATE cinder_volumes SET copy_state = 'pending' WHERE id = ?", volume.id);
    await cloud.close();
    cloud = await startEmulator({ dataDir: dir, clock, services: servicesWith() });
    clock.advance(TRANSITION_MS / 1000);
    const again = await persona(cloud, 'demo');
    expect((await call(cloud, again, 'GET', `/volumes/${volume.id}`)).json().volume.status).toBe('error');
    expect((await call(cloud, again, 'DELETE', `/volumes/${volume.id}`)).statusCode).toBe(202);
  });
});

describe('the seed', () => {
  it('gives the demo project one available volume of type standard', async () => {
    cloud = await startEmulator({ services: servicesWith() });
    const demo = await persona(cloud, 'demo');
    const volumes = (await call(cloud, demo, 'GET', '/volumes/detail')).json().volumes;
    expect(volumes).toEqual([expect.objectContaining({ name: 'demo-volume', size: 1, status: 'available', volume_type: 'standard' })]);
  });
});
