import { ApiError } from '../../errors.js';

/**
 * Horizon's image translations (openstack_dashboard/api/rest/glance.py and
 * api/glance.py): the `to_dict` of an image for the browser, and the form
 * metadata of create and update turned into Glance attributes.
 */

export type NativeImage = Record<string, unknown> & { id: string; name?: string | null; status?: string; visibility?: string; owner?: string | null };

const FIXED = ['id', 'name', 'status', 'visibility', 'protected', 'disk_format', 'container_format', 'size', 'min_disk', 'min_ram', 'checksum', 'owner', 'created_at', 'updated_at', 'architecture'];
/** Left out of `properties` in lists (kept in the single GET). */
const LIST_EXCLUDED = ['file', 'locations', 'schema', 'tags', 'virtual_size', 'kernel_id', 'ramdisk_id', 'image_url'];

/** An image as the browser gets it: fixed keys, `is_public`, everything else in `properties`; tags, virtual_size, kernel and ramdisk ids also on top (Rec). */
export function imageToDict(image: NativeImage, detail: boolean) {
  const result: Record<string, unknown> = {};
  for (const key of FIXED) result[key] = image[key] ?? null;
  result.size = image.size ?? 0;
  result.is_public = image.visibility === 'public';
  result.tags = image.tags ?? [];
  result.virtual_size = image.virtual_size ?? null;
  result.kernel_id = image.kernel_id ?? null;
  result.ramdisk_id = image.ramdisk_id ?? null;
  result.properties = propertiesOf(image, detail);
  return result;
}

/** Every attribute Glance returned beyond the fixed ones (custom properties, os_hash_*, hw_*…). */
export function propertiesOf(image: NativeImage, detail = true): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(image)) {
    if (FIXED.includes(key)) continue;
    if (!detail && LIST_EXCLUDED.includes(key)) continue;
    properties[key] = value;
  }
  return properties;
}

/** Core attributes Glance knows; anything else sent with them becomes a custom property. */
const IGNORED = [
  'properties', 'tags', 'import_data', 'source', 'image_id', 'image_url', 'source_type', 'data', 'public', 'checksum', 'created_at', 'deleted',
  'is_copying', 'deleted_at', 'virtual_size', 'status', 'size', 'owner', 'id', 'updated_at', 'kernel_id', 'ramdisk_id', 'image_file', 'is_public',
];
const HANDLED = ['name', 'disk_format', 'container_format', 'min_disk', 'min_ram', 'protected', 'visibility', 'description', 'architecture', 'kernel', 'ramdisk'];
const VISIBILITIES = ['public', 'private', 'shared', 'community'];

/** `create_image_metadata`: the Glance attributes of a create or update form. */
export function imageMetadata(data: Record<string, unknown>): Record<string, unknown> {
  const visibility = data.visibility ?? 'private';
  if (typeof visibility !== 'string' || !VISIBILITIES.includes(visibility)) throw new ApiError(400, `invalid visibility option: ${String(visibility)}`);
  let diskFormat = (data.disk_format as string | undefined) ?? 'raw';
  let containerFormat = (data.container_format as string | undefined) ?? 'bare';
  if (['ami', 'aki', 'ari'].includes(diskFormat)) containerFormat = diskFormat;
  else if (diskFormat === 'docker') {
    diskFormat = 'raw';
    containerFormat = 'docker';
  } else if (diskFormat === 'vhd') containerFormat = 'ovf';
  else if (diskFormat === 'ova') {
    diskFormat = 'vmdk';
    containerFormat = 'ova';
  }
  const meta: Record<string, unknown> = {
    name: data.name ?? '',
    disk_format: diskFormat,
    container_format: containerFormat,
    min_disk: toInteger('min_disk', data.min_disk),
    min_ram: toInteger('min_ram', data.min_ram),
    // A plain form field (no $$originalJSON) carries the boolean as text.
    protected: data.protected === 'true' || data.protected === 'True' ? true : data.protected === 'false' || data.protected === 'False' ? false : (data.protected ?? false),
    visibility,
  };
  for (const key of ['description', 'architecture']) if (data[key]) meta[key] = data[key];
  if (data.kernel) meta.kernel_id = data.kernel;
  if (data.ramdisk) meta.ramdisk_id = data.ramdisk;
  for (const [key, value] of Object.entries(data)) {
    if (!HANDLED.includes(key) && !IGNORED.includes(key) && !key.startsWith('$$')) meta[key] = value;
  }
  return meta;
}

/**
 * The image's own values of the keys `imageMetadata` would otherwise
 * default, so an update changes what its body names and keeps the rest:
 * `{protected: true}` alone must not blank the name (issue 16 §4). Horizon's
 * form sends every field, which this merge leaves as it was.
 */
export function currentMetadata(image: NativeImage): Record<string, unknown> {
  const current: Record<string, unknown> = {};
  for (const key of ['name', 'disk_format', 'container_format', 'min_disk', 'min_ram', 'protected', 'visibility']) if (image[key] !== undefined && image[key] !== null) current[key] = image[key];
  return current;
}

/** Falsy becomes 0; numbers and numeric strings (form fields) become integers; anything else is refused naming the field. */
function toInteger(field: string, value: unknown): number {
  if (!value) return 0;
  const number = typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < 0) throw new ApiError(400, `${field} must be a non-negative integer`);
  return number;
}

/** JSON-patch operations taking `image` to `changes` (only what differs; add when absent, replace when present). */
export function patchOps(image: NativeImage, changes: Record<string, unknown>): { op: string; path: string; value?: unknown }[] {
  const ops: { op: string; path: string; value?: unknown }[] = [];
  for (const [key, value] of Object.entries(changes)) {
    if (JSON.stringify(image[key]) === JSON.stringify(value)) continue;
    ops.push({ op: key in image ? 'replace' : 'add', path: `/${pointer(key)}`, value });
  }
  return ops;
}

export const pointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
