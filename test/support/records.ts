import type { CatalogEntry } from '../../shared/catalog';
import type { UserSession } from '../../src/backend/contract';

/** A key pair record as the nova provider returns it (id = name). */
export function makeKeypair(overrides: Record<string, unknown> = {}) {
  const name = (overrides.name as string) ?? 'key-1';
  return {
    id: name,
    name,
    type: 'ssh',
    fingerprint: '3c:1f:9a:62:0d:77:aa:15:c2:40:8e:0b:5d:19:e4:73',
    public_key: 'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC demo@example',
    ...overrides,
  };
}

export function makeSession(overrides: Partial<UserSession> = {}): UserSession {
  return {
    id: 'u-demo',
    username: 'demo',
    user_domain_id: 'default',
    user_domain_name: 'Default',
    project_id: 'p-demo',
    project_name: 'demo',
    domain_id: null,
    domain_name: null,
    roles: [{ name: 'member' }],
    is_superuser: false,
    enabled: true,
    services_region: 'RegionOne',
    available_services_regions: ['RegionOne'],
    ...overrides,
  };
}

/** A catalog with one public endpoint in RegionOne per service type. */
export function makeCatalog(types: string[], region = 'RegionOne'): CatalogEntry[] {
  return types.map((type, index) => ({
    id: `svc-${index}`,
    type,
    name: type,
    endpoints: [{ id: `ep-${index}`, interface: 'public', region, region_id: region, url: `http://cloud.test/${type}` }],
  }));
}

/** A flavor record as the nova provider returns it (classic keys plus the derived aliases). */
export function makeFlavor(overrides: Record<string, unknown> = {}) {
  const id = (overrides.id as string) ?? `f-${(overrides.name as string) ?? 'm1.small'}`;
  const isPublic = (overrides['os-flavor-access:is_public'] as boolean | undefined) ?? true;
  return {
    id,
    name: 'm1.small',
    vcpus: 1,
    ram: 2048,
    disk: 20,
    'OS-FLV-EXT-DATA:ephemeral': 0,
    ephemeral: 0,
    swap: '',
    rxtx_factor: 1,
    'os-flavor-access:is_public': isPublic,
    is_public: isPublic,
    ...overrides,
  };
}

/** A server group record as the nova provider returns it (`policy` = the first of `policies`). */
export function makeServerGroup(overrides: Record<string, unknown> = {}) {
  const policies = (overrides.policies as string[] | undefined) ?? ['affinity'];
  return {
    id: `sg-${(overrides.name as string) ?? 'group'}`,
    name: 'group',
    policies,
    policy: policies[0],
    members: [],
    metadata: {},
    ...overrides,
  };
}

/** An image as the glance provider returns it (with the derived type, visibility text and owner name). */
export function makeImage(overrides: Record<string, unknown> = {}) {
  const name = (overrides.name as string) ?? 'cirros';
  return {
    id: `img-${name}`,
    name,
    status: 'active',
    visibility: 'shared',
    visibility_text: 'Shared With Project',
    type: 'Image',
    owner: 'p-demo',
    owner_name: 'demo',
    protected: false,
    disk_format: 'qcow2',
    container_format: 'bare',
    size: 13_287_936,
    min_disk: 0,
    min_ram: 0,
    properties: {},
    ...overrides,
  };
}
