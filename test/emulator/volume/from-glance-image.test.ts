import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { glanceImageSource } from '../../../emulator/image/volume-source.js';
import { SERVICES } from '../../../emulator/services.js';
import { createVolumeService } from '../../../emulator/volume/index.js';
import { startEmulator, type TestEmulator } from '../../support/emulator.js';
import { call, copiesDone, type Persona, persona, TRANSITION_MS } from './support.js';

/** Cinder and Glance of one emulated cloud together: a volume made from a Glance image (issue 5 "from an image"). */

let cloud: TestEmulator;
let demo: Persona;
let admin: Persona;

beforeAll(async () => {
  const volume = createVolumeService({ images: glanceImageSource, transitionMs: TRANSITION_MS });
  cloud = await startEmulator({ services: SERVICES.map((service) => (service.type === 'volumev3' ? volume : service)) });
  demo = await persona(cloud, 'demo');
  admin = await persona(cloud, 'admin');
});
afterAll(async () => {
  await cloud.close();
});

function glance(who: Persona, method: 'GET' | 'POST' | 'PUT', path: string, payload?: unknown, contentType = 'application/json') {
  return cloud.app.inject({
    method,
    url: `/cloud/image${path}`,
    headers: { 'x-auth-token': who.token, 'content-type': contentType },
    ...(payload === undefined ? {} : { payload: payload as string }),
  });
}

describe('a volume created from a Glance image of the same cloud', () => {
  it("copies the seeded public image: bootable, sized by the image, with the image's metadata", async () => {
    const images = (await glance(demo, 'GET', '/v2/images?visibility=public')).json().images as { id: string; name: string; size: number; min_disk: number }[];
    const seeded = images[0];
    expect(seeded, 'the seed has a public image').toBeTruthy();

    const created = await call(cloud, demo, 'POST', '/volumes', { volume: { name: 'boot', imageRef: seeded.id } });
    expect(created.statusCode, created.body).toBe(202);
    const id = created.json().volume.id as string;
    await copiesDone(cloud);
    cloud.clock.advance(TRANSITION_MS / 1000);

    const volume = (await call(cloud, demo, 'GET', `/volumes/${id}`)).json().volume;
    expect(volume.status).toBe('available');
    expect(volume.bootable).toBe('true');
    expect(volume.size).toBe(Math.max(1, Math.ceil(seeded.size / 1024 ** 3), seeded.min_disk));
    expect(volume.volume_image_metadata).toMatchObject({ image_id: seeded.id, image_name: seeded.name });
  });

  it("refuses another project's private image as Cinder does, without making a volume", async () => {
    const image = await glance(admin, 'POST', '/v2/images', JSON.stringify({ name: 'admin-only', disk_format: 'raw', container_format: 'bare', visibility: 'private' }));
    expect(image.statusCode, image.body).toBe(201);
    const imageId = image.json().id as string;
    const uploaded = await glance(admin, 'PUT', `/v2/images/${imageId}/file`, Buffer.alloc(4096, 7) as unknown as string, 'application/octet-stream');
    expect(uploaded.statusCode, uploaded.body).toBe(204);

    const before = (await call(cloud, demo, 'GET', '/volumes')).json().volumes.length;
    const refused = await call(cloud, demo, 'POST', '/volumes', { volume: { size: 1, imageRef: imageId } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().badRequest.message).toBe('Invalid image identifier or unable to access requested image.');
    expect((await call(cloud, demo, 'GET', '/volumes')).json().volumes).toHaveLength(before);

    const own = await call(cloud, admin, 'POST', '/volumes', { volume: { size: 1, imageRef: imageId } });
    expect(own.statusCode, own.body).toBe(202);
  });
});
