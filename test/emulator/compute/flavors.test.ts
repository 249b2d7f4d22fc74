import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headers, makeDataDir, PUBLIC_URL, removeDataDir, startEmulator, type TestEmulator, tokenFor, userWithRole } from '../../support/emulator.js';

let cloud: TestEmulator;
let demo: string;
let admin: string;
let demoProjectId: string;

const BASE = '/cloud/compute/v2.1';
let counter = 0;
const unique = (prefix = 'fl') => `${prefix}-${++counter}`;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, path: string, token: string, payload?: unknown, microversion?: string) =>
  cloud.app.inject({ method, url: `${BASE}${path}`, headers: headers(token, microversion), ...(payload === undefined ? {} : { payload: payload as object }) });

const createFlavor = (token: string, flavor: Record<string, unknown>, microversion?: string) => call('POST', '/flavors', token, { flavor }, microversion);
/** A minimal valid flavor with a unique name. */
const flavorBody = (extra: Record<string, unknown> = {}) => ({ name: unique(), ram: 64, vcpus: 1, disk: 0, ...extra });
const namesOf = (body: { flavors: { name: string }[] }) => body.flavors.map((flavor) => flavor.name);

async function projectIdOf(token: string): Promise<string> {
  const response = await cloud.app.inject({ url: '/cloud/identity/v3/auth/tokens', headers: { 'x-auth-token': token, 'x-subject-token': token } });
  return response.json().token.project.id;
}

beforeAll(async () => {
  cloud = await startEmulator();
  demo = await tokenFor(cloud.app, 'demo');
  admin = await tokenFor(cloud.app, 'admin');
  demoProjectId = await projectIdOf(demo);
});
afterAll(async () => {
  await cloud.close();
});

describe('the seeded demo flavors', () => {
  // A cloud of its own: the file's other tests add flavors to theirs, in whatever order they run.
  let seeded: TestEmulator;
  beforeAll(async () => {
    seeded = await startEmulator();
  });
  afterAll(() => seeded.close());

  it('lists m1.tiny to m1.xlarge, public, ids 1 to 5, in the classic detail shape', async () => {
    const response = await seeded.app.inject({ method: 'GET', url: `${BASE}/flavors/detail`, headers: headers(await tokenFor(seeded.app, 'demo')) });
    expect(response.statusCode).toBe(200);
    const flavors = response.json().flavors;
    expect(flavors.map((flavor: { id: string; name: string; ram: number; vcpus: number; disk: number }) => [flavor.id, flavor.name, flavor.ram, flavor.vcpus, flavor.disk])).toEqual([
      ['1', 'm1.tiny', 512, 1, 1],
      ['2', 'm1.small', 2048, 1, 20],
      ['3', 'm1.medium', 4096, 2, 40],
      ['4', 'm1.large', 8192, 4, 80],
      ['5', 'm1.xlarge', 16384, 8, 160],
    ]);
    expect(flavors[0]).toEqual({
      id: '1',
      name: 'm1.tiny',
      ram: 512,
      disk: 1,
      swap: '',
      'OS-FLV-EXT-DATA:ephemeral': 0,
      'OS-FLV-DISABLED:disabled': false,
      vcpus: 1,
      'os-flavor-access:is_public': true,
      rxtx_factor: 1,
      links: [
        { rel: 'self', href: `${PUBLIC_URL}/cloud/compute/v2.1/flavors/1` },
        { rel: 'bookmark', href: `${PUBLIC_URL}/cloud/compute/flavors/1` },
      ],
    });
  });

  it('lists id, name and links only in GET /flavors', async () => {
    const response = await call('GET', '/flavors', demo);
    expect(Object.keys(response.json().flavors[0]).sort()).toEqual(['id', 'links', 'name']);
    expect(Object.keys((await call('GET', '/flavors', demo, undefined, '2.55')).json().flavors[0]).sort()).toEqual(['description', 'id', 'links', 'name']);
  });
});

