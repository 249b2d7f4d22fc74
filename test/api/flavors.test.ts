import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client.js';
import { startTestCloud, type TestCloud, uniqueName } from '../support/cloud.js';

let cloud: TestCloud;
let demo: ApiClient;
let admin: ApiClient;
let demoProjectId: string;
const created: string[] = [];

interface Flavor {
  id: string;
  name: string;
  ram: number;
  vcpus: number;
  disk: number;
  swap: number | string;
  'os-flavor-access:is_public': boolean;
  extras?: Record<string, string>;
  'access-list'?: string[];
}

beforeAll(async () => {
  cloud = await startTestCloud();
  demo = await ApiClient.loggedIn(cloud, 'demo');
  admin = await ApiClient.loggedIn(cloud, 'admin');
  demoProjectId = (await demo.get('/api/keystone/user-session/')).body.project_id;
});
afterAll(async () => {
  for (const id of created) await admin.delete(`/api/nova/flavors/${encodeURIComponent(id)}/`);
  await cloud.close();
});

/** Creates a flavor as admin (or `as`) and remembers it for clean-up. */
async function createFlavor(body: Record<string, unknown>, as: ApiClient = admin) {
  const response = await as.post('/api/nova/flavors/', { name: uniqueName('api-flavor'), ram: 64, vcpus: 1, disk: 1, 'OS-FLV-EXT-DATA:ephemeral': 0, swap: 0, ...body });
  if (response.status === 201) created.push(response.body.id);
  return response;
}

const flavorNames = async (client: ApiClient, query = '') => ((await client.get(`/api/nova/flavors/${query}`)).body.items as Flavor[]).map((flavor) => flavor.name);

describe('flavors through /api/nova/flavors/', () => {
  it('creates a flavor limited to demo: demo sees it, may not delete it (403), and admin sees every flavor', async () => {
    const name = uniqueName('api-private');
    const response = await createFlavor({ name, id: 'auto', flavor_access: [{ id: demoProjectId }] });
    expect(response.status).toBe(201);
    const flavor = response.body as Flavor;
    expect(flavor.id).not.toBe('auto');
    expect(response.headers.get('location')).toBe(`/api/nova/flavors/${encodeURIComponent(flavor.id)}`);
    expect(flavor).toMatchObject({ name, ram: 64, vcpus: 1, disk: 1, 'os-flavor-access:is_public': false, is_public: false });

    expect(await flavorNames(demo)).toContain(name);
    const refused = await demo.delete(`/api/nova/flavors/${flavor.id}/`);
    expect(refused.status).toBe(403);
    expect(refused.body).toBe("Policy doesn't allow os_compute_api:os-flavor-manage:delete to be performed.");
    expect((await demo.get(`/api/nova/flavors/${flavor.id}/`)).status).toBe(200);

    const all = await flavorNames(admin);
    expect(all).toContain(name);
    expect(all).toContain('m1.tiny');
    expect(await flavorNames(admin, '?is_public=true')).not.toContain(name);
  });

  it('sorts by ram ascending by default', async () => {
    const items = (await admin.get('/api/nova/flavors/')).body.items as Flavor[];
    const rams = items.map((flavor) => flavor.ram);
    expect(rams).toEqual([...rams].sort((a, b) => a - b));
  });

  it('sorts by CREATE_INSTANCE_FLAVOR_SORT, which /api/settings/ does not serve', async () => {
    const sorted = await startTestCloud({ settingsOverrides: { CREATE_INSTANCE_FLAVOR_SORT: { key: 'name', reverse: true } } });
    try {
      const client = await ApiClient.loggedIn(sorted, 'demo');
      const names = await flavorNames(client);
      expect(names).toEqual([...names].sort().reverse());
      expect((await client.get('/api/settings/')).body).not.toHaveProperty('CREATE_INSTANCE_FLAVOR_SORT');
    } finally {
      await sorted.close();
    }
  });

  it('shows one flavor with swap 0, its extras and the access list of a private flavor', async () => {
    const { body: flavor } = await createFlavor({ flavor_access: [{ id: demoProjectId }] });
    expect((await admin.request('PATCH', `/api/nova/flavors/${flavor.id}/extra-specs/`, { updated: { 'hw:cpu_policy': 'dedicated' } })).status).toBe(204);
    const shown = await admin.get(`/api/nova/flavors/${flavor.id}/?get_extras=true&get_access_list=true`);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ id: flavor.id, swap: 0, extras: { 'hw:cpu_policy': 'dedicated' }, 'access-list': [demoProjectId] });
    const plain = await admin.get(`/api/nova/flavors/${flavor.id}`);
    expect(plain.body).not.toHaveProperty('extras');
    expect(plain.body).not.toHaveProperty('access-list');

    const listed = ((await admin.get('/api/nova/flavors/?get_extras=true')).body.items as Flavor[]).find((item) => item.id === flavor.id);
    expect(listed?.extras).toEqual({ 'hw:cpu_policy': 'dedicated' });
  });

  it('keeps a given id and makes a public flavor when no project is named', async () => {
    const id = uniqueName('api-id');
    const response = await createFlavor({ id });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ id, 'os-flavor-access:is_public': true });
  });

  it('deletes a flavor: 204, then 404', async () => {
    const { body: flavor } = await createFlavor({});
    expect((await admin.delete(`/api/nova/flavors/${flavor.id}/`)).status).toBe(204);
    expect((await admin.get(`/api/nova/flavors/${flavor.id}/`)).status).toBe(404);
  });

  it('accepts the paths with or without a trailing slash', async () => {
    expect((await demo.get('/api/nova/flavors')).status).toBe(200);
    const { body: flavor } = await createFlavor({});
    expect((await admin.get(`/api/nova/flavors/${flavor.id}`)).status).toBe(200);
    expect((await admin.get(`/api/nova/flavors/${flavor.id}/extra-specs`)).status).toBe(200);
  });
});

