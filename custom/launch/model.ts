/**
 * The Launch Instance wizard's model (spec 2 §3 "New instance spec", §9):
 * what each step edits, the records it picks from, and the spec's texts.
 * Pure data and types; no React here.
 */

/** Boot source types and their API values (spec 2 §9). */
export type BootSourceType = 'image' | 'snapshot' | 'volume' | 'volume_snapshot';

export const BOOT_SOURCE_LABELS: Record<BootSourceType, string> = {
  image: 'Image',
  snapshot: 'Instance Snapshot',
  volume: 'Volume',
  volume_snapshot: 'Volume Snapshot',
};

/** Settings flags that hide a boot source (spec 2 §9, LAUNCH_INSTANCE_DEFAULTS). */
export const BOOT_SOURCE_DISABLE_FLAGS: Record<BootSourceType, string> = {
  image: 'disable_image',
  snapshot: 'disable_instance_snapshot',
  volume: 'disable_volume',
  volume_snapshot: 'disable_volume_snapshot',
};

/** Something a step allocates: records keep their own fields. */
export type LaunchRecord = Record<string, unknown> & { id: string; name?: string | null };

/** An image, instance snapshot, volume or volume snapshot the source step offers. */
export interface BootSource extends LaunchRecord {
  size?: number | null;
  min_disk?: number | null;
  min_ram?: number | null;
  volume_image_metadata?: Record<string, unknown> | null;
}

/** The launch wizard's flavor (spec 2 §3): the nova flavor with its classic keys. */
export interface LaunchFlavor extends LaunchRecord {
  vcpus: number;
  ram: number;
  disk: number;
  'OS-FLV-EXT-DATA:ephemeral'?: number;
  'os-flavor-access:is_public'?: boolean;
}

/**
 * The new instance spec (spec 2 §3). Lists hold the picked records, as
 * Horizon's model does; the final spec builder turns them into ids.
 */
export interface NewInstanceSpec {
  availability_zone: string | null;
  admin_pass: string | null;
  /** The keypair step's confirmation of admin_pass; never sent. */
  admin_pass_confirm?: string;
  config_drive: boolean;
  description?: string | null;
  user_data: string;
  disk_config: 'AUTO' | 'MANUAL';
  flavor: LaunchFlavor | null;
  instance_count: number;
  key_pair: LaunchRecord[];
  name: string | null;
  networks: LaunchRecord[];
  ports: LaunchRecord[];
  scheduler_hints: Record<string, unknown>;
  security_groups: LaunchRecord[];
  server_groups: LaunchRecord[];
  source_type: BootSourceType | null;
  source: BootSource[];
  create_volume_default: boolean;
  hide_create_volume: boolean;
  vol_create: boolean;
  vol_delete_on_instance_delete: boolean;
  vol_size: number;
  /** The metadata step's properties (key → text), sent as `meta`. */
  meta?: Record<string, unknown>;
}

/** Spec 2 §9 defaults: one instance, a 1 GB volume, AUTO disk config. */
export const DEFAULT_INSTANCE_COUNT = 1;
export const DEFAULT_VOLUME_SIZE = 1;

/** A fresh spec, as Horizon's model initialises it. */
export function newInstanceSpec(overrides: Partial<NewInstanceSpec> = {}): NewInstanceSpec {
  return {
    availability_zone: null,
    admin_pass: null,
    config_drive: false,
    user_data: '',
    disk_config: 'AUTO',
    flavor: null,
    instance_count: DEFAULT_INSTANCE_COUNT,
    key_pair: [],
    name: null,
    networks: [],
    ports: [],
    scheduler_hints: {},
    security_groups: [],
    server_groups: [],
    source_type: null,
    source: [],
    create_volume_default: true,
    hide_create_volume: false,
    vol_create: false,
    vol_delete_on_instance_delete: false,
    vol_size: DEFAULT_VOLUME_SIZE,
    ...overrides,
  };
}

/** Spec 2 §9: the customization script limit, 16 KiB. */
export const USER_DATA_MAX_BYTES = 16 * 1024;

/** Spec 2 §9: the default availability zone setting and its option. */
export const ANY_AVAILABILITY_ZONE = { setting: 'Any', label: 'Any Availability Zone', value: '' } as const;

/** The spec's launch messages (spec 2 §5, §4), in Horizon's words. */
export const LAUNCH_MESSAGES = {
  title: 'Launch Instance',
  finish: 'Launch Instance',
  nameRequired: 'A name is required for your instance.',
  countInvalid: 'Instance count is required and must be an integer of at least 1',
  countOverQuota: (max: number) => `The instance count must not exceed your quota available of ${max} instances`,
  volumeSizeInvalid: 'Volume size is required and must be an integer',
  volumeSizeMin: (min: number) => `The volume size must be at least ${min} GB`,
  volumeCount:
    'Volumes can only be attached to 1 active instance at a time. Please either set your instance count to 1 or select a different source type.',
  flavorRam: 'This flavor requires more RAM than your quota allows. Please select a smaller flavor or decrease the instance count.',
  flavorVcpus: 'This flavor requires more VCPUs than your quota allows. Please select a smaller flavor or decrease the instance count.',
  sourceMinDisk: (source: string, min: number) =>
    `The selected ${source} source requires a flavor with at least ${min} GB of root disk. Select a flavor with a larger root disk or use a different ${source} source.`,
  sourceMinRam: (source: string, min: number) =>
    `The selected ${source} source requires a flavor with at least ${min} MB of RAM. Select a flavor with more RAM or use a different ${source} source.`,
  keypairBad: 'Keypair already exists or name contains bad characters.',
  passwordsMismatch: 'Passwords do not match.',
  scriptTooLong: 'The content is larger than the maximum byte size',
  sourceRequired: 'Select a source from those listed below.',
  flavorRequired: 'Select a flavor from the available flavors below.',
  networkRequired: 'Select at least one network, or a port on the Network Ports step.',
  keypairRequired: 'Select a key pair.',
  scheduled: (count: number) => `Scheduled creation of ${count} instance(s).`,
  keypairCreated: (name: string) => `Created keypair: ${name}`,
  keypairImported: (name: string) => `Successfully imported key pair ${name}.`,
  keypairCreateFailed: 'Unable to create the keypair.',
  keypairImportFailed: 'Unable to import the keypair.',
} as const;
