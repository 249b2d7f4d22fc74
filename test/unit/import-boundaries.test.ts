import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Which top-level folders each folder may not import (ARCHITECTURE §1 and
 * issue 15): the engine (`src/`) knows none of its plug-ins, which the app's
 * entry point (`app/`) hands it; browser code never imports server code;
 * `shared/` (what both sides need) imports neither side; the server and the
 * emulator never import browser code.
 */
const BROWSER = ['app', 'src', 'resources', 'custom', 'dataProviders'];
const NODE = ['server', 'emulator'];
const TOOLING = ['test', 'bench', 'scripts'];
const FORBIDDEN: Record<string, readonly string[]> = {
  src: ['app', 'resources', 'custom', 'dataProviders', ...NODE, ...TOOLING],
  resources: ['app', 'custom', ...NODE, ...TOOLING],
  dataProviders: ['app', 'custom', ...NODE, ...TOOLING],
  custom: ['app', ...NODE, ...TOOLING],
  app: [...NODE, ...TOOLING],
  shared: [...BROWSER, ...NODE, ...TOOLING],
  server: [...BROWSER, ...TOOLING],
  emulator: [...BROWSER, 'server', 'backup', ...TOOLING],
  // The backup service is no part of the cloud: it reaches the emulator only through the native APIs.
  backup: [...BROWSER, 'emulator', ...TOOLING],
};

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
/** `from '…'`, `import '…'`, `import('…')`, `require('…')` and `import.meta.glob('…' | ['…', …])`. */
const SPECIFIERS = [/\bfrom\s+['"]([^'"]+)['"]/g, /\bimport\s+['"]([^'"]+)['"]/g, /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g, /\brequire\(\s*['"]([^'"]+)['"]\s*\)/g];
const GLOB = /import\.meta\.glob(?:<[^>]*>)?\(\s*(\[[^\]]*\]|['"][^'"]+['"])/g;

/** The relative specifiers a source file imports (packages are not folders of ours). */
export function importsOf(source: string): string[] {
  const found = SPECIFIERS.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[1]));
  for (const match of source.matchAll(GLOB)) found.push(...[...match[1].matchAll(/['"]!?([^'"]+)['"]/g)].map((each) => each[1]));
  return found.filter((specifier) => specifier.startsWith('.'));
}

/** Every arrow that runs the wrong way among `files` (repo-relative path → source). */
export function wrongArrows(files: Record<string, string>): string[] {
  return Object.entries(files).flatMap(([path, source]) => {
    const from = path.split('/')[0];
    const forbidden = FORBIDDEN[from] ?? [];
    return importsOf(source).flatMap((specifier) => {
      const target = posix.normalize(posix.join(posix.dirname(path), specifier)).split('/')[0];
      return forbidden.includes(target) ? [`${path} imports ${specifier} (${from}/ must not import ${target}/)`] : [];
    });
  });
}

function sourcesUnder(folder: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !SOURCE.test(entry.name)) continue;
    const path = relative(ROOT, join(entry.parentPath, entry.name)).split('\\').join('/');
    if (path.includes('node_modules/')) continue;
    files[path] = readFileSync(join(ROOT, path), 'utf8');
  }
  return files;
}

describe('import boundaries', () => {
  it('no folder imports one it must not (the engine none of its plug-ins, browser code no server code, shared/ neither side)', () => {
    const files = Object.assign({}, ...Object.keys(FORBIDDEN).map(sourcesUnder));
    expect(Object.keys(files).length).toBeGreaterThan(300);
    expect(wrongArrows(files)).toEqual([]);
  });

  it('finds a wrong arrow in every way a file can import', () => {
    const files = {
      'src/engine/Page.tsx': "import { customRoutes } from '../../custom/routes';",
      'src/engine/lazy.tsx': "const Tab = lazy(() => import('../../custom/instances/Tab'));",
      'src/engine/glob.ts': "const all = import.meta.glob<{ default: unknown }>(['../../resources/*.ts', '!../../resources/index.ts']);",
      'custom/launch/load.ts': "export { DEFAULT_SETTINGS } from '../../server/settings';",
      'shared/types.ts': "import type { Backend } from '../src/backend/contract';",
      'server/api/x.ts': "import '../../dataProviders/http';",
      'src/ok.ts': "import { DEFAULT_SETTINGS } from '../shared/settings'; import { z } from 'react';",
      'dataProviders/ok.ts': "import { createHttpClient } from '../src/backend/http';",
    };
    expect(wrongArrows(files)).toEqual([
      'src/engine/Page.tsx imports ../../custom/routes (src/ must not import custom/)',
      'src/engine/lazy.tsx imports ../../custom/instances/Tab (src/ must not import custom/)',
      'src/engine/glob.ts imports ../../resources/*.ts (src/ must not import resources/)',
      'src/engine/glob.ts imports ../../resources/index.ts (src/ must not import resources/)',
      'custom/launch/load.ts imports ../../server/settings (custom/ must not import server/)',
      'shared/types.ts imports ../src/backend/contract (shared/ must not import src/)',
      'server/api/x.ts imports ../../dataProviders/http (server/ must not import dataProviders/)',
    ]);
  });
});
