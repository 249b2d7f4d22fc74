import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../../scripts/build-if-stale.mjs';

/** One chunk as the build records it (vite.config.ts, `chunkRecord`); the e2e setup builds the app first. */
interface ChunkRecord {
  file: string;
  isEntry: boolean;
  imports: string[];
  dynamicImports: string[];
  modules: string[];
}

/** The modules a first load evaluates: the entry chunk's and those of every chunk it imports statically. */
function initialModules(): string[] {
  const chunks = JSON.parse(readFileSync(join(root, 'dist', '.vite', 'chunks.json'), 'utf8')) as ChunkRecord[];
  const byFile = new Map(chunks.map((chunk) => [chunk.file, chunk]));
  const initial = new Set<string>();
  const visit = (file: string) => {
    if (initial.has(file)) return;
    initial.add(file);
    byFile.get(file)?.imports.forEach(visit);
  };
  chunks.filter((chunk) => chunk.isEntry).forEach((chunk) => visit(chunk.file));
  return [...initial].flatMap((file) => byFile.get(file)?.modules ?? []);
}

/**
 * What no list page needs for its first row (issue 17): the forms and their
 * validator, the wizards, the custom screens, charts, the topology's d3 and
 * the stack template's YAML. Each must come in a chunk of its own, loaded
 * when its screen opens.
 */
const NOT_IN_THE_FIRST_LOAD: [string, RegExp][] = [
  ['the form library (rjsf)', /node_modules\/@rjsf\//],
  ['the JSON schema validator (ajv)', /node_modules\/ajv/],
  ['d3', /node_modules\/d3-/],
  ['the YAML library', /node_modules\/yaml\//],
  ['the schema forms', /^src\/forms\/(useSchemaForm|FormDialog|registry|validator)\./],
  ['the wizards', /^src\/wizard\/(Wizard|SchemaWizard|step-components)\./],
  ['the charts', /^src\/charts\//],
  ['the launch instance wizard', /^custom\/launch\//],
  ['the object storage screens', /^custom\/containers\/(?!panel\.ts$|paths\.ts$)/],
  ['the network topology', /^custom\/topology\/(?!panel\.ts$)/],
  ['the stack screens', /^custom\/stacks\//],
  ['the overview screens', /^custom\/overview\/(?!panel\.ts$)/],
  ['the backup screens and wizard steps', /^custom\/backup\//],
  ['the trunk wizard steps', /^custom\/trunks\//],
  ['the instance detail tabs', /^custom\/instances\//],
];

describe('the first load of a page', () => {
  it('evaluates no form, wizard, chart, topology, stack, backup, object storage or launch screen: those load when opened', () => {
    const modules = initialModules();
    expect(modules.length).toBeGreaterThan(0);
    const misplaced = NOT_IN_THE_FIRST_LOAD.flatMap(([what, test]) => modules.filter((module) => test.test(module)).map((module) => `${what}: ${module}`));
    expect(misplaced).toEqual([]);
  });
});