describe('the flavor shape follows the microversion', () => {
  it('adds description at 2.55, extra_specs at 2.61, and swap 0 instead of "" at 2.75', async () => {
    const base = (await call('GET', '/flavors/1', demo)).json().flavor;
    expect(base).not.toHaveProperty('description');
    expect(base).not.toHaveProperty('extra_specs');
    expect(base.swap).toBe('');
    const v255 = (await call('GET', '/flavors/1', demo, undefined, '2.55')).json().flavor;
    expect(v255.description).toBeNull();
    expect(v255).not.toHaveProperty('extra_specs');
    const v261 = (await call('GET', '/flavors/1', demo, undefined, '2.61')).json().flavor;
    expect(v261.extra_specs).toEqual({});
    expect(v261.swap).toBe('');
    expect((await call('GET', '/flavors/1', demo, undefined, '2.75')).json().flavor.swap).toBe(0);
    expect((await call('GET', '/flavors/detail', demo, undefined, '2.61')).json().flavors[0]).toHaveProperty('extra_specs', {});
  });

  it('takes a description from 2.55 and changes it with PUT, which older versions do not have', async () => {
    expect((await createFlavor(admin, flavorBody({ description: 'x' }))).json().badRequest.message).toMatch(/\('description' was unexpected\)$/);
    const created = await createFlavor(admin, flavorBody({ description: 'small and fast' }), '2.55');
    expect(created.json().flavor.description).toBe('small and fast');
    const id = created.json().flavor.id;
    const updated = await call('PUT', `/flavors/${id}`, admin, { flavor: { description: 'changed' } }, '2.55');
    expect(updated.statusCode).toBe(200);
    expect(updated.json().flavor.description).toBe('changed');
    const old = await call('PUT', `/flavors/${id}`, admin, { flavor: { description: 'changed' } });
    expect(old.statusCode).toBe(404);
    expect(old.json()).toEqual({ itemNotFound: { code: 404, message: 'The resource could not be found.' } });
    expect((await call('PUT', `/flavors/${id}`, demo, { flavor: { description: 'no' } }, '2.55')).statusCode).toBe(403);
  });
});

