// Builds the browser app into dist/ when it is missing or older than any of
// its sources. Used by `npm start` and by the browser tests' setup.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
const SOURCES = ['index.html', 'vite.config.ts', 'app', 'src', 'shared', 'resources', 'dataProviders', 'custom', 'schemas', 'package-lock.json'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

export function buildIfStale({ quiet = false } = {}) {
  const built = join(root, 'dist', 'index.html');
  const stale = !existsSync(built) || !existsSync(join(root, 'dist', '.ssr', 'server.js')) || SOURCES.some((source) => newestMtime(join(root, source)) > statSync(built).mtimeMs);
  if (!stale) return;
  if (!quiet) console.log('Building the dashboard (once, or after a change)…');
  // The browser's app, then the server's entry to it (app/server.tsx into dist/.ssr/), as `npm run build` does.
  for (const args of [[], ['--ssr', 'app/server.tsx']]) {
    const result = spawnSync(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', ...args, '--logLevel', 'warn'], {
      cwd: root,
      // A production build whoever asks: under vitest NODE_ENV is `test`, and a server entry built so compiled its
      // JSX for React's development runtime while bundling the production one (every page then went undrawn).
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: 'inherit',
    });
    if (result.status !== 0) throw new Error(`vite build failed (exit ${result.status})`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) buildIfStale();
