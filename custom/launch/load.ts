import type { DataProvider } from 'ra-core';
import { DEFAULT_SETTINGS } from '../../shared/settings';
import { type Backend, isServiceEnabled } from '../../src/backend/contract';
import { supportsFeature } from '../../src/backend/verbs';
import { BOOT_SOURCE_DISABLE_FLAGS, type BootSource, type BootSourceType, type LaunchFlavor, type LaunchRecord } from './model';
import { type ComputeLimits, eligibleNetworks, eligiblePorts, type VolumeLimits, zoneChoices, type ZoneOption } from './rules';

/** LAUNCH_INSTANCE_DEFAULTS (api-contract §2) as the wizard reads it. */
export interface LaunchDefaults {
  config_drive: boolean;
  create_volume: boolean;
  hide_create_volume: boolean;
  disable_image: boolean;
  disable_instance_snapshot: boolean;
  disable_volume: boolean;
  disable_volume_snapshot: boolean;
  enable_scheduler_hints: boolean;
  enable_metadata: boolean;
  enable_net_ports: boolean;
  default_availability_zone: string;
}

/** Policy rules of the gated steps (spec 2 §6). */
export const STEP_POLICIES = {
  serverGroups: [['compute', 'os_compute_api:os-server-groups:discoverable']] as [string, string][],
  hints: [['compute', 'os_compute_api:os-scheduler-hints:discoverable']] as [string, string][],
};

/** A network as the networks step shows it: its subnets expanded (api-contract §8). */
export type LaunchNetwork = LaunchRecord & { subnets: (LaunchRecord & { cidr?: string })[]; shared?: boolean; admin_state?: string; status?: string };

/** A port as the ports step shows it (spec 2 §3 "Launch wizard port"). */
export type LaunchPort = LaunchRecord & { network_name?: string; subnet_names: Record<string, string>; fixed_ips?: { subnet_id: string; ip_address: string }[] };

/** Everything the wizard reads before it opens. */
export interface LaunchData {
  defaults: LaunchDefaults;
  defaultBootSource: BootSourceType;
  canSetPassword: boolean;
  requiresKeypair: boolean;
  networkEnabled: boolean;
  volumeEnabled: boolean;
  descriptionSupported: boolean;
  allowed: { serverGroups: boolean; hints: boolean };
  /** The availability zone select's choices (available zones, 'Any Availability Zone' when several). */
  zones: ZoneOption[];
  /** The zone the wizard opens with. */
  zone: string | null;
  computeLimits: ComputeLimits;
  /** Null when the volume service is off or its limits did not load (spec 2 §4: ignored). */
  volumeLimits: VolumeLimits | null;
  sources: Record<BootSourceType, BootSource[]>;
  /** The source types offered: enabled by settings and services, and whose load did not fail. */
  sourceTypes: BootSourceType[];
  flavors: LaunchFlavor[];
  networks: LaunchNetwork[];
  ports: LaunchPort[];
  securityGroups: LaunchRecord[];
  keypairs: LaunchRecord[];
  serverGroups: LaunchRecord[];
}

// The server's defaults (shared/settings.ts) fill what an operator's LAUNCH_INSTANCE_DEFAULTS leaves out.
const LAUNCH_DEFAULTS = DEFAULT_SETTINGS.LAUNCH_INSTANCE_DEFAULTS as LaunchDefaults;

async function list<T>(dataProvider: DataProvider, resource: string, params: Record<string, unknown> = {}): Promise<T[]> {
  const { data } = await dataProvider.getList(resource, { pagination: { page: 1, perPage: 100000 }, sort: { field: '', order: 'ASC' }, filter: {}, ...params });
  return data as T[];
}

/** A list whose failure is ignored (spec 2 §4): null marks it failed, and its source is left out. */
const orNull = <T>(promise: Promise<T>) => promise.catch(() => null);

/** The port's fixed IPs → subnet names, as Horizon's ports step shows them. */
function portSubnetNames(port: LaunchPort, network: LaunchNetwork | undefined): Record<string, string> {
  const names: Record<string, string> = {};
  for (const ip of port.fixed_ips ?? []) {
    const subnet = network?.subnets.find((each) => each.id === ip.subnet_id);
    if (subnet) names[ip.ip_address] = String(subnet.name ?? subnet.id);
  }
  return names;
}

/**
 * Loads the wizard's lists and gates (spec 2 §4, §6, §7): settings, the
 * catalog (network and volume services), policies, the description feature,
 * zones, limits, sources, flavors, networks and ports, security groups,
 * key pairs and server groups. Images are the active ones sorted by name,
 * plus the community ones (spec 2 §7.1); volumes the available bootable ones
 * and volume snapshots the available ones (spec 2 §7.2).
 */
