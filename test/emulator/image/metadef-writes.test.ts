import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type TestEmulator, tokenFor } from '../../support/emulator.js';

/** Glance's metadefs writes below a namespace, answered as the real Zed Glance does (issue 23). */

let cloud: TestEmulator;
let admin: string;
let demo: string;

const M = '/cloud/image/v2/metadefs/namespaces';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (token: string, method: Method, path: string, body?: unknown) =>
  cloud.app.inject({ method, url: `${M}${path}`, headers: { 'x-auth-token': token, accept: 'application/json', 'content-type': 'application/json' }, ...(body === undefined ? {} : { payload: JSON.stringify(body) }) });
const message = (response: { json(): { message: string } }) => response.json().message.replace(/<br \/>[\s\S]*$/, '');

let counter = 0;
/** A fresh namespace of this test's own (admin's, public unless told). */
async function namespace(extra: Record<string, unknown> = {}): Promise<string> {
  const name = `Test::Writes${++counter}`;
  expect((await call(admin, 'POST', '', { namespace: name, visibility: 'public', ...extra })).statusCode).toBe(201);
  return name;
}

beforeAll(async () => {
  cloud = await startEmulator();
  admin = await tokenFor(cloud.app, 'admin');
  demo = await tokenFor(cloud.app, 'demo');
});
afterAll(async () => {
  await cloud.close();
});

describe('replacing a namespace (PUT)', () => {
  it('replaces its attributes (a missing one cleared), so a protected namespace can be unprotected and deleted', async () => {
    const ns = await namespace({ description: 'T', display_name: 'Shown', protected: true, resource_type_associations: [{ name: 'OS::Glance::Image' }] });
    expect((await call(admin, 'DELETE', `/${ns}`)).statusCode).toBe(403);
    const replaced = await call(admin, 'PUT', `/${ns}`, { namespace: ns, visibility: 'private', description: 'T', protected: false });
    expect(replaced.statusCode).toBe(200);
    const body = replaced.json();
    expect(body).toMatchObject({ namespace: ns, description: 'T', visibility: 'private', protected: false, self: `/v2/metadefs/namespaces/${ns}`, schema: '/v2/schemas/metadefs/namespace' });
    expect(body).not.toHaveProperty('display_name');
    expect(body).not.toHaveProperty('resource_type_associations');
    expect((await call(admin, 'GET', `/${ns}`)).json().resource_type_associations.map((assoc: { name: string }) => assoc.name)).toEqual(['OS::Glance::Image']);
    expect((await call(admin, 'DELETE', `/${ns}`)).statusCode).toBe(204);
  });

  it('renames a namespace with what is below it, and refuses a body without a namespace or a member', async () => {
    const ns = await namespace({ properties: { p: { title: 'P', type: 'string' } } });
    expect((await call(admin, 'PUT', `/${ns}`, { namespace: `${ns}-renamed`, visibility: 'public' })).json().namespace).toBe(`${ns}-renamed`);
    expect((await call(admin, 'GET', `/${ns}-renamed/properties`)).json().properties).toEqual({ p: { title: 'P', type: 'string' } });
    expect((await call(admin, 'GET', `/${ns}`)).statusCode).toBe(404);
    const missing = await call(admin, 'PUT', `/${ns}-renamed`, { description: 'T' });
    expect(missing.statusCode).toBe(400);
    expect(message(missing)).toMatch(/^Provided object does not match schema 'namespace': 'namespace' is a required property/);
    expect((await call(demo, 'PUT', `/${ns}-renamed`, { namespace: `${ns}-renamed` })).statusCode).toBe(403);
  });
});

