import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Issue 15, point 2: the data providers take their record types from the
 * schemas (`shared/generated/`, `npm run codegen`), not from copies written
 * by hand. A type declared in `dataProviders/` whose own fields repeat
 * `SHARED` or more of one generated type's fields is such a copy; it should
 * be that generated type, or derived from it (`Pick`, `Omit`, `&`).
 */
const SHARED = 3;

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

interface Declared {
  where: string;
  name: string;
  fields: Set<string>;
}

/** Each interface and type alias of `source`, with the property names written in it (not those it takes from other types). */
export function declaredTypes(file: string, source: string): Declared[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const found: Declared[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) {
      const fields = new Set<string>();
      const collect = (inner: ts.Node) => {
        if ((ts.isPropertySignature(inner) || ts.isMethodSignature(inner)) && inner.name && (ts.isIdentifier(inner.name) || ts.isStringLiteral(inner.name))) fields.add(inner.name.text);
        ts.forEachChild(inner, collect);
      };
      ts.forEachChild(node, collect);
      const line = tree.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      found.push({ where: `${file}:${line}`, name: node.name.text, fields });
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

/** Every declared type that repeats `SHARED` or more fields of one generated type, as `where name: Generated (fields)`. */
export function handCopies(declared: Declared[], generated: Declared[]): string[] {
  return declared.flatMap((type) => {
    let best: { name: string; shared: string[] } | undefined;
    for (const candidate of generated) {
      const shared = [...type.fields].filter((field) => candidate.fields.has(field));
      if (shared.length >= SHARED && (!best || shared.length > best.shared.length)) best = { name: candidate.name, shared };
    }
    return best ? [`${type.where} ${type.name} repeats ${best.name} (${best.shared.sort().join(', ')})`] : [];
  });
}

function typesIn(folder: string): Declared[] {
  return readdirSync(join(ROOT, folder))
    .filter((name) => /\.tsx?$/.test(name))
    .flatMap((name) => declaredTypes(`${folder}/${name}`, readFileSync(join(ROOT, folder, name), 'utf8')));
}

describe('data provider types come from the schemas', () => {
  it('no type in dataProviders/ repeats the fields of a generated type (use shared/generated, run `npm run codegen`)', () => {
    const generated = typesIn('shared/generated');
    expect(generated.length).toBeGreaterThan(50);
    expect(handCopies(typesIn('dataProviders'), generated)).toEqual([]);
  });

  it('finds a hand-written copy, and leaves a derived type alone', () => {
    const generated = declaredTypes('shared/generated/volume.ts', 'export interface VolumeEntity { id: string; name: string; size: number; status: string; attachments?: unknown[] }');
    const declared = declaredTypes(
      'dataProviders/cinder.ts',
      [
        'type Volume = Record<string, unknown> & { id: string; name?: string; attachments?: unknown[] };',
        "type Listed = Pick<VolumeEntity, 'id' | 'name' | 'size'> & { attached_to?: string };",
        'interface Limits { maxTotalVolumes?: number; totalVolumesUsed?: number }',
      ].join('\n'),
    );
    expect(handCopies(declared, generated)).toEqual(['dataProviders/cinder.ts:1 Volume repeats VolumeEntity (attachments, id, name)']);
  });
});