describe('creating a flavor', () => {
  it('answers 200 with the flavor, a generated UUID id and Nova\'s defaults', async () => {
    const response = await createFlavor(admin, { name: unique('auto'), ram: 128, vcpus: 2, disk: 5 });
    expect(response.statusCode).toBe(200);
    const flavor = response.json().flavor;
    expect(flavor.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(flavor).toMatchObject({ ram: 128, vcpus: 2, disk: 5, swap: '', 'OS-FLV-EXT-DATA:ephemeral': 0, rxtx_factor: 1, 'os-flavor-access:is_public': true });
    expect((await createFlavor(admin, flavorBody({ id: null }))).json().flavor.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps a given id (a number becomes its string) and takes digit strings for sizes', async () => {
    const numeric = await createFlavor(admin, flavorBody({ id: 4242 }));
    expect(numeric.json().flavor.id).toBe('4242');
    const strings = await createFlavor(admin, flavorBody({ id: unique('given'), ram: '256', vcpus: '2', disk: '10', swap: '512', 'OS-FLV-EXT-DATA:ephemeral': '1', rxtx_factor: '2.5' }));
    expect(strings.statusCode).toBe(200);
    expect(strings.json().flavor).toMatchObject({ ram: 256, vcpus: 2, disk: 10, swap: 512, 'OS-FLV-EXT-DATA:ephemeral': 1, rxtx_factor: 2.5 });
  });

  it('treats "auto" as a literal id, as Nova does (clients turn it into null)', async () => {
    const response = await createFlavor(admin, flavorBody({ id: 'auto' }));
    expect(response.json().flavor.id).toBe('auto');
    expect((await call('DELETE', '/flavors/auto', admin)).statusCode).toBe(202);
  });

  it('refuses a duplicate id or name with 409 conflictingRequest, case-insensitively', async () => {
    const name = unique('dup');
    const id = unique('dup-id');
    await createFlavor(admin, flavorBody({ name, id }));
    expect((await createFlavor(admin, flavorBody({ name: name.toUpperCase() }))).json()).toEqual({
      conflictingRequest: { code: 409, message: `Flavor with name ${name.toUpperCase()} already exists.` },
    });
    const sameId = await createFlavor(admin, flavorBody({ id: id.toUpperCase() }));
    expect(sameId.statusCode).toBe(409);
    expect(sameId.json().conflictingRequest.message).toBe(`Flavor with ID ${id.toUpperCase()} already exists.`);
    expect((await call('GET', `/flavors/${id.toUpperCase()}`, admin)).json().flavor.id).toBe(id);
  });
});

describe('flavor validation, as Nova words it', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['an empty name', { name: '' }, "Invalid input for field/attribute name. Value: . '' is too short"],
    ['a name with a leading space', { name: ' x' }, "An invalid 'name' value was provided. The name must be: printable characters. Can not start or end with whitespace."],
    ['ram 0', { ram: 0 }, 'Invalid input for field/attribute ram. Value: 0. 0 is less than the minimum of 1'],
    ['ram "0"', { ram: '0' }, 'Invalid input for field/attribute ram. Value: 0. 0 is less than the minimum of 1'],
    ['ram "abc"', { ram: 'abc' }, "Invalid input for field/attribute ram. Value: abc. 'abc' does not match '^[0-9]+$'"],
    ['vcpus 0', { vcpus: 0 }, 'Invalid input for field/attribute vcpus. Value: 0. 0 is less than the minimum of 1'],
    ['disk -1', { disk: -1 }, 'Invalid input for field/attribute disk. Value: -1. -1 is less than the minimum of 0'],
    ['swap -1', { swap: -1 }, 'Invalid input for field/attribute swap. Value: -1. -1 is less than the minimum of 0'],
    ['ephemeral -1', { 'OS-FLV-EXT-DATA:ephemeral': -1 }, 'Invalid input for field/attribute OS-FLV-EXT-DATA:ephemeral. Value: -1. -1 is less than the minimum of 0'],
    ['rxtx_factor 0', { rxtx_factor: 0 }, 'Invalid input for field/attribute rxtx_factor. Value: 0. 0 is less than or equal to the minimum of 0'],
    ['rxtx_factor "0"', { rxtx_factor: '0' }, 'Invalid input for field/attribute rxtx_factor. Value: 0. 0 is less than or equal to the minimum of 0'],
    ['ram above MAX_INT', { ram: 2147483648 }, 'Invalid input for field/attribute ram. Value: 2147483648. 2147483648 is greater than the maximum of 2147483647'],
    ['an id with a slash', { id: 'bad/id' }, "Invalid input for field/attribute id. Value: bad/id. 'bad/id' does not match '^(?! )[a-zA-Z0-9. _-]+(?<! )$'"],
    ['a non-boolean is_public', { 'os-flavor-access:is_public': 'maybe' }, "Invalid input for field/attribute os-flavor-access:is_public. Value: maybe. 'maybe' is not one of [True, 'True', 'TRUE', 'true', '1', 'ON', 'On', 'on', 'YES', 'Yes', 'yes', False, 'False', 'FALSE', 'false', '0', 'OFF', 'Off', 'off', 'NO', 'No', 'no']"],
  ];
  for (const [what, change, message] of cases) {
    it(`refuses ${what} with 400 naming the field`, async () => {
      const response = await createFlavor(admin, flavorBody(change));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ badRequest: { code: 400, message } });
    });
  }

  it('refuses a missing disk and an unknown field on the flavor object', async () => {
    expect((await createFlavor(admin, { name: 'x', ram: 1, vcpus: 1 })).json().badRequest.message).toBe(
      "Invalid input for field/attribute flavor. Value: {'name': 'x', 'ram': 1, 'vcpus': 1}. 'disk' is a required property",
    );
    expect((await createFlavor(admin, { name: 'x', ram: 1, vcpus: 1, disk: 0, colour: 'red' })).json().badRequest.message).toMatch(
      /Additional properties are not allowed \('colour' was unexpected\)$/,
    );
  });

  it('validates before the policy check: a member\'s bad body is a 400', async () => {
    expect((await createFlavor(demo, flavorBody({ ram: 0 }))).statusCode).toBe(400);
  });
});

