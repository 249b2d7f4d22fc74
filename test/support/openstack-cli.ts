import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildEmulatorApp, type Emulator } from '../../emulator/app.js';
import { makeDataDir, PASSWORDS, removeDataDir } from './emulator.js';

const run = promisify(execFile);

function which(command: string): boolean {
  try {
    execFileSync('which', [command], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Whether the standard `openstack` CLI is installed (.ci/run installs Debian's python3-openstackclient). */
export const hasOpenstackCli = which('openstack');

/**
 * Starts the emulator on a real socket for the file's tests (when the CLI is
 * there) and returns a runner of `openstack` as demo in project demo, with
 * nothing from the caller's OS_* environment.
 *
 * @example
 * const cli = useOpenstackCli();
 * it.skipIf(!hasOpenstackCli)('lists key pairs', async () => { await cli.openstack('keypair', 'list'); });
 */
export function useOpenstackCli() {
  let app: FastifyInstance;
  let emulator: Emulator;
  let dataDir = '';
  let authUrl = '';

  beforeAll(async () => {
    if (!hasOpenstackCli) return;
    dataDir = makeDataDir();
    let base = '';
    ({ app, emulator } = await buildEmulatorApp({ dataDir, publicUrl: () => base, adminPassword: PASSWORDS.admin, demoPassword: PASSWORDS.demo }));
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    authUrl = `${base}/cloud/identity/v3`;
  });

  afterAll(async () => {
    if (!hasOpenstackCli) return;
    await app.close();
    emulator.close();
    removeDataDir(dataDir);
  });

  return {
    /** The emulator's data directory (a place for files the test hands to the CLI). */
    dataDir: () => dataDir,
    async openstack(...args: string[]): Promise<string> {
      const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('OS_')));
      const { stdout } = await run(
        'openstack',
        [
          '--os-auth-url', authUrl,
          '--os-username', 'demo',
          '--os-password', PASSWORDS.demo,
          '--os-project-name', 'demo',
          '--os-user-domain-name', 'Default',
          '--os-project-domain-name', 'Default',
          '--os-identity-api-version', '3',
          ...args,
        ],
        { env, timeout: 60_000 },
      );
      return stdout;
    },
  };
}
