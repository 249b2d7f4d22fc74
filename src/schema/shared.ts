import { lookupById } from './refs';
import type { SchemaDocument, SchemaLookup } from './types';

const files = import.meta.glob<SchemaDocument>(['../../schemas/*.schema.json', '../../schemas/_defs/*.schema.json'], {
  eager: true,
  import: 'default',
});

/** Every schema file by `$id`, for `$ref`s that point to another file. */
export const schemaLookup: SchemaLookup = lookupById(Object.values(files));
