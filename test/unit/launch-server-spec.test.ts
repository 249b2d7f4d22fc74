import { describe, expect, it } from 'vitest';
import { newInstanceSpec, type NewInstanceSpec } from '../../custom/launch/model';
import { buildServerSpec } from '../../custom/launch/server-spec';

const flavor = { id: 'f-small', name: 'm1.small', vcpus: 1, ram: 2048, disk: 20 };
const image = { id: 'img-1', name: 'cirros', size: 21430272, min_disk: 0 };

function spec(overrides: Partial<NewInstanceSpec> = {}): NewInstanceSpec {
  return newInstanceSpec({ name: 'web', flavor, source_type: 'image', source: [image], ...overrides });
}

const withNetwork = { networkEnabled: true };

describe('final server spec (spec 2 §7.9)', () => {
  it('boots from an image: source_id is the image, no block devices', () => {
    const body = buildServerSpec(spec({ networks: [{ id: 'net-1', name: 'private' }] }), withNetwork);
    expect(body).toEqual({
      name: 'web',
      source_id: 'img-1',
      flavor_id: 'f-small',
      key_name: null,
      user_data: null,
      security_groups: [],
      nics: [{ 'net-id': 'net-1', 'v4-fixed-ip': '' }],
      instance_count: 1,
      disk_config: 'AUTO',
      config_drive: false,
      scheduler_hints: {},
    });
  });

  it('boots from an image on a new volume: a BDM of source image with the size, source_id null', () => {
    const body = buildServerSpec(spec({ vol_create: true, vol_size: 25, vol_delete_on_instance_delete: true }), withNetwork);
    expect(body.source_id).toBeNull();
    expect(body.block_device_mapping_v2).toEqual([
      { source_type: 'image', destination_type: 'volume', delete_on_termination: true, uuid: 'img-1', boot_index: '0', volume_size: 25 },
    ]);
  });

  it('boots from an instance snapshot directly, or on a new volume like an image', () => {
    const snapshot = { id: 'snap-img', name: 'web-snap', size: 0, min_disk: 1 };
    expect(buildServerSpec(spec({ source_type: 'snapshot', source: [snapshot] }), withNetwork)).toMatchObject({ source_id: 'snap-img' });
    expect(buildServerSpec(spec({ source_type: 'snapshot', source: [snapshot] }), withNetwork).block_device_mapping_v2).toBeUndefined();
    const onVolume = buildServerSpec(spec({ source_type: 'snapshot', source: [snapshot], vol_create: true, vol_size: 3 }), withNetwork);
    expect(onVolume.source_id).toBeNull();
    expect(onVolume.block_device_mapping_v2).toEqual([
      { source_type: 'image', destination_type: 'volume', delete_on_termination: false, uuid: 'snap-img', boot_index: '0', volume_size: 3 },
    ]);
  });

  it('boots from a volume: a BDM of source volume without a size, source_id ""', () => {
    const body = buildServerSpec(spec({ source_type: 'volume', source: [{ id: 'vol-1', name: 'boot' }], vol_size: 40, vol_delete_on_instance_delete: true }), withNetwork);
    expect(body.source_id).toBe('');
    expect(body.block_device_mapping_v2).toEqual([
      { source_type: 'volume', destination_type: 'volume', delete_on_termination: true, uuid: 'vol-1', boot_index: '0' },
    ]);
  });

  it('boots from a volume snapshot: a BDM of source snapshot, source_id ""', () => {
    const body = buildServerSpec(spec({ source_type: 'volume_snapshot', source: [{ id: 'vs-1', name: 'nightly' }] }), withNetwork);
    expect(body.source_id).toBe('');
    expect(body.block_device_mapping_v2).toEqual([
      { source_type: 'snapshot', destination_type: 'volume', delete_on_termination: false, uuid: 'vs-1', boot_index: '0' },
    ]);
  });

  it('an unknown boot source type is an error', () => {
    expect(() => buildServerSpec(spec({ source_type: null }), withNetwork)).toThrow('Unknown boot source type');
  });

  it('networks then ports become nics', () => {
    const body = buildServerSpec(spec({ networks: [{ id: 'n1' }, { id: 'n2' }], ports: [{ id: 'p1' }] }), withNetwork);
    expect(body.nics).toEqual([{ 'net-id': 'n1', 'v4-fixed-ip': '' }, { 'net-id': 'n2', 'v4-fixed-ip': '' }, { 'port-id': 'p1' }]);
  });

  it('a port alone gives one port nic', () => {
    expect(buildServerSpec(spec({ ports: [{ id: 'p1' }] }), withNetwork).nics).toEqual([{ 'port-id': 'p1' }]);
  });

  it('the auto-allocated pseudo network is sent as its net-id', () => {
    const body = buildServerSpec(spec({ networks: [{ id: '__auto_allocate__', name: 'auto_allocated_network' }] }), withNetwork);
    expect(body.nics).toEqual([{ 'net-id': '__auto_allocate__', 'v4-fixed-ip': '' }]);
  });

  it('the picked key pair becomes key_name', () => {
    expect(buildServerSpec(spec({ key_pair: [{ id: 'mykey', name: 'mykey' }] }), withNetwork).key_name).toBe('mykey');
  });

  it('security groups go by id with a network service, by name without', () => {
    const groups = [{ id: 'sg-1', name: 'default' }, { id: 'sg-2', name: 'web' }];
    expect(buildServerSpec(spec({ security_groups: groups }), withNetwork).security_groups).toEqual(['sg-1', 'sg-2']);
    expect(buildServerSpec(spec({ security_groups: groups }), { networkEnabled: false }).security_groups).toEqual(['default', 'web']);
  });

  it('the first server group becomes the scheduler hint group; hints are strings', () => {
    const body = buildServerSpec(spec({ server_groups: [{ id: 'sg-aff', name: 'aff' }], scheduler_hints: { build_near_host_ip: '10.0.0.1', cidr: 24 } }), withNetwork);
    expect(body.scheduler_hints).toEqual({ build_near_host_ip: '10.0.0.1', cidr: '24', group: 'sg-aff' });
  });

  it('metadata values are sent as strings under meta, and left out when empty', () => {
    expect(buildServerSpec(spec({ meta: { hw_watchdog_action: 'reset', priority: 5, secure: true } }), withNetwork).meta).toEqual({
      hw_watchdog_action: 'reset',
      priority: '5',
      secure: 'true',
    });
    expect(buildServerSpec(spec({ meta: {} }), withNetwork)).not.toHaveProperty('meta');
  });

  it('instance_count, availability zone, admin password, disk config, config drive and description are carried', () => {
    const body = buildServerSpec(
      spec({ instance_count: 3, availability_zone: 'nova', admin_pass: 's3cret', disk_config: 'MANUAL', config_drive: true, description: '  front end  ', user_data: '#!/bin/sh\necho hi' }),
      withNetwork,
    );
    expect(body).toMatchObject({
      instance_count: 3,
      availability_zone: 'nova',
      admin_pass: 's3cret',
      disk_config: 'MANUAL',
      config_drive: true,
      description: 'front end',
      user_data: '#!/bin/sh\necho hi',
    });
  });

  it('null fields are dropped: no zone for Any Availability Zone, no password, no description', () => {
    const body = buildServerSpec(spec({ availability_zone: '', admin_pass: null, description: null }), withNetwork);
    expect(body).not.toHaveProperty('availability_zone');
    expect(body).not.toHaveProperty('admin_pass');
    expect(body).not.toHaveProperty('description');
  });

  it('the name is trimmed', () => {
    expect(buildServerSpec(spec({ name: '  web-1  ' }), withNetwork).name).toBe('web-1');
  });

  it('without a flavor there is no flavor_id', () => {
    expect(buildServerSpec(spec({ flavor: null }), withNetwork)).not.toHaveProperty('flavor_id');
  });

  it('does not change the spec it is given', () => {
    const given = spec({ server_groups: [{ id: 'g' }], scheduler_hints: { a: 1 } });
    const copy = structuredClone(given);
    buildServerSpec(given, withNetwork);
    expect(given).toEqual(copy);
  });
});
