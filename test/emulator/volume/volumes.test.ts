import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type TestEmulator } from '../../support/emulator.js';
import { call, copiesDone, type Persona, persona, servicesWith, TRANSITION_MS } from './support.js';

let cloud: TestEmulator;
let demo: Persona;
let admin: Persona;

beforeAll(async () => {
  cloud = await startEmulator({ services: servicesWith() });
  demo = await persona(cloud, 'demo');
  admin = await persona(cloud, 'admin');
  // Room for every test's volumes (the default is 10 per project).
  for (const who of [demo, admin]) {
    const raised = await call(cloud, admin, 'PUT', `/os-quota-sets/${who.projectId}`, { quota_set: { volumes: 100, snapshots: 100 } });
    expect(raised.statusCode).toBe(200);
  }
});
afterAll(async () => {
  await cloud.close();
});

const settle = async () => {
  await copiesDone(cloud);
  cloud.clock.advance(TRANSITION_MS / 1000);
};

async function availableVolume(who: Persona, volume: Record<string, unknown> = {}) {
  const response = await call(cloud, who, 'POST', '/volumes', { volume: { size: 1, ...volume } });
  expect(response.statusCode, response.body).toBe(202);
  await settle();
  return response.json().volume as { id: string; size: number };
}

describe('the catalog and discovery', () => {
  it('publishes volumev3 with the project id in its URL', async () => {
    const token = (
      await cloud.app.inject({ url: '/cloud/identity/v3/auth/tokens', headers: { 'x-auth-token': demo.token, 'x-subject-token': demo.token } })
    ).json().token;
    const cinder = token.catalog.find((entry: { type: string }) => entry.type === 'volumev3');
    expect(cinder.name).toBe('cinderv3');
    expect(cinder.endpoints.map((endpoint: { url: string }) => endpoint.url)).toContain(`http://cloud.test/cloud/volume/v3/${demo.projectId}`);
  });

  it('lists v3.0 with microversions 3.0 to 3.70', async () => {
    const response = await cloud.app.inject({ url: '/cloud/volume/' });
    expect(response.statusCode).toBe(300);
    expect(response.json().versions[0]).toMatchObject({ id: 'v3.0', status: 'CURRENT', min_version: '3.0', version: '3.70' });
  });

  it('refuses a project in the URL that is not the token’s, as Cinder does', async () => {
    const response = await cloud.app.inject({ url: `/cloud/volume/v3/${demo.projectId}/volumes`, headers: { 'x-auth-token': admin.token } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ badRequest: { code: 400, message: 'Malformed request url' } });
  });

  it('answers 401 without a token', async () => {
    const response = await cloud.app.inject({ url: `${demo.base}/volumes` });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a microversion above 3.70 with 406', async () => {
    const response = await call(cloud, demo, 'GET', '/volumes', undefined, '3.71');
    expect(response.statusCode).toBe(406);
    expect(response.json().computeFault.message).toBe('Version 3.71 is not supported by the API. Minimum is 3.0 and maximum is 3.70.');
  });
});

