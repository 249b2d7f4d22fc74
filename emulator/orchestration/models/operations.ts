import { parse as parseYaml } from 'yaml';
import type { RequestContext } from '../../core/context.js';
import { newUuid } from '../../core/ids.js';
import type { Db } from '../../store/db.js';
import { RESOURCE_TYPES } from '../resources/index.js';
import { CHANGED, type Engine, REPLACEMENT } from './engine.js';
import { badRequest, HeatError } from './errors.js';
import { describeParameter, resolveParameters } from './parameters.js';
import { references } from './functions.js';
import { checkStackName, type Environment, insertStack, listResources, notAction, saveResource, saveStack, type Stack, type StackResource } from './stacks.js';
import { loadTemplate, type ResourceDefinition, type Template } from './template.js';

/**
 * The stack operations of Heat's API (create, preview, validate, update,
 * delete, actions): each checks everything first, then records the new
 * state in one transaction; the engine does the work afterwards.
 */

export interface StackBody {
  stack_name?: unknown;
  template?: unknown;
  template_url?: unknown;
  parameters?: unknown;
  environment?: unknown;
  files?: unknown;
  disable_rollback?: unknown;
  timeout_mins?: unknown;
  tags?: unknown;
}

/** The template of a body: `template` (object or text) or fetched from `template_url`. */
export async function templateOf(body: StackBody, required = true): Promise<unknown> {
  if (body.template !== undefined && body.template !== null && body.template !== '') return body.template;
  if (typeof body.template_url === 'string' && body.template_url) {
    try {
      const response = await fetch(body.template_url, { signal: AbortSignal.timeout(10_000) });
      if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
      return await response.text();
    } catch (error) {
      throw badRequest(`Could not retrieve template: Failed to retrieve template: ${(error as Error).message}`);
    }
  }
  if (required) throw badRequest('No template specified');
  return undefined;
}

function environmentOf(body: StackBody, previous?: Environment): Environment {
  let given: Record<string, unknown> = {};
  if (typeof body.environment === 'string' && body.environment.trim()) {
    try {
      given = (parseYaml(body.environment) ?? {}) as Record<string, unknown>;
    } catch (error) {
      throw badRequest(`Environment not in valid format: ${(error as Error).message}`);
    }
  } else if (body.environment && typeof body.environment === 'object') {
    given = body.environment as Record<string, unknown>;
  }
  if (body.parameters !== undefined && (typeof body.parameters !== 'object' || body.parameters === null || Array.isArray(body.parameters))) {
    throw badRequest('The parameters must be a map');
  }
  return {
    parameters: { ...(previous?.parameters ?? {}), ...((given.parameters as object) ?? {}), ...((body.parameters as object) ?? {}) },
    parameter_defaults: { ...(previous?.parameter_defaults ?? {}), ...((given.parameter_defaults as object) ?? {}) },
    resource_registry: { resources: {}, ...((given.resource_registry as object) ?? {}) },
  };
}

function checkedParameters(template: Template, environment: Environment): Record<string, unknown> {
  return resolveParameters(template.parameters, environment.parameters, environment.parameter_defaults);
}

/** Every get_param must name a parameter the template declares (or a pseudo parameter): Heat's create-time property error. */
function checkParamReferences(template: Template): void {
  for (const resource of template.resources) {
    for (const param of resource.params) {
      if (!(param in template.parameters) && !param.startsWith('OS::')) {
        throw new HeatError(400, 'StackValidationFailed', `Property error: : resources.${resource.name}.properties: : The Parameter (${param}) was not provided.`);
      }
    }
  }
}

/** `timeout_mins` of a create or update: minutes the action may take (undefined when not given). */
function timeoutOf(body: StackBody): number | null | undefined {
  if (body.timeout_mins === undefined || body.timeout_mins === null) return undefined;
  const timeout = Number(body.timeout_mins);
  if (!Number.isInteger(timeout)) throw badRequest(`Invalid timeout value ${String(body.timeout_mins)}`);
  return timeout;
}

export interface Prepared {
  name: string;
  template: Template;
  environment: Environment;
  parameters: Record<string, unknown>;
}