describe('editing a flavor (delete and recreate, safely)', () => {
  it('replaces the values under the same id, keeping the extra specs and applying the new access list', async () => {
    const { body: flavor } = await createFlavor({});
    await admin.request('PATCH', `/api/nova/flavors/${flavor.id}/extra-specs/`, { updated: { 'hw:mem_page_size': 'large' } });
    const name = uniqueName('api-edited');
    const patched = await admin.request('PATCH', `/api/nova/flavors/${flavor.id}/`, {
      name,
      ram: 128,
      vcpus: 2,
      disk: 2,
      'OS-FLV-EXT-DATA:ephemeral': 0,
      swap: 0,
      flavor_access: [{ id: demoProjectId }],
    });
    expect(patched.status).toBe(204);
    const shown = await admin.get(`/api/nova/flavors/${flavor.id}/?get_extras=true&get_access_list=true`);
    expect(shown.body).toMatchObject({ id: flavor.id, name, ram: 128, vcpus: 2, disk: 2, 'os-flavor-access:is_public': false, extras: { 'hw:mem_page_size': 'large' }, 'access-list': [demoProjectId] });
  });

  it('keeps the old swap and ephemeral sizes when an edit leaves them out', async () => {
    const { body: flavor } = await createFlavor({ swap: 32, 'OS-FLV-EXT-DATA:ephemeral': 2 });
    expect((await admin.request('PATCH', `/api/nova/flavors/${flavor.id}`, { name: flavor.name, ram: 72, vcpus: 1, disk: 1 })).status).toBe(204);
    expect((await admin.get(`/api/nova/flavors/${flavor.id}/`)).body).toMatchObject({ ram: 72, swap: 32, 'OS-FLV-EXT-DATA:ephemeral': 2, 'os-flavor-access:is_public': true });
  });

  it('refuses a name another flavor has (409) and leaves the flavor alone', async () => {
    const { body: flavor } = await createFlavor({ ram: 96 });
    const response = await admin.request('PATCH', `/api/nova/flavors/${flavor.id}/`, { name: 'm1.tiny', ram: 64, vcpus: 1, disk: 1 });
    expect(response.status).toBe(409);
    expect(response.body).toMatch(/already exists/);
    expect((await admin.get(`/api/nova/flavors/${flavor.id}/`)).body).toMatchObject({ name: flavor.name, ram: 96 });
  });

  it('puts the old flavor back, with its specs and access, when a step after the delete fails', async () => {
    const { body: flavor } = await createFlavor({ ram: 80, flavor_access: [{ id: demoProjectId }] });
    await admin.request('PATCH', `/api/nova/flavors/${flavor.id}/extra-specs/`, { updated: { 'hw:cpu_policy': 'shared' } });
    const response = await admin.request('PATCH', `/api/nova/flavors/${flavor.id}/`, {
      name: uniqueName('api-never'),
      ram: 256,
      vcpus: 1,
      disk: 1,
      flavor_access: [{ id: 'no-such-project' }],
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatch(/no-such-project/);
    const shown = await admin.get(`/api/nova/flavors/${flavor.id}/?get_extras=true&get_access_list=true`);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ name: flavor.name, ram: 80, extras: { 'hw:cpu_policy': 'shared' }, 'access-list': [demoProjectId] });
  });

  it('refuses a member with 403 before anything is deleted', async () => {
    const { body: flavor } = await createFlavor({});
    const response = await demo.request('PATCH', `/api/nova/flavors/${flavor.id}/`, { name: uniqueName('api-x'), ram: 64, vcpus: 1, disk: 1 });
    expect(response.status).toBe(403);
    expect((await admin.get(`/api/nova/flavors/${flavor.id}/`)).body.name).toBe(flavor.name);
  });
});

