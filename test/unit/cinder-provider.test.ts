import { describe, expect, it, vi } from 'vitest';
import { createCinderProvider, snapshotRecord, volumeCreateBody, volumeRecord } from '../../dataProviders/cinder';
import type { HttpClient } from '../../src/backend/http';
import { resourceCall } from '../../src/backend/verbs';

function fakeHttp(answer: (verb: string, path: string) => unknown) {
  const calls: [string, string, unknown?][] = [];
  const verb = (name: string) =>
    vi.fn(async (path: string, body?: unknown) => {
      calls.push([name, path, body]);
      return answer(name, path);
    });
  const http = { get: verb('get'), post: verb('post'), put: verb('put'), patch: verb('patch'), delete: verb('delete') } as unknown as HttpClient;
  return { http, calls };
}

describe('cinder data provider (spec 2 §7.2, api-contract §5)', () => {
  it("reads Cinder's bootable string as a flag and names the attachments as 'instance on device'", () => {
    const volume = volumeRecord({ id: 'v1', name: 'v1', size: 1, status: 'in-use', bootable: 'true', attachments: [{ server_id: 's1', instance_name: 'web', device: '/dev/vdb' }] });
    expect(volume).toMatchObject({ bootable_flag: true, attached_to: 'web on /dev/vdb' });
    expect(volumeRecord({ id: 'v2', name: 'v2', size: 1, status: 'available', bootable: 'false' })).toMatchObject({ bootable_flag: false, attached_to: '' });
  });

  it('sends all nine create keys, only the chosen source id, and no volume type for a snapshot source', () => {
    expect(volumeCreateBody({ source_type: 'snapshot', snapshot_id: 's1', image_id: 'stale', volume_type: 'lvm', size: 2, name: 'n' })).toEqual({
      size: 2,
      name: 'n',
      description: '',
      volume_type: null,
      snapshot_id: 's1',
      image_id: null,
      source_volid: null,
      metadata: {},
      availability_zone: null,
    });
    expect(volumeCreateBody({ source_type: 'volume', source_volid: 'v9', volume_type: 'lvm', size: 1 })).toMatchObject({ source_volid: 'v9', volume_type: 'lvm', snapshot_id: null });
  });

  it('names each snapshot’s volume, falling back to the volume id', () => {
    const names = new Map([['v1', 'data']]);
    expect(snapshotRecord({ id: 's1', name: 'nightly', size: 1, status: 'available', volume_id: 'v1' }, names)).toMatchObject({ volume_name: 'data' });
    expect(snapshotRecord({ id: 's2', name: '', size: 1, status: 'available', volume_id: 'gone' }, names)).toMatchObject({ name: 's2', volume_name: 'gone' });
  });

  it('deletes volumes and snapshots at their slashed routes with the id encoded', async () => {
    const { http, calls } = fakeHttp(() => undefined);
    const cinder = createCinderProvider(http);
    await cinder.delete('volume', { id: 'a b' });
    await cinder.delete('volume-snapshot', { id: 's/1' });
    expect(calls).toEqual([
      ['delete', '/api/cinder/volumes/a%20b/', undefined],
      ['delete', '/api/cinder/volumesnapshots/s%2F1/', undefined],
    ]);
  });

  it('answers a 404 for a snapshot no longer listed, so polling drops the deleted row', async () => {
    const { http } = fakeHttp(() => ({ items: [] }));
    await expect(createCinderProvider(http).getOne('volume-snapshot', { id: 's1' })).rejects.toMatchObject({ status: 404 });
  });
});

describe('cinder data provider: edit and extend', () => {
  it('refuses an extend that is not larger with Horizon’s message, without calling the server', async () => {
    const { http, calls } = fakeHttp(() => ({}));
    await expect(resourceCall(createCinderProvider(http))('volume', { id: 'v1', name: 'extend', data: { new_size: 2, current_size: 2 } })).rejects.toMatchObject({
      message: 'New size must be greater than current size.',
      status: 400,
    });
    expect(calls).toEqual([]);
  });

  it('extends at /extend/ (the extend call) and edits with PATCH (update), then reads the volume again', async () => {
    const { http, calls } = fakeHttp(() => ({ id: 'v1', bootable: 'true' }));
    const cinder = createCinderProvider(http);
    await resourceCall(cinder)('volume', { id: 'v1', name: 'extend', data: { new_size: 3, current_size: 2 } });
    await cinder.update('volume', { id: 'v1', data: { name: 'n', description: 'd', bootable: true }, previousData: { id: 'v1' } });
    expect(calls).toEqual([
      ['post', '/api/cinder/volumes/v1/extend/', { new_size: 3 }],
      ['get', '/api/cinder/volumes/v1/', undefined],
      ['patch', '/api/cinder/volumes/v1/', { name: 'n', description: 'd', bootable: true }],
      ['get', '/api/cinder/volumes/v1/', undefined],
    ]);
  });
});

describe('cinder data provider: the volume quota (spec 2 §5)', () => {
  const limits = { maxTotalVolumeGigabytes: 10, totalGigabytesUsed: 8, maxTotalVolumes: 10, totalVolumesUsed: 3 };

  it('refuses a size that, with the gigabytes used, exceeds the maximum total volume gigabytes, without creating', async () => {
    const { http, calls } = fakeHttp(() => limits);
    await expect(createCinderProvider(http).create('volume', { data: { source_type: 'no_source', size: 3 } })).rejects.toMatchObject({
      status: 400,
      body: 'A volume of 3GiB cannot be created as you only have 2GiB of your quota available.',
    });
    expect(calls.map(([verb, path]) => [verb, path])).toEqual([['get', '/api/cinder/tenantabsolutelimits/']]);
  });

  it('flags the volume count when used equals the maximum', async () => {
    const { http } = fakeHttp(() => ({ ...limits, totalVolumesUsed: 10 }));
    await expect(createCinderProvider(http).create('volume', { data: { source_type: 'no_source', size: 1 } })).rejects.toMatchObject({
      body: 'You are already using all of your available volumes.',
    });
  });

  it('creates within the quota, and with unlimited (Infinity) quotas', async () => {
    const { http, calls } = fakeHttp((verb) => (verb === 'get' ? { ...limits, maxTotalVolumeGigabytes: Infinity } : { id: 'v1', bootable: 'false' }));
    await createCinderProvider(http).create('volume', { data: { source_type: 'image', image_id: 'img', size: 50 } });
    expect(calls[1]).toEqual(['post', '/api/cinder/volumes/', expect.objectContaining({ size: 50, image_id: 'img' })]);
  });
});
