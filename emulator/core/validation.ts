import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { SchemaViolation } from './errors.js';

/**
 * JSON body validation with ajv, reporting the first error the way Python's
 * jsonschema does in Nova and Keystone (same wording, same choice of error),
 * so a 400 always names the field.
 */

/** Custom string formats: the check, and the reason Nova's InvalidName gives. */
interface NamedFormat {
  test: (value: string) => boolean;
  /** When set, a failure is reported as "An invalid 'name' value was provided. The name must be: <reason>". */
  invalidNameReason?: string;
}

const formats: Record<string, NamedFormat> = {};

// verbose: errors carry their schema and data, so messages can quote them as jsonschema does.
const ajv = new Ajv({ allErrors: true, strict: false, coerceTypes: false, useDefaults: false, verbose: true });

/**
 * Python's `int(text)`, then `float(text)`, as Nova's validator turns a
 * numeric string into a number before checking minimum and maximum; null when
 * the text is neither.
 */
export function pyNumber(text: string): { value: number; float: boolean } | null {
  const trimmed = text.trim();
  if (/^[+-]?\d+(_\d+)*$/.test(trimmed)) return { value: Number(trimmed.replace(/_/g, '')), float: false };
  if (/^[+-]?((\d+(_\d+)*)?\.?\d+(_\d+)*([eE][+-]?\d+)?|\d+\.|inf(inity)?|nan)$/i.test(trimmed)) {
    const lower = trimmed.toLowerCase().replace(/_/g, '');
    const sign = lower.startsWith('-') ? -1 : 1;
    const body = lower.replace(/^[+-]/, '');
    if (body.startsWith('inf')) return { value: sign * Infinity, float: true };
    if (body === 'nan') return { value: NaN, float: true };
    return { value: Number(lower), float: true };
  }
  return null;
}

/** Python's repr() of a number parsed by pyNumber: floats keep a `.0`. */
function pyNumberRepr(number: { value: number; float: boolean }): string {
  if (!number.float) return String(number.value);
  if (Number.isNaN(number.value)) return 'nan';
  if (!Number.isFinite(number.value)) return number.value > 0 ? 'inf' : '-inf';
  return Number.isInteger(number.value) ? `${number.value}.0` : String(number.value);
}

/**
 * Nova's `_SchemaValidator` checks `minimum` / `maximum` on numeric strings
 * too ("'0'" for ram answers "0 is less than the minimum of 1"): these
 * keywords do that for strings, beside the standard ones for numbers.
 */
for (const [keyword, fails] of [
  ['stringMinimum', (value: number, limit: number) => value < limit],
  ['stringMaximum', (value: number, limit: number) => value > limit],
  ['stringExclusiveMinimum', (value: number, limit: number) => value <= limit],
] as const) {
  const validate = function check(limit: number, data: string): boolean {
    const number = pyNumber(data);
    if (number === null || !fails(number.value, limit)) return true;
    (check as unknown as { errors: Partial<ErrorObject>[] }).errors = [{ keyword, params: { limit, number: pyNumberRepr(number) } }];
    return false;
  };
  ajv.addKeyword({ keyword, type: 'string', schemaType: 'number', errors: true, validate });
}

export function defineFormat(name: string, format: NamedFormat): void {
  formats[name] = format;
  ajv.addFormat(name, { type: 'string', validate: format.test });
}

const cache = new WeakMap<object, ValidateFunction>();

function compiled(schema: object): ValidateFunction {
  let validate = cache.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    cache.set(schema, validate);
  }
  return validate;
}

