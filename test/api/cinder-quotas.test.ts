import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client.js';
import { startTestCloud, type TestCloud, uniqueName } from '../support/cloud.js';
import { NativeCinder } from './cinder-native.js';

/**
 * Limits, quotas, volume types and the service information of /api/cinder/,
 * against the emulator or the real cloud. Quotas changed here are put back.
 */

let cloud: TestCloud;
let demo: ApiClient;
let admin: ApiClient;
let nativeDemo: NativeCinder;
let nativeAdmin: NativeCinder;
let demoProjectId: string;
let originalQuotas: Record<string, number>;
const volumes: string[] = [];

const EMPTY = {
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
afterAll(async () => {
  if (originalQuotas) await admin.request('PATCH', `/api/cinder/quota-sets/${demoProjectId}`, originalQuotas);
  await nativeDemo?.cleanUp([], volumes);
  await cloud.close();
});

const limits = async (client: ApiClient = demo) => (await client.get('/api/cinder/tenantabsolutelimits/')).body as Record<string, number>;
const setDemoQuota = (values: Record<string, number>) => admin.request('PATCH', `/api/cinder/quota-sets/${demoProjectId}`, values);

describe('limits', () => {
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
    const response = await demo.post('/api/cinder/volumes/', { ...EMPTY, size: 2, name: uniqueName('api-quota') });
    expect(response.status).toBe(201);
    volumes.push(response.body.id);
    await nativeDemo.volumeAvailable(response.body.id);
    const after = await limits();
    expect(after.totalVolumesUsed).toBe(before.totalVolumesUsed + 1);
    expect(after.totalGigabytesUsed).toBe(before.totalGigabytesUsed + 2);
  });

  it('turns an unlimited quota into Infinity (1e+999)', async () => {
    expect((await setDemoQuota({ gigabytes: -1 })).status).toBe(204);
    expect((await limits()).maxTotalVolumeGigabytes).toBe(Infinity);
    await setDemoQuota({ gigabytes: originalQuotas.gigabytes });
  });
});

describe('over quota', () => {
  it('refuses a volume past the gigabytes quota with Cinder’s 413 and its message', async () => {
    const used = (await limits()).totalGigabytesUsed;
    expect((await setDemoQuota({ gigabytes: used + 1 })).status).toBe(204);
    expect(await limits()).toMatchObject({ maxTotalVolumeGigabytes: used + 1, totalGigabytesUsed: used });
    const response = await demo.post('/api/cinder/volumes/', { ...EMPTY, size: 2, name: uniqueName('api-over') });
    if (response.status === 201) volumes.push(response.body.id);
    expect(response.status).toBe(413);
    expect(response.body).toBe(
      `VolumeSizeExceedsAvailableQuota: Requested volume or snapshot exceeds allowed gigabytes quota. Requested 2G, quota is ${used + 1}G and ${used}G has been consumed.`,
    );
    await setDemoQuota({ gigabytes: originalQuotas.gigabytes });
  });

  it('refuses a volume past the volumes quota', async () => {
    const used = (await limits()).totalVolumesUsed;
    await setDemoQuota({ volumes: used });
    expect((await limits()).maxTotalVolumes).toBe(used);
    const response = await demo.post('/api/cinder/volumes/', { ...EMPTY, size: 1, name: uniqueName('api-over') });
    if (response.status === 201) volumes.push(response.body.id);
    expect(response.status).toBe(413);
    expect(response.body).toBe(`VolumeLimitExceeded: Maximum number of volumes allowed (${used}) exceeded for quota 'volumes'.`);
    await setDemoQuota({ volumes: originalQuotas.volumes });
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
