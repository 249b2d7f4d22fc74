import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { glanceImageSource } from '../../../emulator/image/volume-source.js';
import { SERVICES } from '../../../emulator/services.js';
import { createVolumeService } from '../../../emulator/volume/index.js';
import { startEmulator, type TestEmulator } from '../../support/emulator.js';
import { waitUntil } from '../../support/wait.js';
import { call, copiesDone, type Persona, persona, TRANSITION_MS } from './support.js';

/** `os-volume_upload_image`: a volume copied into a new Glance image of the same cloud (issue 23), answered as the real Zed Cinder does. */

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
  return cloud.app.inject({ method, url: `/cloud/image${path}`, headers: { 'x-auth-token': who.token, 'content-type': contentType }, ...(payload === undefined ? {} : { payload: payload as string }) });
}

/** An available volume of demo's holding `bytes` (made from a private image of demo's with a custom property). */
async function volumeHolding(bytes: Buffer): Promise<string> {
  const image = (await glance(demo, 'POST', '/v2/images', JSON.stringify({ name: 'source', disk_format: 'raw', container_format: 'bare', hw_rng_model: 'virtio' }))).json();
  expect((await glance(demo, 'PUT', `/v2/images/${image.id}/file`, bytes as unknown as string, 'application/octet-stream')).statusCode).toBe(204);
  const id = (await call(cloud, demo, 'POST', '/volumes', { volume: { size: 1, imageRef: image.id } })).json().volume.id as string;
  await copiesDone(cloud);
  cloud.clock.advance(TRANSITION_MS / 1000);
  expect((await call(cloud, demo, 'GET', `/volumes/${id}`)).json().volume.status).toBe('available');
  return id;
}

const imageOf = (id: string) => glance(demo, 'GET', `/v2/images/${id}`).then((response) => response.json());

describe('uploading a volume to an image', () => {
  it("makes a private image of the caller's project holding the volume's bytes, the volume uploading until they are stored", async () => {
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 251));
    const volumeId = await volumeHolding(bytes);
    const answer = await call(cloud, demo, 'POST', `/volumes/${volumeId}/action`, { 'os-volume_upload_image': { image_name: 'from-volume', disk_format: 'qcow2' } });
    expect(answer.statusCode, answer.body).toBe(202);
    const upload = answer.json()['os-volume_upload_image'];
    expect(upload).toMatchObject({ id: volumeId, status: 'uploading', size: 1, container_format: 'bare', disk_format: 'qcow2', image_name: 'from-volume', display_description: null });
    expect(upload.volume_type).toMatchObject({ name: '__DEFAULT__', is_public: true, deleted: false, deleted_at: null });
    expect(upload).not.toHaveProperty('visibility');

    const image = await waitUntil(() => imageOf(upload.image_id), (found) => found.status === 'active', { what: 'the image to become active', timeout: 10_000, interval: 10 });
    expect(image).toMatchObject({ name: 'from-volume', disk_format: 'qcow2', container_format: 'bare', visibility: 'private', owner: demo.projectId, size: bytes.length, hw_rng_model: 'virtio' });
    const data = await glance(demo, 'GET', `/v2/images/${upload.image_id}/file`);
    expect(Buffer.compare(data.rawPayload, bytes)).toBe(0);
    await waitUntil(
      async () => (await call(cloud, demo, 'GET', `/volumes/${volumeId}`)).json().volume.status as string,
      (status) => status === 'available',
      { what: 'the volume to be available again', timeout: 10_000, interval: 10 },
    );
  });

  it('from microversion 3.1 sets the visibility and protection asked, public only for an admin', async () => {
    const volumeId = await volumeHolding(Buffer.alloc(1024, 1));
    const action = (who: Persona, body: object) => call(cloud, who, 'POST', `/volumes/${volumeId}/action`, { 'os-volume_upload_image': body }, '3.1');
    const refused = await action(demo, { image_name: 'public-one', visibility: 'public' });
    expect(refused.statusCode).toBe(403);
    expect((await call(cloud, demo, 'GET', `/volumes/${volumeId}`)).json().volume.status).toBe('available');
    const shared = await action(demo, { image_name: 'shared-one', visibility: 'shared', protected: 'true' });
    expect(shared.statusCode, shared.body).toBe(202);
    expect(shared.json()['os-volume_upload_image']).toMatchObject({ visibility: 'shared', protected: true });
    const image = await waitUntil(() => imageOf(shared.json()['os-volume_upload_image'].image_id), (found) => found.status === 'active', { what: 'the image', timeout: 10_000, interval: 10 });
    expect(image).toMatchObject({ visibility: 'shared', protected: true });
  });

  it('refuses a volume that is not available, and bad input naming the field, without making an image', async () => {
    const volumeId = await volumeHolding(Buffer.alloc(10, 2));
    const imagesBefore = (await glance(demo, 'GET', '/v2/images')).json().images.length;
    const action = (body: object, microversion?: string) => call(cloud, demo, 'POST', `/volumes/${volumeId}/action`, { 'os-volume_upload_image': body }, microversion);
    expect((await action({ disk_format: 'raw' })).json().badRequest.message).toBe(
      "Invalid input for field/attribute os-volume_upload_image. Value: {'disk_format': 'raw'}. 'image_name' is a required property",
    );
    expect((await action({ image_name: 'x', disk_format: 'bogus' })).json().badRequest.message).toBe(
      "Invalid input for field/attribute disk_format. Value: bogus. 'bogus' is not one of ['raw', 'vmdk', 'vdi', 'qcow2', 'vhd', 'vhdx', 'ploop']",
    );
    expect((await action({ image_name: 'x', visibility: 'public' })).json().badRequest.message).toBe(
      "Invalid input for field/attribute os-volume_upload_image. Value: {'image_name': 'x', 'visibility': 'public'}. Additional properties are not allowed ('visibility' was unexpected)",
    );
    expect((await action({ image_name: 'x', visibility: 'nope' }, '3.1')).json().badRequest.message).toBe(
      "Invalid input for field/attribute visibility. Value: nope. 'nope' is not one of ['community', 'public', 'private', 'shared']",
    );
    expect((await call(cloud, admin, 'POST', `/volumes/${volumeId}/action`, { 'os-reset_status': { status: 'in-use' } })).statusCode).toBe(202);
    const busy = await action({ image_name: 'x', force: true });
    expect(busy.statusCode).toBe(400);
    expect(busy.json().badRequest.message).toBe(`Invalid volume: Volume ${volumeId} status must be available`);
    expect((await glance(demo, 'GET', '/v2/images')).json().images.length).toBe(imagesBefore);
  });
});