/** Python's repr() of a JSON value, as jsonschema quotes instances in its messages. */
export function pyRepr(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'string') {
    const quote = value.includes("'") && !value.includes('"') ? '"' : "'";
    const escaped = value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t');
    return quote + (quote === "'" ? escaped.replace(/'/g, "\\'") : escaped) + quote;
  }
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return `[${value.map(pyRepr).join(', ')}]`;
  return `{${Object.entries(value as Record<string, unknown>)
    .map(([key, item]) => `${pyRepr(key)}: ${pyRepr(item)}`)
    .join(', ')}}`;
}

/** Python's str() of a JSON value: strings bare, everything else as repr. */
export function pyStr(value: unknown): string {
  return typeof value === 'string' ? value : pyRepr(value);
}

const KEYWORD_RANK: Record<string, number> = {
  type: 0,
  enum: 1,
  const: 1,
  minLength: 2,
  maxLength: 3,
  pattern: 4,
  format: 5,
  minimum: 6,
  maximum: 6,
  exclusiveMinimum: 6,
  stringMinimum: 6,
  stringMaximum: 6,
  stringExclusiveMinimum: 6,
  // jsonschema's keyword order in Nova's array schemas: uniqueItems, minItems, maxItems, additionalItems.
  uniqueItems: 7,
  minItems: 7.1,
  maxItems: 7.2,
  additionalItems: 7.5,
  minProperties: 7.6,
  maxProperties: 7.6,
  required: 8,
  additionalProperties: 9,
};

function pathOf(error: ErrorObject): (string | number)[] {
  if (!error.instancePath) return [];
  return error.instancePath
    .slice(1)
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
}

function valueAt(root: unknown, path: (string | number)[]): unknown {
  let current = root;
  for (const segment of path) current = (current as Record<string | number, unknown> | undefined)?.[segment];
  return current;
}

function reason(error: ErrorObject, instance: unknown): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'type': {
      const types = Array.isArray(params.type) ? params.type : String(params.type).split(',');
      return `${pyRepr(instance)} is not of type ${types.map((type) => pyRepr(type)).join(', ')}`;
    }
    case 'required':
      return `${pyRepr(params.missingProperty)} is a required property`;
    case 'additionalProperties': {
      const patterns = Object.keys((error.parentSchema as { patternProperties?: Record<string, unknown> } | undefined)?.patternProperties ?? {}).sort();
      if (!patterns.length) return `Additional properties are not allowed (${pyRepr(params.additionalProperty)} was unexpected)`;
      // jsonschema names every extra key and the patterns none of them matched.
      const known = Object.keys((error.parentSchema as { properties?: Record<string, unknown> }).properties ?? {});
      const extras = Object.keys(instance as Record<string, unknown>)
        .filter((key) => !known.includes(key) && !patterns.some((pattern) => new RegExp(pattern, 'u').test(key)))
        .sort();
      return `${extras.map((key) => pyRepr(key)).join(', ')} ${extras.length === 1 ? 'does' : 'do'} not match any of the regexes: ${patterns.map((pattern) => pyRepr(pattern)).join(', ')}`;
    }
    case 'additionalItems': {
      const extras = (instance as unknown[]).slice(Number(params.limit));
      return `Additional items are not allowed (${extras.map(pyRepr).join(', ')} ${extras.length === 1 ? 'was' : 'were'} unexpected)`;
    }
    case 'uniqueItems':
      return `${pyRepr(instance)} has non-unique elements`;
    case 'minItems':
      return `${pyRepr(instance)} is too short`;
    case 'maxItems':
      return `${pyRepr(instance)} is too long`;
    case 'minProperties':
      return `${pyRepr(instance)} does not have enough properties`;
    case 'maxProperties':
      return `${pyRepr(instance)} has too many properties`;
    case 'exclusiveMinimum':
      return `${pyRepr(instance)} is less than or equal to the minimum of ${params.limit}`;
    case 'stringMinimum':
      return `${params.number} is less than the minimum of ${params.limit}`;
    case 'stringMaximum':
      return `${params.number} is greater than the maximum of ${params.limit}`;
    case 'stringExclusiveMinimum':
      return `${params.number} is less than or equal to the minimum of ${params.limit}`;
    case 'enum':
      return `${pyRepr(instance)} is not one of ${pyRepr(params.allowedValues)}`;
    case 'minLength':
      return `${pyRepr(instance)} is too short`;
    case 'maxLength':
      return `${pyRepr(instance)} is too long`;
    case 'pattern':
      return `${pyRepr(instance)} does not match ${pyRepr(params.pattern)}`;
    case 'format':
      return `${pyRepr(instance)} is not a ${pyRepr(params.format)}`;
    case 'minimum':
      return `${pyRepr(instance)} is less than the minimum of ${params.limit}`;
    case 'maximum':
      return `${pyRepr(instance)} is greater than the maximum of ${params.limit}`;
    default:
      return error.message ?? 'is invalid';
  }
}

/**
 * Throws a SchemaViolation for the first problem of `value` against `schema`,
 * choosing it as jsonschema would: a wrong type first, then problems inside a
 * field before problems of the object holding it.
 */
export function validateAgainst(schema: object, value: unknown): void {
  const validate = compiled(schema);
  if (validate(value)) return;
  const errors = (validate.errors ?? []).filter((error) => !['allOf', 'anyOf', 'oneOf', 'if', 'not'].includes(error.keyword));
  const ranked = errors
    .map((error, index) => ({ error, index, depth: pathOf(error).length, rank: KEYWORD_RANK[error.keyword] ?? 10 }))
    .sort((a, b) => {
      const aType = a.rank === 0 ? 0 : 1;
      const bType = b.rank === 0 ? 0 : 1;
      if (aType !== bType) return aType - bType;
      if (aType === 0) return a.depth - b.depth || a.index - b.index;
      return b.depth - a.depth || a.rank - b.rank || a.index - b.index;
    });
  const first = ranked[0]?.error;
  if (!first) throw new SchemaViolation([], value, 'Invalid input');
  const path = pathOf(first);
  const instance = valueAt(value, path);
  const format = first.keyword === 'format' ? formats[String((first.params as { format: string }).format)] : undefined;
  const override = format?.invalidNameReason ? `An invalid 'name' value was provided. The name must be: ${format.invalidNameReason}` : undefined;
  throw new SchemaViolation(path, instance, reason(first, instance), override);
}

/**
 * Validates query parameters as Nova does: every parameter is a list of
 * strings (repeated keys), so schemas wrap item schemas in
 * `{type: 'array', items: …}` (nova's multi_params); errors name the parameter.
 */
export function validateQuery(schema: object, query: Record<string, string | string[]>): void {
  const lists: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(query)) lists[key] = Array.isArray(value) ? value : [value];
  try {
    validateAgainst(schema, lists);
  } catch (error) {
    if (error instanceof SchemaViolation) throw new SchemaViolation(error.path, error.instance, error.reason, error.override, 'query');
    throw error;
  }
}

/** Nova's `multi_params(schema)`. */
export const multiParams = (items: object) => ({ type: 'array', items });
