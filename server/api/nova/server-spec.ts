import { ApiError } from '../../errors.js';

/**
 * The launch wizard's final spec (spec 2 §7.9) turned into Nova's create
 * body, as api-contract §6.1 maps it. Every field is checked here, so a bad
 * body is a 400 naming the field, never a 500 or a half-made server.
 */

/** The wizard's customization script limit (spec 2 §9): 16 KiB. */
export const MAX_USER_DATA_BYTES = 16 * 1024;

/** Fields the contract requires, even when their value may be null or "". */
const REQUIRED = ['name', 'source_id', 'flavor_id', 'key_name', 'user_data', 'security_groups'] as const;

const bad = (message: string) => new ApiError(400, message);

function optionalString(body: Record<string, unknown>, key: string, options: { nullable?: boolean; maxLength?: number } = {}): string | null | undefined {
  const value = body[key];
  if (value === undefined) return undefined;
  if (value === null && options.nullable !== false) return null;
  if (typeof value !== 'string') throw bad(`'${key}' must be a string`);
  if (options.maxLength !== undefined && value.length > options.maxLength) throw bad(`'${key}' must be at most ${options.maxLength} characters`);
  return value;
}

function stringMap(value: unknown, key: string): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw bad(`'${key}' must be an object`);
  const result: Record<string, string> = {};
  for (const [name, item] of Object.entries(value)) {
    if (item === null || typeof item === 'object') throw bad(`'${key}' values must be strings`);
    result[name] = String(item);
  }
  return result;
}

type Nic = { 'net-id'?: unknown; 'v4-fixed-ip'?: unknown; 'port-id'?: unknown };

/** `nics` → `networks`: `[{uuid}]` / `[{port}]`, or "auto" when any net-id is `__auto_allocate__`. None asked: "auto", as the CLI does from 2.37. */
function networksOf(nics: unknown): unknown {
  if (nics === undefined || nics === null) return 'auto';
  if (!Array.isArray(nics)) throw bad("'nics' must be a list");
  if (!nics.length) return 'auto';
  const networks: Record<string, string>[] = [];
  for (const [index, raw] of nics.entries()) {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw bad(`'nics' item ${index} must be an object`);
    const nic = raw as Nic;
    if (nic['net-id'] === '__auto_allocate__') return 'auto';
    if (typeof nic['port-id'] === 'string' && nic['port-id']) networks.push({ port: nic['port-id'] });
    else if (typeof nic['net-id'] === 'string' && nic['net-id']) {
      const fixed = typeof nic['v4-fixed-ip'] === 'string' ? nic['v4-fixed-ip'] : '';
      networks.push({ uuid: nic['net-id'], ...(fixed ? { fixed_ip: fixed } : {}) });
    } else throw bad(`'nics' item ${index} needs a 'net-id' or a 'port-id'`);
  }
  return networks;
}

function blockDevices(value: unknown, key: string): Record<string, unknown>[] {
  if (!Array.isArray(value) || value.some((item) => !item || typeof item !== 'object' || Array.isArray(item))) throw bad(`'${key}' must be a list of objects`);
  return value as Record<string, unknown>[];
}

export interface NativeCreate {
  server: Record<string, unknown>;
  'os:scheduler_hints'?: Record<string, string>;
}

/** The Nova body for `POST /servers`, or a 400 naming the first bad field. */
export function nativeCreateBody(raw: unknown): NativeCreate {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw bad('request requires JSON body');
  const body = raw as Record<string, unknown>;
  for (const key of REQUIRED) if (!(key in body)) throw bad(`missing required parameter '${key}'`);
  // Other keys of the wizard's model (source_type, vol_size …) are ignored, as Horizon's view picks only these.

  const name = optionalString(body, 'name', { nullable: false, maxLength: 255 })!.trim();
  if (!name) throw bad("'name' must not be empty");
  const sourceId = optionalString(body, 'source_id');
  const flavorId = body.flavor_id;
  if ((typeof flavorId !== 'string' && typeof flavorId !== 'number') || flavorId === '') throw bad("'flavor_id' must be a flavor id");
  const keyName = optionalString(body, 'key_name');
  const userData = optionalString(body, 'user_data');
  if (userData && Buffer.byteLength(userData, 'utf8') > MAX_USER_DATA_BYTES) throw bad(`'user_data' must be at most 16 KiB (${MAX_USER_DATA_BYTES} bytes)`);
  const groups = body.security_groups;
  if (!Array.isArray(groups) || groups.some((group) => typeof group !== 'string' || !group)) throw bad("'security_groups' must be a list of names or ids");

  const server: Record<string, unknown> = {
    name,
    imageRef: sourceId ?? '',
    flavorRef: String(flavorId),
    networks: networksOf(body.nics),
  };
  if (keyName) server.key_name = keyName;
  if (userData) server.user_data = Buffer.from(userData, 'utf8').toString('base64');
  if (groups.length) server.security_groups = [...new Set(groups as string[])].map((group) => ({ name: group }));
  if (body.block_device_mapping_v2 !== undefined && body.block_device_mapping_v2 !== null) {
    server.block_device_mapping_v2 = blockDevices(body.block_device_mapping_v2, 'block_device_mapping_v2');
  }
  if (body.block_device_mapping !== undefined && body.block_device_mapping !== null) server.block_device_mapping = blockDevices(body.block_device_mapping, 'block_device_mapping');
  if (body.instance_count !== undefined && body.instance_count !== null) {
    const count = Number(body.instance_count);
    if (!Number.isInteger(count) || count < 1) throw bad("'instance_count' must be an integer of at least 1");
    server.min_count = count;
    server.max_count = count;
  }
  const zone = optionalString(body, 'availability_zone', { maxLength: 255 });
  if (zone) server.availability_zone = zone;
  const adminPass = optionalString(body, 'admin_pass');
  if (adminPass) server.adminPass = adminPass;
  if (body.disk_config !== undefined && body.disk_config !== null && body.disk_config !== '') {
    if (body.disk_config !== 'AUTO' && body.disk_config !== 'MANUAL') throw bad("'disk_config' must be AUTO or MANUAL");
    server['OS-DCF:diskConfig'] = body.disk_config;
  }
  if (body.config_drive !== undefined && body.config_drive !== null) {
    if (typeof body.config_drive !== 'boolean') throw bad("'config_drive' must be true or false");
    server.config_drive = body.config_drive;
  }
  const description = optionalString(body, 'description', { maxLength: 255 });
  if (description !== undefined && description !== null) server.description = description;
  if (body.meta !== undefined && body.meta !== null) server.metadata = stringMap(body.meta, 'meta');
  const native: NativeCreate = { server };
  if (body.scheduler_hints !== undefined && body.scheduler_hints !== null) {
    const hints = stringMap(body.scheduler_hints, 'scheduler_hints');
    if (Object.keys(hints).length) native['os:scheduler_hints'] = hints;
  }
  return native;
}
