import type { FastifyRequest } from 'fastify';
import { Forbidden } from '../../core/errors.js';
import { pyRepr } from '../../core/validation.js';
import type { Handler } from '../../core/service.js';
import type { ImageViewer } from '../models/images.js';
import {
  associateResourceType,
  createObject,
  createProperty,
  createTag,
  deleteAllTags,
  deleteObject,
  deleteProperty,
  deleteTag,
  dissociateResourceType,
  getTag,
  listTags,
  type MetadefTag,
  type ObjectInput,
  renameTag,
  replaceNamespace,
  replaceObject,
  replaceProperty,
  replaceTags,
} from '../models/metadef-writes.js';
import { getNamespace, type MetadefObject, type Namespace } from '../models/metadefs.js';
import { glanceTime, readJson, viewerOf } from './common.js';
import { checkNamespace, checkPropertySchema, checkPropertySchemas, checkText, nsOf, renderAssociations, renderNamespaceSummary, renderObject, schemaError } from './metadefs.js';

/**
 * The metadefs writes (glance/api/v2/metadef_*.py): PUT of a namespace, and
 * its objects, properties, tags and resource type associations. Glance's
 * policy gives them to the admin only.
 */

function adminNamespace(request: FastifyRequest, deps: { db: Parameters<typeof getNamespace>[0] }, action: string): { viewer: ImageViewer; namespace: Namespace } {
  const viewer = viewerOf(request);
  if (!viewer.isAdmin) throw new Forbidden(`You are not authorized to complete ${action} action.`);
  return { viewer, namespace: getNamespace(deps.db, viewer, nsOf(request)) };
}

const param = (request: FastifyRequest, name: string) => (request.params as Record<string, string>)[name];

function objectBody(value: unknown, schema: string): Record<string, unknown> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw schemaError(schema, `${pyRepr(value)} is not of type 'object'`);
  return value as Record<string, unknown>;
}

/** Glance's `object` schema: a name (≤ 80), a description, required names, properties. */
function checkObject(body: unknown): ObjectInput {
  const object = objectBody(body, 'object');
  const allowed = ['name', 'description', 'required', 'properties', 'created_at', 'updated_at', 'self', 'schema'];
  const extra = Object.keys(object).filter((key) => !allowed.includes(key));
  if (extra.length) throw schemaError('object', `Additional properties are not allowed (${extra.map(pyRepr).join(', ')} ${extra.length > 1 ? 'were' : 'was'} unexpected)`);
  if (object.name === undefined) throw schemaError('object', "'name' is a required property");
  checkText('object', object, 'name', 80);
  checkText('object', object, 'description', Infinity);
  const required = object.required ?? [];
  if (!Array.isArray(required) || required.some((name) => typeof name !== 'string')) throw schemaError('object', `${pyRepr(required)} is not of type 'array'`, "['required']");
  checkPropertySchemas('object', object.properties, "['properties']");
  return {
    name: object.name as string,
    description: (object.description as string | undefined) ?? null,
    required: required as string[],
    properties: (object.properties as MetadefObject['properties'] | undefined) ?? {},
  };
}

/** An object as Glance answers a create or replace: `required` and `properties` only when not empty. */
function renderWrittenObject(object: MetadefObject, namespace: string) {
  const { required, properties, ...rest } = renderObject(object, namespace);
  return { ...rest, ...(required.length ? { required } : {}), ...(Object.keys(properties).length ? { properties } : {}) };
}

/** Glance's `property` schema: a name (≤ 80) beside the fragment's title and type. */
function checkProperty(body: unknown): { name: string; schema: Record<string, unknown> } {
  const property = objectBody(body, 'property');
  if (property.name === undefined) throw schemaError('property', "'name' is a required property");
  checkText('property', property, 'name', 80);
  checkPropertySchema('property', property, '');
  const { name, ...schema } = property;
  return { name: name as string, schema };
}

const renderTag = (tag: MetadefTag) => ({ name: tag.name, created_at: glanceTime(tag.createdAt), updated_at: glanceTime(tag.updatedAt) });

function checkTagName(value: unknown, where: string): string {
  if (typeof value !== 'string') throw schemaError('tag', value === undefined ? "'name' is a required property" : `${pyRepr(value)} is not of type 'string'`, where);
  if (value.length > 255) throw schemaError('tag', `${pyRepr(value)} is too long`, where);
  return value;
}

// ---- namespace

/** `PUT /v2/metadefs/namespaces/{ns}`: the namespace as given (without its properties and objects, as Glance answers). */
export const replaceNamespaceHandler: Handler = (deps) => async (request) => {
  const { viewer, namespace } = adminNamespace(request, deps, 'modify_metadef_namespace');
  const doc = checkNamespace(await readJson(request));
  const { resource_type_associations: _associations, ...summary } = renderNamespaceSummary(replaceNamespace(deps.db, deps.clock.now(), viewer, namespace.namespace, doc));
  return summary;
};

// ---- objects

export const createObjectHandler: Handler = (deps) => async (request, reply) => {
  const { namespace } = adminNamespace(request, deps, 'add_metadef_object');
  const object = createObject(deps.db, deps.clock.now(), namespace, checkObject(await readJson(request)));
  reply.code(201);
  return renderWrittenObject(object, namespace.namespace);
};

