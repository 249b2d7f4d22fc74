#!/usr/bin/env node
// `npm start`: build the browser app when it is missing or stale, then run the
// server (and the built-in cloud) as a child that receives our signals.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildIfStale, root } from './build-if-stale.mjs';

try {
  buildIfStale();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'server', 'main.ts'), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
