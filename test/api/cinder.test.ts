import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client.js';
import { startTestCloud, type TestCloud, uniqueName } from '../support/cloud.js';
import { createProjectMember, memberClient, type ProjectMember } from '../support/members.js';
import { waitUntil } from '../support/wait.js';
import { NativeCinder } from './cinder-native.js';

/**
 * /api/cinder/ against the emulator or the real cloud: volumes and snapshots,
 * limits, quotas, volume types and service information. Everything made is
 * deleted and quotas changed are put back; quotas are lowered only in a
 * project of the file's own, as other files use demo's at the same time.
 */

let cloud: TestCloud;
let demo: ApiClient;
let admin: ApiClient;
let nativeDemo: NativeCinder;
let nativeAdmin: NativeCinder;
const demoVolumes: string[] = [];
const demoSnapshots: string[] = [];
const adminVolumes: string[] = [];
const adminSnapshots: string[] = [];
let demoProjectId: string;
let originalQuotas: Record<string, number>;

const EMPTY = {
  size: 1,
  name: null,
  description: null,
  volume_type: null,
  snapshot_id: null,
  metadata: null,
  image_id: null,
  availability_zone: null,
  source_volid: null,
};

beforeAll(async () => {
  cloud = await startTestCloud();
  demo = await ApiClient.loggedIn(cloud, 'demo');
  admin = await ApiClient.loggedIn(cloud, 'admin');
  nativeDemo = await NativeCinder.login(cloud, 'demo');
  nativeAdmin = await NativeCinder.login(cloud, 'admin');
  demoProjectId = nativeDemo.projectId;
  const quotas = (await nativeAdmin.call('GET', `/os-quota-sets/${demoProjectId}`)).body.quota_set;
  originalQuotas = { volumes: quotas.volumes, snapshots: quotas.snapshots, gigabytes: quotas.gigabytes };
});
// Each test deletes what it made, so the projects stay under their volume quota (10 by default).
afterEach(async () => {
  await nativeDemo?.cleanUp(demoSnapshots.splice(0), demoVolumes.splice(0));
  await nativeAdmin?.cleanUp(adminSnapshots.splice(0), adminVolumes.splice(0));
});
afterAll(async () => {
  if (originalQuotas) await admin.request('PATCH', `/api/cinder/quota-sets/${demoProjectId}`, originalQuotas);
  await cloud.close();
});

async function createVolume(as: ApiClient, body: Record<string, unknown>) {
  const response = await as.post('/api/cinder/volumes/', { ...EMPTY, ...body });
  if (response.status === 201) (as === admin ? adminVolumes : demoVolumes).push(response.body.id);
  return response;
}