describe('the volume lifecycle', () => {
  it('creates a volume creating, then available once the transition has passed on the clock', async () => {
    const response = await call(cloud, demo, 'POST', '/volumes', { volume: { size: 1, name: 'life', metadata: { a: 'b' } } });
    expect(response.statusCode).toBe(202);
    const volume = response.json().volume;
    expect(volume).toMatchObject({
      status: 'creating',
      size: 1,
      name: 'life',
      volume_type: '__DEFAULT__',
      availability_zone: 'nova',
      bootable: 'false',
      metadata: { a: 'b' },
      attachments: [],
    });
    expect(volume).not.toHaveProperty('os-vol-tenant-attr:tenant_id');
    cloud.clock.advance(TRANSITION_MS / 2000);
    expect((await call(cloud, demo, 'GET', `/volumes/${volume.id}`)).json().volume.status).toBe('creating');
    cloud.clock.advance(TRANSITION_MS / 1000);
    const shown = (await call(cloud, demo, 'GET', `/volumes/${volume.id}`)).json().volume;
    expect(shown).toMatchObject({ status: 'available', 'os-vol-tenant-attr:tenant_id': demo.projectId });
    expect(shown).not.toHaveProperty('os-vol-host-attr:host');
  });

  it('adds group_id at 3.13, shared_targets at 3.48 and volume_type_id at 3.63', async () => {
    const volume = await availableVolume(demo);
    const old = (await call(cloud, demo, 'GET', `/volumes/${volume.id}`, undefined, '3.0')).json().volume;
    expect(old).not.toHaveProperty('group_id');
    const modern = (await call(cloud, demo, 'GET', `/volumes/${volume.id}`, undefined, '3.63')).json().volume;
    expect(modern).toMatchObject({ group_id: null, shared_targets: false, volume_type_id: expect.any(String) });
  });

  it('shows the host to an admin only', async () => {
    const volume = await availableVolume(admin);
    const shown = (await call(cloud, admin, 'GET', `/volumes/${volume.id}`)).json().volume;
    expect(shown['os-vol-host-attr:host']).toBe('emulator@lvm#lvm');
  });

  it('edits the name and description, and refuses a size in an update', async () => {
    const volume = await availableVolume(demo);
    const response = await call(cloud, demo, 'PUT', `/volumes/${volume.id}`, { volume: { name: 'renamed', description: 'words' } });
    expect(response.statusCode).toBe(200);
    expect(response.json().volume).toMatchObject({ name: 'renamed', description: 'words' });
    const refused = await call(cloud, demo, 'PUT', `/volumes/${volume.id}`, { volume: { size: 3 } });
    expect(refused.json()).toEqual({
      badRequest: {
        code: 400,
        message: "Invalid input for field/attribute volume. Value: {'size': 3}. Additional properties are not allowed ('size' was unexpected)",
      },
    });
  });

  it('extends an available volume: extending, then available at the new size', async () => {
    const volume = await availableVolume(demo);
    const response = await call(cloud, demo, 'POST', `/volumes/${volume.id}/action`, { 'os-extend': { new_size: 2 } });
    expect(response.statusCode).toBe(202);
    expect((await call(cloud, demo, 'GET', `/volumes/${volume.id}`)).json().volume).toMatchObject({ status: 'extending', size: 2 });
    await settle();
    expect((await call(cloud, demo, 'GET', `/volumes/${volume.id}`)).json().volume).toMatchObject({ status: 'available', size: 2 });
    const same = await call(cloud, demo, 'POST', `/volumes/${volume.id}/action`, { 'os-extend': { new_size: 2 } });
    expect(same.json().badRequest.message).toBe('Invalid input received: New size for extend must be greater than current size. (current: 2, extended: 2).');
  });

  it('names an unknown action', async () => {
    const volume = await availableVolume(demo);
    const response = await call(cloud, demo, 'POST', `/volumes/${volume.id}/action`, { 'os-bogus': {} });
    expect(response.json().badRequest.message).toBe('There is no such action: os-bogus. Verify the request body and Content-Type header and try again.');
  });

  it('deletes: deleting, then gone', async () => {
    const volume = await availableVolume(demo);
    expect((await call(cloud, demo, 'DELETE', `/volumes/${volume.id}`)).statusCode).toBe(202);
    expect((await call(cloud, demo, 'GET', `/volumes/${volume.id}`)).json().volume.status).toBe('deleting');
    cloud.clock.advance(TRANSITION_MS / 1000);
    const gone = await call(cloud, demo, 'GET', `/volumes/${volume.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ itemNotFound: { code: 404, message: `Volume ${volume.id} could not be found.` } });
  });

  it('refuses to delete a volume that is still creating or has snapshots', async () => {
    const creating = (await call(cloud, demo, 'POST', '/volumes', { volume: { size: 1 } })).json().volume;
    const refused = await call(cloud, demo, 'DELETE', `/volumes/${creating.id}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().badRequest.message).toMatch(/^Invalid volume: Volume status must be available or error/);
    await settle();
    await call(cloud, demo, 'POST', '/snapshots', { snapshot: { volume_id: creating.id } });
    await settle();
    expect((await call(cloud, demo, 'DELETE', `/volumes/${creating.id}`)).statusCode).toBe(400);
    expect((await call(cloud, demo, 'DELETE', `/volumes/${creating.id}?cascade=true`)).statusCode).toBe(202);
    cloud.clock.advance(TRANSITION_MS / 1000);
    expect((await call(cloud, demo, 'GET', `/volumes/${creating.id}`)).statusCode).toBe(404);
  });
});