describe('namespace objects', () => {
  it('creates, replaces (renaming), lists and deletes an object', async () => {
    const ns = await namespace();
    const created = await call(admin, 'POST', `/${ns}/objects`, { name: 'obj1', description: 'd', properties: { p: { title: 'P', type: 'integer' } } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'obj1', description: 'd', properties: { p: { title: 'P', type: 'integer' } }, self: `/v2/metadefs/namespaces/${ns}/objects/obj1`, schema: '/v2/schemas/metadefs/object' });
    const replaced = await call(admin, 'PUT', `/${ns}/objects/obj1`, { name: 'obj2' });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toEqual({ name: 'obj2', created_at: expect.any(String), updated_at: expect.any(String), self: `/v2/metadefs/namespaces/${ns}/objects/obj2`, schema: '/v2/schemas/metadefs/object' });
    expect((await call(admin, 'GET', `/${ns}/objects`)).json().objects).toEqual([expect.objectContaining({ name: 'obj2', required: [], properties: {} })]);
    const duplicate = await call(admin, 'POST', `/${ns}/objects`, { name: 'obj2' });
    expect(duplicate.statusCode).toBe(409);
    expect(message(duplicate)).toBe(`A metadata definition object with name=obj2 already exists in namespace=${ns}.`);
    expect((await call(admin, 'DELETE', `/${ns}/objects/obj2`)).statusCode).toBe(204);
    expect(message(await call(admin, 'DELETE', `/${ns}/objects/obj2`))).toBe('Could not find metadata object obj2');
    expect((await call(admin, 'GET', `/${ns}/objects`)).json().objects).toEqual([]);
  });

  it("refuses an object without a name, a property without a type, a member, and removal from a protected namespace", async () => {
    const ns = await namespace({ protected: true, objects: [{ name: 'kept' }] });
    expect(message(await call(admin, 'POST', `/${ns}/objects`, {}))).toMatch(/^Provided object does not match schema 'object': 'name' is a required property/);
    expect(message(await call(admin, 'POST', `/${ns}/objects`, { name: 'x', properties: { p: { title: 'P' } } }))).toMatch(/^Provided object does not match schema 'object': 'type' is a required property/);
    expect((await call(demo, 'POST', `/${ns}/objects`, { name: 'x' })).statusCode).toBe(403);
    const refused = await call(admin, 'DELETE', `/${ns}/objects/kept`);
    expect(refused.statusCode).toBe(403);
    expect(message(refused)).toBe('Metadata definition object kept is protected and cannot be deleted.');
  });
});

describe('namespace properties', () => {
  it('creates, shows, replaces (renaming) and deletes a property', async () => {
    const ns = await namespace();
    const enumValues = ['xen', 'kvm'];
    const created = await call(admin, 'POST', `/${ns}/properties`, { name: 'hypervisor', title: 'p1', type: 'string', enum: enumValues });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ name: 'hypervisor', title: 'p1', type: 'string', enum: enumValues });
    expect((await call(admin, 'GET', `/${ns}/properties/hypervisor`)).json()).toEqual({ name: 'hypervisor', title: 'p1', type: 'string', enum: enumValues });
    expect(message(await call(admin, 'POST', `/${ns}/properties`, { name: 'hypervisor', title: 'p1', type: 'string' }))).toBe(
      `A metadata definition property with name=hypervisor already exists in namespace=${ns}.`,
    );
    expect((await call(admin, 'PUT', `/${ns}/properties/hypervisor`, { name: 'hypervisor', title: 'p2', type: 'string', enum: enumValues })).json().title).toBe('p2');
    expect((await call(admin, 'PUT', `/${ns}/properties/hypervisor`, { name: 'renamed', title: 'p3', type: 'string' })).json()).toEqual({ name: 'renamed', title: 'p3', type: 'string' });
    expect(Object.keys((await call(admin, 'GET', `/${ns}/properties`)).json().properties)).toEqual(['renamed']);
    expect((await call(admin, 'DELETE', `/${ns}/properties/renamed`)).statusCode).toBe(204);
    expect(message(await call(admin, 'DELETE', `/${ns}/properties/renamed`))).toBe('Could not find property renamed');
  });

  it('refuses a property without a title (400) and its removal from a protected namespace (403)', async () => {
    const ns = await namespace({ protected: true, properties: { q: { title: 'Q', type: 'integer' } } });
    expect(message(await call(admin, 'POST', `/${ns}/properties`, { name: 'x', type: 'string' }))).toMatch(/^Provided object does not match schema 'property': 'title' is a required property/);
    expect(message(await call(admin, 'DELETE', `/${ns}/properties/q`))).toBe('Metadata definition property q is protected and cannot be deleted.');
  });
});

