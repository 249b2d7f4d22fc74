import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildEmulatorApp, type Emulator } from '../../emulator/app.js';
import { makeDataDir, PASSWORDS, removeDataDir } from './emulator.js';

function which(command: string): string | null {
  try {
    return execFileSync('which', [command], { encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

const cliPath = which('openstack');

/** Whether the standard `openstack` CLI is installed (.ci/run installs Debian's python3-openstackclient). */
export const hasOpenstackCli = cliPath !== null;

interface Answer {
  code: number;
  stdout: string;
  stderr: string;
}

interface Driver {
  run(args: string[]): Promise<Answer>;
  stop(): Promise<void>;
}

/**
 * The CLI's own Python (the interpreter of its `#!` line) running
 * `openstack-cli-driver.py`: a file's commands in one process, answered in
 * the order asked, each with its exit code and output.
 */
function startDriver(env: NodeJS.ProcessEnv): Driver {
  const python = /^#!\s*(\S+)/.exec(readFileSync(cliPath!, 'utf8'))?.[1] ?? 'python3';
  const child = spawn(python, [join(import.meta.dirname, 'openstack-cli-driver.py')], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  const waiting: { resolve(answer: Answer): void; reject(error: Error): void }[] = [];
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  createInterface({ input: child.stdout }).on('line', (line) => waiting.shift()?.resolve(JSON.parse(line) as Answer));
  const exited = new Promise<void>((resolve) =>
    child.on('exit', (code) => {
      for (const each of waiting.splice(0)) each.reject(new Error(`the openstack CLI driver exited (${code}):\n${errors}`));
      resolve();
    }),
  );
  return {
    run: (args) =>
      new Promise<Answer>((resolve, reject) => {
        waiting.push({ resolve, reject });
        child.stdin.write(`${JSON.stringify(args)}\n`);
      }),
    stop: () => {
      child.stdin.end();
      return exited;
    },
  };
}

/**
 * Starts the emulator on a real socket for the file's tests (when the CLI is
 * there) and returns a runner of `openstack` as demo in project demo, with
 * nothing from the caller's OS_* environment. The commands run in one Python
 * process per file (`openstack-cli-driver.py`): the CLI's own entry point,
 * without its 1.5 s of start-up per command.
 *
 * @example
 * const cli = useOpenstackCli();
 * it.skipIf(!hasOpenstackCli)('lists key pairs', async () => { await cli.openstack('keypair', 'list'); });
 */
export function useOpenstackCli() {
  let app: FastifyInstance;
  let emulator: Emulator;
  let driver: Driver;
  let dataDir = '';
  let authUrl = '';

  beforeAll(async () => {
    if (!hasOpenstackCli) return;
    dataDir = makeDataDir();
    let base = '';
    ({ app, emulator } = await buildEmulatorApp({ dataDir, publicUrl: () => base, adminPassword: PASSWORDS.admin, demoPassword: PASSWORDS.demo }));
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    authUrl = `${base}/cloud/identity/v3`;
    driver = startDriver(Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('OS_'))));
  });

  afterAll(async () => {
    if (!hasOpenstackCli) return;
    await driver.stop();
    await app.close();
    emulator.close();
    removeDataDir(dataDir);
  });

  return {
    /** The emulator's data directory (a place for files the test hands to the CLI). */
    dataDir: () => dataDir,
    async openstack(...args: string[]): Promise<string> {
      const { code, stdout, stderr } = await driver.run([
        '--os-auth-url', authUrl,
        '--os-username', 'demo',
        '--os-password', PASSWORDS.demo,
        '--os-project-name', 'demo',
        '--os-user-domain-name', 'Default',
        '--os-project-domain-name', 'Default',
        '--os-identity-api-version', '3',
        ...args,
      ]);
      if (code !== 0) throw new Error(`openstack ${args.join(' ')} exited ${code}:\n${stderr}`);
      return stdout;
    },
  };
}