describe('volume create validation', () => {
  const cases: [string, unknown, number, string][] = [
    ['size 0', { volume: { size: 0 } }, 400, 'Invalid input for field/attribute size. Value: 0. 0 is less than the minimum of 1'],
    ['a size that is not a number', { volume: { size: 'abc' } }, 400, "Invalid input for field/attribute size. Value: abc. 'abc' does not match '^[0-9]+$'"],
    ['no volume', { x: 1 }, 400, "'volume' is a required property"],
    ['no size and no source', { volume: {} }, 400, 'The server could not comply with the request since it is either malformed or otherwise incorrect.'],
    ['an unknown type', { volume: { size: 1, volume_type: 'nope' } }, 404, 'Volume type with name nope could not be found.'],
    ['an unknown zone', { volume: { size: 1, availability_zone: 'nope' } }, 400, "Availability zone 'nope' is invalid."],
    ['an unknown snapshot', { volume: { size: 1, snapshot_id: 'x1' } }, 404, 'Snapshot x1 could not be found.'],
    ['an unknown source volume', { volume: { size: 1, source_volid: 'x2' } }, 404, 'Volume x2 could not be found.'],
    ['an image when no image service exists', { volume: { size: 1, imageRef: 'img' } }, 400, 'Invalid image identifier or unable to access requested image.'],
    [
      'a metadata value that is not a string',
      { volume: { size: 1, metadata: { c: 1 } } },
      400,
      "Invalid input for field/attribute c. Value: 1. 1 is not of type 'string'",
    ],
  ];
  it.each(cases)('refuses %s', async (_label, body, status, message) => {
    const response = await call(cloud, demo, 'POST', '/volumes', body);
    expect(response.statusCode).toBe(status);
    expect(Object.values(response.json())[0]).toEqual({ code: status, message });
  });

  it('refuses a body that is not JSON', async () => {
    const response = await cloud.app.inject({
      method: 'POST',
      url: `${demo.base}/volumes`,
      headers: { 'x-auth-token': demo.token, 'content-type': 'application/json' },
      payload: 'nope',
    });
    expect(response.json()).toEqual({ badRequest: { code: 400, message: 'Malformed request body' } });
  });
});

describe('volumes from snapshots and from volumes', () => {
  it('snapshots a volume, creates a volume from the snapshot and one from the volume', async () => {
    const origin = await availableVolume(demo, { volume_type: 'fast', size: 2 });
    const snap = await call(cloud, demo, 'POST', '/snapshots', { snapshot: { volume_id: origin.id, name: 'snap', metadata: { k: 'v' } } });
    expect(snap.statusCode).toBe(202);
    expect(snap.json().snapshot).toMatchObject({ status: 'creating', size: 2, volume_id: origin.id, name: 'snap', metadata: { k: 'v' } });
    await settle();
    const snapshot = (await call(cloud, demo, 'GET', `/snapshots/${snap.json().snapshot.id}`)).json().snapshot;
    expect(snapshot).toMatchObject({
      status: 'available',
      'os-extended-snapshot-attributes:project_id': demo.projectId,
      'os-extended-snapshot-attributes:progress': '100%',
    });

    const fromSnapshot = (await call(cloud, demo, 'POST', '/volumes', { volume: { snapshot_id: snapshot.id } })).json().volume;
    expect(fromSnapshot).toMatchObject({ snapshot_id: snapshot.id, size: 2, volume_type: 'fast', status: 'creating' });
    const fromVolume = (await call(cloud, demo, 'POST', '/volumes', { volume: { source_volid: origin.id, size: 3 } })).json().volume;
    expect(fromVolume).toMatchObject({ source_volid: origin.id, size: 3, volume_type: 'fast' });
    await settle();
    for (const id of [fromSnapshot.id, fromVolume.id]) expect((await call(cloud, demo, 'GET', `/volumes/${id}`)).json().volume.status).toBe('available');

    const tooSmall = await call(cloud, demo, 'POST', '/volumes', { volume: { snapshot_id: snapshot.id, size: 1 } });
    expect(tooSmall.json().badRequest.message).toBe(
      "Invalid input received: Volume size '1'GB cannot be smaller than the snapshot size 2GB. They must be >= original snapshot size.",
    );
    const smallerThanSource = await call(cloud, demo, 'POST', '/volumes', { volume: { source_volid: origin.id, size: 1 } });
    expect(smallerThanSource.json().badRequest.message).toBe(
      "Invalid input received: Volume size '1'GB cannot be smaller than original volume size 2GB. They must be >= original volume size.",
    );
  });

  it('refuses a volume from a source that is still creating', async () => {
    const creating = (await call(cloud, demo, 'POST', '/volumes', { volume: { size: 1 } })).json().volume;
    const response = await call(cloud, demo, 'POST', '/volumes', { volume: { source_volid: creating.id } });
    expect(response.json().badRequest.message).toBe("Invalid volume: Originating source volume status must be one of 'available, in-use' values");
    const snapshot = await call(cloud, demo, 'POST', '/snapshots', { snapshot: { volume_id: creating.id } });
    expect(snapshot.json().badRequest.message).toBe(`Invalid volume: Volume ${creating.id} status must be available, but current status is: creating.`);
    await settle();
  });
});

