import type { BootSourceType, NewInstanceSpec } from './model';

/** One block device of `block_device_mapping_v2` (api-contract §6.1). */
export interface BlockDeviceMapping {
  source_type: 'image' | 'volume' | 'snapshot';
  destination_type: 'volume';
  delete_on_termination: boolean;
  uuid: string | null;
  boot_index: '0';
  volume_size?: number;
}

/** A NIC: a network (with an empty fixed IP) or a port (api-contract §6.1). */
export type Nic = { 'net-id': string; 'v4-fixed-ip': '' } | { 'port-id': string };

/** The `POST /api/nova/servers/` body (spec 2 §7.9, api-contract §6.1). */
export interface ServerCreateBody {
  name: string;
  source_id: string | null;
  flavor_id?: string;
  key_name: string | null;
  user_data: string | null;
  security_groups: string[];
  nics: Nic[];
  instance_count: number;
  block_device_mapping_v2?: BlockDeviceMapping[];
  availability_zone?: string;
  admin_pass?: string;
  disk_config?: 'AUTO' | 'MANUAL';
  config_drive?: boolean;
  description?: string;
  meta?: Record<string, string>;
  scheduler_hints: Record<string, string>;
}

export interface ServerSpecOptions {
  /** With a network service, security groups go by id, else by name (spec 2 §7.9). */
  networkEnabled: boolean;
}

/** Values as strings, as the API expects metadata and hints (spec 2 §7.9). */
function stringValues(map: Record<string, unknown> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(map ?? {}).map(([key, value]) => [key, String(value)]));
}

/** Text with its surrounding blanks removed; empty text is absent. */
function trimmed(text: string | null | undefined): string | undefined {
  const value = text?.trim();
  return value ? value : undefined;
}

/**
 * The boot source as `source_id` and block devices (spec 2 §7.9): an image
 * or instance snapshot boots directly, or, when a volume is created, through
 * a BDM of source image with the size (and `source_id` null); a volume or
 * volume snapshot boots through a BDM of its own kind (and `source_id` "").
 */
function bootSource(spec: NewInstanceSpec): Pick<ServerCreateBody, 'source_id' | 'block_device_mapping_v2'> {
  const sourceId = spec.source[0]?.id ?? null;
  const type: BootSourceType | null = spec.source_type;
  const device = (sourceType: BlockDeviceMapping['source_type']): BlockDeviceMapping => ({
    source_type: sourceType,
    destination_type: 'volume',
    delete_on_termination: spec.vol_delete_on_instance_delete,
    uuid: sourceId,
    boot_index: '0',
  });
  if (type === 'image' || type === 'snapshot') {
    if (!spec.vol_create) return { source_id: sourceId };
    return { source_id: null, block_device_mapping_v2: [{ ...device('image'), volume_size: spec.vol_size }] };
  }
  if (type === 'volume') return { source_id: '', block_device_mapping_v2: [device('volume')] };
  if (type === 'volume_snapshot') return { source_id: '', block_device_mapping_v2: [device('snapshot')] };
  throw new Error(`Unknown boot source type: ${String(type)}`);
}

/**
 * The final server spec (spec 2 §7.9): the new instance spec as the body of
 * `POST /api/nova/servers/` (api-contract §6.1). Pure: the same spec always
 * gives the same body.
 *
 * - null fields are dropped; `name` and `description` are trimmed;
 * - flavor → `flavor_id`; source → `source_id` (+ `block_device_mapping_v2`);
 * - networks then ports → `nics`; the first key pair → `key_name` (else null);
 * - security groups → ids (names without a network service);
 * - the first server group → `scheduler_hints.group`; hints and metadata
 *   values as strings (metadata as `meta`, left out when empty).
 *
 * @example
 * buildServerSpec(spec, { networkEnabled: true });
 * // { name: 'web', source_id: 'img-1', flavor_id: 'f-1', nics: [{ 'net-id': 'n-1', 'v4-fixed-ip': '' }], … }
 */
export function buildServerSpec(spec: NewInstanceSpec, options: ServerSpecOptions): ServerCreateBody {
  const body: ServerCreateBody = {
    name: spec.name?.trim() ?? '',
    ...bootSource(spec),
    key_name: spec.key_pair[0]?.name ?? null,
    user_data: spec.user_data === '' ? null : spec.user_data,
    security_groups: spec.security_groups.map((group) => (options.networkEnabled ? group.id : String(group.name ?? group.id))),
    nics: [
      ...spec.networks.map((network): Nic => ({ 'net-id': network.id, 'v4-fixed-ip': '' })),
      ...spec.ports.map((port): Nic => ({ 'port-id': port.id })),
    ],
    instance_count: spec.instance_count,
    scheduler_hints: stringValues(spec.scheduler_hints),
  };
  if (spec.flavor) body.flavor_id = spec.flavor.id;
  // 'Any Availability Zone' has the empty value: no zone is asked for.
  const zone = trimmed(spec.availability_zone);
  if (zone) body.availability_zone = zone;
  if (spec.admin_pass) body.admin_pass = spec.admin_pass;
  body.disk_config = spec.disk_config;
  body.config_drive = spec.config_drive;
  if (spec.description !== null && spec.description !== undefined) body.description = spec.description.trim();
  const meta = stringValues(spec.meta);
  if (Object.keys(meta).length > 0) body.meta = meta;
  if (spec.server_groups.length > 0) body.scheduler_hints.group = spec.server_groups[0].id;
  return body;
}