async function availableVolume(as: ApiClient, body: Record<string, unknown> = {}) {
  const response = await createVolume(as, { name: uniqueName('api-vol'), ...body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  await (as === admin ? nativeAdmin : nativeDemo).volumeAvailable(response.body.id);
  return response.body as { id: string; name: string; size: number };
}

describe('creating volumes through /api/cinder/volumes/', () => {
  it('creates a volume: 201, Location, the volume creating, then available', async () => {
    const name = uniqueName('api-vol');
    const response = await createVolume(demo, { name, description: 'made by a test', metadata: { purpose: 'test' } });
    expect(response.status).toBe(201);
    const volume = response.body;
    expect(response.headers.get('location')).toBe(`/api/cinder/volumes/${volume.id}`);
    expect(volume).toMatchObject({ name, size: 1, status: 'creating', bootable: 'false', metadata: { purpose: 'test' }, transfer: null, attachments: [] });
    expect(Object.keys(volume)).toEqual(
      expect.arrayContaining(['volume_type', 'availability_zone', 'os-vol-tenant-attr:tenant_id', 'volume_image_metadata', 'multiattach']),
    );
    await nativeDemo.volumeAvailable(volume.id);
    for (const path of [`/api/cinder/volumes/${volume.id}`, `/api/cinder/volumes/${volume.id}/`]) {
      const shown = await demo.get(path);
      expect(shown.status).toBe(200);
      expect(shown.body).toMatchObject({ id: volume.id, name, status: 'available', 'os-vol-tenant-attr:tenant_id': nativeDemo.projectId });
    }
  });

  it('creates one from a snapshot and one from another volume', async () => {
    const origin = await availableVolume(demo);
    const snapshotId = await nativeDemo.createSnapshot(origin.id, uniqueName('api-snap'));
    demoSnapshots.push(snapshotId);
    const fromSnapshot = await createVolume(demo, { size: null, snapshot_id: snapshotId, name: uniqueName('api-from-snap') });
    expect(fromSnapshot.status, JSON.stringify(fromSnapshot.body)).toBe(201);
    expect(fromSnapshot.body).toMatchObject({ snapshot_id: snapshotId, size: 1 });
    const fromVolume = await createVolume(demo, { source_volid: origin.id, name: uniqueName('api-from-vol') });
    expect(fromVolume.status, JSON.stringify(fromVolume.body)).toBe(201);
    expect(fromVolume.body).toMatchObject({ source_volid: origin.id });
    for (const id of [fromSnapshot.body.id, fromVolume.body.id]) expect((await nativeDemo.volumeAvailable(id)).volume.status).toBe('available');
  });

  it('names the missing key of a create body', async () => {
    const { source_volid: _omitted, ...body } = EMPTY;
    const response = await demo.post('/api/cinder/volumes/', body);
    expect(response.status).toBe(400);
    expect(response.body).toBe("body must have required property 'source_volid'");
  });

  it('names a size that is not a positive integer', async () => {
    const response = await demo.post('/api/cinder/volumes/', { ...EMPTY, size: 0 });
    expect(response.status).toBe(400);
    expect(response.body).toBe('body/size must be >= 1');
  });

  it('refuses an image Cinder cannot find, and an unknown volume type, in Cinder’s words', async () => {
    const image = await demo.post('/api/cinder/volumes/', { ...EMPTY, image_id: '00000000-0000-4000-8000-00000000abcd' });
    expect(image.status).toBe(400);
    expect(image.body).toBe('Invalid image identifier or unable to access requested image.');
    const type = await demo.post('/api/cinder/volumes/', { ...EMPTY, volume_type: 'no-such-type' });
    expect(type.status).toBe(404);
    expect(type.body).toBe('Volume type with name no-such-type could not be found.');
  });

  it('answers Cinder’s 404 for an unknown volume', async () => {
    const response = await demo.get('/api/cinder/volumes/00000000-0000-4000-8000-000000000000/');
    expect(response.status).toBe(404);
    expect(response.body).toBe('Volume 00000000-0000-4000-8000-000000000000 could not be found.');
  });
});

describe('deleting', () => {
  it('goes deleting, then the volume is gone', async () => {
    const volume = await availableVolume(demo);
    expect((await nativeDemo.call('DELETE', `/volumes/${volume.id}`)).status).toBe(202);
    // Every read until it is gone says deleting.
    const seen = new Set<string>();
    await waitUntil(
      () => demo.get(`/api/cinder/volumes/${volume.id}/`),
      (response) => {
        if (response.status !== 404) seen.add(response.body.status);
        return response.status === 404;
      },
      { what: `volume ${volume.id} gone` },
    );
    expect([...seen].filter((status) => status !== 'deleting')).toEqual([]);
    expect((await demo.get(`/api/cinder/volumes/${volume.id}/`)).status).toBe(404);
    demoVolumes.splice(demoVolumes.indexOf(volume.id), 1);
  });
  it('deletes through DELETE /api/cinder/volumes/{id}/: 204, and Cinder’s 404 for an unknown volume', async () => {
    const volume = await availableVolume(demo);
    expect((await demo.request('DELETE', `/api/cinder/volumes/${volume.id}/`)).status).toBe(204);
    demoVolumes.splice(demoVolumes.indexOf(volume.id), 1);
    const after = await demo.get(`/api/cinder/volumes/${volume.id}/`);
    if (after.status !== 404) expect(after.body.status).toBe('deleting');
    expect((await demo.request('DELETE', '/api/cinder/volumes/00000000-0000-0000-0000-000000000000/')).status).toBe(404);
  });
});

describe('editing and extending', () => {
  it('renames, describes and marks a volume bootable with PATCH /api/cinder/volumes/{id}/', async () => {
    const volume = await availableVolume(demo);
    const name = uniqueName('api-renamed');
    expect((await demo.request('PATCH', `/api/cinder/volumes/${volume.id}/`, { name, description: 'edited', bootable: true })).status).toBe(204);
    expect((await demo.get(`/api/cinder/volumes/${volume.id}/`)).body).toMatchObject({ name, description: 'edited', bootable: 'true' });
  });

  it('a partial volume update changes only what it sends: a description alone keeps the name', async () => {
    const volume = await availableVolume(demo);
    expect((await demo.request('PATCH', `/api/cinder/volumes/${volume.id}/`, { description: 'only this' })).status).toBe(204);
    expect((await demo.get(`/api/cinder/volumes/${volume.id}/`)).body).toMatchObject({ name: volume.name, description: 'only this' });
  });

  it('extends a volume to a larger size, and refuses a smaller one in Cinder’s words', async () => {
    const volume = await availableVolume(demo);
    expect((await demo.post(`/api/cinder/volumes/${volume.id}/extend/`, { new_size: 2 })).status).toBe(204);
    const settled = await nativeDemo.until(`/volumes/${volume.id}`, (status, body) => status === 200 && body.volume.status !== 'extending', `volume ${volume.id} extended`);
    // The loopback cloud's LVM backend cannot grow a volume (it ends error_extending); the emulator grows it.
    if (!cloud.isRealCloud) expect(settled.volume).toMatchObject({ status: 'available', size: 2 });
    const smaller = await demo.post(`/api/cinder/volumes/${volume.id}/extend/`, { new_size: 1 });
    expect(smaller.status).toBe(400);
  });

  it('names a new_size that is not a positive integer', async () => {
    const response = await demo.post('/api/cinder/volumes/whatever/extend/', { new_size: 'big' });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain('new_size');
  });
});

describe('snapshots', () => {
  it('creates a snapshot of a volume (201, Location) and deletes it (204)', async () => {
    const volume = await availableVolume(demo);
    const name = uniqueName('api-snap');
    const created = await demo.post('/api/cinder/volumesnapshots/', { volume_id: volume.id, name, description: 'nightly' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.headers.get('location')).toBe(`/api/cinder/volumesnapshots/${created.body.id}`);
    expect(created.body).toMatchObject({ name, description: 'nightly', volume_id: volume.id, size: 1 });
    demoSnapshots.push(created.body.id);
    await nativeDemo.snapshotAvailable(created.body.id);
    expect((await demo.request('DELETE', `/api/cinder/volumesnapshots/${created.body.id}/`)).status).toBe(204);
  });

  it('pages the snapshots like the volumes: limit rows after the marker, newest first, with has_more_data and has_prev_data', async () => {
    const volume = await availableVolume(demo);
    for (let i = 0; i < 2; i++) {
      const created = await demo.post('/api/cinder/volumesnapshots/', { volume_id: volume.id, name: uniqueName('api-snap-page') });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      demoSnapshots.push(created.body.id);
      await nativeDemo.snapshotAvailable(created.body.id);
    }
    const first = (await demo.get('/api/cinder/volumesnapshots/?paginate=true&limit=1')).body;
    expect(first).toMatchObject({ has_more_data: true, has_prev_data: false });
    expect(first.items).toHaveLength(1);
    const second = (await demo.get(`/api/cinder/volumesnapshots/?paginate=true&limit=1&marker=${first.items[0].id}`)).body;
    expect(second.has_prev_data).toBe(true);
    expect(second.items).toHaveLength(1);
    expect(second.items[0].id).not.toBe(first.items[0].id);
    // The two pages are the first two rows of the same listing: newest first is the server's order, not a clock.
    const both = (await demo.get('/api/cinder/volumesnapshots/?paginate=true&limit=2')).body.items.map((item: { id: string }) => item.id);
    expect(both).toEqual([first.items[0].id, second.items[0].id]);
  });

  it('names a missing volume_id of a snapshot body', async () => {
    const response = await demo.post('/api/cinder/volumesnapshots/', { name: 'x' });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain('volume_id');
  });
});

describe('listing', () => {
  it('lists the project’s volumes with the paging flags', async () => {
    const volume = await availableVolume(demo);
    const response = await demo.get('/api/cinder/volumes/');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ has_more_data: false, has_prev_data: false });
    expect(response.body.items.map((item: { id: string }) => item.id)).toContain(volume.id);
  });

  it('pages by the page size cookie, newest first, and flags the pages around', async () => {
    // One name for the pair, listed by it: other files make volumes in demo's project at the same time.
    const name = uniqueName('api-vol-paged');
    const older = await availableVolume(demo, { name });
    const newer = await availableVolume(demo, { name });
    demo.cookies.set('API_RESULT_PAGE_SIZE', '1');
    try {
      const first = await demo.get(`/api/cinder/volumes/?paginate=true&sort_dir=desc&name=${name}`);
      expect(first.body).toMatchObject({ has_more_data: true, has_prev_data: false });
      expect(first.body.items).toHaveLength(1);
      const [top] = first.body.items as { id: string; created_at: string }[];
      // A real Cinder keeps whole-second creation times: two volumes made in one second tie, in either order.
      expect([newer.id, older.id]).toContain(top.id);
      const second = await demo.get(`/api/cinder/volumes/?paginate=true&sort_dir=desc&name=${name}&marker=${top.id}`);
      expect(second.body.has_prev_data).toBe(true);
      const [next] = second.body.items as { id: string; created_at: string }[];
      expect(second.body.items).toHaveLength(1);
      expect([newer.id, older.id].filter((id) => id !== top.id)).toEqual([next.id]);
      expect(Date.parse(next.created_at)).toBeLessThanOrEqual(Date.parse(top.created_at));
    } finally {
      demo.cookies.delete('API_RESULT_PAGE_SIZE');
    }
  });

  it('takes the page size from limit, before the cookie, and refuses a limit that is not a positive integer naming it', async () => {
    await availableVolume(demo);
    await availableVolume(demo);
    demo.cookies.set('API_RESULT_PAGE_SIZE', '20');
    try {
      const page = (await demo.get('/api/cinder/volumes/?paginate=true&limit=1')).body;
      expect(page.items).toHaveLength(1);
      expect(page.has_more_data).toBe(true);
    } finally {
      demo.cookies.delete('API_RESULT_PAGE_SIZE');
    }
    const refused = await demo.get('/api/cinder/volumes/?paginate=true&limit=zero');
    expect(refused.status).toBe(400);
    expect(refused.body).toContain('limit');
  });

  it('filters by name', async () => {
    const volume = await availableVolume(demo);
    const response = await demo.get(`/api/cinder/volumes/?name=${encodeURIComponent(volume.name)}`);
    expect(response.body.items.map((item: { id: string }) => item.id)).toEqual([volume.id]);
  });
});

describe('tenancy', () => {
  it('never shows demo admin’s volumes or snapshots, and refuses demo all_projects', async () => {
    const theirs = await availableVolume(admin);
    const snapshotId = await nativeAdmin.createSnapshot(theirs.id, uniqueName('api-admin-snap'));
    adminSnapshots.push(snapshotId);
    expect((await demo.get(`/api/cinder/volumes/${theirs.id}/`)).status).toBe(404);
    expect((await demo.get(`/api/cinder/volumes/${theirs.id}/metadata`)).status).toBe(404);
    expect((await demo.get(`/api/cinder/volumesnapshots/${snapshotId}/metadata`)).status).toBe(404);
    const patched = await demo.request('PATCH', `/api/cinder/volumes/${theirs.id}/metadata`, { updated: { a: 'b' }, removed: [] });
    expect(patched.status).toBe(404);
    expect((await demo.get('/api/cinder/volumes/')).body.items.map((item: { id: string }) => item.id)).not.toContain(theirs.id);
    expect((await demo.get('/api/cinder/volumesnapshots/')).body.items.map((item: { id: string }) => item.id)).not.toContain(snapshotId);
    for (const path of ['/api/cinder/volumes/?all_projects=true', '/api/cinder/volumes/?all_tenants=1', '/api/cinder/volumesnapshots/?all_projects=true']) {
      const refused = await demo.get(path);
      expect(refused.status).toBe(403);
      expect(refused.body).toBe("Policy doesn't allow admin_api to be performed.");
    }
  });

  it('reads all_projects=false from a member as its own project', async () => {
    const mine = await availableVolume(demo);
    const response = await demo.get('/api/cinder/volumes/?all_projects=false');
    expect(response.status).toBe(200);
    expect(response.body.items.map((item: { id: string }) => item.id)).toContain(mine.id);
  });

  it('lets admin list every project with all_projects', async () => {
    const mine = await availableVolume(demo);
    const items = (await admin.get('/api/cinder/volumes/?all_projects=true')).body.items as { id: string; 'os-vol-tenant-attr:tenant_id': string }[];
    expect(items.find((item) => item.id === mine.id)?.['os-vol-tenant-attr:tenant_id']).toBe(nativeDemo.projectId);
    expect((await admin.get('/api/cinder/volumes/')).body.items.map((item: { id: string }) => item.id)).not.toContain(mine.id);
  });

  it("pages every project's volumes for Admin > Volumes (all_projects with paginate), naming each volume's project", async () => {
    const mine = await availableVolume(demo);
    // Two pages need two volumes, whatever else the cloud holds (the real cloud may have none besides these).
    await availableVolume(demo);
    const first = (await admin.get('/api/cinder/volumes/?all_projects=true&paginate=true&limit=1')).body;
    expect(first.items).toHaveLength(1);
    expect(first.has_prev_data).toBe(false);
    expect(first.items[0].tenant_name).toEqual(expect.any(String));
    const second = (await admin.get(`/api/cinder/volumes/?all_projects=true&paginate=true&limit=1&marker=${first.items[0].id}`)).body;
    expect(second.has_prev_data).toBe(true);
    expect(second.items[0].id).not.toBe(first.items[0].id);
    // Newest first: the volume demo just made is on an early page (other files make volumes meanwhile), named by its project.
    const early = (await admin.get('/api/cinder/volumes/?all_projects=true&paginate=true&limit=50')).body.items as { id: string; tenant_name: string }[];
    expect(early.find((item) => item.id === mine.id)?.tenant_name).toBe('demo');
    expect((await demo.get('/api/cinder/volumes/?all_projects=true&paginate=true&limit=1')).status).toBe(403);
  });
});

describe('metadata', () => {
  it('reads and edits volume metadata with {updated, removed}', async () => {
    const volume = await availableVolume(demo, { metadata: { keep: 'yes', drop: 'me' } });
    const patched = await demo.request('PATCH', `/api/cinder/volumes/${volume.id}/metadata`, { updated: { added: 'new', keep: 'changed' }, removed: ['drop'] });
    expect(patched.status).toBe(204);
    expect((await demo.get(`/api/cinder/volumes/${volume.id}/metadata`)).body).toEqual({ keep: 'changed', added: 'new' });
  });

  it('reads and edits snapshot metadata', async () => {
    const volume = await availableVolume(demo);
    const snapshotId = await nativeDemo.createSnapshot(volume.id, uniqueName('api-snap-meta'));
    demoSnapshots.push(snapshotId);
    expect((await demo.request('PATCH', `/api/cinder/volumesnapshots/${snapshotId}/metadata`, { updated: { a: '1', b: '2' }, removed: [] })).status).toBe(204);
    expect((await demo.request('PATCH', `/api/cinder/volumesnapshots/${snapshotId}/metadata`, { updated: {}, removed: ['a'] })).status).toBe(204);
    expect((await demo.get(`/api/cinder/volumesnapshots/${snapshotId}/metadata`)).body).toEqual({ b: '2' });
    const listed = (await demo.get('/api/cinder/volumesnapshots/?status=available')).body.items.find((item: { id: string }) => item.id === snapshotId);
    expect(listed).toMatchObject({
      volume_id: volume.id,
      status: 'available',
      'os-extended-snapshot-attributes:project_id': nativeDemo.projectId,
      metadata: { b: '2' },
    });
  });

  it('refuses a metadata body without removed', async () => {
    const volume = await availableVolume(demo);
    const response = await demo.request('PATCH', `/api/cinder/volumes/${volume.id}/metadata`, { updated: {} });
    expect(response.status).toBe(400);
    expect(response.body).toBe("body must have required property 'removed'");
  });
});

/**
 * The limits and over-quota tests work in a project of their own: other api
 * files make and delete volumes in demo's project meanwhile (the layer shares
 * one cloud), which would move demo's counts, and a lowered demo quota would
 * refuse their volumes.
 */
let quota: { member: ProjectMember; client: ApiClient; volumes: string[] };
const limits = async () => (await quota.client.get('/api/cinder/tenantabsolutelimits/')).body as Record<string, number>;
const setQuota = (values: Record<string, number>) => admin.request('PATCH', `/api/cinder/quota-sets/${quota.member.projectId}`, values);
async function createQuotaVolume(size: number) {
  const response = await quota.client.post('/api/cinder/volumes/', { ...EMPTY, size, name: uniqueName('api-quota') });
  if (response.status === 201) quota.volumes.push(response.body.id);
  return response;
}

describe('limits and quotas of a project', () => {
  beforeAll(async () => {
    const member = await createProjectMember(cloud.baseUrl, cloud.passwords.admin, 'api-cinder-quota');
    quota = { member, client: await memberClient(cloud, member), volumes: [] };
  });
  afterAll(async () => {
    if (!quota) return;
    for (const id of quota.volumes) {
      const volume = `/api/cinder/volumes/${id}/`;
      await waitUntil(() => quota.client.get(volume), (response) => response.status === 404 || !['creating', 'deleting'].includes(response.body.status), { what: `volume ${id} settled` });
      await quota.client.delete(volume);
      await waitUntil(() => quota.client.get(volume), (response) => response.status === 404, { what: `volume ${id} deleted` });
    }
    await quota.member.remove();
  }, 120_000);

  it('reports the maxima and what the project uses, and counts a new volume', async () => {
    const before = await limits();
    for (const key of [
      'maxTotalVolumes',
      'maxTotalSnapshots',
      'maxTotalVolumeGigabytes',
      'maxTotalBackups',
      'maxTotalBackupGigabytes',
      'totalVolumesUsed',
      'totalSnapshotsUsed',
      'totalGigabytesUsed',
    ]) {
      expect(typeof before[key]).toBe('number');
    }
    const response = await createQuotaVolume(2);
    expect(response.status).toBe(201);
    await waitUntil(() => quota.client.get(`/api/cinder/volumes/${response.body.id}/`), (volume) => volume.body.status !== 'creating', { what: 'the volume created' });
    const after = await limits();
    expect(after.totalVolumesUsed).toBe(before.totalVolumesUsed + 1);
    expect(after.totalGigabytesUsed).toBe(before.totalGigabytesUsed + 2);
  });

  it('turns an unlimited quota into Infinity (1e+999)', async () => {
    expect((await setQuota({ gigabytes: -1 })).status).toBe(204);
    expect((await limits()).maxTotalVolumeGigabytes).toBe(Infinity);
  });

  it('refuses a volume past the gigabytes quota with Cinder’s 413 and its message', async () => {
    const used = (await limits()).totalGigabytesUsed;
    expect((await setQuota({ gigabytes: used + 1 })).status).toBe(204);
    expect(await limits()).toMatchObject({ maxTotalVolumeGigabytes: used + 1, totalGigabytesUsed: used });
    const response = await createQuotaVolume(2);
    expect(response.status).toBe(413);
    expect(response.body).toBe(
      `VolumeSizeExceedsAvailableQuota: Requested volume or snapshot exceeds allowed gigabytes quota. Requested 2G, quota is ${used + 1}G and ${used}G has been consumed.`,
    );
    await setQuota({ gigabytes: -1 });
  });

  it('refuses a volume past the volumes quota', async () => {
    const used = (await limits()).totalVolumesUsed;
    await setQuota({ volumes: used });
    expect((await limits()).maxTotalVolumes).toBe(used);
    const response = await createQuotaVolume(1);
    expect(response.status).toBe(413);
    expect(response.body).toBe(`VolumeLimitExceeded: Maximum number of volumes allowed (${used}) exceeded for quota 'volumes'.`);
    await setQuota({ volumes: -1 });
  });
});

describe('quota sets', () => {
  it('lists the default quotas with their display names', async () => {
    const response = await demo.get('/api/cinder/quota-sets/defaults/');
    expect(response.status).toBe(200);
    const byName = Object.fromEntries((response.body.items as { name: string; display_name: string; limit: number }[]).map((item) => [item.name, item]));
    expect(byName.volumes).toMatchObject({ display_name: 'Volumes', limit: expect.any(Number) });
    expect(byName.snapshots.display_name).toBe('Volume Snapshots');
    expect(byName.gigabytes.display_name).toBe('Total Size of Volumes and Snapshots (GB)');
    expect(byName.per_volume_gigabytes.display_name).toBe('Per Volume Gigabytes');
  });

  it('sets the defaults as admin, needing volumes, snapshots and gigabytes', async () => {
    const items = (await admin.get('/api/cinder/quota-sets/defaults/')).body.items as { name: string; limit: number }[];
    const current = Object.fromEntries(
      items.filter((item) => ['volumes', 'snapshots', 'gigabytes'].includes(item.name)).map((item) => [item.name, item.limit]),
    );
    const missing = await admin.request('PATCH', '/api/cinder/quota-sets/defaults/', { volumes: current.volumes, snapshots: current.snapshots });
    expect(missing.status).toBe(400);
    expect(missing.body).toBe("body must have required property 'gigabytes'");
    expect((await admin.request('PATCH', '/api/cinder/quota-sets/defaults/', current)).status).toBe(204);
  });

  it('refuses quota changes to a member', async () => {
    const project = await demo.request('PATCH', `/api/cinder/quota-sets/${demoProjectId}`, { volumes: 100 });
    expect(project.status).toBe(403);
    expect(project.body).toBe("Policy doesn't allow volume_extension:quotas:update to be performed.");
    const defaults = await demo.request('PATCH', '/api/cinder/quota-sets/defaults/', { volumes: 10, snapshots: 10, gigabytes: 1000 });
    expect(defaults.status).toBe(403);
  });

  it('names a quota value that is not an integer', async () => {
    const response = await admin.request('PATCH', `/api/cinder/quota-sets/${demoProjectId}`, { volumes: 'many' });
    expect(response.status).toBe(400);
    expect(response.body).toBe('body/volumes must be integer');
  });
});

describe('volume types', () => {
  it('lists the types and reads the default one', async () => {
    const items = (await demo.get('/api/cinder/volumetypes/')).body.items as { id: string; name: string }[];
    expect(items.length).toBeGreaterThan(0);
    expect(Object.keys(items[0])).toEqual(
      expect.arrayContaining(['id', 'name', 'description', 'extra_specs', 'created_at', 'encryption', 'associated_qos_spec']),
    );
    const byDefault = await demo.get('/api/cinder/volumetypes/default/');
    expect(byDefault.status).toBe(200);
    expect(items.map((type) => type.id)).toContain(byDefault.body.id);
    expect((await demo.get(`/api/cinder/volumetypes/${byDefault.body.id}`)).body.name).toBe(byDefault.body.name);
  });

  it('edits a type’s extra specs as admin and refuses a member', async () => {
    const created = await nativeAdmin.call('POST', '/types', { volume_type: { name: uniqueName('api-type') } });
    expect(created.status).toBe(200);
    const id = created.body.volume_type.id;
    try {
      expect((await admin.request('PATCH', `/api/cinder/volumetypes/${id}/metadata`, { updated: { tier: 'gold', zone: 'a' }, removed: [] })).status).toBe(204);
      expect((await admin.request('PATCH', `/api/cinder/volumetypes/${id}/metadata`, { updated: {}, removed: ['zone'] })).status).toBe(204);
      expect((await admin.get(`/api/cinder/volumetypes/${id}/metadata`)).body).toEqual({ tier: 'gold' });
      const refused = await demo.request('PATCH', `/api/cinder/volumetypes/${id}/metadata`, { updated: { a: 'b' }, removed: [] });
      expect(refused.status).toBe(403);
    } finally {
      await nativeAdmin.call('DELETE', `/types/${id}`);
    }
  });
});

describe('service information', () => {
  it('lists the extensions, Services among them, and the availability zones', async () => {
    const extensions = (await demo.get('/api/cinder/extensions/')).body.items as { name: string; alias: string }[];
    expect(extensions.map((extension) => extension.name)).toContain('Services');
    expect(Object.keys(extensions[0]).sort()).toEqual(['alias', 'description', 'links', 'name', 'updated']);
    const zones = (await demo.get('/api/cinder/availzones/')).body.items;
    expect(zones[0]).toEqual({ zoneName: expect.any(String), zoneState: { available: true } });
    expect((await demo.get('/api/cinder/availzones/?detailed=true')).body.items).toEqual(zones);
  });

  it('lists the volume services to an admin with synthetic ids, and refuses a member', async () => {
    const items = (await admin.get('/api/cinder/services/')).body.items as { binary: string; id: number; state: string }[];
    expect(items.map((item) => item.binary)).toContain('cinder-volume');
    expect(items.map((item) => item.id)).toEqual(items.map((_item, index) => index + 1));
    const refused = await demo.get('/api/cinder/services/');
    expect(refused.status).toBe(403);
    expect(refused.body).toBe("Policy doesn't allow volume_extension:services:index to be performed.");
  });

  it('lists QoS specs to an admin and refuses a member', async () => {
    const response = await admin.get('/api/cinder/qosspecs/');
    expect(response.status).toBe(200);
    expect(Array.isArray(response.body.items)).toBe(true);
    expect((await demo.get('/api/cinder/qosspecs/')).status).toBe(403);
  });
});