export const replaceObjectHandler: Handler = (deps) => async (request) => {
  const { namespace } = adminNamespace(request, deps, 'modify_metadef_object');
  const object = replaceObject(deps.db, deps.clock.now(), namespace, param(request, 'object'), checkObject(await readJson(request)));
  return renderWrittenObject(object, namespace.namespace);
};

export const deleteObjectHandler: Handler = (deps) => async (request, reply) => {
  const { namespace } = adminNamespace(request, deps, 'delete_metadef_object');
  deleteObject(deps.db, namespace, param(request, 'object'));
  return reply.code(204).send();
};

// ---- properties

export const createPropertyHandler: Handler = (deps) => async (request, reply) => {
  const { namespace } = adminNamespace(request, deps, 'add_metadef_property');
  const { name, schema } = checkProperty(await readJson(request));
  const created = createProperty(deps.db, deps.clock.now(), namespace, name, schema);
  reply.code(201);
  return { name, ...created };
};

export const replacePropertyHandler: Handler = (deps) => async (request) => {
  const { namespace } = adminNamespace(request, deps, 'modify_metadef_property');
  const { name, schema } = checkProperty(await readJson(request));
  return { name, ...replaceProperty(deps.db, deps.clock.now(), namespace, param(request, 'property'), name, schema) };
};

export const deletePropertyHandler: Handler = (deps) => async (request, reply) => {
  const { namespace } = adminNamespace(request, deps, 'remove_metadef_property');
  deleteProperty(deps.db, namespace, param(request, 'property'));
  return reply.code(204).send();
};

// ---- tags

export const listTagsHandler: Handler = (deps) => async (request) => {
  const namespace = getNamespace(deps.db, viewerOf(request), nsOf(request));
  return { tags: listTags(deps.db, namespace.namespace).map((tag) => ({ name: tag.name })) };
};

export const showTagHandler: Handler = (deps) => async (request) => {
  const namespace = getNamespace(deps.db, viewerOf(request), nsOf(request));
  return renderTag(getTag(deps.db, namespace.namespace, param(request, 'tag')));
};

/** `POST …/tags` `{"tags": [{"name"}…]}`: they replace the namespace's tags. */
export const createTagsHandler: Handler = (deps) => async (request, reply) => {
  const { namespace } = adminNamespace(request, deps, 'add_metadef_tags');
  const body = objectBody(await readJson(request), 'tags');
  if (!Array.isArray(body.tags)) throw schemaError('tags', body.tags === undefined ? "'tags' is a required property" : `${pyRepr(body.tags)} is not of type 'array'`);
  const names = body.tags.map((tag: unknown, index) => checkTagName((tag as { name?: unknown } | null)?.name, `['tags'][${index}]`));
  replaceTags(deps.db, deps.clock.now(), namespace, names);
  reply.code(201);
  return { tags: names.map((name) => ({ name })) };
};

export const createTagHandler: Handler = (deps) => async (request, reply) => {
  const { namespace } = adminNamespace(request, deps, 'add_metadef_tag');
  const tag = createTag(deps.db, deps.clock.now(), namespace, checkTagName(param(request, 'tag'), ''));
  reply.code(201);
  return renderTag(tag);
};

export const renameTagHandler: Handler = (deps) => async (request) => {
  const { namespace } = adminNamespace(request, deps, 'modify_metadef_tag');
  const body = objectBody(await readJson(request), 'tag');
  return renderTag(renameTag(deps.db, deps.clock.now(), namespace, param(request, 'tag'), checkTagName(body.name, "['name']")));
};

export const deleteTagHandler: Handler = (deps) => async (request, reply) => {
  const { namespace } = adminNamespace(request, deps, 'delete_metadef_tag');
  deleteTag(deps.db, namespace, param(request, 'tag'));
  return reply.code(204).send();
};

export const deleteTagsHandler: Handler = (deps) => async (request, reply) => {
  const { namespace } = adminNamespace(request, deps, 'delete_metadef_tags');
  deleteAllTags(deps.db, namespace);
  return reply.code(204).send();
};

// ---- resource type associations

export const listAssociationsHandler: Handler = (deps) => async (request) => {
  const namespace = getNamespace(deps.db, viewerOf(request), nsOf(request));
  return { resource_type_associations: renderAssociations(namespace) };
};

export const associateHandler: Handler = (deps) => async (request, reply) => {
  const { namespace } = adminNamespace(request, deps, 'add_metadef_resource_type_association');
  const body = objectBody(await readJson(request), 'resource_type_association');
  if (body.name === undefined) throw schemaError('resource_type_association', "'name' is a required property");
  for (const key of ['name', 'prefix', 'properties_target']) checkText('resource_type_association', body, key, 80);
  associateResourceType(deps.db, deps.clock.now(), namespace, { name: body.name as string, prefix: (body.prefix as string | undefined) ?? null, propertiesTarget: (body.properties_target as string | undefined) ?? null });
  reply.code(201);
  return renderAssociations(getNamespace(deps.db, viewerOf(request), namespace.namespace)).find((assoc) => assoc.name === body.name);
};

export const dissociateHandler: Handler = (deps) => async (request, reply) => {
  const { namespace } = adminNamespace(request, deps, 'remove_metadef_resource_type_association');
  dissociateResourceType(deps.db, namespace, param(request, 'resource_type'));
  return reply.code(204).send();
};