describe('flavor writes are the admin\'s (policy)', () => {
  it('refuses a member\'s create, delete, extra specs and access changes with 403 forbidden', async () => {
    expect((await createFlavor(demo, flavorBody())).json()).toEqual({
      forbidden: { code: 403, message: "Policy doesn't allow os_compute_api:os-flavor-manage:create to be performed." },
    });
    expect((await call('DELETE', '/flavors/1', demo)).json().forbidden.message).toBe("Policy doesn't allow os_compute_api:os-flavor-manage:delete to be performed.");
    expect((await call('POST', '/flavors/1/os-extra_specs', demo, { extra_specs: { a: 'b' } })).json().forbidden.message).toBe(
      "Policy doesn't allow os_compute_api:os-flavor-extra-specs:create to be performed.",
    );
    expect((await call('POST', '/flavors/1/action', demo, { addTenantAccess: { tenant: demoProjectId } })).json().forbidden.message).toBe(
      "Policy doesn't allow os_compute_api:os-flavor-access:add_tenant_access to be performed.",
    );
    expect((await call('GET', '/flavors/1', demo)).statusCode).toBe(200);
  });
});

describe('private flavors are seen by the projects given access only', () => {
  it('hides a private flavor until access is added, from that project only', async () => {
    const other = await userWithRole(cloud, { user: 'other-member', project: 'other', role: 'member' });
    const name = unique('private');
    const created = await createFlavor(admin, flavorBody({ name, 'os-flavor-access:is_public': false }));
    const id = created.json().flavor.id;
    expect(created.json().flavor['os-flavor-access:is_public']).toBe(false);

    expect(namesOf((await call('GET', '/flavors/detail', demo)).json())).not.toContain(name);
    expect((await call('GET', `/flavors/${id}`, demo)).json()).toEqual({ itemNotFound: { code: 404, message: `Flavor ${id} could not be found.` } });

    const added = await call('POST', `/flavors/${id}/action`, admin, { addTenantAccess: { tenant: demoProjectId } });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({ flavor_access: [{ flavor_id: id, tenant_id: demoProjectId }] });

    expect(namesOf((await call('GET', '/flavors/detail', demo)).json())).toContain(name);
    expect((await call('GET', `/flavors/${id}`, demo)).statusCode).toBe(200);
    expect(namesOf((await call('GET', '/flavors/detail', other.token)).json())).not.toContain(name);
    expect((await call('GET', `/flavors/${id}`, other.token)).statusCode).toBe(404);

    const removed = await call('POST', `/flavors/${id}/action`, admin, { removeTenantAccess: { tenant: demoProjectId } });
    expect(removed.json()).toEqual({ flavor_access: [] });
    expect((await call('GET', `/flavors/${id}`, demo)).statusCode).toBe(404);
  });

  it('filters is_public for an admin only: default, false, None; a bad value is a 400', async () => {
    const privateName = unique('admin-private');
    await createFlavor(admin, flavorBody({ name: privateName, 'os-flavor-access:is_public': false }));
    const byDefault = namesOf((await call('GET', '/flavors/detail', admin)).json());
    expect(byDefault).toContain('m1.tiny');
    expect(byDefault).not.toContain(privateName);
    const privateOnly = namesOf((await call('GET', '/flavors/detail?is_public=false', admin)).json());
    expect(privateOnly).toContain(privateName);
    expect(privateOnly).not.toContain('m1.tiny');
    const all = namesOf((await call('GET', '/flavors/detail?is_public=None', admin)).json());
    expect(all).toEqual(expect.arrayContaining(['m1.tiny', privateName]));
    expect((await call('GET', '/flavors/detail?is_public=bogus', admin)).json()).toEqual({ badRequest: { code: 400, message: 'Invalid is_public filter [bogus]' } });
    // A member's is_public is ignored: public flavors and the project's own.
    expect(namesOf((await call('GET', '/flavors/detail?is_public=false', demo)).json())).toContain('m1.tiny');
    expect((await call('GET', '/flavors/detail?is_public=bogus', demo)).statusCode).toBe(200);
  });
});

