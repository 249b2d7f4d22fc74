import type { CatalogEntry, UserSession } from '../../dataProviders/keystone';

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
