import type { FastifyRequest } from 'fastify';
import { BadRequest, Forbidden } from '../../core/errors.js';
import { pyRepr } from '../../core/validation.js';
import { firstQuery, queryOf } from '../../core/http.js';
import type { Handler } from '../../core/service.js';
import {
  createNamespace as createNamespaceModel,
  deleteNamespace as deleteNamespaceModel,
  getNamespace,
  getObject,
  getProperty,
  listNamespaces as listNamespacesModel,
  listObjects,
  listProperties,
  listResourceTypes as listResourceTypesModel,
  type MetadefObject,
  type Namespace,
  type NamespaceDocument,
  type NamespaceQuery,
} from '../models/metadefs.js';
import { glanceTime, readJson, viewerOf } from './common.js';

/**
 * `/v2/metadefs` (glance/api/v2/metadef_*.py). With `resource_type`, a
 * namespace's property names (and its objects') carry that type's prefix,
 * which is how Horizon learns `hw_` for images and `hw:` for flavors.
 */

export function renderAssociations(namespace: Namespace) {
  return namespace.resourceTypes.map((assoc) => ({
    name: assoc.name,
    ...(assoc.prefix !== null ? { prefix: assoc.prefix } : {}),
    ...(assoc.propertiesTarget !== null ? { properties_target: assoc.propertiesTarget } : {}),
    created_at: glanceTime(assoc.createdAt),
    updated_at: glanceTime(assoc.updatedAt),
  }));
}

export function renderNamespaceSummary(namespace: Namespace) {
  return {
    namespace: namespace.namespace,
    ...(namespace.displayName !== null ? { display_name: namespace.displayName } : {}),
    ...(namespace.description !== null ? { description: namespace.description } : {}),
    visibility: namespace.visibility,
    protected: namespace.protected,
    owner: namespace.owner,
    resource_type_associations: renderAssociations(namespace),
    created_at: glanceTime(namespace.createdAt),
    updated_at: glanceTime(namespace.updatedAt),
    self: `/v2/metadefs/namespaces/${namespace.namespace}`,
    schema: '/v2/schemas/metadefs/namespace',
  };
}

const prefixed = (properties: Record<string, Record<string, unknown>>, prefix: string) =>
  Object.fromEntries(Object.entries(properties).map(([name, schema]) => [prefix + name, schema]));

export function renderObject(object: MetadefObject, namespace: string, prefix = '') {
  return {
    name: object.name,
    ...(object.description !== null ? { description: object.description } : {}),
    required: object.required.map((name) => prefix + name),
    properties: prefixed(object.properties, prefix),
    created_at: glanceTime(object.createdAt),
    updated_at: glanceTime(object.updatedAt),
    self: `/v2/metadefs/namespaces/${namespace}/objects/${object.name}`,
    schema: '/v2/schemas/metadefs/object',
  };
}

const SORT_KEYS = ['namespace', 'created_at', 'updated_at', 'display_name'];

/** `GET /v2/metadefs/namespaces?resource_types=a,b&visibility&limit&marker&sort_key&sort_dir` */
export const listNamespaces: Handler = (deps) => async (request) => {
  const query = queryOf(request);
  const one = (name: string) => firstQuery(query, name);
  const limitText = one('limit');
  if (limitText !== undefined && !/^\d+$/.test(limitText)) throw new BadRequest('limit param must be an integer');
  const limit = Math.min(limitText === undefined ? 25 : Number(limitText), 1000);
  const sortKey = one('sort_key') ?? 'created_at';
  if (!SORT_KEYS.includes(sortKey)) throw new BadRequest(`Invalid sort key: ${sortKey}. It must be one of the following: ${SORT_KEYS.join(', ')}.`);
  const sortDir = one('sort_dir') ?? 'desc';
  if (sortDir !== 'asc' && sortDir !== 'desc') throw new BadRequest(`Invalid sort direction: ${sortDir}`);
  const visibility = one('visibility');
  if (visibility !== undefined && visibility !== 'public' && visibility !== 'private') throw new BadRequest(`Invalid visibility value: ${visibility}`);
  const resourceTypes = one('resource_types')?.split(',').map((name) => name.trim()).filter(Boolean);
  const params: NamespaceQuery = { resourceTypes, visibility, sortKey: sortKey as NamespaceQuery['sortKey'], sortDir, marker: one('marker'), limit };
  const { namespaces } = listNamespacesModel(deps.db, viewerOf(request), params);
  const url = new URL(request.url, 'http://x');
  url.searchParams.delete('marker');
  const base = `/v2/metadefs/namespaces${url.search}`;
  const body: Record<string, unknown> = { namespaces: namespaces.map(renderNamespaceSummary), first: base, schema: '/v2/schemas/metadefs/namespaces' };
  if (namespaces.length && namespaces.length === limit) {
    url.searchParams.append('marker', namespaces.at(-1)!.namespace);
    body.next = `/v2/metadefs/namespaces${url.search}`;
  }
  return body;
};