describe('listing: filters, sorting and paging', () => {
  it('filters by minRam and minDisk; a non-integer filter is a 400', async () => {
    expect(namesOf((await call('GET', '/flavors?minRam=4096&minDisk=80', demo)).json())).toEqual(['m1.large', 'm1.xlarge']);
    expect((await call('GET', '/flavors?minRam=abc', demo)).json()).toEqual({ badRequest: { code: 400, message: 'Invalid minRam filter [abc]' } });
  });

  it('sorts by sort_key and sort_dir; an unknown key is a 400 naming the parameter', async () => {
    const byRamDesc = namesOf((await call('GET', '/flavors/detail?minRam=512&sort_key=memory_mb&sort_dir=desc', demo)).json());
    expect(byRamDesc.slice(0, 2)).toEqual(['m1.xlarge', 'm1.large']);
    const bad = await call('GET', '/flavors?sort_key=bogus', demo);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().badRequest.message).toMatch(/^Invalid input for query parameters sort_key\. Value: bogus\. 'bogus' is not one of \['created_at'/);
  });

  it('pages with limit and marker, with a next link; an unknown marker is a 400', async () => {
    // Other tests add flavors with generated ids, so the pages are checked against the whole list (by flavorid).
    const all = (await call('GET', '/flavors', demo)).json().flavors.map((flavor: { id: string }) => flavor.id);
    expect(all).toEqual([...all].sort());
    const first = (await call('GET', '/flavors?limit=2', demo)).json();
    expect(first.flavors.map((flavor: { id: string }) => flavor.id)).toEqual(all.slice(0, 2));
    expect(first.flavors_links).toEqual([{ rel: 'next', href: `${PUBLIC_URL}/cloud/compute/v2.1/flavors?limit=2&marker=${encodeURIComponent(all[1])}` }]);
    const second = (await call('GET', `/flavors?limit=2&marker=${encodeURIComponent(all[1])}`, demo)).json();
    expect(second.flavors.map((flavor: { id: string }) => flavor.id)).toEqual(all.slice(2, 4));
    const detail = (await call('GET', '/flavors/detail?limit=1&marker=4', demo)).json();
    expect(detail.flavors[0].id).toBe(all[all.indexOf('4') + 1]);
    expect(detail.flavors_links[0].href).toBe(`${PUBLIC_URL}/cloud/compute/v2.1/flavors/detail?limit=1&marker=${encodeURIComponent(detail.flavors[0].id)}`);
    expect((await call('GET', '/flavors?marker=nope', demo)).json()).toEqual({ badRequest: { code: 400, message: 'marker [nope] not found' } });
  });

  it('refuses unknown query parameters from 2.75 only', async () => {
    expect((await call('GET', '/flavors?foo=1', demo)).statusCode).toBe(200);
    expect((await call('GET', '/flavors?foo=1', demo, undefined, '2.75')).json()).toEqual({
      badRequest: { code: 400, message: "Additional properties are not allowed ('foo' was unexpected)" },
    });
  });
});

describe('deleting a flavor', () => {
  it('answers 202, then the flavor is gone (404)', async () => {
    const id = (await createFlavor(admin, flavorBody())).json().flavor.id;
    const deleted = await call('DELETE', `/flavors/${id}`, admin);
    expect(deleted.statusCode).toBe(202);
    expect(deleted.body).toBe('');
    expect((await call('GET', `/flavors/${id}`, admin)).statusCode).toBe(404);
    expect((await call('DELETE', `/flavors/${id}`, admin)).json()).toEqual({ itemNotFound: { code: 404, message: `Flavor ${id} could not be found.` } });
  });
});

