import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildIfStale } from '../../scripts/build-if-stale.mjs';
import { launchChromiumServer } from '../support/browser.js';
import { startServer, TEST_SERVER_ENV } from '../support/server-process.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    passwords: { admin: string; demo: string };
    /** The server's BACKUP_CLOCK_FILE: what a test writes there moves the backup scheduler's clock ahead. */
    backupClockFile: string;
  }
}

/**
 * Builds the app if needed, starts one server with a fresh demo cloud (short
 * test transitions) and one Chromium, shared by every browser test file.
 * Files run in parallel on them: each makes what it needs under its own
 * names, and a journey that needs an empty list makes its own project user
 * (`test/support/members.ts`).
 */
export default async function setup(project: TestProject) {
  buildIfStale({ quiet: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'dashboard-e2e-'));
  const backupClockFile = join(dataDir, 'backup-clock');
  const [server, chromium] = await Promise.all([startServer(dataDir, undefined, { ...TEST_SERVER_ENV, BACKUP_CLOCK_FILE: backupClockFile }), launchChromiumServer()]);
  project.provide('baseUrl', server.baseUrl);
  project.provide('passwords', server.passwords);
  project.provide('backupClockFile', backupClockFile);
  project.provide('chromiumEndpoint', chromium.wsEndpoint());
  return async () => {
    await Promise.all([server.stop(), chromium.close()]);
    rmSync(dataDir, { recursive: true, force: true });
  };
}