/** Everything a create or preview checks before anything exists. */
export async function prepareStack(body: StackBody): Promise<Prepared> {
  const name = checkStackName(body.stack_name);
  const template = loadTemplate(await templateOf(body));
  checkParamReferences(template);
  const environment = environmentOf(body);
  return { name, template, environment, parameters: checkedParameters(template, environment) };
}

export async function createStack(db: Db, engine: Engine, context: RequestContext, body: StackBody, now: number): Promise<Stack> {
  const prepared = await prepareStack(body);
  const timeout = timeoutOf(body) ?? null;
  const stack: Stack = {
    id: newUuid(),
    projectId: context.projectId!,
    userId: context.userId,
    owner: context.userName,
    name: prepared.name,
    template: prepared.template.raw,
    environment: prepared.environment,
    parameters: prepared.parameters,
    action: 'CREATE',
    status: 'IN_PROGRESS',
    statusReason: 'Stack CREATE started',
    disableRollback: body.disable_rollback === undefined ? true : body.disable_rollback === true || String(body.disable_rollback).toLowerCase() === 'true',
    timeoutMins: timeout,
    tags: typeof body.tags === 'string' && body.tags ? body.tags.split(',') : Array.isArray(body.tags) ? body.tags.map(String) : null,
    createdAt: now,
    updatedAt: null,
    deletedAt: null,
  };
  db.tx(() => {
    insertStack(db, stack);
    for (const row of engine.initialRows(stack, prepared.template)) saveResource(db, row);
    engine.stackEvent(stack, 'IN_PROGRESS', 'Stack CREATE started');
  });
  return stack;
}

/** `POST /validate`: the template's description and parameters as Heat describes them; no stack. */
export async function validateTemplate(body: StackBody): Promise<Record<string, unknown>> {
  const template = loadTemplate(await templateOf(body));
  const environment = environmentOf(body);
  const given = { ...environment.parameter_defaults, ...environment.parameters };
  const parameters = Object.fromEntries(Object.entries(template.parameters).map(([name, schema]) => [name, describeParameter(name, schema, given)]));
  const described: Record<string, unknown> = {
    Description: template.description,
    Parameters: parameters,
    Environment: { resource_registry: environment.resource_registry, parameters: environment.parameters, parameter_defaults: environment.parameter_defaults, event_sinks: [] },
  };
  if (Array.isArray(template.raw.parameter_groups)) described.ParameterGroups = template.raw.parameter_groups;
  return described;
}

function refuseWhileBusy(stack: Stack): void {
  if (stack.status === 'IN_PROGRESS') throw new HeatError(409, 'ActionInProgress', `Stack ${stack.name} already has an action (${stack.action}) in progress.`);
  if (stack.deletedAt !== null || (stack.action === 'DELETE' && stack.status === 'COMPLETE')) throw new HeatError(404, 'EntityNotFound', `The Stack (${stack.name}) could not be found.`);
}

/**
 * What an update does to a resource that stays, as Heat decides it: nothing
 * when its properties are the same (after parameters); an update in place
 * when every property that changed is one Heat allows to change
 * (`update_allowed`); a replacement otherwise, or when its type changed or
 * it had failed.
 */
function updateVerdict(row: StackResource, definition: ResourceDefinition, oldParameters: Record<string, unknown>, newParameters: Record<string, unknown>): { verdict: 'keep' | 'update' | 'replace'; changed: string[] } {
  if (row.type !== definition.type || row.status === 'FAILED') return { verdict: 'replace', changed: [] };
  const before = (row.snippet.properties ?? {}) as Record<string, unknown>;
  const after = definition.properties;
  const paramsMoved = (value: unknown) => references(value, definition.name).params.some((param) => JSON.stringify(oldParameters[param.name]) !== JSON.stringify(newParameters[param.name]));
  const changed = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]) || paramsMoved(after[key]));
  if (!changed.length) return { verdict: 'keep', changed };
  const type = RESOURCE_TYPES[definition.type]!;
  return { verdict: type.update && changed.every((key) => type.properties[key]?.updateAllowed) ? 'update' : 'replace', changed };
}

