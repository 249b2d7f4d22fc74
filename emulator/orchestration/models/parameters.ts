import { badRequest, HeatError } from './errors.js';

/**
 * HOT parameters: the five types, their defaults and constraints (range,
 * length, allowed_values, allowed_pattern), checked the way Heat words its
 * failures, and the typed value functions see (`get_param`).
 */

export type ParameterType = 'string' | 'number' | 'comma_delimited_list' | 'json' | 'boolean';

export interface Constraint {
  range?: { min?: number; max?: number };
  length?: { min?: number; max?: number };
  allowed_values?: unknown[];
  allowed_pattern?: string;
  custom_constraint?: string;
  description?: string;
}

export interface ParameterSchema {
  type: ParameterType;
  label?: string;
  description?: string;
  default?: unknown;
  hidden?: boolean;
  constraints?: Constraint[];
  immutable?: boolean;
}

const TYPES: ParameterType[] = ['string', 'number', 'comma_delimited_list', 'json', 'boolean'];

/** The `parameters` section, each entry checked for a known type. */
export function parameterSchemas(section: unknown): Record<string, ParameterSchema> {
  if (section === undefined || section === null) return {};
  if (typeof section !== 'object' || Array.isArray(section)) throw badRequest('The template section is invalid: parameters', 'StackValidationFailed');
  const schemas: Record<string, ParameterSchema> = {};
  for (const [name, raw] of Object.entries(section as Record<string, unknown>)) {
    if (!raw || typeof raw !== 'object') throw badRequest(`Invalid parameter: "${name}"`, 'InvalidSchemaError');
    const schema = raw as ParameterSchema;
    if (!schema.type) throw badRequest(`Missing parameter type for parameter: ${name}`, 'InvalidSchemaError');
    if (!TYPES.includes(schema.type)) throw badRequest(`Invalid type (${String(schema.type)})`, 'InvalidSchemaError');
    if (schema.constraints !== undefined && !Array.isArray(schema.constraints)) throw badRequest('Invalid parameter constraints for parameter ' + name + ', expected a list', 'InvalidSchemaError');
    checkDefault(name, schema);
    schemas[name] = schema;
  }
  return schemas;
}

/** Python's str() of a default, as Heat's 'Invalid default' prints it. */
const pythonText = (value: unknown): string => {
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (Array.isArray(value)) return `[${value.map((item) => (typeof item === 'string' ? `'${item}'` : pythonText(item))).join(', ')}]`;
  if (value !== null && typeof value === 'object') return `{${Object.entries(value).map(([key, item]) => `'${key}': ${typeof item === 'string' ? `'${item}'` : pythonText(item)}`).join(', ')}}`;
  return String(value);
};

/** json.dumps as Heat's constraint messages print values (a space after each comma). */
const jsonText = (value: unknown): string => (Array.isArray(value) ? `[${value.map(jsonText).join(', ')}]` : JSON.stringify(value));

/**
 * Heat checks a parameter's default against its constraints whenever it
 * reads the template (validate, preview, create, update), given a value or
 * not: a template whose default breaks its own constraint is refused.
 */
function checkDefault(name: string, schema: ParameterSchema): void {
  if (schema.default === undefined || schema.default === null) return;
  const refuse = (reason: string) => badRequest(`Parameter '${name}' is invalid: Invalid default ${pythonText(schema.default)} (${reason})`, 'InvalidSchemaError');
  if (schema.type === 'number' && typeof schema.default !== 'number' && !Number.isFinite(Number(String(schema.default).trim() || 'x'))) {
    throw refuse(`could not convert string to float: '${String(schema.default)}'`);
  }
  let value: unknown;
  try {
    value = typedValue(name, schema, schema.default);
  } catch (error) {
    throw refuse((error as Error).message.replace(`Parameter '${name}' is invalid: `, ''));
  }
  for (const constraint of schema.constraints ?? []) {
    const failure = constraintFailure(constraint, value);
    if (failure) throw refuse(constraint.description ?? failure);
  }
}

const invalid = (name: string, message: string) => new HeatError(400, 'StackValidationFailed', `Parameter '${name}' is invalid: ${message}`);

/** The value as a function sees it, from a value given as JSON or as a string. */
export function typedValue(name: string, schema: ParameterSchema, value: unknown): unknown {
  switch (schema.type) {
    case 'number': {
      if (typeof value === 'number') return value;
      const text = String(value).trim();
      const number = Number(text);
      if (!text || !Number.isFinite(number)) throw invalid(name, `Value '${String(value)}' is not an integer`);
      return number;
    }
    case 'boolean': {
      if (typeof value === 'boolean') return value;
      const text = String(value).toLowerCase();
      if (['true', 't', 'on', 'y', 'yes', '1'].includes(text)) return true;
      if (['false', 'f', 'off', 'n', 'no', '0'].includes(text)) return false;
      throw invalid(name, `Unrecognized value "${String(value)}", acceptable values are: '0', '1', 'f', 'false', 'n', 'no', 'off', 'on', 't', 'true', 'y', 'yes'`);
    }
    case 'comma_delimited_list':
      if (Array.isArray(value)) return value.map(String);
      return String(value) === '' ? [] : String(value).split(',').map((item) => item.trim());
    case 'json':
      if (typeof value === 'string') {
        try {
          return JSON.parse(value);
        } catch {
          throw invalid(name, `Value must be valid JSON: ${value}`);
        }
      }
      return value;
    default:
      if (value !== null && typeof value === 'object') throw invalid(name, `Value must be a string; got ${JSON.stringify(value)}`);
      return String(value);
  }
}

