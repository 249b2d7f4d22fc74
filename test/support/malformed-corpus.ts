import type { RouteEntry } from '../../server/plugins/route-table.js';

/**
 * A malformed-request corpus generated from the process's route table
 * (issue 16 §3, §8): for every route, bad path ids, bad query values and,
 * where the method carries one, bad bodies: non-objects, wrong types, missing
 * and extra fields, prototype keys, deep nesting, huge numbers, lone
 * surrogates, wrong content types. Each request is one a careless or hostile
 * client could send; none may answer a 5xx.
 */

export interface MalformedRequest {
  method: string;
  url: string;
  /** Raw body text: the corpus writes what JSON.stringify cannot (lone surrogates, 1e400). */
  payload?: string;
  contentType?: string;
  /** What is wrong, for the failure report. */
  kind: string;
}

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  $defs?: Record<string, JsonSchema>;
  allOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};

/** Ids a client may put in a path: blank, prototype keys, a lone surrogate's bytes, overlong, traversal. */
const BAD_IDS: [string, string][] = [
  ['blank id', '%20'],
  ['__proto__ id', '__proto__'],
  ['constructor id', 'constructor'],
  ['lone surrogate id', '%ED%A0%80'],
  ['percent-encoded lone surrogate id', '%25uD800'],
  ['overlong id', 'a'.repeat(1000)],
  ['unknown uuid id', '00000000-0000-0000-0000-000000000000'],
];

const BAD_QUERIES: [string, string][] = [
  ['huge limit', 'limit=99999999999999999999'],
  ['negative limit', 'limit=-1'],
  ['non-numeric limit', 'limit=abc'],
  ['lone surrogate marker', 'marker=%ED%A0%80'],
  ['__proto__ query key', '__proto__=1&constructor=1'],
  ['bad sort', 'sort_dir=sideways&sort_key=__proto__'],
  ['repeated keys', 'limit=1&limit=2&name=a&name=b'],
];

// Deep enough to overflow any recursive walk, small enough to pass the 112 KiB body cap and reach the checks.
const DEPTH = 15_000;
const deepObject = `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`;
const deepArray = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;

/** Bodies wrong whatever the route expects. */
function genericBodies(wrap: (inner: string) => string): [string, string, string?][] {
  return [
    ['array body', '[]'],
    ['string body', '"text"'],
    ['number body', '42'],
    ['null body', 'null'],
    ['empty object', '{}'],
    ['malformed JSON', '{"name":'],
    ['empty JSON body', ''],
    ['__proto__ key', '{"__proto__":{"polluted":true},"name":"x"}'],
    ['constructor.prototype key', '{"constructor":{"prototype":{"polluted":true}},"name":"x"}'],
    ['deeply nested object', deepObject],
    ['deeply nested array', deepArray],
    ['nested deep inside', wrap(`{"name":"x","metadata":${deepObject},"properties":${deepArray}}`)],
    ['lone surrogates', wrap('{"name":"\\ud800","id":"\\udc00","volume_id":"\\ud800","port_id":"\\ud800","image_id":"\\ud800","description":"\\udfff"}')],
    ['huge numbers', wrap('{"size":1e400,"ram":99999999999999999999,"vcpus":-1e308,"new_size":1e400,"limit":99999999999999999999}')],
    ['wrong types', wrap('{"name":123,"metadata":"x","size":"big","enabled":"yes","id":{},"ids":"x","tags":7}')],
    ['inner non-object', wrap('"text"')],
    ['inner array', wrap('[1,2]')],
    ['text/plain body', '{"name":"x"}', 'text/plain'],
    ['form body', 'name=x&size=1', 'application/x-www-form-urlencoded'],
    ['octet-stream body', '{"name":"x"}', 'application/octet-stream'],
  ];
}

function deref(schema: JsonSchema | undefined, schemas: Record<string, JsonSchema>, file?: JsonSchema): JsonSchema | undefined {
  if (!schema?.$ref) return schema;
  const [id, pointer = ''] = schema.$ref.split('#');
  const root = id ? schemas[id] : file;
  let current: unknown = root;
  for (const segment of pointer.split('/').filter(Boolean)) current = (current as Record<string, unknown> | undefined)?.[segment];
  return deref(current as JsonSchema | undefined, schemas, root);
}

