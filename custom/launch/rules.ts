import { type QuotaChartInput } from '../../src/charts/QuotaChart';
import { isUnlimited } from '../../src/utils/limit';
import { type BootSource, type BootSourceType, LAUNCH_MESSAGES, type LaunchFlavor, type LaunchRecord, type NewInstanceSpec, USER_DATA_MAX_BYTES } from './model';

/** Spec 2 §9: bytes per GiB. */
export const BYTES_PER_GIB = 1073741824;

/** `/api/nova/limits/` (api-contract §6): unlimited arrives as Infinity. */
export interface ComputeLimits {
  maxTotalInstances?: number;
  totalInstancesUsed?: number;
  maxTotalCores?: number;
  totalCoresUsed?: number;
  maxTotalRAMSize?: number;
  totalRAMUsed?: number;
}

/** `/api/cinder/tenantabsolutelimits/` (api-contract §5). */
export interface VolumeLimits {
  maxTotalVolumes?: number;
  totalVolumesUsed?: number;
  maxTotalVolumeGigabytes?: number;
  totalGigabytesUsed?: number;
}

/** How a source is named in the flavor messages (Horizon's sourcesLabel). */
const SOURCE_WORDS: Partial<Record<BootSourceType, string>> = { image: 'image', snapshot: 'snapshot', volume: 'volume' };

/** What the flavor rules look at besides the flavor. */
export interface FlavorContext {
  instanceCount: number;
  limits: ComputeLimits;
  sourceType: BootSourceType | null;
  source: BootSource | null;
}

const orZero = (value: number | null | undefined) => (typeof value === 'number' && !Number.isNaN(value) ? value : 0);

/** A quota maximum; -1, null (Infinity through JSON) and absent (limits not loaded) mean unlimited: the server still enforces it. */
const quotaMax = (value: number | null | undefined) => (isUnlimited(value) ? Infinity : (value as number));

/**
 * Why a flavor cannot be picked (spec 2 §5, spec 1 §5), keyed by the column
 * the message belongs to: count × RAM beyond the remaining RAM quota, count ×
 * VCPUs beyond the remaining cores, a source min_disk above the flavor's root
 * disk, a source min_ram above its RAM. A volume with image metadata takes
 * min_disk as 0 and min_ram from that metadata. No errors: the flavor is
 * enabled. Shared by the launch flavor step and Resize.
 *
 * @example
 * flavorErrors({ id: 'f', vcpus: 4, ram: 8192, disk: 20 }, { instanceCount: 1, limits: { maxTotalCores: 2 }, sourceType: null, source: null });
 * // { vcpus: 'This flavor requires more VCPUs than your quota allows. …' }
 */
export function flavorErrors(flavor: Pick<LaunchFlavor, 'vcpus' | 'ram' | 'disk'>, context: FlavorContext): Partial<Record<'ram' | 'vcpus' | 'disk', string>> {
  const messages: Partial<Record<'ram' | 'vcpus' | 'disk', string>> = {};
  const count = Math.max(1, context.instanceCount || 1);
  const { limits } = context;
  const availableRam = quotaMax(limits.maxTotalRAMSize) - orZero(limits.totalRAMUsed);
  if (count * flavor.ram > availableRam) messages.ram = LAUNCH_MESSAGES.flavorRam;
  const availableCores = quotaMax(limits.maxTotalCores) - orZero(limits.totalCoresUsed);
  if (count * flavor.vcpus > availableCores) messages.vcpus = LAUNCH_MESSAGES.flavorVcpus;

  const word = context.sourceType ? SOURCE_WORDS[context.sourceType] : undefined;
  const source = context.source;
  if (source && word) {
    const imageMetadata = context.sourceType === 'volume' ? source.volume_image_metadata : null;
    const minDisk = imageMetadata ? 0 : orZero(Number(source.min_disk ?? 0));
    const minRam = imageMetadata ? orZero(Number(imageMetadata.min_ram ?? 0)) : orZero(Number(source.min_ram ?? 0));
    // A min_disk of 0, or a flavor disk of 0, is variable and fits.
    if (minDisk > 0 && flavor.disk > 0 && minDisk > flavor.disk) messages.disk = LAUNCH_MESSAGES.sourceMinDisk(word, minDisk);
    if (minRam > 0 && minRam > flavor.ram) messages.ram = LAUNCH_MESSAGES.sourceMinRam(word, minRam);
  }
  return messages;
}

