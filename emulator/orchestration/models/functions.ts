import { HeatError } from './errors.js';

/**
 * HOT intrinsic functions: `get_param`, `get_resource`, `get_attr`,
 * `list_join` and `str_replace`. A function is a one-key map whose key is
 * the function's name. `references` walks a snippet statically (for
 * dependencies and validation); `resolve` evaluates it against a running stack.
 */

const FUNCTIONS = ['get_param', 'get_resource', 'get_attr', 'list_join', 'str_replace'] as const;
type FunctionName = (typeof FUNCTIONS)[number];

function asFunction(value: unknown): [FunctionName, unknown] | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const keys = Object.keys(value);
  if (keys.length !== 1 || !(FUNCTIONS as readonly string[]).includes(keys[0]!)) return null;
  return [keys[0] as FunctionName, (value as Record<string, unknown>)[keys[0]!]];
}

export interface References {
  /** Resources named by get_resource or get_attr, each with the path where it was named (Heat's "in rs.Properties.length"). */
  resources: { name: string; where: string }[];
  params: { name: string; where: string }[];
}

/** Every resource and parameter a snippet names; `where` is the path Heat reports. */
export function references(value: unknown, where: string, found: References = { resources: [], params: [] }): References {
  const fn = asFunction(value);
  if (fn) {
    const [name, args] = fn;
    if (name === 'get_resource') found.resources.push({ name: String(args), where });
    else if (name === 'get_attr') found.resources.push({ name: String(Array.isArray(args) ? args[0] : args), where });
    else if (name === 'get_param') found.params.push({ name: String(Array.isArray(args) ? args[0] : args), where });
    if (name !== 'get_resource' && name !== 'get_param') references(args, where, found);
    return found;
  }
  if (Array.isArray(value)) value.forEach((item) => references(item, where, found));
  else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) references(item, `${where}.${key}`, found);
  return found;
}

export interface Scope {
  params: Record<string, unknown>;
  /** The physical id of a resource of the stack (null until it is created). */
  resourceId(name: string): string | null;
  /** An attribute of a created resource. */
  attribute(name: string, attribute: string): Promise<unknown>;
}

function follow(value: unknown, path: unknown[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || current === undefined) return null;
    current = (current as Record<string, unknown>)[String(key)];
  }
  return current ?? null;
}

/** Evaluates every function in `value`. */
export async function resolve(value: unknown, scope: Scope): Promise<unknown> {
  const fn = asFunction(value);
  if (fn) {
    const [name, rawArgs] = fn;
    if (name === 'get_param') {
      const [param, ...path] = Array.isArray(rawArgs) ? rawArgs : [rawArgs];
      const key = String(await resolve(param, scope));
      if (!(key in scope.params)) throw new HeatError(400, 'StackValidationFailed', `The Parameter (${key}) was not provided.`);
      return follow(scope.params[key], await resolve(path, scope) as unknown[]);
    }
    if (name === 'get_resource') return scope.resourceId(String(rawArgs));
    const args = await resolve(rawArgs, scope);
    if (name === 'get_attr') {
      const [resource, attribute, ...path] = args as unknown[];
      return follow(await scope.attribute(String(resource), String(attribute)), path);
    }
    if (name === 'list_join') {
      const [separator, ...lists] = args as [string, ...unknown[][]];
      return lists.flatMap((list) => (Array.isArray(list) ? list : [list])).map((item) => (item === null ? '' : typeof item === 'object' ? JSON.stringify(item) : String(item))).join(separator);
    }
    // str_replace
    const { template, params } = args as { template: string; params: Record<string, unknown> };
    let text = String(template);
    for (const [placeholder, replacement] of Object.entries(params ?? {}).sort(([a], [b]) => b.length - a.length)) {
      text = text.split(placeholder).join(replacement === null ? '' : typeof replacement === 'object' ? JSON.stringify(replacement) : String(replacement));
    }
    return text;
  }
  if (Array.isArray(value)) return Promise.all(value.map((item) => resolve(item, scope)));
  if (value && typeof value === 'object') {
    const entries = await Promise.all(Object.entries(value).map(async ([key, item]) => [key, await resolve(item, scope)] as const));
    return Object.fromEntries(entries);
  }
  return value;
}