describe('metadata', () => {
  it('merges, replaces and deletes volume metadata, naming a missing key', async () => {
    const volume = await availableVolume(demo, { metadata: { a: 'b' } });
    expect((await call(cloud, demo, 'POST', `/volumes/${volume.id}/metadata`, { metadata: { c: 'd' } })).json()).toEqual({ metadata: { a: 'b', c: 'd' } });
    expect((await call(cloud, demo, 'DELETE', `/volumes/${volume.id}/metadata/a`)).statusCode).toBe(200);
    expect((await call(cloud, demo, 'GET', `/volumes/${volume.id}/metadata`)).json()).toEqual({ metadata: { c: 'd' } });
    const missing = await call(cloud, demo, 'DELETE', `/volumes/${volume.id}/metadata/zzz`);
    expect(missing.json()).toEqual({ itemNotFound: { code: 404, message: `Volume ${volume.id} has no metadata with key zzz.` } });
    expect((await call(cloud, demo, 'PUT', `/volumes/${volume.id}/metadata`, { metadata: { x: 'y' } })).json()).toEqual({ metadata: { x: 'y' } });
  });

  it('merges and deletes snapshot metadata', async () => {
    const volume = await availableVolume(demo);
    const snapshot = (await call(cloud, demo, 'POST', '/snapshots', { snapshot: { volume_id: volume.id, metadata: { k: 'v' } } })).json().snapshot;
    await settle();
    expect((await call(cloud, demo, 'POST', `/snapshots/${snapshot.id}/metadata`, { metadata: { c: 'd' } })).json()).toEqual({ metadata: { k: 'v', c: 'd' } });
    expect((await call(cloud, demo, 'DELETE', `/snapshots/${snapshot.id}/metadata/k`)).statusCode).toBe(200);
    expect((await call(cloud, demo, 'GET', `/snapshots/${snapshot.id}/metadata`)).json()).toEqual({ metadata: { c: 'd' } });
    const renamed = await call(cloud, demo, 'PUT', `/snapshots/${snapshot.id}`, { snapshot: { name: 's2', description: 'x' } });
    expect(renamed.json().snapshot).toMatchObject({ name: 's2', description: 'x' });
    expect((await call(cloud, demo, 'DELETE', `/snapshots/${snapshot.id}`)).statusCode).toBe(202);
    expect((await call(cloud, demo, 'GET', `/snapshots/${snapshot.id}`)).json().snapshot.status).toBe('deleting');
    cloud.clock.advance(TRANSITION_MS / 1000);
    expect((await call(cloud, demo, 'GET', `/snapshots/${snapshot.id}`)).json()).toEqual({
      itemNotFound: { code: 404, message: `Snapshot ${snapshot.id} could not be found.` },
    });
  });
});

