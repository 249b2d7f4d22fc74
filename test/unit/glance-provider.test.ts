import { describe, expect, it, vi } from 'vitest';
import { createGlanceProvider, customProperties, imageFormats, imageType, propertyChanges, visibilityText } from '../../dataProviders/glance';
import type { HttpClient } from '../../src/backend/http';
import { uploadPercent } from '../../dataProviders/upload';

/** An HttpClient answering by method and path; every call is recorded. */
function fakeHttp(answer: (method: string, path: string, body?: unknown) => unknown) {
  const calls: [string, string, unknown?][] = [];
  const verb = (method: string) =>
    vi.fn(async (path: string, bodyOrOptions?: unknown) => {
      calls.push([method, path, bodyOrOptions]);
      return answer(method, path, bodyOrOptions);
    });
  const http = { get: verb('get'), post: verb('post'), put: verb('put'), patch: verb('patch'), delete: verb('delete') } as unknown as HttpClient;
  return { http, calls };
}

describe('image texts (spec 2 §3, §4)', () => {
  it("reads visibility as Public, Private, 'Shared With Project' or Community for the project's own images", () => {
    expect(visibilityText({ id: '1', owner: 'p', visibility: 'public' }, 'p')).toBe('Public');
    expect(visibilityText({ id: '1', owner: 'p', visibility: 'private' }, 'p')).toBe('Private');
    expect(visibilityText({ id: '1', owner: 'p', visibility: 'shared' }, 'p')).toBe('Shared With Project');
    expect(visibilityText({ id: '1', owner: 'p', visibility: 'community' }, 'p')).toBe('Community');
  });

  it("reads another project's non-public, non-community image as 'Image from Other Project - Non-Public'", () => {
    expect(visibilityText({ id: '1', owner: 'other', visibility: 'shared' }, 'p')).toBe('Image from Other Project - Non-Public');
    expect(visibilityText({ id: '1', owner: 'other', visibility: 'private' }, 'p')).toBe('Image from Other Project - Non-Public');
    expect(visibilityText({ id: '1', owner: 'other', visibility: 'community' }, 'p')).toBe('Community');
  });

  it("falls back to is_public without a visibility, and reads anything else as 'Unknown'", () => {
    expect(visibilityText({ id: '1', owner: 'p', is_public: true }, 'p')).toBe('Public');
    expect(visibilityText({ id: '1', owner: 'p', is_public: false }, 'p')).toBe('Private');
    expect(visibilityText({ id: '1', owner: 'p' }, 'p')).toBe('Unknown');
    expect(visibilityText({ id: '1', owner: 'p', visibility: 'odd' as never }, 'p')).toBe('Unknown');
  });

  it('calls an image a Snapshot when image_type is snapshot or a block device mapping exists', () => {
    expect(imageType({ id: '1', properties: { image_type: 'snapshot' } })).toBe('Snapshot');
    expect(imageType({ id: '1', properties: { block_device_mapping: '[{"boot_index": 0}]' } })).toBe('Snapshot');
    expect(imageType({ id: '1', properties: { image_type: 'image' } })).toBe('Image');
    expect(imageType({ id: '1' })).toBe('Image');
  });
});

describe('image formats (spec 2 §4)', () => {
  it('sets the container format from the chosen format', () => {
    expect(imageFormats('qcow2')).toEqual({ disk_format: 'qcow2', container_format: 'bare' });
    for (const code of ['aki', 'ami', 'ari']) expect(imageFormats(code)).toEqual({ disk_format: code, container_format: code });
    expect(imageFormats('docker')).toEqual({ disk_format: 'raw', container_format: 'docker' });
    expect(imageFormats('vhd')).toEqual({ disk_format: 'vhd', container_format: 'ovf' });
    expect(imageFormats('ova')).toEqual({ disk_format: 'vmdk', container_format: 'ova' });
  });
});

describe('upload progress (spec 2 §4)', () => {
  it('rounds to a whole percent from 0 to 100', () => {
    expect(uploadPercent(0, 1000)).toBe(0);
    expect(uploadPercent(333, 1000)).toBe(33);
    expect(uploadPercent(335, 1000)).toBe(34);
    expect(uploadPercent(1000, 1000)).toBe(100);
    expect(uploadPercent(10, 0)).toBe(0);
  });
});

describe('image properties', () => {
  it("leaves Glance's own attributes out of the editable metadata", () => {
    expect(customProperties({ self: '/v2/images/1', file: '/f', schema: '/s', stores: 'file', os_hidden: false, hw_rng_model: 'virtio' })).toEqual({ hw_rng_model: 'virtio' });
  });

  it('removes what the tree no longer has, ignoring case, and keeps the hashes and the form fields', () => {
    const current = { HW_RNG_MODEL: 'virtio', gone: 'x', os_hash_algo: 'sha512', description: 'd', self: '/v2/images/1' };
    expect(propertyChanges(current, { hw_rng_model: 'virtio' })).toEqual({ updated: { hw_rng_model: 'virtio' }, removed: ['gone'] });
  });
});