/** Checks every constraint of `schema` on the typed value; the constraint's description replaces Heat's wording when given. */
export function checkConstraints(name: string, schema: ParameterSchema, value: unknown): void {
  for (const constraint of schema.constraints ?? []) {
    const failure = constraintFailure(constraint, value);
    if (failure) throw invalid(name, constraint.description ?? failure);
  }
}

function constraintFailure(constraint: Constraint, value: unknown): string | null {
  if (constraint.range) {
    const { min, max } = constraint.range;
    const number = Number(value);
    if ((min !== undefined && number < min) || (max !== undefined && number > max)) return `${String(value)} is out of range (min: ${min ?? 'None'}, max: ${max ?? 'None'})`;
  }
  if (constraint.length) {
    const { min, max } = constraint.length;
    const length = Array.isArray(value) ? value.length : typeof value === 'object' && value ? Object.keys(value).length : String(value).length;
    if ((min !== undefined && length < min) || (max !== undefined && length > max)) return `length (${length}) is out of range (min: ${min ?? 'None'}, max: ${max ?? 'None'})`;
  }
  if (constraint.allowed_values) {
    const allowed = constraint.allowed_values.map(String);
    const values = Array.isArray(value) ? value.map(String) : [String(value)];
    if (values.some((item) => !allowed.includes(item))) return `${jsonText(value)} is not an allowed value ${jsonText(constraint.allowed_values)}`;
  }
  if (constraint.allowed_pattern !== undefined) {
    const pattern = new RegExp(`^(?:${constraint.allowed_pattern})$`);
    if (!pattern.test(String(value))) return `"${String(value)}" does not match pattern "${constraint.allowed_pattern}"`;
  }
  return null;
}

/**
 * The value of every parameter: given (environment `parameters`), else the
 * environment's `parameter_defaults`, else the template default; typed and
 * checked. A parameter with no value at all is Heat's UserParameterMissing.
 */
export function resolveParameters(
  schemas: Record<string, ParameterSchema>,
  given: Record<string, unknown>,
  defaults: Record<string, unknown> = {},
  options: { requireAll: boolean } = { requireAll: true },
): Record<string, unknown> {
  for (const name of Object.keys(given)) {
    if (!(name in schemas)) throw new HeatError(400, 'StackValidationFailed', `The Parameter (${name}) was not defined in template.`);
  }
  const values: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(schemas)) {
    const raw = name in given ? given[name] : name in defaults ? defaults[name] : schema.default;
    if (raw === undefined || raw === null) {
      if (options.requireAll) throw new HeatError(400, 'UserParameterMissing', `The Parameter (${name}) was not provided.`);
      continue;
    }
    const value = typedValue(name, schema, raw);
    checkConstraints(name, schema, value);
    values[name] = value;
  }
  return values;
}

/** How Heat shows a parameter value in a stack: always a string (lists comma-joined, JSON serialised). */
export function shownValue(value: unknown): string {
  if (Array.isArray(value)) return value.join(',');
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const VALIDATE_TYPE: Record<ParameterType, string> = {
  string: 'String',
  number: 'Number',
  comma_delimited_list: 'CommaDelimitedList',
  json: 'Json',
  boolean: 'Boolean',
};

/** One parameter as `POST /validate` describes it (CFN-style keys). */
export function describeParameter(name: string, schema: ParameterSchema, given: Record<string, unknown>): Record<string, unknown> {
  const described: Record<string, unknown> = {
    Type: VALIDATE_TYPE[schema.type],
    Description: schema.description ?? '',
    NoEcho: schema.hidden ? 'true' : 'false',
    Label: schema.label ?? name,
  };
  if (schema.default !== undefined) described.Default = schema.default;
  if (name in given) described.Value = given[name];
  for (const constraint of schema.constraints ?? []) {
    if (constraint.range?.min !== undefined) described.MinValue = constraint.range.min;
    if (constraint.range?.max !== undefined) described.MaxValue = constraint.range.max;
    if (constraint.length?.min !== undefined) described.MinLength = constraint.length.min;
    if (constraint.length?.max !== undefined) described.MaxLength = constraint.length.max;
    if (constraint.allowed_values) described.AllowedValues = constraint.allowed_values;
    if (constraint.allowed_pattern !== undefined) described.AllowedPattern = constraint.allowed_pattern;
    if (constraint.custom_constraint) described.CustomConstraint = constraint.custom_constraint;
    if (constraint.description) described.ConstraintDescription = constraint.description;
  }
  return described;
}
