import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type TestEmulator, userWithRole } from '../../support/emulator.js';
import { call, copiesDone, type Persona, persona, servicesWith, TRANSITION_MS } from './support.js';

let cloud: TestEmulator;
let admin: Persona;
let member: Persona;

beforeAll(async () => {
  cloud = await startEmulator({ services: servicesWith() });
  admin = await persona(cloud, 'admin');
  // A project of its own, so the counts start at zero (demo holds the seeded volume).
  const other = await userWithRole(cloud, { user: 'quota-user', project: 'quota-project', role: 'member' });
  member = { token: other.token, projectId: other.projectId, userId: other.userId, base: `/cloud/volume/v3/${other.projectId}` };
});
afterAll(async () => {
  await cloud.close();
});

const limits = async (who: Persona) => (await call(cloud, who, 'GET', '/limits')).json().limits.absolute;
const setQuota = (values: Record<string, unknown>) => call(cloud, admin, 'PUT', `/os-quota-sets/${member.projectId}`, { quota_set: values });

describe('limits and quotas', () => {
  it('reports the defaults and what volumes and snapshots use, snapshots counting in gigabytes', async () => {
    expect(await limits(member)).toEqual({
      maxTotalVolumes: 10,
      maxTotalSnapshots: 10,
      maxTotalVolumeGigabytes: 1000,
      maxTotalBackups: 10,
      maxTotalBackupGigabytes: 1000,
      totalVolumesUsed: 0,
      totalGigabytesUsed: 0,
      totalSnapshotsUsed: 0,
      totalBackupsUsed: 0,
      totalBackupGigabytesUsed: 0,
    });
    const volume = (await call(cloud, member, 'POST', '/volumes', { volume: { size: 3 } })).json().volume;
    cloud.clock.advance(TRANSITION_MS / 1000);
    await call(cloud, member, 'POST', '/snapshots', { snapshot: { volume_id: volume.id } });
    await copiesDone(cloud);
    cloud.clock.advance(TRANSITION_MS / 1000);
    expect(await limits(member)).toMatchObject({ totalVolumesUsed: 1, totalGigabytesUsed: 6, totalSnapshotsUsed: 1 });
  });

  it('refuses a volume over the gigabytes quota with Cinder’s 413', async () => {
    expect((await setQuota({ gigabytes: 8 })).statusCode).toBe(200);
    const response = await call(cloud, member, 'POST', '/volumes', { volume: { size: 3 } });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      overLimit: {
        code: 413,
        message:
          'VolumeSizeExceedsAvailableQuota: Requested volume or snapshot exceeds allowed gigabytes quota. Requested 3G, quota is 8G and 6G has been consumed.',
        retryAfter: '0',
      },
    });
    expect(await limits(member)).toMatchObject({ maxTotalVolumeGigabytes: 8, totalGigabytesUsed: 6, totalVolumesUsed: 1 });
  });

  it('refuses a volume over the volumes quota and a snapshot over the snapshots quota', async () => {
    await setQuota({ gigabytes: 1000, volumes: 1, snapshots: 1 });
    const volume = await call(cloud, member, 'POST', '/volumes', { volume: { size: 1 } });
    expect(volume.json().overLimit.message).toBe("VolumeLimitExceeded: Maximum number of volumes allowed (1) exceeded for quota 'volumes'.");
    const existing = (await call(cloud, member, 'GET', '/volumes/detail')).json().volumes[0];
    const snapshot = await call(cloud, member, 'POST', '/snapshots', { snapshot: { volume_id: existing.id } });
    expect(snapshot.statusCode).toBe(413);
    expect(snapshot.json().overLimit.message).toBe('SnapshotLimitExceeded: Maximum number of snapshots allowed (1) exceeded');
  });

  it('refuses an extend over the gigabytes quota', async () => {
    await setQuota({ gigabytes: 7, volumes: 10, snapshots: 10 });
    const existing = (await call(cloud, member, 'GET', '/volumes/detail')).json().volumes[0];
    const response = await call(cloud, member, 'POST', `/volumes/${existing.id}/action`, { 'os-extend': { new_size: 5 } });
    expect(response.statusCode).toBe(413);
    expect(response.json().overLimit.message).toMatch(/^VolumeSizeExceedsAvailableQuota: .* Requested 2G, quota is 7G and 6G has been consumed\.$/);
  });

  it('shows a project its quotas with usage, and refuses it another project’s', async () => {
    const own = (await call(cloud, member, 'GET', `/os-quota-sets/${member.projectId}?usage=true`)).json().quota_set;
    expect(own).toMatchObject({ id: member.projectId, volumes: { limit: 10, in_use: 1, reserved: 0 }, gigabytes: { limit: 7, in_use: 6, reserved: 0 } });
    expect(own).toHaveProperty('volumes___DEFAULT__');
    const other = await call(cloud, member, 'GET', `/os-quota-sets/${admin.projectId}`);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ forbidden: { code: 403, message: "Policy doesn't allow volume_extension:quotas:show to be performed." } });
  });

  it('lets only an admin set quotas, validating every value', async () => {
    const refused = await call(cloud, member, 'PUT', `/os-quota-sets/${member.projectId}`, { quota_set: { volumes: 5 } });
    expect(refused.json()).toEqual({ forbidden: { code: 403, message: "Policy doesn't allow volume_extension:quotas:update to be performed." } });
    expect((await setQuota({ volumes: 'x' })).json().badRequest.message).toBe('volumes must be an integer');
    expect((await setQuota({ volumes: -2 })).json().badRequest.message).toBe('volumes must be >= -1');
    expect((await setQuota({ bogus: 1 })).json().badRequest.message).toBe('Invalid input received: Bad key(s) in quota set: bogus');
    const updated = (await setQuota({ volumes: -1 })).json().quota_set;
    expect(updated).toMatchObject({ volumes: -1 });
    expect(updated).not.toHaveProperty('id');
  });

  it('puts a project back on the defaults when its quotas are deleted', async () => {
    await setQuota({ snapshots: 3 });
    expect((await call(cloud, admin, 'DELETE', `/os-quota-sets/${member.projectId}`)).statusCode).toBe(200);
    expect((await call(cloud, member, 'GET', `/os-quota-sets/${member.projectId}`)).json().quota_set).toMatchObject({ snapshots: 10, volumes: 10, gigabytes: 1000 });
    await setQuota({ gigabytes: 7 });
  });

  it('changes the defaults through the default quota class', async () => {
    const defaults = (await call(cloud, admin, 'GET', `/os-quota-sets/${admin.projectId}/defaults`)).json().quota_set;
    expect(defaults).toMatchObject({ volumes: 10, snapshots: 10, gigabytes: 1000, id: admin.projectId });
    const changed = await call(cloud, admin, 'PUT', '/os-quota-class-sets/default', { quota_class_set: { snapshots: 12 } });
    expect(changed.json().quota_class_set).toMatchObject({ snapshots: 12 });
    expect((await call(cloud, admin, 'GET', `/os-quota-sets/${admin.projectId}/defaults`)).json().quota_set.snapshots).toBe(12);
    expect((await call(cloud, member, 'PUT', '/os-quota-class-sets/default', { quota_class_set: { snapshots: 1 } })).statusCode).toBe(403);
    await call(cloud, admin, 'PUT', '/os-quota-class-sets/default', { quota_class_set: { snapshots: 10 } });
  });
});