/** A value of the wrong type for `schema`, as raw JSON. */
function wrongValues(schema: JsonSchema | undefined): string[] {
  const types = [schema?.type ?? 'string'].flat();
  const values: string[] = [];
  if (!types.includes('object')) values.push('{"__proto__":{"x":1}}');
  if (types.includes('string')) values.push('"\\ud800"', '12345');
  if (types.includes('integer') || types.includes('number')) values.push('"12"', '99999999999999999999', '1e400', '-1');
  if (types.includes('boolean')) values.push('"true"');
  if (types.includes('array')) values.push('"not-a-list"', '[{"__proto__":1}]', '["\\ud800"]');
  if (types.includes('object')) values.push('[]', '"x"', `{"a":${deepObject}}`);
  return values;
}

/** Per field of the route's body schema: wrong types, each required field missing, an unexpected key. */
function schemaBodies(schema: JsonSchema | undefined, schemas: Record<string, JsonSchema>): [string, string][] {
  const body = deref(schema, schemas);
  if (!body?.properties) return [];
  const bodies: [string, string][] = [];
  const names = Object.keys(body.properties);
  const minimal = (body.required ?? []).map((name) => `"${name}":"x"`);
  for (const name of names) {
    for (const value of wrongValues(deref(body.properties[name], schemas))) {
      const others = minimal.filter((field) => !field.startsWith(`"${name}":`));
      bodies.push([`${name} wrong: ${value.slice(0, 20)}`, `{${[...others, `"${name}":${value}`].join(',')}}`]);
    }
  }
  for (const name of body.required ?? []) bodies.push([`${name} missing`, `{${minimal.filter((field) => !field.startsWith(`"${name}":`)).join(',')}}`]);
  bodies.push(['unexpected key', `{${[...minimal, '"unexpected_key":1'].join(',')}}`]);
  return bodies;
}

/** Native bodies wrap the resource in its singular name (`{"volume": {…}}`); a guess from the path is enough for a corpus. */
function nativeWrapper(url: string): string {
  const last = url
    .split('/')
    .filter((segment) => segment && !segment.startsWith(':'))
    .pop() ?? 'resource';
  return last.replace(/^os-/, '').replace(/-/g, '_').replace(/ies$/, 'y').replace(/s$/, '');
}

function withParams(url: string, value: string): string {
  return url.replace(/:[A-Za-z_]+/g, value).replace(/\*$/, value);
}

const HAS_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The collection a route's first path parameter names an item of: `/api/glance/images/:id/` → `/api/glance/images/`. */
export function collectionOf(url: string): string | undefined {
  const at = url.search(/[:*]/);
  return at > 0 ? url.slice(0, at) : undefined;
}

/**
 * @param idFor the id to put in a route's path for the body and query
 * variants: an existing item's where one is known (so the request reaches
 * the code past the lookup), else any.
 */
export function buildCorpus(routes: RouteEntry[], schemas: Record<string, JsonSchema>, idFor: (route: RouteEntry) => string): MalformedRequest[] {
  const corpus: MalformedRequest[] = [];
  for (const route of routes) {
    const native = route.url.startsWith('/cloud/');
    const hasParams = /[:*]/.test(route.url);
    const good = withParams(route.url, idFor(route));
    if (hasParams) for (const [kind, id] of BAD_IDS) corpus.push({ method: route.method, url: withParams(route.url, id), kind, ...(HAS_BODY.has(route.method) ? { payload: '{}', contentType: 'application/json' } : {}) });
    if (route.method === 'GET') for (const [kind, query] of BAD_QUERIES) corpus.push({ method: 'GET', url: `${good}?${query}`, kind });
    if (!HAS_BODY.has(route.method)) continue;
    const wrapper = nativeWrapper(route.url);
    const wrap = native ? (inner: string) => `{"${wrapper}":${inner}}` : (inner: string) => inner;
    for (const [kind, payload, contentType] of genericBodies(wrap)) corpus.push({ method: route.method, url: good, kind, payload, contentType: contentType ?? 'application/json' });
    for (const [kind, payload] of schemaBodies(route.schema?.body as JsonSchema | undefined, schemas)) corpus.push({ method: route.method, url: good, kind, payload, contentType: 'application/json' });
  }
  return corpus;
}