describe('namespace tags', () => {
  it('creates tags as a list that replaces the old ones, lists them newest first, and deletes them all', async () => {
    const ns = await namespace();
    const created = await call(admin, 'POST', `/${ns}/tags`, { tags: [{ name: 't1' }, { name: 't2' }, { name: 't3' }] });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ tags: [{ name: 't1' }, { name: 't2' }, { name: 't3' }] });
    expect((await call(admin, 'GET', `/${ns}/tags`)).json()).toEqual({ tags: [{ name: 't3' }, { name: 't2' }, { name: 't1' }] });
    expect((await call(admin, 'POST', `/${ns}/tags`, { tags: [{ name: 't9' }] })).statusCode).toBe(201);
    expect((await call(admin, 'GET', `/${ns}/tags`)).json()).toEqual({ tags: [{ name: 't9' }] });
    const repeated = await call(admin, 'POST', `/${ns}/tags`, { tags: [{ name: 't4' }, { name: 'T4' }] });
    expect(repeated.statusCode).toBe(409);
    expect(message(repeated)).toBe(`A metadata tag with name=T4 already exists in namespace=${ns}. (Please note that metadata tag names are case insensitive).`);
    expect((await call(admin, 'GET', `/${ns}/tags`)).json()).toEqual({ tags: [{ name: 't9' }] });
    expect((await call(admin, 'DELETE', `/${ns}/tags`)).statusCode).toBe(204);
    expect((await call(admin, 'GET', `/${ns}/tags`)).json()).toEqual({ tags: [] });
  });

  it('creates one tag, shows, renames and deletes it', async () => {
    const ns = await namespace({ tags: [{ name: 'first' }] });
    const created = await call(admin, 'POST', `/${ns}/tags/t5`);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ name: 't5', created_at: expect.stringMatching(/Z$/), updated_at: expect.stringMatching(/Z$/) });
    expect((await call(admin, 'POST', `/${ns}/tags/T5`)).statusCode).toBe(409);
    expect((await call(admin, 'GET', `/${ns}/tags/t5`)).json().name).toBe('t5');
    expect((await call(admin, 'PUT', `/${ns}/tags/t5`, { name: 't6' })).json().name).toBe('t6');
    expect((await call(admin, 'PUT', `/${ns}/tags/t6`, { name: 'first' })).statusCode).toBe(409);
    expect((await call(admin, 'DELETE', `/${ns}/tags/t6`)).statusCode).toBe(204);
    expect(message(await call(admin, 'DELETE', `/${ns}/tags/t6`))).toBe('Could not find metadata tag t6');
    expect((await call(admin, 'GET', `/${ns}/tags`)).json()).toEqual({ tags: [{ name: 'first' }] });
  });

  it('keeps the tags of a protected namespace', async () => {
    const ns = await namespace({ protected: true, tags: [{ name: 'a' }] });
    expect(message(await call(admin, 'DELETE', `/${ns}/tags/a`))).toBe('Metadata definition tag a is protected and cannot be deleted.');
    expect(message(await call(admin, 'DELETE', `/${ns}/tags`))).toBe(`Metadata definition namespace ${ns} is protected and cannot be deleted.`);
    expect((await call(demo, 'POST', `/${ns}/tags/b`)).statusCode).toBe(403);
    expect((await call(admin, 'GET', `/${ns}/tags`)).json()).toEqual({ tags: [{ name: 'a' }] });
  });
});

describe('resource type associations', () => {
  it('associates a resource type (a new one is created), lists and dissociates it', async () => {
    const ns = await namespace();
    const created = await call(admin, 'POST', `/${ns}/resource_types`, { name: 'OS::Nova::Flavor' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ name: 'OS::Nova::Flavor', created_at: expect.any(String), updated_at: expect.any(String) });
    expect(message(await call(admin, 'POST', `/${ns}/resource_types`, { name: 'OS::Nova::Flavor' }))).toBe(
      `The metadata definition resource-type association of resource-type=OS::Nova::Flavor to namespace=${ns} already exists.`,
    );
    expect((await call(admin, 'POST', `/${ns}/resource_types`, { name: 'Test::Type', prefix: 'x_' })).json()).toMatchObject({ name: 'Test::Type', prefix: 'x_' });
    const types = (await cloud.app.inject({ url: '/cloud/image/v2/metadefs/resource_types', headers: { 'x-auth-token': demo } })).json().resource_types;
    expect(types.map((type: { name: string }) => type.name)).toContain('Test::Type');
    const listed = (await call(admin, 'GET', `/${ns}/resource_types`)).json().resource_type_associations;
    expect(listed.map((assoc: { name: string }) => assoc.name)).toEqual(['OS::Nova::Flavor', 'Test::Type']);
    expect((await call(admin, 'DELETE', `/${ns}/resource_types/OS::Nova::Flavor`)).statusCode).toBe(204);
    expect(message(await call(admin, 'DELETE', `/${ns}/resource_types/OS::Nova::Flavor`))).toBe('Failed to find resource type OS::Nova::Flavor to delete');
    expect((await call(admin, 'GET', `/${ns}/resource_types`)).json().resource_type_associations.map((assoc: { name: string }) => assoc.name)).toEqual(['Test::Type']);
  });

  it('keeps the associations of a protected namespace', async () => {
    const ns = await namespace({ protected: true, resource_type_associations: [{ name: 'OS::Glance::Image' }] });
    expect(message(await call(admin, 'DELETE', `/${ns}/resource_types/OS::Glance::Image`))).toBe(
      'Metadata definition resource-type-association OS::Glance::Image is protected and cannot be deleted.',
    );
  });
});
