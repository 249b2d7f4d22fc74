import type { AnyResourceDescriptor } from '../descriptor';
import { formatBytes } from '../utils/units';
import { derefLocal } from './refs';
import type { SchemaDocument, SchemaNode } from './types';

/** The descriptor's schema file. JSON imports type keywords as plain strings, hence the cast. */
export function schemaDocument(descriptor: AnyResourceDescriptor): SchemaDocument {
  return descriptor.schema as SchemaDocument;
}

/** The `$defs` entry describing one record. */
export function entitySchema(descriptor: AnyResourceDescriptor): SchemaNode {
  const document = schemaDocument(descriptor);
  const key = descriptor.entity ?? 'entity';
  const entity = document.$defs?.[key];
  if (!entity) throw new Error(`${descriptor.name}: schema has no $defs.${key}`);
  return derefLocal(entity, document);
}

/** A property of the entity with its local `$ref` resolved, or undefined if the schema lacks it. */
export function fieldSchema(descriptor: AnyResourceDescriptor, field: string): SchemaNode | undefined {
  const property = entitySchema(descriptor).properties?.[field];
  return property && derefLocal(property, schemaDocument(descriptor));
}

/** 'created_at' → 'Created at': the label of a field whose schema has no title. */
export function humanize(field: string): string {
  const words = field.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function fieldTitle(descriptor: AnyResourceDescriptor, field: string): string {
  return fieldSchema(descriptor, field)?.title ?? humanize(field);
}

/**
 * A value as text: enum values by their `x-enumLabels` label, booleans as
 * Yes/No, numbers followed by their `x-unit`, lists joined, blanks as '-'
 * (or the field's `x-emptyText`).
 */
export function formatValue(descriptor: AnyResourceDescriptor, field: string, value: unknown): string {
  const schema = fieldSchema(descriptor, field);
  if (value === null || value === undefined || value === '') return schema?.['x-emptyText'] ?? '-';
  const labels = schema?.['x-enumLabels'];
  if (labels && typeof value === 'string' && labels[value]) return labels[value];
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  // 'bytes' is the bytes filter of spec 1 §9 (bytes up to TB); other units are printed after the number.
  if (typeof value === 'number' && schema?.['x-unit'] === 'bytes') return formatBytes(value);
  if (typeof value === 'number' && schema?.['x-unit']) return `${value} ${schema['x-unit']}`;
  if (Array.isArray(value)) return value.length ? value.map((item) => (typeof item === 'object' ? JSON.stringify(item) : String(item))).join(', ') : '-';
  if (typeof value === 'object') {
    // A map (metadata, properties): 'key: value' lines; an empty one is '-', never '{}'.
    const entries = Object.entries(value);
    if (!entries.length) return '-';
    return entries.map(([key, item]) => `${key}: ${item !== null && typeof item === 'object' ? JSON.stringify(item) : String(item)}`).join('\n');
  }
  return String(value);
}