export const nsOf = (request: FastifyRequest) => (request.params as { namespace: string }).namespace;

/** `GET /v2/metadefs/namespaces/{ns}?resource_type=X`: the namespace with its properties and objects. */
export const showNamespace: Handler = (deps) => async (request) => {
  const namespace = getNamespace(deps.db, viewerOf(request), nsOf(request));
  const resourceType = firstQuery(queryOf(request), 'resource_type');
  const prefix = (resourceType && namespace.resourceTypes.find((assoc) => assoc.name === resourceType)?.prefix) || '';
  const properties = listProperties(deps.db, namespace.namespace);
  const objects = listObjects(deps.db, namespace.namespace);
  return {
    ...renderNamespaceSummary(namespace),
    ...(Object.keys(properties).length ? { properties: prefixed(properties, prefix) } : {}),
    ...(objects.length ? { objects: objects.map((object) => renderObject(object, namespace.namespace, prefix)) } : {}),
  };
};

export const listNamespaceProperties: Handler = (deps) => async (request) => {
  const namespace = getNamespace(deps.db, viewerOf(request), nsOf(request));
  return { properties: listProperties(deps.db, namespace.namespace) };
};

export const showNamespaceProperty: Handler = (deps) => async (request) => {
  const namespace = getNamespace(deps.db, viewerOf(request), nsOf(request));
  const name = (request.params as { property: string }).property;
  return { name, ...getProperty(deps.db, namespace.namespace, name) };
};

export const listNamespaceObjects: Handler = (deps) => async (request) => {
  const namespace = getNamespace(deps.db, viewerOf(request), nsOf(request));
  return { objects: listObjects(deps.db, namespace.namespace).map((object) => renderObject(object, namespace.namespace)), schema: 'v2/schemas/metadefs/objects' };
};

export const showNamespaceObject: Handler = (deps) => async (request) => {
  const namespace = getNamespace(deps.db, viewerOf(request), nsOf(request));
  return renderObject(getObject(deps.db, namespace.namespace, (request.params as { object: string }).object), namespace.namespace);
};

/** `GET /v2/metadefs/resource_types` */
export const listResourceTypes: Handler = (deps) => async () => ({
  resource_types: listResourceTypesModel(deps.db).map((type) => ({ name: type.name, created_at: glanceTime(type.createdAt), updated_at: glanceTime(type.updatedAt) })),
});

const PROPERTY_TYPES = ['array', 'boolean', 'integer', 'number', 'object', 'string'];

/** Glance's schema failure: "Provided object does not match schema '<schema>': <reason>". */
export function schemaError(schema: string, reason: string, where = ''): BadRequest {
  return new BadRequest(`Provided object does not match schema '${schema}': ${reason}${where ? `\n\nOn instance${where}` : ''}`);
}

/** Each property a JSON-schema fragment with a title and one of Glance's types. */
export function checkPropertySchemas(schema: string, properties: unknown, where: string): void {
  if (properties === undefined) return;
  if (!properties || typeof properties !== 'object' || Array.isArray(properties)) throw schemaError(schema, `${pyRepr(properties)} is not of type 'object'`, where);
  for (const [name, fragment] of Object.entries(properties as Record<string, Record<string, unknown>>)) checkPropertySchema(schema, fragment, `${where}['${name}']`);
}

export function checkPropertySchema(schema: string, fragment: unknown, where: string): void {
  if (!fragment || typeof fragment !== 'object' || Array.isArray(fragment)) throw schemaError(schema, `${pyRepr(fragment)} is not of type 'object'`, where);
  const values = fragment as Record<string, unknown>;
  for (const key of ['title', 'type']) if (!(key in values)) throw schemaError(schema, `'${key}' is a required property`, where);
  if (!PROPERTY_TYPES.includes(values.type as string)) throw schemaError(schema, `${pyRepr(values.type)} is not one of ${pyRepr([...PROPERTY_TYPES, null])}`, `${where}['type']`);
}

