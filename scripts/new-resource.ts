/**
 * `npm run new:resource -- <name> --service <service> [--plural <plural>]`:
 * writes a new resource in every layer (schema, descriptor, data provider
 * entry, `/api` route validated by the schema, emulator model, response and
 * migration, their tests), registers it where the layers list their parts,
 * and runs codegen. README "Adding a resource" is the checklist it follows.
 *
 * @example
 * npm run new:resource -- gadget --service neutron
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { namesOf } from './new-resource/names.js';
import { neutronFiles, neutronRegistrations } from './new-resource/neutron.js';

/** The services the generator knows, with their files and registrations. */
const SERVICES = {
  neutron: { files: neutronFiles, registrations: neutronRegistrations },
};

export function newResource(root: string, name: string, service: string, plural?: string): string[] {
  const templates = SERVICES[service as keyof typeof SERVICES];
  if (!templates) throw new Error(`--service ${service}: the generator knows ${Object.keys(SERVICES).join(', ')} (scripts/new-resource/)`);
  const names = namesOf(name, plural);
  const files = templates.files(names);
  const clash = Object.keys(files).filter((file) => existsSync(join(root, file)));
  if (clash.length) throw new Error(`already there, nothing written: ${clash.join(', ')}`);
  const registrations = templates.registrations(names).map((each) => {
    const source = readFileSync(join(root, each.file), 'utf8');
    return { file: each.file, text: addImport(each.insert(source), each.importLine) };
  });
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  for (const { file, text } of registrations) writeFileSync(join(root, file), text);
  return [...Object.keys(files), ...registrations.map(({ file }) => file)];
}

/** The source with `line` after its last import. */
function addImport(source: string, line: string): string {
  const imports = [...source.matchAll(/^import [^;]*;\n/gm)];
  const end = imports.length ? imports[imports.length - 1].index! + imports[imports.length - 1][0].length : 0;
  return `${source.slice(0, end)}${line}\n${source.slice(end)}`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { service: { type: 'string' }, plural: { type: 'string' }, root: { type: 'string' } } });
  const [name] = positionals;
  if (!name || !values.service) {
    console.error('usage: npm run new:resource -- <singular-kebab-name> --service <service> [--plural <plural>]');
    process.exit(2);
  }
  const root = values.root ?? join(import.meta.dirname, '..');
  try {
    const written = newResource(root, name, values.service, values.plural);
    execFileSync(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'codegen.ts')], { cwd: root, stdio: 'inherit' });
    console.log(`Wrote and registered:\n  ${written.join('\n  ')}\nNext: fill in its fields (README "Adding a resource"), then run its tests.`);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
