import type { AnyResourceDescriptor } from '../../src/descriptor';
import { entitySchema, schemaDocument } from '../../src/schema/fields';
import { derefLocal } from '../../src/schema/refs';
import type { SchemaNode } from '../../src/schema/types';

/**
 * Records for any descriptor, built from its entity schema: enums take their
 * first value, text fields `<field>-<n>`, numbers `n`. Good enough to show a
 * table; resource-specific tests use the small builders instead.
 */
export function fixtureRecords(descriptor: AnyResourceDescriptor, count = 3): Record<string, unknown>[] {
  const entity = entitySchema(descriptor);
  const document = schemaDocument(descriptor);
  return Array.from({ length: count }, (_unused, index) => {
    const record: Record<string, unknown> = {};
    for (const [field, property] of Object.entries(entity.properties ?? {})) {
      record[field] = sampleValue(field, derefLocal(property, document), index + 1);
    }
    record.id = String(record[descriptor.idField ?? 'id'] ?? `id-${index + 1}`);
    return record;
  });
}

function sampleValue(field: string, schema: SchemaNode, n: number): unknown {
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((candidate) => candidate !== 'null') : schema.type;
  if (type === 'integer' || type === 'number') return n;
  if (type === 'boolean') return n % 2 === 0;
  if (type === 'array') return [];
  if (type === 'object') return {};
  return `${field}-${n}`;
}

/** A value the field's schema refuses, and the keyword that refuses it; undefined if nothing can. */
export function invalidValueFor(schema: SchemaNode): { value: string; keyword: string } | undefined {
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern, 'u');
    const candidates = ['bad~name', 'bad{name}', 'naïve', 'tab\there', '`tick`', ' '];
    const value = candidates.find((candidate) => !pattern.test(candidate));
    if (value) return { value, keyword: 'pattern' };
  }
  if (schema.maxLength !== undefined) return { value: 'x'.repeat(schema.maxLength + 1), keyword: 'maxLength' };
  return undefined;
}