/** A string attribute of a body, when given: its type and maximum length. */
export function checkText(schema: string, body: Record<string, unknown>, key: string, max: number): void {
  const value = body[key];
  if (value === undefined) return;
  if (typeof value !== 'string') throw schemaError(schema, `${pyRepr(value)} is not of type 'string'`, `['${key}']`);
  if (value.length > max) throw schemaError(schema, `${pyRepr(value)} is too long`, `['${key}']`);
}

/** The checks of Glance's namespace schema that matter: names, lengths, enums, and each property's title and type. */
export function checkNamespace(body: unknown): NamespaceDocument {
  const namespaceSchemaError = (reason: string, where = '') => schemaError('namespace', reason, where);
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw namespaceSchemaError(`${pyRepr(body)} is not of type 'object'`);
  const doc = body as Record<string, unknown>;
  const allowed = ['namespace', 'display_name', 'description', 'visibility', 'protected', 'owner', 'resource_type_associations', 'properties', 'objects', 'tags', 'created_at', 'updated_at', 'self', 'schema'];
  const extra = Object.keys(doc).filter((key) => !allowed.includes(key));
  if (extra.length) throw namespaceSchemaError(`Additional properties are not allowed (${extra.map(pyRepr).join(', ')} ${extra.length > 1 ? 'were' : 'was'} unexpected)`);
  if (doc.namespace === undefined) throw namespaceSchemaError("'namespace' is a required property");
  checkText('namespace', doc, 'namespace', 80);
  checkText('namespace', doc, 'display_name', 80);
  checkText('namespace', doc, 'description', 500);
  if (!(doc.namespace as string).trim()) throw new BadRequest('Namespace name cannot be empty.');
  if (doc.visibility !== undefined && doc.visibility !== 'public' && doc.visibility !== 'private') {
    throw namespaceSchemaError(`${pyRepr(doc.visibility)} is not one of ['public', 'private']`, "['visibility']");
  }
  if (doc.protected !== undefined && typeof doc.protected !== 'boolean') throw namespaceSchemaError(`${pyRepr(doc.protected)} is not of type 'boolean'`, "['protected']");
  const associations = doc.resource_type_associations ?? [];
  if (!Array.isArray(associations) || associations.some((assoc) => !assoc || typeof assoc !== 'object' || typeof (assoc as { name?: unknown }).name !== 'string')) {
    throw namespaceSchemaError('each resource type association needs a string name', "['resource_type_associations']");
  }
  const tags = doc.tags ?? [];
  if (!Array.isArray(tags) || tags.some((tag) => !tag || typeof tag !== 'object' || typeof (tag as { name?: unknown }).name !== 'string')) {
    throw namespaceSchemaError('each tag needs a string name', "['tags']");
  }
  checkPropertySchemas('namespace', doc.properties, "['properties']");
  const objects = doc.objects ?? [];
  if (!Array.isArray(objects)) throw namespaceSchemaError(`${pyRepr(objects)} is not of type 'array'`, "['objects']");
  objects.forEach((object: Record<string, unknown>, index) => {
    if (typeof object?.name !== 'string') throw namespaceSchemaError("'name' is a required property", `['objects'][${index}]`);
    checkPropertySchemas('namespace', object.properties, `['objects'][${index}]['properties']`);
  });
  return doc as unknown as NamespaceDocument;
}

/** `POST /v2/metadefs/namespaces`: 201, admin only (policy add_metadef_namespace). */
export const createNamespace: Handler = (deps) => async (request, reply) => {
  const viewer = viewerOf(request);
  if (!viewer.isAdmin) throw new Forbidden('You are not authorized to complete add_metadef_namespace action.');
  const doc = checkNamespace(await readJson(request));
  const namespace = createNamespaceModel(deps.db, deps.clock.now(), { visibility: 'private', ...doc, owner: doc.owner ?? viewer.projectId ?? undefined });
  reply.code(201);
  const properties = listProperties(deps.db, namespace.namespace);
  const objects = listObjects(deps.db, namespace.namespace);
  return {
    ...renderNamespaceSummary(namespace),
    ...(Object.keys(properties).length ? { properties } : {}),
    ...(objects.length ? { objects: objects.map((object) => renderObject(object, namespace.namespace)) } : {}),
  };
};

/** `DELETE /v2/metadefs/namespaces/{ns}`: 204, admin only; 403 when protected. */
export const deleteNamespace: Handler = (deps) => async (request, reply) => {
  const viewer = viewerOf(request);
  if (!viewer.isAdmin) throw new Forbidden('You are not authorized to complete delete_metadef_namespace action.');
  deleteNamespaceModel(deps.db, viewer, nsOf(request));
  return reply.code(204).send();
};
