/**
 * `npm run codegen`: TypeScript types from `schemas/*.schema.json`, one file
 * per schema in `shared/generated/`, one type per `$defs` entry
 * (`keypair.schema.json#/$defs/createForm` → `KeypairCreateForm`), and a
 * precompiled validator per `…Form` entry in `shared/generated/validators/`.
 * The output is deterministic and committed; test/unit/codegen.test.ts fails
 * when it is stale.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compile } from 'json-schema-to-typescript';
import type { JSONSchema4 } from 'json-schema';
import { inlineExternalRefs, lookupById } from '../src/schema/refs';
import type { SchemaDocument, SchemaNode } from '../src/schema/types';
import { validatorModules } from './codegen-validators';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const SCHEMAS_DIR = join(ROOT, 'schemas');
export const GENERATED_DIR = join(ROOT, 'shared', 'generated');

/** Writes every generated file into `outDir` and returns their paths relative to it, sorted. */
export async function generate(outDir = GENERATED_DIR, schemasDir = SCHEMAS_DIR): Promise<string[]> {
  const shared = readDocuments(join(schemasDir, '_defs'));
  const resources = readDocuments(schemasDir);
  const lookup = lookupById([...shared, ...resources].map(({ document }) => document));
  const files = new Map<string, string>();
  for (const { name, document } of resources) {
    files.set(`${name}.ts`, await typesForDocument(name, inlineExternalRefs(document, lookup) as SchemaDocument));
    for (const module of validatorModules(document, lookup)) files.set(`${VALIDATORS}/${module.fileName}`, module.source);
  }
  const index = resources.map(({ name }) => `export type * from './${name}';\n`).join('');
  files.set('index.ts', `${banner('schemas/*.schema.json')}\n${index}`);

  rmSync(join(outDir, VALIDATORS), { recursive: true, force: true });
  mkdirSync(join(outDir, VALIDATORS), { recursive: true });
  for (const stale of readdirSync(outDir).filter((file) => file !== VALIDATORS && !files.has(file))) rmSync(join(outDir, stale));
  for (const [file, source] of files) writeFileSync(join(outDir, file), source);
  return [...files.keys()].sort();
}

/** Sub-folder of the precompiled form validators. */
export const VALIDATORS = 'validators';

/** Every file under `dir`, as paths relative to it, sorted (what `generate` returns). */
export function listGenerated(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

function readDocuments(dir: string): { name: string; document: SchemaDocument }[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.schema.json'))
    .sort()
    .map((file) => ({ name: basename(file, '.schema.json'), document: JSON.parse(readFileSync(join(dir, file), 'utf8')) }));
}

async function typesForDocument(name: string, document: SchemaDocument): Promise<string> {
  const parts: string[] = [];
  for (const [key, def] of Object.entries(document.$defs ?? {})) {
    const schema = { ...forTypes(def, name), title: typeName(name, key) } as JSONSchema4;
    const source = await compile(schema, typeName(name, key), {
      bannerComment: '',
      additionalProperties: false,
      unknownAny: true,
      strictIndexSignatures: true,
      format: true,
      style: { singleQuote: true, printWidth: 120 },
    });
    parts.push(source.trim());
  }
  return `${banner(`schemas/${name}.schema.json`)}\n${parts.join('\n\n')}\n`;
}

/**
 * A copy fit for json-schema-to-typescript: a reference to another `$defs`
 * entry becomes that entry's type name (`tsType`), so each entry is declared
 * once, by itself; titles are dropped because they are UI labels, not type
 * names.
 */
function forTypes(node: SchemaNode, schemaName: string): SchemaNode {
  if (node.$ref?.startsWith('#/$defs/')) {
    const key = node.$ref.slice('#/$defs/'.length);
    return { tsType: typeName(schemaName, key), ...(node.description ? { description: node.description } : {}) } as SchemaNode;
  }
  const copy: Record<string, unknown> = {};
  for (const [keyword, value] of Object.entries(node)) {
    if (keyword === 'title') continue;
    if (keyword === 'properties' || keyword === 'patternProperties') {
      copy[keyword] = Object.fromEntries(Object.entries(value as Record<string, SchemaNode>).map(([key, child]) => [key, forTypes(child, schemaName)]));
    } else if (Array.isArray(value)) {
      copy[keyword] = value.map((item) => (isSchema(item) ? forTypes(item, schemaName) : item));
    } else {
      copy[keyword] = isSchema(value) && SUBSCHEMA_KEYWORDS.has(keyword) ? forTypes(value, schemaName) : value;
    }
  }
  return copy as SchemaNode;
}

const SUBSCHEMA_KEYWORDS = new Set(['items', 'additionalProperties', 'propertyNames', 'not', 'if', 'then', 'else', 'contains']);

function isSchema(value: unknown): value is SchemaNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `keypair` + `createForm` → `KeypairCreateForm`. */
export function typeName(schemaName: string, defKey: string): string {
  const pascal = (text: string) => text.replace(/(^|[-_ ])(\w)/g, (_match, _sep, letter: string) => letter.toUpperCase());
  return pascal(schemaName) + pascal(defKey);
}

function banner(source: string): string {
  return `/* Generated by \`npm run codegen\` from ${source}. Do not edit by hand. */\n`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const files = await generate();
  console.log(`Wrote ${files.length} files to shared/generated/`);
}
