import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type TestEmulator, tokenFor } from '../../support/emulator.js';

let cloud: TestEmulator;
let demo: string;

const schema = (name: string) => cloud.app.inject({ url: `/cloud/image/v2/schemas/${name}`, headers: { 'x-auth-token': demo, accept: 'application/json' } });

beforeAll(async () => {
  cloud = await startEmulator();
  demo = await tokenFor(cloud.app, 'demo');
});
afterAll(async () => {
  await cloud.close();
});

describe('Glance schemas', () => {
  it.each([
    ['image', 'image'],
    ['images', 'images'],
    ['member', 'member'],
    ['members', 'members'],
    ['metadefs/namespace', 'namespace'],
    ['metadefs/namespaces', 'namespaces'],
    ['metadefs/resource_type', 'resource_type_association'],
    ['metadefs/resource_types', 'resource_type_associations'],
    ['metadefs/object', 'object'],
    ['metadefs/objects', 'objects'],
    ['metadefs/property', 'property'],
    ['metadefs/properties', 'properties'],
    ['metadefs/tag', 'tag'],
    ['metadefs/tags', 'tags'],
  ])('publishes /v2/schemas/%s named %s', async (path, name) => {
    const response = await schema(path);
    expect(response.statusCode).toBe(200);
    expect(response.json().name).toBe(name);
  });

  it('wraps the entity schema in an array under the collection name', async () => {
    const images = (await schema('images')).json();
    expect(images.properties.images.items.name).toBe('image');
    const members = (await schema('members')).json();
    expect(members.properties.members.items.properties.status.enum).toEqual(['pending', 'accepted', 'rejected']);
  });

  it('answers 404 for a schema Glance does not publish', async () => {
    expect((await schema('flavors')).statusCode).toBe(404);
    expect((await schema('__proto__')).statusCode).toBe(404);
  });
});
