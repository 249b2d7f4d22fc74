import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imagesDir } from '../../../emulator/image/models/blobs.js';
import { startEmulator, type TestEmulator, tokenFor } from '../../support/emulator.js';
import { waitUntil } from '../../support/wait.js';

let cloud: TestEmulator;
let demo: string;
let baseUrl: string;

const G = '/cloud/image/v2';
const json = (token: string) => ({ 'x-auth-token': token, accept: 'application/json', 'content-type': 'application/json' });

beforeAll(async () => {
  cloud = await startEmulator();
  demo = await tokenFor(cloud.app, 'demo');
  baseUrl = await cloud.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await cloud.close();
});

const statusOf = async (id: string) => (await cloud.app.inject({ url: `${G}/images/${id}`, headers: json(demo) })).json().status as string;

describe('an upload that breaks off', () => {
  it('puts the image back to queued and leaves no partial file, so the upload can be tried again', async () => {
    const image = (await cloud.app.inject({ method: 'POST', url: `${G}/images`, headers: json(demo), payload: { name: 'broken' } })).json();
    const url = new URL(`${G}/images/${image.id}/file`, baseUrl);
    await new Promise<void>((resolve) => {
      const outgoing = request(url, { method: 'PUT', headers: { 'x-auth-token': demo, 'content-type': 'application/octet-stream', 'content-length': String(10 * 1024 * 1024) } });
      outgoing.on('error', () => resolve());
      outgoing.on('close', () => resolve());
      // Broken off once the server is receiving the data (the image saving), not after a guessed delay.
      outgoing.write(Buffer.alloc(256 * 1024, 1), () => {
        void waitUntil(() => statusOf(image.id), (status) => status === 'saving', { what: 'the upload under way', timeout: 10_000, interval: 20 }).finally(() => outgoing.destroy());
      });
    });
    // The server notices the broken connection asynchronously.
    await waitUntil(() => statusOf(image.id), (status) => status === 'queued', { what: 'the image back to queued', timeout: 10_000, interval: 20 });
    expect(readdirSync(imagesDir(cloud.dataDir)).filter((name) => name.startsWith(image.id))).toEqual([]);
    const retry = await cloud.app.inject({ method: 'PUT', url: `${G}/images/${image.id}/file`, headers: { 'x-auth-token': demo, 'content-type': 'application/octet-stream' }, payload: Buffer.from('whole') });
    expect(retry.statusCode).toBe(204);
    expect(await statusOf(image.id)).toBe('active');
  });

  it('queues again an image a crash left saving, and drops its partial data, at the next start', async () => {
    const image = (await cloud.app.inject({ method: 'POST', url: `${G}/images`, headers: json(demo), payload: { name: 'crashed' } })).json();
    cloud.db().run(`UPDATE images SET status = 'saving' WHERE id = ?`, image.id);
    mkdirSync(imagesDir(cloud.dataDir), { recursive: true });
    writeFileSync(`${imagesDir(cloud.dataDir)}/${image.id}.partial`, 'half an image');
    const again = await startEmulator({ dataDir: cloud.dataDir });
    try {
      const token = await tokenFor(again.app, 'demo');
      expect((await again.app.inject({ url: `${G}/images/${image.id}`, headers: json(token) })).json().status).toBe('queued');
      expect(existsSync(`${imagesDir(cloud.dataDir)}/${image.id}.partial`)).toBe(false);
    } finally {
      await again.app.close();
    }
  });
});