describe('extra specs', () => {
  it('merges on POST and echoes the body; values are kept as strings', async () => {
    const id = (await createFlavor(admin, flavorBody())).json().flavor.id;
    const posted = await call('POST', `/flavors/${id}/os-extra_specs`, admin, { extra_specs: { 'hw:cpu_policy': 'dedicated', 'quota:cpu_shares': 5 } });
    expect(posted.statusCode).toBe(200);
    expect(posted.json()).toEqual({ extra_specs: { 'hw:cpu_policy': 'dedicated', 'quota:cpu_shares': 5 } });
    await call('POST', `/flavors/${id}/os-extra_specs`, admin, { extra_specs: { 'hw:cpu_policy': 'shared', extra: 'x' } });
    expect((await call('GET', `/flavors/${id}/os-extra_specs`, demo)).json()).toEqual({
      extra_specs: { 'hw:cpu_policy': 'shared', 'quota:cpu_shares': '5', extra: 'x' },
    });
    expect((await call('GET', `/flavors/${id}/os-extra_specs/extra`, demo)).json()).toEqual({ extra: 'x' });
    expect((await call('GET', `/flavors/${id}`, demo, undefined, '2.61')).json().flavor.extra_specs).toMatchObject({ extra: 'x' });
  });

  it('updates one key with PUT, deletes with 200 and an empty body, and 404s a missing key', async () => {
    const id = (await createFlavor(admin, flavorBody())).json().flavor.id;
    await call('POST', `/flavors/${id}/os-extra_specs`, admin, { extra_specs: { a: 'b' } });
    expect((await call('PUT', `/flavors/${id}/os-extra_specs/a`, admin, { a: 'c' })).json()).toEqual({ a: 'c' });
    expect((await call('PUT', `/flavors/${id}/os-extra_specs/a`, admin, { b: 'c' })).json()).toEqual({ badRequest: { code: 400, message: 'Request body and URI mismatch' } });
    expect((await call('PUT', `/flavors/${id}/os-extra_specs/a`, admin, { a: 'c', b: 'd' })).json().badRequest.message).toMatch(/has too many properties$/);
    const deleted = await call('DELETE', `/flavors/${id}/os-extra_specs/a`, admin);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.body).toBe('');
    expect((await call('DELETE', `/flavors/${id}/os-extra_specs/a`, admin)).json()).toEqual({
      itemNotFound: { code: 404, message: `Flavor ${id} has no extra specs with key a.` },
    });
    expect((await call('GET', `/flavors/${id}/os-extra_specs/a`, admin)).statusCode).toBe(404);
  });

  it('refuses keys outside Nova\'s pattern, naming the regex', async () => {
    const response = await call('POST', '/flavors/1/os-extra_specs', admin, { extra_specs: { 'bad/key': 'b' } });
    expect(response.json()).toEqual({
      badRequest: {
        code: 400,
        message: "Invalid input for field/attribute extra_specs. Value: {'bad/key': 'b'}. 'bad/key' does not match any of the regexes: '^[a-zA-Z0-9-_:. ]{1,255}$'",
      },
    });
  });
});