/**
 * `PUT` (a new template) or `PATCH` (existing: the template and parameters
 * kept unless given): resources that left the template are deleted; those
 * whose changed properties Heat allows to change are updated in place; the
 * others that changed, and those that need a replaced one, are deleted and
 * created again; new ones are created.
 */
export async function updateStack(db: Db, engine: Engine, stack: Stack, body: StackBody, existing: boolean): Promise<void> {
  refuseWhileBusy(stack);
  const template = loadTemplate((await templateOf(body, !existing)) ?? stack.template);
  checkParamReferences(template);
  const environment = environmentOf(body, existing ? stack.environment : undefined);
  const parameters = checkedParameters(template, environment);
  const timeout = timeoutOf(body);
  const rows = listResources(db, stack.id);
  const byName = new Map(rows.map((row) => [row.name, row]));
  const verdicts = new Map<string, { verdict: 'keep' | 'update' | 'replace'; changed: string[] }>();
  for (const definition of template.resources) {
    const row = byName.get(definition.name);
    if (row) verdicts.set(definition.name, updateVerdict(row, definition, stack.parameters, parameters));
  }
  // What needs a replaced resource is replaced too (its properties name the old one).
  for (let grew = true; grew; ) {
    grew = false;
    for (const definition of template.resources) {
      const verdict = verdicts.get(definition.name);
      if (verdict && verdict.verdict !== 'replace' && definition.requires.some((name) => verdicts.get(name)?.verdict === 'replace')) {
        verdicts.set(definition.name, { verdict: 'replace', changed: verdict.changed });
        grew = true;
      }
    }
  }
  const wanted = new Set(template.resources.map((definition) => definition.name));
  db.tx(() => {
    for (const row of rows) {
      if (!wanted.has(row.name)) saveResource(db, { ...row, pending: 'remove' });
    }
    const fresh = engine.initialRows(stack, template);
    template.resources.forEach((definition, position) => {
      const row = byName.get(definition.name);
      const verdict = verdicts.get(definition.name);
      if (!row || !verdict) saveResource(db, fresh[position]!);
      else if (verdict.verdict === 'replace') saveResource(db, { ...row, position, pending: 'replace', data: { ...row.data, [REPLACEMENT]: definition } });
      else if (verdict.verdict === 'update') saveResource(db, { ...row, position, pending: 'update', data: { ...row.data, [REPLACEMENT]: definition, [CHANGED]: verdict.changed } });
      else saveResource(db, { ...row, position, snippet: definition.snippet, requires: definition.requires });
    });
    stack.template = template.raw;
    stack.environment = environment;
    stack.parameters = parameters;
    if (timeout !== undefined) stack.timeoutMins = timeout;
    saveStack(db, stack);
    engine.setStack(stack, 'UPDATE', 'IN_PROGRESS', 'Stack UPDATE started');
  });
}

export function deleteStack(engine: Engine, stack: Stack): void {
  if (stack.deletedAt !== null) throw new HeatError(404, 'EntityNotFound', `The Stack (${stack.name}) could not be found.`);
  engine.setStack(stack, 'DELETE', 'IN_PROGRESS', 'Stack DELETE started');
}

const ACTIONS: Record<string, string> = { check: 'CHECK', suspend: 'SUSPEND', resume: 'RESUME', cancel_update: 'ROLLBACK' };

/** `POST …/actions` with one of `check`, `suspend`, `resume` (`cancel_update` rolls an update back as a delete of the new). */
export function stackAction(engine: Engine, stack: Stack, body: unknown): void {
  if (!body || typeof body !== 'object' || Array.isArray(body) || Object.keys(body).length !== 1) throw badRequest('Multiple actions specified');
  const key = Object.keys(body)[0]!;
  const action = ACTIONS[key];
  if (!action || action === 'ROLLBACK') throw notAction(key);
  refuseWhileBusy(stack);
  engine.setStack(stack, action, 'IN_PROGRESS', `Stack ${action} started`);
}