describe('tenancy', () => {
  it('never shows a project’s volumes or snapshots to another, even with all_tenants', async () => {
    const mine = await availableVolume(admin);
    const snapshot = (await call(cloud, admin, 'POST', '/snapshots', { snapshot: { volume_id: mine.id } })).json().snapshot;
    await settle();
    expect((await call(cloud, demo, 'GET', `/volumes/${mine.id}`)).statusCode).toBe(404);
    expect((await call(cloud, demo, 'GET', `/snapshots/${snapshot.id}`)).statusCode).toBe(404);
    expect((await call(cloud, demo, 'DELETE', `/volumes/${mine.id}`)).statusCode).toBe(404);
    expect((await call(cloud, demo, 'POST', '/volumes', { volume: { source_volid: mine.id } })).statusCode).toBe(404);
    expect((await call(cloud, demo, 'POST', '/volumes', { volume: { snapshot_id: snapshot.id } })).statusCode).toBe(404);
    const listed = (await call(cloud, demo, 'GET', '/volumes/detail?all_tenants=1')).json().volumes.map((volume: { id: string }) => volume.id);
    expect(listed).not.toContain(mine.id);
    const snapshots = (await call(cloud, demo, 'GET', '/snapshots/detail?all_tenants=1')).json().snapshots.map((s: { id: string }) => s.id);
    expect(snapshots).not.toContain(snapshot.id);
  });

  it('lets an admin list every project with all_tenants', async () => {
    const theirs = await availableVolume(demo);
    expect((await call(cloud, admin, 'GET', '/volumes/detail')).json().volumes.map((v: { id: string }) => v.id)).not.toContain(theirs.id);
    expect((await call(cloud, admin, 'GET', '/volumes/detail?all_tenants=1')).json().volumes.map((v: { id: string }) => v.id)).toContain(theirs.id);
    const narrowed = (await call(cloud, admin, 'GET', `/volumes/detail?all_tenants=1&project_id=${admin.projectId}`)).json().volumes;
    expect(narrowed.map((v: { id: string }) => v.id)).not.toContain(theirs.id);
  });

  it("narrows an admin's every-project lists by project, a volume's size and a snapshot's name, before the limit", async () => {
    const theirs = await availableVolume(demo, { name: 'narrowed-vol', size: 2 });
    const snapshot = (await call(cloud, demo, 'POST', '/snapshots', { snapshot: { volume_id: theirs.id, name: 'narrowed-snap' } })).json().snapshot;
    await settle();
    cloud.clock.advance(1);
    await availableVolume(demo, { name: 'narrowed-newer' });
    const volumes = async (query: string) => (await call(cloud, admin, 'GET', `/volumes/detail?all_tenants=1&${query}`)).json().volumes.map((v: { id: string }) => v.id);
    expect(await volumes(`project_id=${demo.projectId}&size=2&name=narrowed-vol&limit=1`)).toEqual([theirs.id]);
    expect(await volumes('size=1&name=narrowed-vol')).toEqual([]);
    const snapshots = async (query: string) => (await call(cloud, admin, 'GET', `/snapshots/detail?all_tenants=1&${query}`)).json().snapshots.map((s: { id: string }) => s.id);
    expect(await snapshots(`project_id=${demo.projectId}&name=narrowed-snap&limit=1`)).toEqual([snapshot.id]);
    expect(await snapshots(`project_id=${admin.projectId}&name=narrowed-snap`)).toEqual([]);
  });
});

describe('listing', () => {
  it('filters by status and pages with limit and marker, newest first', async () => {
    const first = await availableVolume(demo, { name: 'page-a' });
    cloud.clock.advance(1);
    const second = await availableVolume(demo, { name: 'page-b' });
    const page = (await call(cloud, demo, 'GET', '/volumes/detail?sort=created_at:desc&limit=1')).json().volumes;
    expect(page.map((v: { id: string }) => v.id)).toEqual([second.id]);
    const next = (await call(cloud, demo, 'GET', `/volumes/detail?sort=created_at:desc&limit=1&marker=${second.id}`)).json().volumes;
    expect(next.map((v: { id: string }) => v.id)).toEqual([first.id]);
    const byName = (await call(cloud, demo, 'GET', '/volumes/detail?name=page-a')).json().volumes;
    expect(byName.map((v: { id: string }) => v.id)).toEqual([first.id]);
    const summary = (await call(cloud, demo, 'GET', '/volumes?name=page-a')).json().volumes[0];
    expect(Object.keys(summary).sort()).toEqual(['id', 'links', 'name']);
  });

  it('pages snapshots with limit and marker, newest first, and in created_at order both ways', async () => {
    const volume = await availableVolume(demo, { name: 'snap-page' });
    const made: string[] = [];
    for (const name of ['snap-page-a', 'snap-page-b']) {
      made.push((await call(cloud, demo, 'POST', '/snapshots', { snapshot: { volume_id: volume.id, name } })).json().snapshot.id);
      cloud.clock.advance(1);
    }
    const page = (await call(cloud, demo, 'GET', '/snapshots/detail?sort=created_at:desc&limit=1')).json().snapshots;
    expect(page.map((s: { id: string }) => s.id)).toEqual([made[1]]);
    const next = (await call(cloud, demo, 'GET', `/snapshots/detail?sort=created_at:desc&limit=1&marker=${made[1]}`)).json().snapshots;
    expect(next.map((s: { id: string }) => s.id)).toEqual([made[0]]);
    const back = (await call(cloud, demo, 'GET', `/snapshots/detail?sort=created_at:asc&limit=1&marker=${made[0]}`)).json().snapshots;
    expect(back.map((s: { id: string }) => s.id)).toEqual([made[1]]);
    expect((await call(cloud, demo, 'GET', '/snapshots/detail?marker=gone')).statusCode).toBe(404);
  });
});