describe('volume types', () => {
  it('has the default type and the seeded standard and fast, extra specs shown to an admin only', async () => {
    const asAdmin = (await call(cloud, admin, 'GET', '/types')).json().volume_types;
    expect(asAdmin.map((type: { name: string }) => type.name).sort()).toEqual(['__DEFAULT__', 'fast', 'standard']);
    expect(asAdmin.find((type: { name: string }) => type.name === 'standard').extra_specs).toEqual({ volume_backend_name: 'lvm' });
    const asMember = (await call(cloud, member, 'GET', '/types')).json().volume_types;
    expect(asMember.find((type: { name: string }) => type.name === 'fast').extra_specs).toEqual({ multiattach: '<is> False' });
    const byDefault = (await call(cloud, member, 'GET', '/types/default')).json().volume_type;
    expect(byDefault).toMatchObject({ name: '__DEFAULT__', description: 'Default Volume Type', is_public: true });
    expect((await call(cloud, member, 'GET', '/types/nope')).json()).toEqual({ itemNotFound: { code: 404, message: 'Volume type nope could not be found.' } });
  });

  it('lets an admin set and delete extra specs, and refuses a member', async () => {
    const type = (await call(cloud, admin, 'GET', '/types')).json().volume_types.find((t: { name: string }) => t.name === 'standard');
    expect((await call(cloud, admin, 'POST', `/types/${type.id}/extra_specs`, { extra_specs: { tier: 'gold' } })).json()).toEqual({
      extra_specs: { tier: 'gold' },
    });
    expect((await call(cloud, admin, 'GET', `/types/${type.id}/extra_specs`)).json().extra_specs).toEqual({ tier: 'gold', volume_backend_name: 'lvm' });
    expect((await call(cloud, admin, 'DELETE', `/types/${type.id}/extra_specs/tier`)).statusCode).toBe(202);
    const refused = await call(cloud, member, 'POST', `/types/${type.id}/extra_specs`, { extra_specs: { a: 'b' } });
    expect(refused.json()).toEqual({ forbidden: { code: 403, message: "Policy doesn't allow volume_extension:types_extra_specs:create to be performed." } });
  });
});

describe('zones, extensions, services and QoS specs', () => {
  it('lists the nova zone and the extensions, Services among them', async () => {
    expect((await call(cloud, member, 'GET', '/os-availability-zone')).json()).toEqual({
      availabilityZoneInfo: [{ zoneName: 'nova', zoneState: { available: true } }],
    });
    const extensions = (await call(cloud, member, 'GET', '/extensions')).json().extensions;
    expect(extensions.map((extension: { name: string }) => extension.name)).toContain('Services');
  });

  it('lists services and QoS specs to an admin only', async () => {
    const services = (await call(cloud, admin, 'GET', '/os-services')).json().services;
    expect(services.map((service: { binary: string }) => service.binary)).toEqual(['cinder-scheduler', 'cinder-volume', 'cinder-backup']);
    expect((await call(cloud, member, 'GET', '/os-services')).json().forbidden.message).toBe(
      "Policy doesn't allow volume_extension:services:index to be performed.",
    );
    const created = await call(cloud, admin, 'POST', '/qos-specs', { qos_specs: { name: 'gold', consumer: 'front-end', read_iops_sec: '2000' } });
    expect(created.json().qos_specs).toMatchObject({ name: 'gold', consumer: 'front-end', specs: { read_iops_sec: '2000' } });
    expect((await call(cloud, admin, 'GET', '/qos-specs')).json().qos_specs.map((spec: { name: string }) => spec.name)).toEqual(['gold']);
    expect((await call(cloud, member, 'GET', '/qos-specs')).statusCode).toBe(403);
    expect((await call(cloud, admin, 'DELETE', `/qos-specs/${created.json().qos_specs.id}`)).statusCode).toBe(202);
  });
});
