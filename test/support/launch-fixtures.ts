import { DEFAULT_SETTINGS } from '../../shared/settings';
import { type FakeBackendOptions, type FakeResources, signedInBackend } from './fake-backend';
import { makeCatalog, makeFlavor, makeImage, makeKeypair, makeServerGroup } from './records';

/** Nova limits with room for a few small instances (api-contract §6). */
export const LAUNCH_LIMITS = { maxTotalInstances: 10, totalInstancesUsed: 2, maxTotalCores: 20, totalCoresUsed: 4, maxTotalRAMSize: 51200, totalRAMUsed: 8192 };

export const PRIVATE_NETWORK = {
  id: 'net-private',
  name: 'private',
  shared: false,
  admin_state_up: true,
  admin_state: 'UP',
  status: 'ACTIVE',
  subnets: [{ id: 'sub-private', name: 'private-subnet', cidr: '10.0.0.0/24' }],
};

/** The wizard's reads, each overridable by a test. */
export function launchResources(overrides: FakeResources = {}): FakeResources {
  const base: FakeResources = {
    'availability-zone': { getList: () => [{ id: 'nova', zoneName: 'nova', zoneState: { available: true } }] },
    'compute-limits': { getOne: () => ({ id: 'current', ...LAUNCH_LIMITS }) },
    'volume-limits': { getOne: () => ({ id: 'current', maxTotalVolumes: 10, totalVolumesUsed: 1, maxTotalVolumeGigabytes: 1000, totalGigabytesUsed: 10 }) },
    image: { getList: () => [makeImage(), makeImage({ name: 'web-snap', type: 'Snapshot', min_disk: 30 })] },
    volume: { getList: () => [{ id: 'vol-boot', name: 'bootable', size: 10, status: 'available', bootable: 'true', availability_zone: 'nova' }] },
    'volume-snapshot': { getList: () => [{ id: 'vs-1', name: 'nightly', size: 10, status: 'available' }] },
    flavor: {
      getList: () => [
        makeFlavor({ id: 'f-tiny', name: 'm1.tiny', vcpus: 1, ram: 512, disk: 1 }),
        makeFlavor({ id: 'f-small', name: 'm1.small', vcpus: 1, ram: 2048, disk: 20 }),
        makeFlavor({ id: 'f-huge', name: 'm1.huge', vcpus: 32, ram: 65536, disk: 160 }),
      ],
    },
    'launch-network': { getList: () => [PRIVATE_NETWORK, { id: 'net-empty', name: 'empty', subnets: [] }] },
    port: {
      getList: () => [
        { id: 'port-free', name: 'spare', network_id: 'net-private', device_owner: '', admin_state_up: true, admin_state: 'UP', status: 'DOWN', fixed_ips: [{ subnet_id: 'sub-private', ip_address: '10.0.0.50' }] },
        { id: 'port-router', name: 'gw', network_id: 'net-private', device_owner: 'network:router_interface', admin_state_up: true, admin_state: 'UP', fixed_ips: [] },
      ],
    },
    'launch-security-group': { getList: () => [{ id: 'sg-default', name: 'default', description: 'Default security group' }, { id: 'sg-web', name: 'web', description: 'HTTP' }] },
    keypair: { getList: () => [makeKeypair({ name: 'mykey' }), makeKeypair({ name: 'other' })] },
    'server-group': { getList: () => [makeServerGroup({ name: 'aff' })] },
    'server-launch': { supports: ({ feature }: { feature: string }) => feature === 'instance_description', create: ({ data }: { data: Record<string, unknown> }) => ({ id: 'srv-1', ...data }) },
  };
  return { ...base, ...overrides };
}

/** A signed-in member with compute, image, network and volume services, and the wizard's reads. */
export function launchBackend(options: FakeBackendOptions & { catalogTypes?: string[]; launchSettings?: Record<string, unknown> } = {}) {
  const settings = { ...DEFAULT_SETTINGS, LAUNCH_INSTANCE_DEFAULTS: { ...(DEFAULT_SETTINGS.LAUNCH_INSTANCE_DEFAULTS as object), ...options.launchSettings } };
  return signedInBackend({
    ...options,
    settings: options.settings ?? settings,
    catalog: makeCatalog(options.catalogTypes ?? ['identity', 'compute', 'image', 'network', 'volumev3']),
    resources: options.resources ?? launchResources(),
    metadefs: { namespaces: async () => [], ...options.metadefs },
  });
}
