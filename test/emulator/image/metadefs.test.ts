import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type TestEmulator, tokenFor } from '../../support/emulator.js';

let cloud: TestEmulator;
let admin: string;
let demo: string;

const M = '/cloud/image/v2/metadefs';
const json = (token: string) => ({ 'x-auth-token': token, accept: 'application/json', 'content-type': 'application/json' });
const get = (token: string, path: string) => cloud.app.inject({ url: `${M}${path}`, headers: json(token) });
const message = (response: { json(): { message: string } }) => response.json().message.replace(/<br \/>[\s\S]*$/, '');

beforeAll(async () => {
  cloud = await startEmulator();
  admin = await tokenFor(cloud.app, 'admin');
  demo = await tokenFor(cloud.app, 'demo');
});
afterAll(async () => {
  await cloud.close();
});

describe('the seeded metadata definitions', () => {
  it("are Glance's stock namespaces, with their resource type associations and properties_target", async () => {
    const { namespaces } = (await get(demo, '/namespaces?limit=1000')).json();
    expect(namespaces.length).toBeGreaterThanOrEqual(30);
    const volume = namespaces.find((ns: { namespace: string }) => ns.namespace === 'OS::Compute::Watchdog');
    expect(volume.resource_type_associations.map((assoc: { name: string }) => assoc.name)).toEqual(expect.arrayContaining(['OS::Glance::Image', 'OS::Cinder::Volume', 'OS::Nova::Flavor']));
    expect(volume.resource_type_associations.find((assoc: { name: string }) => assoc.name === 'OS::Cinder::Volume').properties_target).toBe('image');
  });

  it('filters by resource type and pages with limit, marker and next', async () => {
    const first = (await get(demo, '/namespaces?resource_types=OS::Nova::Flavor&limit=2&sort_key=namespace&sort_dir=asc')).json();
    expect(first.namespaces).toHaveLength(2);
    expect(new URL(first.next, 'http://x').searchParams.get('marker')).toBe(first.namespaces[1].namespace);
    const second = (await get(demo, `/namespaces?resource_types=OS::Nova::Flavor&limit=2&sort_key=namespace&sort_dir=asc&marker=${first.namespaces[1].namespace}`)).json();
    expect(second.namespaces[0].namespace > first.namespaces[1].namespace).toBe(true);
    for (const ns of [...first.namespaces, ...second.namespaces]) {
      expect(ns.resource_type_associations.map((assoc: { name: string }) => assoc.name)).toContain('OS::Nova::Flavor');
    }
  });

  it("prefixes property names with the asked resource type's prefix", async () => {
    const forImage = (await get(demo, '/namespaces/OS::Compute::Watchdog?resource_type=OS::Glance::Image')).json();
    const forFlavor = (await get(demo, '/namespaces/OS::Compute::Watchdog?resource_type=OS::Nova::Flavor')).json();
    const bare = (await get(demo, '/namespaces/OS::Compute::Watchdog')).json();
    expect(Object.keys(forImage.properties)).toEqual(['hw_watchdog_action']);
    expect(Object.keys(forFlavor.properties)).toEqual(['hw:watchdog_action']);
    expect(Object.keys(bare.properties)).toEqual(['watchdog_action']);
    expect(forImage.properties.hw_watchdog_action).toMatchObject({ type: 'string', enum: expect.arrayContaining(['disabled', 'reset']) });
  });

  it('serves objects and properties of a namespace one by one', async () => {
    const objects = (await get(demo, '/namespaces/OS::Compute::Quota/objects')).json().objects;
    expect(objects.length).toBeGreaterThan(0);
    const one = (await get(demo, `/namespaces/OS::Compute::Quota/objects/${encodeURIComponent(objects[0].name)}`)).json();
    expect(one.name).toBe(objects[0].name);
    const property = (await get(demo, '/namespaces/OS::Compute::HostCapabilities/properties/cpu_info:vendor')).json();
    expect(property).toMatchObject({ name: 'cpu_info:vendor', type: 'string', operators: ['<or>'] });
    expect((await get(demo, '/namespaces/OS::Compute::HostCapabilities/properties/nope')).statusCode).toBe(404);
  });

  it('lists the resource types', async () => {
    const names = (await get(demo, '/resource_types')).json().resource_types.map((type: { name: string }) => type.name);
    expect(names).toEqual(expect.arrayContaining(['OS::Glance::Image', 'OS::Nova::Flavor', 'OS::Cinder::Volume', 'OS::Nova::Aggregate']));
  });

  it('answers 404 for an unknown namespace', async () => {
    const response = await get(demo, '/namespaces/Nope');
    expect(response.statusCode).toBe(404);
    expect(message(response)).toBe('Metadata definition namespace=Nope was not found.');
  });
});

describe('managing namespaces (admin)', () => {
  const create = (token: string, body: unknown) => cloud.app.inject({ method: 'POST', url: `${M}/namespaces`, headers: json(token), payload: JSON.stringify(body) });
  const remove = (token: string, name: string) => cloud.app.inject({ method: 'DELETE', url: `${M}/namespaces/${name}`, headers: json(token) });

  it('creates a namespace with associations and typed properties: 201', async () => {
    const response = await create(admin, {
      namespace: 'Test::Mine',
      display_name: 'Mine',
      visibility: 'public',
      resource_type_associations: [{ name: 'OS::Glance::Image', prefix: 'mine_' }],
      properties: { level: { title: 'Level', type: 'integer', minimum: 1 } },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ namespace: 'Test::Mine', visibility: 'public', protected: false, properties: { level: { type: 'integer' } } });
    const shown = (await get(demo, '/namespaces/Test::Mine?resource_type=OS::Glance::Image')).json();
    expect(Object.keys(shown.properties)).toEqual(['mine_level']);
  });

  it('refuses a member (403), a duplicate (409) and a namespace without a name (400)', async () => {
    expect(message(await create(demo, { namespace: 'Test::Demo' }))).toBe('You are not authorized to complete add_metadef_namespace action.');
    await create(admin, { namespace: 'Test::Twice' });
    const twice = await create(admin, { namespace: 'Test::Twice' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toContain('The metadata definition namespace=Test::Twice already exists.');
    expect(message(await create(admin, { display_name: 'x' }))).toBe("Provided object does not match schema 'namespace': 'namespace' is a required property");
    expect((await create(admin, { namespace: 'Test::Bad', properties: { p: { type: 'string' } } })).statusCode).toBe(400);
  });

  it('keeps a private namespace from other projects', async () => {
    await create(admin, { namespace: 'Test::Private', visibility: 'private' });
    expect((await get(demo, '/namespaces/Test::Private')).statusCode).toBe(404);
    expect((await get(demo, '/namespaces?limit=1000')).json().namespaces.map((ns: { namespace: string }) => ns.namespace)).not.toContain('Test::Private');
    expect((await get(admin, '/namespaces/Test::Private')).statusCode).toBe(200);
  });

  it('deletes a namespace (204), but not a protected one (403), and not as a member', async () => {
    await create(admin, { namespace: 'Test::Gone' });
    expect((await remove(demo, 'Test::Gone')).statusCode).toBe(403);
    expect((await remove(admin, 'Test::Gone')).statusCode).toBe(204);
    expect((await get(admin, '/namespaces/Test::Gone')).statusCode).toBe(404);
    const refused = await remove(admin, 'OS::Compute::Watchdog');
    expect(refused.statusCode).toBe(403);
    expect(message(refused)).toBe('Metadata definition namespace OS::Compute::Watchdog is protected and cannot be deleted.');
  });
});
