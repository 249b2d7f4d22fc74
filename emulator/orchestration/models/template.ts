import { parse as parseYaml } from 'yaml';
import { RESOURCE_TYPES } from '../resources/index.js';
import { badRequest, HeatError } from './errors.js';
import { references } from './functions.js';
import { type ParameterSchema, parameterSchemas } from './parameters.js';

/**
 * A HOT template: parsed from YAML or JSON, checked as Heat checks it before
 * it makes anything (version, sections, known resource types and
 * properties, references, cycles), with the dependency graph of its
 * resources (`depends_on` plus every `get_resource`/`get_attr`).
 */

export const TEMPLATE_VERSIONS = [
  '2013-05-23',
  '2014-10-16',
  '2015-04-30',
  '2015-10-15',
  '2016-04-08',
  '2016-10-14',
  '2017-02-24',
  '2017-09-01',
  '2018-03-02',
  '2018-08-31',
  '2021-04-16',
  'newton',
  'ocata',
  'pike',
  'queens',
  'rocky',
  'wallaby',
];

const SECTIONS = ['heat_template_version', 'description', 'parameter_groups', 'parameters', 'resources', 'outputs', 'conditions'];
const RESOURCE_KEYS = ['type', 'properties', 'metadata', 'depends_on', 'deletion_policy', 'update_policy', 'condition', 'external_id'];

export interface ResourceDefinition {
  name: string;
  type: string;
  properties: Record<string, unknown>;
  /** The resources this one needs first, in template order of naming. */
  requires: string[];
  /** The definition as written (what an update compares). */
  snippet: Record<string, unknown>;
  /** The parameters its snippet reads. */
  params: string[];
}

export interface Output {
  name: string;
  description: string;
  value: unknown;
}

export interface Template {
  raw: Record<string, unknown>;
  description: string;
  parameters: Record<string, ParameterSchema>;
  resources: ResourceDefinition[];
  outputs: Output[];
}

/** The template as an object: a JSON object as is, a string as YAML (JSON is YAML). */
export function parseTemplate(input: unknown): Record<string, unknown> {
  let raw = input;
  if (typeof input === 'string') {
    try {
      raw = parseYaml(input, { version: '1.2' });
    } catch (error) {
      throw badRequest(`Template not in valid format: Error parsing template [root stack] ${(error as Error).message}`);
    }
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw badRequest('The template is not a JSON object or YAML mapping.');
  return raw as Record<string, unknown>;
}

/** Parses and checks a template; the Heat error of the first problem found. */
export function loadTemplate(input: unknown): Template {
  const raw = parseTemplate(input);
  const version = raw.heat_template_version;
  if (version === undefined) throw badRequest('Template format version not found.', 'InvalidTemplateVersion');
  const versionText = version instanceof Date ? version.toISOString().slice(0, 10) : String(version);
  if (!TEMPLATE_VERSIONS.includes(versionText)) {
    throw badRequest(
      `The template version is invalid: "heat_template_version: ${versionText}". "heat_template_version" should be one of: ${TEMPLATE_VERSIONS.join(', ')}`,
      'InvalidTemplateVersion',
    );
  }
  for (const key of Object.keys(raw)) if (!SECTIONS.includes(key)) throw badRequest(`The template section is invalid: ${key}`, 'InvalidTemplateSection');
  const parameters = parameterSchemas(raw.parameters);
  const section = raw.resources ?? {};
  if (typeof section !== 'object' || Array.isArray(section)) throw badRequest('"resources" must be a map', 'StackValidationFailed');
  const names = Object.keys(section as object);
  const resources = Object.entries(section as Record<string, unknown>).map(([name, body]) => defineResource(name, body, names));
  checkCycles(resources);
  const outputs = Object.entries((raw.outputs as Record<string, { value?: unknown; description?: string }> | undefined) ?? {}).map(([name, body]) => {
    for (const reference of references(body?.value, `Outputs.${name}.value`).resources) {
      if (!names.includes(reference.name)) throw badRequest(`The specified reference "${reference.name}" (in unknown) is incorrect.`, 'InvalidTemplateReference');
    }
    return { name, description: body?.description ?? 'No description given', value: body?.value ?? null };
  });
  return { raw, description: typeof raw.description === 'string' ? raw.description : 'No description', parameters, resources, outputs };
}

function defineResource(name: string, body: unknown, names: string[]): ResourceDefinition {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest(`Resource ${name} is not a map`, 'StackValidationFailed');
  const snippet = body as Record<string, unknown>;
  for (const key of Object.keys(snippet)) {
    if (!RESOURCE_KEYS.includes(key)) throw badRequest(`"${key}" is not a valid keyword inside a resource definition`, 'StackValidationFailed');
  }
  if (typeof snippet.type !== 'string') throw badRequest(`Resource ${name} is missing "type"`, 'StackValidationFailed');
  const type = RESOURCE_TYPES[snippet.type];
  if (!type) throw badRequest(`The Resource Type (${snippet.type}) could not be found.`);
  const properties = (snippet.properties ?? {}) as Record<string, unknown>;
  if (typeof properties !== 'object' || Array.isArray(properties)) throw badRequest(`Property error: resources.${name}.properties: Properties must be a map`);
  for (const property of Object.keys(properties)) {
    if (!(property in type.properties)) throw badRequest(`Property error: resources.${name}.properties: Unknown Property ${property}`);
  }
  for (const [property, spec] of Object.entries(type.properties)) {
    if (spec.required && (properties[property] === undefined || properties[property] === null)) {
      throw badRequest(`Property error: resources.${name}.properties: Property ${property} not assigned`);
    }
  }
  const dependsOn = snippet.depends_on === undefined ? [] : Array.isArray(snippet.depends_on) ? snippet.depends_on.map(String) : [String(snippet.depends_on)];
  for (const dependency of dependsOn) {
    if (!names.includes(dependency)) throw badRequest(`The specified reference "${dependency}" (in ${name}) is incorrect.`, 'InvalidTemplateReference');
  }
  const found = references(properties, `${name}.Properties`);
  for (const reference of found.resources) {
    if (!names.includes(reference.name)) throw badRequest(`The specified reference "${reference.name}" (in ${reference.where}) is incorrect.`, 'InvalidTemplateReference');
  }
  const requires = [...new Set([...dependsOn, ...found.resources.map((reference) => reference.name)])].filter((other) => other !== name);
  return { name, type: snippet.type, properties, requires, snippet, params: [...new Set(found.params.map((reference) => reference.name))] };
}

/** Heat refuses a dependency loop before making anything. */
function checkCycles(resources: ResourceDefinition[]): void {
  const byName = new Map(resources.map((resource) => [resource.name, resource]));
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string, path: string[]) => {
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting') throw new HeatError(400, 'CircularDependencyException', `Circular Dependency Found: ${[...path.slice(path.indexOf(name)), name].join(' -> ')}`);
    state.set(name, 'visiting');
    for (const required of byName.get(name)?.requires ?? []) visit(required, [...path, name]);
    state.set(name, 'done');
  };
  for (const resource of resources) visit(resource.name, []);
}

/** Names of resources that require `name` (Heat's `required_by`). */
export function requiredBy(resources: { name: string; requires: string[] }[], name: string): string[] {
  return resources.filter((resource) => resource.requires.includes(name)).map((resource) => resource.name);
}
