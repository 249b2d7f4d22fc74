import type { SchemaDocument, SchemaLookup, SchemaNode } from './types';

const MAX_DEPTH = 32;

/** Follows a local JSON pointer such as `#/$defs/keyType` inside `root`. */
export function resolvePointer(root: SchemaNode, pointer: string): SchemaNode {
  const path = pointer.replace(/^#\/?/, '');
  if (path === '') return root;
  let node: unknown = root;
  for (const raw of path.split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    node = (node as Record<string, unknown> | undefined)?.[key];
    if (node === undefined) throw new Error(`Unresolvable $ref ${pointer}`);
  }
  return node as SchemaNode;
}

/**
 * Merges a node's local `$ref` target under its sibling keywords, so
 * `{ $ref: '#/$defs/keyType', title: 'Type' }` reads as the key type titled
 * 'Type'. Non-local refs are left alone.
 */
export function derefLocal(node: SchemaNode, root: SchemaNode): SchemaNode {
  let current = node;
  for (let depth = 0; current.$ref?.startsWith('#') && depth < MAX_DEPTH; depth++) {
    const { $ref, ...siblings } = current;
    current = { ...resolvePointer(root, $ref), ...siblings };
  }
  return current;
}

/**
 * Copies `node` with every reference to another file (`common.schema.json#/$defs/uuid`)
 * replaced by the referenced schema, so the result needs only its own `$defs`.
 * Local refs of the main document stay; local refs inside an inlined file are
 * resolved against that file.
 */
export function inlineExternalRefs(node: SchemaNode, lookup: SchemaLookup): SchemaNode {
  return inline(node, null, lookup, 0) as SchemaNode;
}

function inline(value: unknown, foreignRoot: SchemaDocument | null, lookup: SchemaLookup, depth: number): unknown {
  if (depth > MAX_DEPTH) throw new Error('$ref nesting too deep (a cycle between schema files?)');
  if (Array.isArray(value)) return value.map((item) => inline(item, foreignRoot, lookup, depth));
  if (value === null || typeof value !== 'object') return value;
  const { $ref, ...rest } = value as SchemaNode;
  const copy: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(rest)) copy[key] = inline(child, foreignRoot, lookup, depth);
  if (typeof $ref !== 'string') return copy;
  if ($ref.startsWith('#')) {
    if (!foreignRoot) return { $ref, ...copy };
    return { ...(inline(resolvePointer(foreignRoot, $ref), foreignRoot, lookup, depth + 1) as object), ...copy };
  }
  const [fileId, pointer = '#'] = $ref.split('#');
  const document = lookup(fileId.replace(/^.*\//, ''));
  if (!document) throw new Error(`Unknown schema file in $ref ${$ref}`);
  return { ...(inline(resolvePointer(document, `#${pointer}`), document, lookup, depth + 1) as object), ...copy };
}

/** A lookup over a list of documents, keyed by their `$id`. */
export function lookupById(documents: SchemaDocument[]): SchemaLookup {
  const byId = new Map(documents.filter((doc) => doc.$id).map((doc) => [doc.$id!, doc]));
  return (id) => byId.get(id);
}