describe('flavor extra specs', () => {
  it('sets and removes keys with {updated, removed}: 204, then the map', async () => {
    const { body: flavor } = await createFlavor({});
    const path = `/api/nova/flavors/${flavor.id}/extra-specs/`;
    expect((await admin.request('PATCH', path, { updated: { a: '1', b: '2' } })).status).toBe(204);
    expect((await admin.request('PATCH', path, { updated: { c: '3' }, removed: ['a'] })).status).toBe(204);
    expect((await admin.get(path)).body).toEqual({ b: '2', c: '3' });
  });

  it('refuses to remove a key that is not there (404) and changes nothing', async () => {
    const { body: flavor } = await createFlavor({});
    const path = `/api/nova/flavors/${flavor.id}/extra-specs/`;
    await admin.request('PATCH', path, { updated: { keep: 'yes' } });
    const response = await admin.request('PATCH', path, { updated: { added: 'no' }, removed: ['missing'] });
    expect(response.status).toBe(404);
    expect((await admin.get(path)).body).toEqual({ keep: 'yes' });
  });

  it('refuses a member (403) and a body without updated (400)', async () => {
    const { body: flavor } = await createFlavor({});
    const path = `/api/nova/flavors/${flavor.id}/extra-specs/`;
    expect((await demo.request('PATCH', path, { updated: { a: 'b' } })).status).toBe(403);
    const bad = await admin.request('PATCH', path, { removed: ['a'] });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatch(/updated/);
  });
});

describe('bad input gets a 400 that names the field, and nothing is created', () => {
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ['ram 0', { ram: 0 }, /ram/],
    ['vcpus as text', { vcpus: 'two' }, /vcpus/],
    ['a negative disk', { disk: -1 }, /disk/],
    ['a name that is not a string', { name: 42 }, /name/],
    ['an id with a slash', { id: 'a/b' }, /id/],
    ['a project without an id', { flavor_access: [{ name: 'demo' }] }, /flavor_access|id/],
    ['an unknown field', { colour: 'red' }, /colour/],
  ];
  for (const [what, change, field] of cases) {
    it(what, async () => {
      const name = uniqueName('api-bad');
      const response = await createFlavor({ name, ...change });
      expect(response.status).toBe(400);
      expect(response.body).toMatch(field);
      expect(await flavorNames(admin)).not.toContain(name);
    });
  }

  it('a missing required field', async () => {
    const response = await admin.post('/api/nova/flavors/', { name: uniqueName('api-bad'), ram: 64, vcpus: 1 });
    expect(response.status).toBe(400);
    expect(response.body).toMatch(/disk/);
  });
});

describe('flavor writes need the admin role, checked by the server', () => {
  it('refuses a member\'s create with 403 and creates nothing', async () => {
    const name = uniqueName('api-member');
    const response = await createFlavor({ name }, demo);
    expect(response.status).toBe(403);
    expect(response.body).toBe("Policy doesn't allow os_compute_api:os-flavor-manage:create to be performed.");
    expect(await flavorNames(admin)).not.toContain(name);
  });
});

describe('CSRF on flavor writes', () => {
  it('refuses a create without X-CSRFToken with 403 and creates nothing', async () => {
    const name = uniqueName('api-csrf');
    const response = await admin.post('/api/nova/flavors/', { name, ram: 64, vcpus: 1, disk: 1 }, { csrf: false });
    expect(response.status).toBe(403);
    expect(response.body).toBe('CSRF verification failed');
    expect(await flavorNames(admin)).not.toContain(name);
  });

  it('refuses a delete and an edit with a forged token and keeps the flavor as it was', async () => {
    const { body: flavor } = await createFlavor({});
    expect((await admin.delete(`/api/nova/flavors/${flavor.id}/`, undefined, { csrf: 'forged' })).status).toBe(403);
    expect((await admin.request('PATCH', `/api/nova/flavors/${flavor.id}/`, { name: uniqueName('x'), ram: 1, vcpus: 1, disk: 1 }, { csrf: 'forged' })).status).toBe(403);
    expect((await admin.get(`/api/nova/flavors/${flavor.id}/`)).body).toMatchObject({ name: flavor.name, ram: 64 });
  });
});
