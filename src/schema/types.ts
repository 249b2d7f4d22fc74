import type { JSONSchema7 } from 'json-schema';

/**
 * A JSON Schema node as our schemas write it: standard draft 2020-12 keywords
 * plus the few extensions the engine reads.
 */
export type SchemaNode = Omit<JSONSchema7, 'properties' | '$defs' | 'items'> & {
  properties?: Record<string, SchemaNode>;
  $defs?: Record<string, SchemaNode>;
  items?: SchemaNode;
  /** Display labels of enum values, e.g. `{ ssh: 'SSH Key' }` (spec 2 §5). */
  'x-enumLabels'?: Record<string, string>;
  /**
   * Enum values offered only where a service feature is available: value →
   * feature name (e.g. `{ 'soft-affinity': 'servergroup_soft_policies' }`).
   */
  'x-enumFeatures'?: Record<string, string>;
  /** Unit printed after a number in tables and details, e.g. `'MB'`. */
  'x-unit'?: string;
  /**
   * How a date-time field is shown instead of the date: `'timesince'`, the
   * time elapsed since then in Django's words (Horizon's Age column, e.g.
   * '3 days, 2 hours').
   */
  'x-display'?: 'timesince';
  /** The text of a blank value instead of '-', e.g. `'(None)'` (spec 3 §3.3: a task not finished). */
  'x-emptyText'?: string;
  /** ajv-errors messages: the spec's exact wording per keyword or field. */
  errorMessage?: string | Record<string, unknown>;
};

/** A whole `schemas/<name>.schema.json` file. */
export interface SchemaDocument extends SchemaNode {
  $id?: string;
  $defs?: Record<string, SchemaNode>;
}

/** Finds a schema document by its `$id` (e.g. `common.schema.json`). */
export type SchemaLookup = (id: string) => SchemaDocument | undefined;