/**
 * The smallest volume a source allows when the instance boots from a new
 * volume (spec 2 §5): for an image or instance snapshot the larger of its
 * size in GiB and its min_disk, rounded up; otherwise 0.
 *
 * @example
 * minVolumeSize('image', { id: 'i', size: 1.5 * 1073741824, min_disk: 1 }); // 2
 */
export function minVolumeSize(sourceType: BootSourceType | null, source: BootSource | null): number {
  if (!source || (sourceType !== 'image' && sourceType !== 'snapshot')) return 0;
  return Math.ceil(Math.max(orZero(Number(source.size ?? 0)) / BYTES_PER_GIB, orZero(Number(source.min_disk ?? 0))));
}

/**
 * The volume size after a source or flavor is picked (spec 2 §5, spec 1 §5):
 * raised to the source's minimum and to the flavor's root disk when smaller,
 * never below 1; the user's larger value stays.
 *
 * @example
 * adjustedVolumeSize(1, { minimum: 2, flavorDisk: 20 }); // 20
 */
export function adjustedVolumeSize(current: number, { minimum = 0, flavorDisk = 0 }: { minimum?: number; flavorDisk?: number }): number {
  return Math.max(1, current || 0, minimum, flavorDisk);
}

/**
 * Errors of the volume size field (spec 2 §5): a whole number, at least the
 * source's minimum (when a volume is created from an image or snapshot).
 */
export function volumeSizeErrors(spec: Pick<NewInstanceSpec, 'vol_size' | 'vol_create' | 'source_type' | 'source'>): string[] {
  if (!spec.vol_create || (spec.source_type !== 'image' && spec.source_type !== 'snapshot')) return [];
  const size = spec.vol_size;
  if (typeof size !== 'number' || !Number.isInteger(size) || size < 1) return [LAUNCH_MESSAGES.volumeSizeInvalid];
  const minimum = minVolumeSize(spec.source_type, spec.source[0] ?? null);
  return size < minimum ? [LAUNCH_MESSAGES.volumeSizeMin(minimum)] : [];
}

/** How many more instances the quota allows (Infinity when unlimited). */
export function instancesAvailable(limits: ComputeLimits): number {
  return quotaMax(limits.maxTotalInstances) - orZero(limits.totalInstancesUsed);
}

/** Errors of the instance count (spec 2 §5): a whole number ≥ 1, within the quota. */
export function instanceCountErrors(count: unknown, limits: ComputeLimits): string[] {
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1) return [LAUNCH_MESSAGES.countInvalid];
  const available = instancesAvailable(limits);
  return count > available ? [LAUNCH_MESSAGES.countOverQuota(available)] : [];
}

/** Spec 2 §5: 0 or less is reset to 1. */
export function normalisedCount(value: number): number {
  return Number.isFinite(value) && value > 0 ? value : 1;
}

/** The script's size in bytes (UTF-8), as the 16 KiB limit counts it. */
export function scriptBytes(text: string): number {
  return new TextEncoder().encode(text).length;
}

export function userDataErrors(text: string): string[] {
  return scriptBytes(text) >= USER_DATA_MAX_BYTES ? [LAUNCH_MESSAGES.scriptTooLong] : [];
}

/** Spec 2 §5: only networks with at least one subnet are offered. */
export function eligibleNetworks<N extends LaunchRecord & { subnets?: unknown[] }>(networks: readonly N[]): N[] {
  return networks.filter((network) => (network.subnets?.length ?? 0) > 0);
}

