import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type TestEmulator } from '../../support/emulator.js';
import { call, copiesDone, type Persona, persona, servicesWith, TRANSITION_MS } from './support.js';

/** Cinder's attach-side volume actions and the volume summary (issue 23, Tempest's volume tests). */

let cloud: TestEmulator;
let demo: Persona;

beforeAll(async () => {
  cloud = await startEmulator({ services: servicesWith() });
  demo = await persona(cloud, 'demo');
});
afterAll(async () => {
  await cloud.close();
});

async function availableVolume() {
  const response = await call(cloud, demo, 'POST', '/volumes', { volume: { size: 1 } });
  expect(response.statusCode, response.body).toBe(202);
  await copiesDone(cloud);
  cloud.clock.advance(TRANSITION_MS / 1000);
  return response.json().volume.id as string;
}

const volume = async (id: string) => (await call(cloud, demo, 'GET', `/volumes/${id}`)).json().volume;
const action = (id: string, body: object) => call(cloud, demo, 'POST', `/volumes/${id}/action`, body);

describe('volume actions', () => {
  it('reserves an available volume (attaching) and unreserves it (available)', async () => {
    const id = await availableVolume();
    expect((await action(id, { 'os-reserve': null })).statusCode).toBe(202);
    expect((await volume(id)).status).toBe('attaching');
    expect((await action(id, { 'os-reserve': null })).statusCode).toBe(400);
    expect((await action(id, { 'os-unreserve': null })).statusCode).toBe(202);
    expect((await volume(id)).status).toBe('available');
  });

  it('attaches to an instance (in-use, with the attachment) and detaches (available)', async () => {
    const id = await availableVolume();
    const server = randomUUID();
    expect((await action(id, { 'os-attach': { instance_uuid: server, mountpoint: '/dev/vdb' } })).statusCode).toBe(202);
    const attached = await volume(id);
    expect(attached.status).toBe('in-use');
    expect(attached.attachments).toEqual([expect.objectContaining({ server_id: server, device: '/dev/vdb', volume_id: id })]);
    expect((await action(id, { 'os-detach': {} })).statusCode).toBe(202);
    expect(await volume(id)).toMatchObject({ status: 'available', attachments: [] });
  });

  it('sets the read-only flag, shown in metadata as "True" and "False"', async () => {
    const id = await availableVolume();
    expect((await action(id, { 'os-update_readonly_flag': { readonly: true } })).statusCode).toBe(202);
    expect((await volume(id)).metadata.readonly).toBe('True');
    await action(id, { 'os-update_readonly_flag': { readonly: false } });
    expect((await volume(id)).metadata.readonly).toBe('False');
  });
});

describe('the volume summary', () => {
  it('counts the caller’s volumes and their total size at 3.12, and is unknown before', async () => {
    await availableVolume();
    const summary = await call(cloud, demo, 'GET', '/volumes/summary', undefined, '3.12');
    expect(summary.statusCode).toBe(200);
    const listed = (await call(cloud, demo, 'GET', '/volumes/detail')).json().volumes as { size: number }[];
    expect(summary.json()['volume-summary']).toEqual({ total_count: listed.length, total_size: listed.reduce((total, item) => total + item.size, 0), metadata: {} });
    expect((await call(cloud, demo, 'GET', '/volumes/summary', undefined, '3.11')).statusCode).toBe(404);
  });
});
