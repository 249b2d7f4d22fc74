import { inlineExternalRefs } from './refs';
import type { SchemaDocument, SchemaLookup, SchemaNode } from './types';

/**
 * The root schema of a form built from `document.$defs[defKey]`: the entry
 * with its file's `$defs` beside it (for local refs) and other files' refs
 * inlined. Codegen precompiles validators for exactly this object and rjsf
 * checks that the form's schema is the same, so both build it here. The
 * title and description are left out: the dialog shows the title.
 */
export function formRootSchema(document: SchemaDocument, defKey: string, lookup: SchemaLookup): SchemaNode {
  const form = document.$defs?.[defKey];
  if (!form) throw new Error(`${document.$id ?? 'schema'} has no $defs.${defKey}`);
  const { title: _title, description: _description, ...body } = form;
  return inlineExternalRefs({ ...body, $defs: document.$defs }, lookup);
}

/** `keypair.schema.json` → `keypair`: the name codegen files are named after. */
export function schemaName(document: SchemaDocument): string {
  if (!document.$id) throw new Error('A resource schema needs an $id');
  return document.$id.replace(/\.schema\.json$/, '');
}

/**
 * Whether a `$defs` entry backs a browser form, by the schemas' convention:
 * browser forms are the `…Form` entries (`createForm`, `importForm`), apart
 * from the API bodies (`create`, `update`). Codegen precompiles a validator
 * for each, and a form action may only name one of them.
 */
export function isFormDef(key: string, node: SchemaNode): boolean {
  return key.endsWith('Form') && node.type === 'object';
}