/** Spec 2 §5: only ports with an empty device_owner, admin state UP and no trunk_id are offered. */
export function eligiblePorts<P extends LaunchRecord & { device_owner?: string | null; admin_state_up?: boolean; admin_state?: string; trunk_id?: string | null }>(
  ports: readonly P[],
): P[] {
  return ports.filter((port) => (port.device_owner ?? '') === '' && (port.admin_state ?? (port.admin_state_up === false ? 'DOWN' : 'UP')) === 'UP' && !('trunk_id' in port && port.trunk_id));
}

/** Spec 2 §5: networks — at least one unless a port is chosen. */
export function networkErrors(spec: Pick<NewInstanceSpec, 'networks' | 'ports'>): string[] {
  return spec.networks.length === 0 && spec.ports.length === 0 ? [LAUNCH_MESSAGES.networkRequired] : [];
}

/** The quota charts of the flavor step (Horizon's chart titles): what launching `count` of `flavor` adds. */
export function flavorQuotaCharts(
  flavor: Pick<LaunchFlavor, 'vcpus' | 'ram' | 'disk'> & { 'OS-FLV-EXT-DATA:ephemeral'?: number } | null,
  spec: Pick<NewInstanceSpec, 'instance_count' | 'vol_create' | 'vol_size'>,
  limits: ComputeLimits,
  volumeLimits: VolumeLimits | null,
): QuotaChartInput[] {
  const count = Math.max(1, spec.instance_count || 1);
  const charts: QuotaChartInput[] = [
    { title: 'Total Instances', used: orZero(limits.totalInstancesUsed), added: count, max: limits.maxTotalInstances },
    { title: 'Total VCPUs', used: orZero(limits.totalCoresUsed), added: flavor ? count * flavor.vcpus : 0, max: limits.maxTotalCores },
    { title: 'Total RAM', used: orZero(limits.totalRAMUsed), added: flavor ? count * flavor.ram : 0, max: limits.maxTotalRAMSize, unit: 'MB' },
  ];
  if (volumeLimits) {
    const totalDisk = flavor ? flavor.disk + orZero(flavor['OS-FLV-EXT-DATA:ephemeral']) : 0;
    charts.push(
      { title: 'Total Volumes', used: orZero(volumeLimits.totalVolumesUsed), added: spec.vol_create ? count : 0, max: volumeLimits.maxTotalVolumes },
      {
        title: 'Total Volume Storage',
        used: orZero(volumeLimits.totalGigabytesUsed),
        added: spec.vol_create ? count * Math.max(totalDisk, spec.vol_size) : 0,
        max: volumeLimits.maxTotalVolumeGigabytes,
        unit: 'GiB',
      },
    );
  }
  return charts;
}

/** One choice of the availability zone select. */
export interface ZoneOption {
  label: string;
  value: string;
}

/**
 * The availability zone choices and the preselected one (spec 2 §4, §9):
 * only available zones; a single zone is preselected; with several, 'Any
 * Availability Zone' (empty value) comes first and is chosen unless the
 * default_availability_zone setting names a listed zone, which is chosen and
 * labelled '<zone> (default)'.
 *
 * @example
 * zoneChoices([{ zoneName: 'nova', zoneState: { available: true } }], 'Any'); // { options: [{ label: 'nova', value: 'nova' }], selected: 'nova' }
 */
export function zoneChoices(zones: readonly { zoneName: string; zoneState?: { available?: boolean } }[], defaultZone: string): { options: ZoneOption[]; selected: string | null } {
  const options: ZoneOption[] = zones.filter((zone) => zone.zoneState?.available).map((zone) => ({ label: zone.zoneName, value: zone.zoneName }));
  if (options.length === 0) return { options, selected: null };
  if (options.length === 1) return { options, selected: options[0].value };
  const any: ZoneOption = { label: 'Any Availability Zone', value: '' };
  const preferred = defaultZone === 'Any' ? undefined : options.find((option) => option.value === defaultZone);
  if (!preferred) return { options: [any, ...options], selected: '' };
  return { options: [any, ...options.map((option) => (option === preferred ? { ...option, label: `${option.value} (default)` } : option))], selected: preferred.value };
}
