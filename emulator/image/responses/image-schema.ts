import { BadRequest, Forbidden } from '../../core/errors.js';
import { pyRepr } from '../../core/validation.js';
import { CONTAINER_FORMATS, DISK_FORMATS, VISIBILITIES } from '../models/images.js';

/**
 * The image schema of glance/api/v2/images.py (`get_base_properties`) and the
 * attribute rules of its request deserializer: read-only and reserved
 * attributes, typed core attributes, free properties that must be strings.
 */

export const READ_ONLY = ['created_at', 'updated_at', 'status', 'checksum', 'os_hash_algo', 'os_hash_value', 'size', 'virtual_size', 'direct_url', 'self', 'file', 'schema', 'stores'];
export const RESERVED = ['location', 'deleted', 'deleted_at'];

type Check = (value: unknown) => string | null;

const isString = (value: unknown) => typeof value === 'string';
const stringOrNull = (max: number): Check => (value) =>
  value === null ? null : !isString(value) ? `${pyRepr(value)} is not of type 'null', 'string'` : (value as string).length > max ? `${pyRepr(value)} is too long` : null;
const enumOrNull = (values: string[]): Check => (value) =>
  value === null ? null : !isString(value) || !values.includes(value as string) ? `${pyRepr(value)} is not one of [${[...values, null].map(pyRepr).join(', ')}]` : null;
const boolean: Check = (value) => (typeof value === 'boolean' ? null : `${pyRepr(value)} is not of type 'boolean'`);
const integer: Check = (value) => (typeof value === 'number' && Number.isInteger(value) ? null : `${pyRepr(value)} is not of type 'integer'`);

const CORE: Record<string, Check> = {
  id: (value) =>
    isString(value) && /^([0-9a-fA-F]){8}-([0-9a-fA-F]){4}-([0-9a-fA-F]){4}-([0-9a-fA-F]){4}-([0-9a-fA-F]){12}$/.test(value as string)
      ? null
      : `${pyRepr(value)} does not match '^([0-9a-fA-F]){8}-([0-9a-fA-F]){4}-([0-9a-fA-F]){4}-([0-9a-fA-F]){4}-([0-9a-fA-F]){12}$'`,
  name: stringOrNull(255),
  visibility: (value) => (isString(value) && VISIBILITIES.includes(value as never) ? null : `${pyRepr(value)} is not one of [${VISIBILITIES.map(pyRepr).join(', ')}]`),
  protected: boolean,
  os_hidden: boolean,
  disk_format: enumOrNull(DISK_FORMATS),
  container_format: enumOrNull(CONTAINER_FORMATS),
  min_disk: integer,
  min_ram: integer,
  owner: stringOrNull(255),
  tags: (value) => {
    if (!Array.isArray(value)) return `${pyRepr(value)} is not of type 'array'`;
    const bad = value.find((tag) => !isString(tag) || tag.length > 255);
    if (bad !== undefined) return `${pyRepr(bad)} is not of type 'string'`;
    return new Set(value).size === value.length ? null : `${pyRepr(value)} has non-unique elements`;
  },
};

export const CORE_ATTRIBUTES = Object.keys(CORE);

function schemaError(field: string, reason: string, value: unknown): BadRequest {
  return new BadRequest(`Provided object does not match schema 'image': ${reason}\n\nOn instance['${field}']:\n    ${pyRepr(value)}`);
}

