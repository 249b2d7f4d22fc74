import { describe, expect, it } from 'vitest';
import { ApiError } from '../../server/errors.js';
import { nativeCreateBody } from '../../server/api/nova/server-spec.js';

/** The launch wizard's final spec (spec 2 §7.9) as the server sends it to Nova (api-contract §6.1). */
const spec = (change: Record<string, unknown> = {}) => ({
  name: '  web  ',
  source_id: 'image-1',
  flavor_id: 'flavor-1',
  key_name: 'key',
  user_data: '#!/bin/sh\necho hi',
  security_groups: ['sg-1', 'sg-1', 'sg-2'],
  nics: [{ 'net-id': 'net-1', 'v4-fixed-ip': '' }, { 'port-id': 'port-1' }],
  ...change,
});

function refusal(body: unknown): string {
  try {
    nativeCreateBody(body);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    return (error as ApiError).message;
  }
  throw new Error('accepted');
}

describe('the Nova create body from the final spec', () => {
  it('maps name (trimmed), image, flavor, key, base64 user data, groups by name once, and nics to networks', () => {
    expect(nativeCreateBody(spec())).toEqual({
      server: {
        name: 'web',
        imageRef: 'image-1',
        flavorRef: 'flavor-1',
        key_name: 'key',
        user_data: Buffer.from('#!/bin/sh\necho hi').toString('base64'),
        security_groups: [{ name: 'sg-1' }, { name: 'sg-2' }],
        networks: [{ uuid: 'net-1' }, { port: 'port-1' }],
      },
    });
  });

  it('turns the whole nics value into "auto" when any net-id is __auto_allocate__, and sends "auto" without nics', () => {
    expect(nativeCreateBody(spec({ nics: [{ 'net-id': 'net-1' }, { 'net-id': '__auto_allocate__' }] })).server.networks).toBe('auto');
    expect(nativeCreateBody(spec({ nics: undefined })).server.networks).toBe('auto');
  });

  it('passes a boot volume mapping through, with an empty image ref for a volume source and none for a null source', () => {
    const bdm = [{ source_type: 'volume', destination_type: 'volume', delete_on_termination: false, uuid: 'vol-1', boot_index: '0' }];
    const server = nativeCreateBody(spec({ source_id: '', block_device_mapping_v2: bdm })).server;
    expect(server.block_device_mapping_v2).toEqual(bdm);
    expect(server.imageRef).toBe('');
    expect(nativeCreateBody(spec({ source_id: null })).server.imageRef).toBe('');
  });

  it('maps the optional fields: count, zone, admin password, disk config, config drive, description, metadata and the group hint', () => {
    const native = nativeCreateBody(
      spec({ instance_count: 3, availability_zone: 'nova', admin_pass: 'pw', disk_config: 'AUTO', config_drive: true, description: 'd', meta: { a: 1 }, scheduler_hints: { group: 'g-1' }, key_name: null, user_data: null }),
    );
    expect(native).toEqual({
      server: expect.objectContaining({ min_count: 3, max_count: 3, availability_zone: 'nova', adminPass: 'pw', 'OS-DCF:diskConfig': 'AUTO', config_drive: true, description: 'd', metadata: { a: '1' } }),
      'os:scheduler_hints': { group: 'g-1' },
    });
    expect(native.server).not.toHaveProperty('key_name');
    expect(native.server).not.toHaveProperty('user_data');
  });

  for (const field of ['name', 'source_id', 'flavor_id', 'key_name', 'user_data', 'security_groups']) {
    it(`refuses a spec without ${field}`, () => {
      const body: Record<string, unknown> = spec();
      delete body[field];
      expect(refusal(body)).toBe(`missing required parameter '${field}'`);
    });
  }

  it('ignores keys of the wizard model Nova has no use for, as Horizon does', () => {
    expect(nativeCreateBody(spec({ source_type: 'image', vol_size: 1 }))).toEqual(nativeCreateBody(spec()));
  });

  it('refuses a script over 16 KiB, an instance count under 1, an unknown disk config and bad nics, naming each', () => {
    expect(refusal(spec({ user_data: 'é'.repeat(8193) }))).toContain("'user_data'");
    expect(nativeCreateBody(spec({ user_data: 'x'.repeat(16384) })).server.user_data).toBeDefined();
    expect(refusal(spec({ instance_count: 0 }))).toContain("'instance_count'");
    expect(refusal(spec({ disk_config: 'FAST' }))).toContain("'disk_config'");
    expect(refusal(spec({ nics: [{}] }))).toContain("'nics'");
    expect(refusal(spec({ name: '   ' }))).toContain("'name'");
    expect(refusal(spec({ security_groups: 'default' }))).toContain("'security_groups'");
  });
});
