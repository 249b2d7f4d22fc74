import type { FastifyRequest } from 'fastify';
import { jsonBody } from '../../core/http.js';
import { validateAgainst } from '../../core/validation.js';

/**
 * Keystone's request bodies (the schema.py of each keystone api): the entity under its
 * wrapper key, validated with jsonschema. A missing wrapper is an empty
 * entity, so the error names its first missing field, as Keystone's does.
 */

const nullableString = { type: ['string', 'null'] };
const boolean = { type: 'boolean' };
const id = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[a-zA-Z0-9-]+$' };
const tags = { type: 'array', items: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[^,/]*$' }, maxItems: 80, uniqueItems: true };

const SCHEMAS = {
  domain: {
    type: 'object',
    properties: { name: { type: 'string', minLength: 1, maxLength: 64, pattern: '[\\S]+' }, description: nullableString, enabled: boolean, tags },
  },
  project: {
    type: 'object',
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 64, pattern: '[\\S]+' },
      description: nullableString,
      enabled: boolean,
      domain_id: { ...id, type: ['string', 'null'] },
      parent_id: { ...id, type: ['string', 'null'] },
      is_domain: boolean,
      tags,
    },
  },
  user: {
    type: 'object',
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 255, pattern: '[\\S]+' },
      domain_id: id,
      default_project_id: { ...id, type: ['string', 'null'] },
      description: nullableString,
      email: nullableString,
      enabled: boolean,
      password: nullableString,
    },
  },
  group: {
    type: 'object',
    properties: { name: { type: 'string', minLength: 1, maxLength: 64, pattern: '[\\S]+' }, description: nullableString, domain_id: id },
  },
  role: {
    type: 'object',
    properties: { name: { type: 'string', minLength: 1, maxLength: 255, pattern: '[\\S]+' }, description: nullableString, domain_id: { ...id, type: ['string', 'null'] } },
  },
} as const;

export type EntityKind = keyof typeof SCHEMAS;

// Built once: the validator caches compiled schemas by object identity.
const CREATE = Object.fromEntries(Object.entries(SCHEMAS).map(([kind, schema]) => [kind, { ...schema, required: ['name'] }])) as Record<EntityKind, object>;
const UPDATE = Object.fromEntries(Object.entries(SCHEMAS).map(([kind, schema]) => [kind, { ...schema, minProperties: 1 }])) as Record<EntityKind, object>;

/** The entity of a create (name required) or an update (nothing required, at least one key). */
export function entityBody(request: FastifyRequest, kind: EntityKind, mode: 'create' | 'update'): Record<string, unknown> {
  const body = jsonBody(request);
  const entity = body && typeof body === 'object' && !Array.isArray(body) ? ((body as Record<string, unknown>)[kind] ?? {}) : {};
  validateAgainst(mode === 'create' ? CREATE[kind] : UPDATE[kind], entity);
  return entity as Record<string, unknown>;
}

export const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
export const nullableStr = (value: unknown): string | null | undefined => (value === null ? null : str(value));
export const bool = (value: unknown): boolean | undefined => (typeof value === 'boolean' ? value : undefined);