/** Checks one attribute as the schema does; 403 for read-only and reserved names. */
export function checkAttribute(field: string, value: unknown): void {
  if (READ_ONLY.includes(field)) throw new Forbidden(`Attribute '${field}' is read-only.`);
  if (RESERVED.includes(field)) throw new Forbidden(`Attribute '${field}' is reserved.`);
  if ((field === 'min_disk' || field === 'min_ram') && typeof value === 'number' && Number.isInteger(value) && value < 0) {
    throw new BadRequest(`Invalid value '${value}' for parameter '${field}': Cannot be a negative value`);
  }
  // Own keys only: an attribute named `__proto__` or `constructor` is an extra property like any other.
  const check = Object.hasOwn(CORE, field) ? CORE[field] : undefined;
  if (check) {
    const reason = check(value);
    if (reason) throw schemaError(field, reason, value);
    return;
  }
  if (field.length > 255) throw new BadRequest(`Provided object does not match schema 'image': ${pyRepr(field)} is too long`);
  if (!isString(value)) throw schemaError(field, `${pyRepr(value)} is not of type 'string'`, value);
  if ((value as string).length > 65535) throw schemaError(field, `${pyRepr(value)} is too long`, value);
}

/** `GET /v2/schemas/image`: what clients (Horizon's settings) read the formats from. */
export function imageSchema() {
  return {
    name: 'image',
    additionalProperties: { type: 'string' },
    properties: {
      id: { type: 'string', description: 'An identifier for the image', pattern: '^([0-9a-fA-F]){8}-([0-9a-fA-F]){4}-([0-9a-fA-F]){4}-([0-9a-fA-F]){4}-([0-9a-fA-F]){12}$' },
      name: { type: ['null', 'string'], description: 'Descriptive name for the image', maxLength: 255 },
      status: { type: 'string', readOnly: true, description: 'Status of the image', enum: ['queued', 'saving', 'active', 'killed', 'deleted', 'uploading', 'importing', 'pending_delete', 'deactivated'] },
      visibility: { type: 'string', description: 'Scope of image accessibility', enum: VISIBILITIES },
      protected: { type: 'boolean', description: 'If true, image will not be deletable.' },
      os_hidden: { type: 'boolean', description: 'If true, image will not appear in default image list response.' },
      checksum: { type: ['null', 'string'], readOnly: true, description: 'md5 hash of image contents.', maxLength: 32 },
      os_hash_algo: { type: ['null', 'string'], readOnly: true, description: 'Algorithm to calculate the os_hash_value', maxLength: 64 },
      os_hash_value: { type: ['null', 'string'], readOnly: true, description: 'Hexdigest of the image contents using the algorithm specified by the os_hash_algo', maxLength: 128 },
      owner: { type: ['null', 'string'], description: 'Owner of the image', maxLength: 255 },
      size: { type: ['null', 'integer'], readOnly: true, description: 'Size of image file in bytes' },
      virtual_size: { type: ['null', 'integer'], readOnly: true, description: 'Virtual size of image in bytes' },
      container_format: { type: ['null', 'string'], description: 'Format of the container', enum: [null, ...CONTAINER_FORMATS] },
      disk_format: { type: ['null', 'string'], description: 'Format of the disk', enum: [null, ...DISK_FORMATS] },
      created_at: { type: 'string', readOnly: true, description: 'Date and time of image registration' },
      updated_at: { type: 'string', readOnly: true, description: 'Date and time of the last image modification' },
      tags: { type: 'array', description: 'List of strings related to the image', items: { type: 'string', maxLength: 255 } },
      direct_url: { type: 'string', readOnly: true, description: 'URL to access the image file kept in external store' },
      min_ram: { type: 'integer', description: 'Amount of ram (in MB) required to boot image.' },
      min_disk: { type: 'integer', description: 'Amount of disk space (in GB) required to boot image.' },
      self: { type: 'string', readOnly: true, description: 'An image self url' },
      file: { type: 'string', readOnly: true, description: 'An image file url' },
      stores: { type: 'string', readOnly: true, description: 'Store in which image data resides.  Only present when the operator has enabled multiple stores.' },
      schema: { type: 'string', readOnly: true, description: 'An image schema url' },
    },
    links: [
      { rel: 'self', href: '{self}' },
      { rel: 'enclosure', href: '{file}' },
      { rel: 'describedby', href: '{schema}' },
    ],
  };
}
