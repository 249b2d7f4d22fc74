/**
 * One metadata property of the editor (spec 1 §4.7, §5): its definition from
 * a Glance metadefs namespace (or a custom key), its value parsed from the
 * stored text, the text it saves, and the validation messages of spec 1 §5.
 */

/** A property as a metadefs namespace defines it (api-contract §14.3: `properties{name: {...}}`). */
export interface PropertyDefinition {
  title?: string;
  description?: string;
  type?: 'string' | 'integer' | 'number' | 'boolean' | 'array' | (string & {});
  enum?: string[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  readonly?: boolean;
  /** Array operators, e.g. `['<or>']` or `['<in>', '<all-in>']`. */
  operators?: string[];
  items?: { type?: string; enum?: string[] };
}

/** Keys Glance computes itself: shown, never edited nor required (spec 2 §9). */
export const READ_ONLY_KEYS: readonly string[] = ['os_hash_algo', 'os_hash_value'];

/** Spec 1 §5, the metadata tree's messages. */
export const METADATA_MESSAGES = {
  min: 'Min',
  max: 'Max',
  minLength: 'Min length',
  maxLength: 'Max length',
  pattern: 'Pattern mismatch',
  integer: 'Integer required',
  decimal: 'Decimal required',
  required: 'Required',
  duplicate: 'Duplicate keys are not allowed',
} as const;

export type PropertyValue = string | number | boolean | string[] | null;

export interface MetadataProperty {
  /** The key as saved (with the resource type's prefix). */
  name: string;
  definition: PropertyDefinition;
  type: string;
  value: PropertyValue;
  /** An array's operator, e.g. '<in>'. */
  operator?: string;
  /** Whether a value must be given; null defaults and empty text make it optional. */
  required: boolean;
  readonly: boolean;
}

/**
 * A property with no value yet: its definition's default, parsed as stored
 * text is (spec 1 §4.7: a null default gives [] for arrays and an optional property).
 *
 * @example
 * newProperty('hw_rng:allowed', { type: 'boolean', default: false }).value; // false
 */
export function newProperty(name: string, definition: PropertyDefinition): MetadataProperty {
  const readonly = Boolean(definition.readonly) || READ_ONLY_KEYS.includes(name);
  const property: MetadataProperty = {
    name,
    definition,
    type: definition.type ?? 'string',
    value: null,
    operator: definition.operators?.[0],
    required: !readonly,
    readonly,
  };
  const fallback = definition.default;
  return setValue(property, fallback === undefined || fallback === null ? null : String(fallback));
}

/**
 * Parses stored text into the property's value (spec 1 §4.7): integer base
 * 10, number as a float, boolean from the text true or false (else null),
 * array from '<operator> a,b,c'. Null gives [] for arrays, null otherwise,
 * and makes the property optional, as does an empty string.
 *
 * @example
 * setValue(newProperty('hw_cpu', { type: 'integer' }), '08').value; // 8
 * setValue(newProperty('x', { type: 'array', operators: ['<in>'] }), '<in> a,b'); // operator '<in>', value ['a', 'b']
 */
export function setValue(property: MetadataProperty, text: string | null): MetadataProperty {
  if (text === null) return { ...property, value: property.type === 'array' ? [] : null, required: false };
  const required = text !== '' && !property.readonly;
  switch (property.type) {
    case 'integer':
      return { ...property, value: parseInt(text, 10), required };
    case 'number':
      return { ...property, value: parseFloat(text), required };
    case 'boolean':
      return { ...property, value: parseBoolean(text), required };
    case 'array': {
      const match = /^(<.*?>) (.*)$/.exec(text);
      const list = match ? match[2] : text;
      const values = list === '' ? [] : list.split(',');
      return { ...property, operator: match ? match[1] : property.operator, value: values, required };
    }
    default:
      return { ...property, value: text, required };
  }
}

/** 'true' → true, 'false' → false (any case), anything else → null. */
export function parseBoolean(text: string): boolean | null {
  const upper = text.toUpperCase();
  if (upper === 'TRUE') return true;
  if (upper === 'FALSE') return false;
  return null;
}

/**
 * The text the property saves: arrays as '<operator> a,b,c' (just 'a,b,c'
 * without operators); null for an array with no values, which is left out
 * of the saved result (spec 1 §4.7).
 *
 * @example
 * savedValue({ ...prop, type: 'array', operator: '<or>', value: ['a', 'b'] }); // '<or> a,b'
 */
export function savedValue(property: MetadataProperty): string | null {
  const { value } = property;
  if (property.type === 'array') {
    const values = Array.isArray(value) ? value : [];
    if (values.length === 0) return null;
    return property.operator ? `${property.operator} ${values.join(',')}` : values.join(',');
  }
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' && Number.isNaN(value)) return '';
  return String(value);
}

/**
 * What the user typed, checked as spec 1 §5 says: 'Required', then for
 * integers 'Integer required' (a pattern error means integer required too),
 * for numbers 'Decimal required', 'Min'/'Max' for numbers, 'Min length',
 * 'Max length' and 'Pattern mismatch' for text. Null when valid.
 *
 * @example
 * validateText({ ...prop, type: 'integer' }, '1.5'); // 'Integer required'
 */
export function validateText(property: MetadataProperty, text: string): string | null {
  if (property.readonly) return null;
  const { definition } = property;
  if (text === '') return property.required ? METADATA_MESSAGES.required : null;
  if (property.type === 'integer' || property.type === 'number') {
    const integer = property.type === 'integer';
    const valid = integer ? /^-?\d+$/.test(text.trim()) : /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text.trim());
    if (!valid) return integer ? METADATA_MESSAGES.integer : METADATA_MESSAGES.decimal;
    const number = Number(text);
    if (definition.minimum !== undefined && number < definition.minimum) return METADATA_MESSAGES.min;
    if (definition.maximum !== undefined && number > definition.maximum) return METADATA_MESSAGES.max;
    return null;
  }
  if (property.type === 'string') {
    if (definition.minLength !== undefined && text.length < definition.minLength) return METADATA_MESSAGES.minLength;
    if (definition.maxLength !== undefined && text.length > definition.maxLength) return METADATA_MESSAGES.maxLength;
    if (definition.pattern && !new RegExp(definition.pattern).test(text)) return METADATA_MESSAGES.pattern;
  }
  return null;
}

/** The limit a message refers to, shown after it ('Min 1', 'Max length 255'). */
export function messageLimit(property: MetadataProperty, message: string): number | undefined {
  const { definition } = property;
  if (message === METADATA_MESSAGES.min) return definition.minimum;
  if (message === METADATA_MESSAGES.max) return definition.maximum;
  if (message === METADATA_MESSAGES.minLength) return definition.minLength;
  if (message === METADATA_MESSAGES.maxLength) return definition.maxLength;
  return undefined;
}

/** The property's value as the text an input shows. */
export function valueText(property: MetadataProperty): string {
  const { value } = property;
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.join(',');
  if (typeof value === 'number' && Number.isNaN(value)) return '';
  return String(value);
}