describe('flavor access', () => {
  it('has no list for a public flavor (404) and lists the projects of a private one', async () => {
    expect((await call('GET', '/flavors/1/os-flavor-access', admin)).json()).toEqual({
      itemNotFound: { code: 404, message: 'Access list not available for public flavors.' },
    });
    const id = (await createFlavor(admin, flavorBody({ 'os-flavor-access:is_public': false }))).json().flavor.id;
    expect((await call('GET', `/flavors/${id}/os-flavor-access`, admin)).json()).toEqual({ flavor_access: [] });
    await call('POST', `/flavors/${id}/action`, admin, { addTenantAccess: { tenant: demoProjectId } });
    expect((await call('GET', `/flavors/${id}/os-flavor-access`, admin)).json()).toEqual({ flavor_access: [{ flavor_id: id, tenant_id: demoProjectId }] });
    // Zed still honours the deprecated admin_or_owner rule here: a project given access may read the list.
    expect((await call('GET', `/flavors/${id}/os-flavor-access`, demo)).statusCode).toBe(200);
  });

  it('refuses a duplicate grant (409), an unknown project (400) and an unknown removal (404)', async () => {
    const id = (await createFlavor(admin, flavorBody({ 'os-flavor-access:is_public': false }))).json().flavor.id;
    await call('POST', `/flavors/${id}/action`, admin, { addTenantAccess: { tenant: demoProjectId } });
    const again = await call('POST', `/flavors/${id}/action`, admin, { addTenantAccess: { tenant: demoProjectId } });
    expect(again.statusCode).toBe(409);
    expect(again.json().conflictingRequest.message).toMatch(new RegExp(`^Flavor access already exists for flavor \\d+ and project ${demoProjectId} combination\\.$`));
    expect((await call('POST', `/flavors/${id}/action`, admin, { addTenantAccess: { tenant: 'nope' } })).json()).toEqual({
      badRequest: { code: 400, message: 'Project ID nope is not a valid project.' },
    });
    const missing = await call('POST', `/flavors/${id}/action`, admin, { removeTenantAccess: { tenant: 'nope' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().itemNotFound.message).toMatch(/^Flavor access not found for \d+ \/ nope combination\.$/);
  });

  it('refuses access to a public flavor from 2.7 (409), and odd action bodies (400)', async () => {
    expect((await call('POST', '/flavors/2/action', admin, { addTenantAccess: { tenant: demoProjectId } }, '2.7')).json()).toEqual({
      conflictingRequest: { code: 409, message: 'Can not add access to a public flavor.' },
    });
    expect((await call('POST', '/flavors/2/action', admin, { bogusAction: {} })).json()).toEqual({ badRequest: { code: 400, message: 'There is no such action: bogusAction' } });
    expect((await call('POST', '/flavors/2/action', admin, { addTenantAccess: { tenant: 'a' }, removeTenantAccess: { tenant: 'b' } })).json()).toEqual({
      badRequest: { code: 400, message: 'Malformed request body' },
    });
  });
});

describe('flavors survive a restart', () => {
  it('keeps flavors, extra specs and access across close and reopen; a deleted demo flavor stays deleted', async () => {
    const dataDir = makeDataDir();
    try {
      const first = await startEmulator({ dataDir });
      const token = await tokenFor(first.app, 'admin');
      const demoProject = await (async () => {
        const demoToken = await tokenFor(first.app, 'demo');
        return (await first.app.inject({ url: '/cloud/identity/v3/auth/tokens', headers: { 'x-auth-token': demoToken, 'x-subject-token': demoToken } })).json().token.project.id;
      })();
      const inject = (app: TestEmulator['app'], method: Method, path: string, payload?: unknown) =>
        app.inject({ method, url: `${BASE}${path}`, headers: headers(token, '2.61'), ...(payload === undefined ? {} : { payload: payload as object }) });
      await inject(first.app, 'POST', '/flavors', { flavor: { name: 'kept', id: 'kept', ram: 64, vcpus: 1, disk: 1, 'os-flavor-access:is_public': false } });
      await inject(first.app, 'POST', '/flavors/kept/os-extra_specs', { extra_specs: { 'hw:mem_page_size': 'large' } });
      await inject(first.app, 'POST', '/flavors/kept/action', { addTenantAccess: { tenant: demoProject } });
      expect((await inject(first.app, 'DELETE', '/flavors/1')).statusCode).toBe(202);
      await first.close();

      const second = await startEmulator({ dataDir });
      expect((await inject(second.app, 'GET', '/flavors/kept')).json().flavor).toMatchObject({ name: 'kept', extra_specs: { 'hw:mem_page_size': 'large' } });
      expect((await inject(second.app, 'GET', '/flavors/kept/os-flavor-access')).json().flavor_access).toEqual([{ flavor_id: 'kept', tenant_id: demoProject }]);
      expect((await inject(second.app, 'GET', '/flavors/1')).statusCode).toBe(404);
      expect((await inject(second.app, 'GET', '/flavors/2')).statusCode).toBe(200);
      await second.close();
    } finally {
      removeDataDir(dataDir);
    }
  });
});