export async function loadLaunchData(backend: Backend): Promise<LaunchData> {
  const { dataProvider } = backend;
  const [settings, session, catalog] = await Promise.all([backend.settings.get(), backend.identity.getUserSession(), backend.identity.getServiceCatalog()]);
  const defaults = { ...LAUNCH_DEFAULTS, ...((settings.LAUNCH_INSTANCE_DEFAULTS ?? {}) as Partial<LaunchDefaults>) };
  const hypervisor = (settings.OPENSTACK_HYPERVISOR_FEATURES ?? {}) as { can_set_password?: boolean; requires_keypair?: boolean };
  const region = session.services_region ?? null;
  const networkEnabled = isServiceEnabled(catalog, 'network', region);
  const volumeEnabled = isServiceEnabled(catalog, 'volumev3', region) || isServiceEnabled(catalog, 'block-storage', region);
  const allowedPolicy = (rules: [string, string][]) => backend.policy.check(rules).catch(() => false);

  const byName = { field: 'name', order: 'ASC' as const };
  const [serverGroupsAllowed, hintsAllowed, descriptionSupported] = await Promise.all([
    allowedPolicy(STEP_POLICIES.serverGroups),
    allowedPolicy(STEP_POLICIES.hints),
    supportsFeature(dataProvider, 'server-launch', 'instance_description'),
  ]);
  const [zones, computeLimits, volumeLimits, images, communityImages, volumes, volumeSnapshots, flavors, networks, ports, securityGroups, keypairs, serverGroups] =
    await Promise.all([
      list<LaunchRecord & { zoneName: string; zoneState?: { available?: boolean } }>(dataProvider, 'availability-zone').catch(() => []),
      dataProvider.getOne('compute-limits', { id: 'current' }).then(({ data }) => data as ComputeLimits, () => ({})),
      volumeEnabled ? orNull(dataProvider.getOne('volume-limits', { id: 'current' }).then(({ data }) => data as VolumeLimits)) : null,
      list<BootSource>(dataProvider, 'image', { filter: { status: 'active' }, sort: byName }).catch(() => []),
      list<BootSource>(dataProvider, 'image', { filter: { status: 'active', visibility: 'community' }, sort: byName }).catch(() => []),
      volumeEnabled ? orNull(list<BootSource>(dataProvider, 'volume', { filter: { status: 'available', bootable: 'true' } })) : null,
      volumeEnabled ? orNull(list<BootSource>(dataProvider, 'volume-snapshot', { filter: { status: 'available' } })) : null,
      list<LaunchFlavor>(dataProvider, 'flavor', { sort: { field: 'ram', order: 'ASC' } }).catch(() => []),
      networkEnabled ? list<LaunchNetwork>(dataProvider, 'launch-network').catch(() => []) : [],
      networkEnabled ? list<LaunchPort>(dataProvider, 'port').catch(() => []) : [],
      networkEnabled ? list<LaunchRecord>(dataProvider, 'launch-security-group').catch(() => []) : [],
      list<LaunchRecord>(dataProvider, 'keypair').catch(() => []),
      serverGroupsAllowed ? list<LaunchRecord>(dataProvider, 'server-group').catch(() => []) : [],
    ]);

  const allImages = [...new Map([...images, ...communityImages].map((image) => [image.id, image])).values()];
  const offered = eligibleNetworks(networks);
  const sources: Record<BootSourceType, BootSource[]> = {
    image: allImages.filter((image) => image.type !== 'Snapshot'),
    snapshot: allImages.filter((image) => image.type === 'Snapshot'),
    volume: volumes ?? [],
    volume_snapshot: volumeSnapshots ?? [],
  };
  const loaded: Record<BootSourceType, boolean> = { image: true, snapshot: true, volume: volumes !== null, volume_snapshot: volumeSnapshots !== null };
  const settingsSource = String(settings.DEFAULT_BOOT_SOURCE ?? 'image') as BootSourceType;
  const sourceTypes = (Object.keys(BOOT_SOURCE_DISABLE_FLAGS) as BootSourceType[]).filter(
    (type) => loaded[type] && !defaults[BOOT_SOURCE_DISABLE_FLAGS[type] as keyof LaunchDefaults],
  );

  return {
    defaults,
    defaultBootSource: sourceTypes.includes(settingsSource) ? settingsSource : (sourceTypes[0] ?? 'image'),
    canSetPassword: hypervisor.can_set_password === true,
    requiresKeypair: hypervisor.requires_keypair === true,
    networkEnabled,
    volumeEnabled,
    descriptionSupported,
    allowed: { serverGroups: serverGroupsAllowed, hints: hintsAllowed && defaults.enable_scheduler_hints },
    ...(() => {
      const { options, selected } = zoneChoices(zones, defaults.default_availability_zone);
      return { zones: options, zone: selected };
    })(),
    computeLimits,
    volumeLimits: volumeLimits ?? null,
    sources,
    sourceTypes,
    flavors,
    networks: offered,
    ports: eligiblePorts(ports).map((port) => {
      const network = networks.find((each) => each.id === port.network_id);
      return { ...port, network_name: String(network?.name ?? port.network_id ?? ''), subnet_names: portSubnetNames(port, network) };
    }),
    securityGroups,
    keypairs,
    serverGroups,
  };
}
