import { instanceRecord, type NovaServer } from '../../dataProviders/nova-servers';

/** A Nova server as `/api/nova/servers/{id}` answers it (api-contract §6.2), running on one private network. */
export function makeNovaServer(overrides: Partial<NovaServer> & Record<string, unknown> = {}): NovaServer {
  const name = (overrides.name as string | undefined) ?? 'web';
  return {
    id: `srv-${name}`,
    name,
    status: 'ACTIVE',
    'OS-EXT-STS:task_state': null,
    'OS-EXT-STS:power_state': 1,
    'OS-EXT-AZ:availability_zone': 'nova',
    addresses: { private: [{ addr: '10.0.0.5', version: 4 }] },
    image: { id: 'img-cirros' },
    image_name: 'cirros',
    flavor: { original_name: 'm1.tiny', vcpus: 1, ram: 512, disk: 1 },
    key_name: 'mykey',
    metadata: {},
    description: null,
    tenant_id: 'p-demo',
    user_id: 'u-demo',
    created: '2026-11-20T10:00:00Z',
    locked: false,
    ...overrides,
  };
}

/** The same server as the instances provider hands it to the engine. */
export function makeInstance(overrides: Partial<NovaServer> & Record<string, unknown> = {}) {
  return instanceRecord(makeNovaServer(overrides));
}
