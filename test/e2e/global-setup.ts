import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildIfStale } from '../../scripts/build-if-stale.mjs';
import { startServer } from '../support/server-process.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    passwords: { admin: string; demo: string };
  }
}

/** Builds the app if needed and starts one server with a fresh demo cloud for the browser tests. */
export default async function setup(project: TestProject) {
  buildIfStale({ quiet: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'dashboard-e2e-'));
  const server = await startServer(dataDir);
  project.provide('baseUrl', server.baseUrl);
  project.provide('passwords', server.passwords);
  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
