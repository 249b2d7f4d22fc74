import { NeutronFault, invalidAttribute } from '../faults.js';
import { parseAddress, parseCidr } from './ip.js';

/**
 * Neutron's RESOURCE_ATTRIBUTE_MAP in miniature: per attribute, whether POST
 * and PUT may set it, whether it is required, and its validator, whose
 * reasons are neutron_lib's validators' words.
 */

/** A reason without the final period (the caller adds "Invalid input for X. Reason: …."), or undefined when valid. */
export type Validator = (value: unknown) => string | undefined;

export interface AttributeSpec {
  post?: boolean;
  put?: boolean;
  required?: boolean;
  validate?: Validator;
  /** Applied after validation (e.g. "True" → true). */
  convert?: (value: unknown) => unknown;
}

const repr = (value: unknown) => (typeof value === 'string' ? `'${value}'` : JSON.stringify(value));

export const validators = {
  string:
    (maxLength = 255): Validator =>
    (value) => {
      if (typeof value !== 'string') return `${repr(value)} is not a valid string`;
      if (value.length > maxLength) return `'${value}' exceeds maximum length of ${maxLength}`;
      return undefined;
    },
  stringOrNone:
    (maxLength = 255): Validator =>
    (value) =>
      value === null ? undefined : validators.string(maxLength)(value),
  uuid: ((value) =>
    typeof value === 'string' && /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i.test(value)
      ? undefined
      : `${repr(value)} is not a valid UUID`) as Validator,
  uuidOrNone: ((value) => (value === null ? undefined : validators.uuid(value))) as Validator,
  boolean: ((value) => (toBoolean(value) === undefined ? `${repr(value)} cannot be converted to boolean` : undefined)) as Validator,
  values:
    (allowed: readonly unknown[]): Validator =>
    (value) =>
      allowed.includes(value) ? undefined : `${String(value)} is not in valid_values`,
  range:
    (min: number, max: number): Validator =>
    (value) => {
      const number = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
      if (typeof number !== 'number' || !Number.isInteger(number)) return `${repr(value)} is not an integer`;
      if (number < min) return `'${number}' is too small - must be at least '${min}'`;
      if (number > max) return `'${number}' is too large - must be no larger than '${max}'`;
      return undefined;
    },
  ipAddressOrNone: ((value) => (value === null || parseAddress(value) ? undefined : `${repr(value)} is not a valid IP address`)) as Validator,
  cidr: ((value) => (parseCidr(value) ? undefined : `${repr(value)} is not a valid IP subnet`)) as Validator,
  list:
    (item?: Validator): Validator =>
    (value) => {
      if (!Array.isArray(value)) return `${repr(value)} is not a list`;
      for (const element of value) {
        const reason = item?.(element);
        if (reason) return reason;
      }
      return undefined;
    },
  object: ((value) => (value && typeof value === 'object' && !Array.isArray(value) ? undefined : `${repr(value)} is not a dictionary`)) as Validator,
  objectOrNone: ((value) => (value === null ? undefined : validators.object(value))) as Validator,
  any: (() => undefined) as Validator,
};

/** neutron_lib's convert_to_boolean: True/False, "true"/"false" in any case, 0/1. */
export function toBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 0 || value === 1) return value === 1;
  if (typeof value === 'string') {
    const lower = value.toLowerCase();
    if (lower === 'true' || lower === '1') return true;
    if (lower === 'false' || lower === '0') return false;
  }
  return undefined;
}

export const toInt = (value: unknown) => (value === null ? null : Number(value));
export const bool: AttributeSpec = { post: true, put: true, validate: validators.boolean, convert: toBoolean };
export const name: AttributeSpec = { post: true, put: true, validate: validators.string(255) };
export const description: AttributeSpec = { post: true, put: true, validate: validators.string(255) };
/** tenant_id / project_id: settable on create (admins for other projects), never on update. */
export const owner: AttributeSpec = { post: true, validate: validators.string(255) };

/**
 * The `<resource>` object of a POST or PUT body, checked against `specs`:
 * unknown, read-only and missing attributes, then each value.
 */
export function parseResourceBody(body: unknown, resource: string, specs: Record<string, AttributeSpec>, mode: 'create' | 'update'): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new NeutronFault(400, 'HTTPBadRequest', 'Resource body required');
  const values = (body as Record<string, unknown>)[resource];
  if (values === undefined) throw new NeutronFault(400, 'HTTPBadRequest', `Unable to find '${resource}' in request body`);
  if (!values || typeof values !== 'object' || Array.isArray(values)) throw new NeutronFault(400, 'HTTPBadRequest', `Invalid format for ${resource}: ${JSON.stringify(values)}`);
  const record = values as Record<string, unknown>;
  const unknown = Object.keys(record).filter((key) => !(key in specs));
  if (unknown.length) throw new NeutronFault(400, 'HTTPBadRequest', `Unrecognized attribute(s) '${unknown.join(', ')}'`);
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    const spec = specs[key];
    if (mode === 'create' && !spec.post) throw new NeutronFault(400, 'HTTPBadRequest', `Attribute '${key}' not allowed in POST`);
    if (mode === 'update' && !spec.put) throw new NeutronFault(400, 'HTTPBadRequest', `Cannot update read-only attribute ${key}`);
    const reason = spec.validate?.(value);
    if (reason) throw invalidAttribute(key, reason);
    result[key] = spec.convert ? spec.convert(value) : value;
  }
  if (mode === 'create') {
    for (const [key, spec] of Object.entries(specs)) {
      if (spec.required && !(key in record)) throw new NeutronFault(400, 'HTTPBadRequest', `Failed to parse request. Required attribute '${key}' not specified`);
    }
  }
  return result;
}
