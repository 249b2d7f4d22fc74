import type { Handler } from '../../core/service.js';
import { NotFound } from '../../core/errors.js';
import { imageSchema } from './image-schema.js';

/**
 * `/v2/schemas/*`: the JSON schemas Glance publishes for its entities and
 * their collections (glance/api/v2/schemas.py). A collection schema wraps the
 * entity schema in an array under the collection's name, as Glance does.
 */

const DATE = (what: string) => ({ type: 'string', readOnly: true, description: `Date and time of ${what}`, format: 'date-time' });
const UUID_PATTERN = '^([0-9a-fA-F]){8}-([0-9a-fA-F]){4}-([0-9a-fA-F]){4}-([0-9a-fA-F]){4}-([0-9a-fA-F]){12}$';

function memberSchema() {
  return {
    name: 'member',
    properties: {
      created_at: { type: 'string', description: 'Date and time of image member creation' },
      image_id: { type: 'string', description: 'An identifier for the image', pattern: UUID_PATTERN },
      member_id: { type: 'string', description: 'An identifier for the image member (tenantId)' },
      status: { type: 'string', description: 'The status of this image member', enum: ['pending', 'accepted', 'rejected'] },
      updated_at: { type: 'string', description: 'Date and time of last modification of image member' },
      schema: { type: 'string', readOnly: true },
    },
  };
}

const propertySchema = () => ({
  name: 'property',
  properties: {
    name: { type: 'string', maxLength: 255 },
    title: { type: 'string' },
    description: { type: 'string' },
    operators: { type: 'array', items: { type: 'string' } },
    type: { type: 'string', enum: ['array', 'boolean', 'integer', 'number', 'object', 'string', null] },
    required: { type: 'array', items: { type: 'string' }, minItems: 1, uniqueItems: true },
    minimum: { type: 'number' },
    maximum: { type: 'number' },
    maxLength: { type: 'integer', minimum: 0 },
    minLength: { type: 'integer', minimum: 0 },
    pattern: { type: 'string', format: 'regex' },
    enum: { type: 'array' },
    readonly: { type: 'boolean' },
    default: {},
    items: { type: 'object' },
  },
  required: ['type', 'title'],
});

const tagSchema = () => ({
  name: 'tag',
  properties: {
    name: { type: 'string', maxLength: 255 },
    created_at: DATE('tag creation'),
    updated_at: DATE('the last tag modification'),
  },
  additionalProperties: false,
});

const objectSchema = () => ({
  name: 'object',
  properties: {
    name: { type: 'string', maxLength: 255 },
    description: { type: 'string' },
    required: { type: 'array', items: { type: 'string' } },
    properties: { type: 'object', additionalProperties: propertySchema() },
    schema: { type: 'string', readOnly: true },
    self: { type: 'string', readOnly: true },
    created_at: DATE('object creation'),
    updated_at: DATE('the last object modification'),
  },
  required: ['name'],
  additionalProperties: false,
});

const resourceTypeSchema = () => ({
  name: 'resource_type_association',
  properties: {
    name: { type: 'string', description: 'Resource type names should be aligned with Heat resource types whenever possible', maxLength: 80 },
    prefix: { type: 'string', description: 'Specifies the prefix to use for the given resource type.', maxLength: 80 },
    properties_target: { type: 'string', description: 'Some resource types allow more than one key / value pair per instance.', maxLength: 80 },
    created_at: DATE('resource type association'),
    updated_at: DATE('the last resource type association modification'),
  },
  required: ['name'],
  additionalProperties: false,
});

const namespaceSchema = () => ({
  name: 'namespace',
  properties: {
    namespace: { type: 'string', description: 'The unique namespace text.', maxLength: 80 },
    display_name: { type: 'string', description: 'The user friendly name for the namespace.', maxLength: 80 },
    description: { type: 'string', description: 'Provides a user friendly description of the namespace.', maxLength: 500 },
    visibility: { type: 'string', description: 'Scope of namespace accessibility.', enum: ['public', 'private'] },
    protected: { type: 'boolean', description: 'If true, namespace will not be deletable.' },
    owner: { type: 'string', description: 'Owner of the namespace.', maxLength: 255 },
    created_at: DATE('namespace creation'),
    updated_at: DATE('the last namespace modification'),
    schema: { type: 'string', readOnly: true },
    self: { type: 'string', readOnly: true },
    resource_type_associations: { type: 'array', items: resourceTypeSchema() },
    properties: { type: 'object', additionalProperties: propertySchema() },
    objects: { type: 'array', items: objectSchema() },
    tags: { type: 'array', items: tagSchema() },
  },
  required: ['namespace'],
  additionalProperties: false,
});

/** A collection schema: `{name: <collection>, properties: {<collection>: [entity], schema, first, next}}`. */
function collection(name: string, entity: Record<string, unknown>, key = name) {
  return {
    name,
    properties: {
      [key]: { type: 'array', items: entity },
      schema: { type: 'string' },
      first: { type: 'string' },
      next: { type: 'string' },
    },
    links: [
      { rel: 'first', href: '{first}' },
      { rel: 'next', href: '{next}' },
      { rel: 'describedby', href: '{schema}' },
    ],
  };
}

const SCHEMAS: Record<string, () => Record<string, unknown>> = {
  image: imageSchema,
  images: () => collection('images', imageSchema()),
  member: memberSchema,
  members: () => ({ ...collection('members', memberSchema()), links: [{ rel: 'describedby', href: '{schema}' }] }),
  'metadefs/namespace': namespaceSchema,
  'metadefs/namespaces': () => collection('namespaces', namespaceSchema()),
  'metadefs/resource_type': resourceTypeSchema,
  'metadefs/resource_types': () => collection('resource_type_associations', resourceTypeSchema()),
  'metadefs/object': objectSchema,
  'metadefs/objects': () => collection('objects', objectSchema()),
  'metadefs/property': propertySchema,
  'metadefs/properties': () => collection('properties', propertySchema()),
  'metadefs/tag': tagSchema,
  'metadefs/tags': () => collection('tags', tagSchema()),
};

/** `GET /v2/schemas/<name>` and `/v2/schemas/metadefs/<name>`. */
export const showSchema: Handler = () => async (request) => {
  const name = (request.params as { '*': string })['*'];
  const schema = Object.hasOwn(SCHEMAS, name) ? SCHEMAS[name] : undefined;
  if (!schema) throw new NotFound('The resource could not be found.');
  return schema();
};