describe('glance data provider (spec 2 §7.1, api-contract §4)', () => {
  const session = { project_id: 'p1', project_name: 'demo' };

  it('lists images with the server facets as query parameters and derives type, visibility text and owner name', async () => {
    const { http, calls } = fakeHttp((_method, path) => {
      if (path === '/api/glance/images/') return { items: [{ id: 'i1', name: 'cirros', owner: 'p1', visibility: 'shared', status: 'active', properties: {} }] };
      if (path === '/api/keystone/user-session/') return session;
      if (path === '/api/keystone/projects/') return { items: [] };
      throw new Error(path);
    });
    const { data } = await createGlanceProvider(http).getList('image', { filter: { status: 'active', name: 'cir' } });
    expect(calls.find(([, path]) => path === '/api/glance/images/')?.[2]).toMatchObject({ query: { status: 'active', name: 'cir' } });
    expect(data).toEqual([expect.objectContaining({ id: 'i1', type: 'Image', visibility_text: 'Shared With Project', owner_name: 'demo' })]);
  });

  it("names owners from the member's own projects (?user_id=), and from every project for an admin", async () => {
    const answer = (who: Record<string, unknown>) =>
      fakeHttp((_method, path) => {
        if (path === '/api/glance/images/') return { items: [] };
        if (path === '/api/keystone/user-session/') return { ...session, ...who };
        if (path === '/api/keystone/projects/') return { items: [] };
        throw new Error(path);
      });
    const member = answer({ id: 'u-demo', is_superuser: false });
    await createGlanceProvider(member.http).getList('image', {});
    expect(member.calls.find(([, path]) => path === '/api/keystone/projects/')?.[2]).toMatchObject({ query: { user_id: 'u-demo' } });
    const admin = answer({ id: 'u-admin', is_superuser: true });
    await createGlanceProvider(admin.http).getList('image', {});
    expect(admin.calls.find(([, path]) => path === '/api/keystone/projects/')?.[2]).toMatchObject({ query: undefined });
  });

  it('creates from a URL with PUT images/ and the derived container format', async () => {
    const { http, calls } = fakeHttp((method, path) => {
      if (method === 'put') return { id: 'i2', name: 'web', owner: 'p1', visibility: 'private', status: 'queued' };
      if (path === '/api/keystone/user-session/') return session;
      return { items: [] };
    });
    await createGlanceProvider(http).create('image', { data: { name: 'web', source_type: 'url', image_url: 'http://x/y.img', disk_format: 'ami', visibility: 'private' } });
    expect(calls.find(([method]) => method === 'put')).toEqual([
      'put',
      '/api/glance/images/',
      { name: 'web', visibility: 'private', disk_format: 'ami', container_format: 'ami', source_type: 'url', image_url: 'http://x/y.img' },
    ]);
  });

  it("answers the forms' features from the settings and the image policy", async () => {
    const { http } = fakeHttp((method, path, body) => {
      if (path === '/api/settings/') return { OPENSTACK_IMAGE_FORMATS: ['qcow2', 'raw'], HORIZON_IMAGES_UPLOAD_MODE: 'off', IMAGES_ALLOW_LOCATION: true };
      if (path === '/api/policy/') return { allowed: JSON.stringify(body).includes('communitize_image') };
      throw new Error(`${method} ${path}`);
    });
    const glance = createGlanceProvider(http) as unknown as { supports(resource: string, params: { feature: string }): Promise<{ data: boolean }> };
    const supports = async (feature: string) => (await glance.supports('image', { feature })).data;
    expect(await supports('format:qcow2')).toBe(true);
    expect(await supports('format:vmdk')).toBe(false);
    expect(await supports('upload:file')).toBe(false);
    expect(await supports('upload:url')).toBe(true);
    expect(await supports('policy:communitize_image')).toBe(true);
    expect(await supports('policy:publicize_image')).toBe(false);
  });

  it('saves metadata with one PATCH of images/{id}/properties/', async () => {
    const { http, calls } = fakeHttp(() => undefined);
    const glance = createGlanceProvider(http) as unknown as { updateMetadata(resource: string, params: { id: string; data: unknown }): Promise<unknown> };
    await glance.updateMetadata('image', { id: 'i 1', data: { updated: { a: '1' }, removed: ['b'] } });
    expect(calls).toEqual([['patch', '/api/glance/images/i%201/properties/', { updated: { a: '1' }, removed: ['b'] }]]);
  });
});
