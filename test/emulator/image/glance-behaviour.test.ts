import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type TestEmulator, tokenFor } from '../../support/emulator.js';

/** Glance behaviour Tempest's image tests rely on (issue 23). */

let cloud: TestEmulator;
let demo: string;
const G = '/cloud/image/v2';
const json = (token: string) => ({ 'x-auth-token': token, accept: 'application/json', 'content-type': 'application/json' });

beforeAll(async () => {
  cloud = await startEmulator();
  demo = await tokenFor(cloud.app, 'demo');
});
afterAll(async () => {
  await cloud.close();
});

async function imageWithBytes(name: string, bytes: number): Promise<string> {
  const id = (await cloud.app.inject({ method: 'POST', url: `${G}/images`, headers: json(demo), payload: { name, disk_format: 'raw', container_format: 'bare' } })).json().id;
  const upload = await cloud.app.inject({
    method: 'PUT',
    url: `${G}/images/${id}/file`,
    headers: { 'x-auth-token': demo, 'content-type': 'application/octet-stream' },
    payload: Buffer.alloc(bytes, 7),
  });
  expect(upload.statusCode).toBe(204);
  return id;
}

const names = (response: { json(): { images: { name: string }[] } }) => response.json().images.map((image) => image.name);

describe('listing', () => {
  it('filters on the exact size with size=N and sorts with sort=size:desc', async () => {
    await imageWithBytes('gb-small', 1001);
    await imageWithBytes('gb-large', 3003);
    const bySize = await cloud.app.inject({ url: `${G}/images?size=3003`, headers: json(demo) });
    expect(names(bySize)).toEqual(['gb-large']);
    const sorted = names(await cloud.app.inject({ url: `${G}/images?sort=size:desc`, headers: json(demo) })).filter((name) => name.startsWith('gb-'));
    expect(sorted).toEqual(['gb-large', 'gb-small']);
  });

  it('answers 404 for /v2/images/ with a trailing slash, as Glance’s router does', async () => {
    expect((await cloud.app.inject({ url: `${G}/images/`, headers: json(demo) })).statusCode).toBe(404);
  });
});

describe('updates and actions by the owner', () => {
  it('applies the v2.0 json-patch media type, whose operations name the op as their key', async () => {
    const id = (await cloud.app.inject({ method: 'POST', url: `${G}/images`, headers: json(demo), payload: { name: 'gb-patch' } })).json().id;
    const response = await cloud.app.inject({
      method: 'PATCH',
      url: `${G}/images/${id}`,
      headers: { ...json(demo), 'content-type': 'application/openstack-images-v2.0-json-patch' },
      payload: JSON.stringify([{ replace: '/name', value: 'gb-renamed' }, { add: '/color', value: 'blue' }]),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'gb-renamed', color: 'blue' });
  });

  it('lets the owner deactivate and reactivate its own image', async () => {
    const id = await imageWithBytes('gb-deact', 10);
    expect((await cloud.app.inject({ method: 'POST', url: `${G}/images/${id}/actions/deactivate`, headers: json(demo) })).statusCode).toBe(204);
    expect((await cloud.app.inject({ url: `${G}/images/${id}`, headers: json(demo) })).json().status).toBe('deactivated');
    expect((await cloud.app.inject({ method: 'POST', url: `${G}/images/${id}/actions/reactivate`, headers: json(demo) })).statusCode).toBe(204);
  });
});
