import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A built-in cloud Tempest can reach: its Keystone URL and admin password. */
export interface TempestCloud {
  identity: string;
  adminPassword: string;
  close(): Promise<void>;
}

const root = join(import.meta.dirname, '..', '..');

/**
 * A fresh server (`npm start` without the browser build) on a free port with
 * a temporary DATA_DIR, so Tempest meets exactly the seeded cloud a new user
 * meets; or the one at TEMPEST_IDENTITY_URL (with ADMIN_PASSWORD) when given.
 */
export async function openCloud(): Promise<TempestCloud> {
  const given = process.env.TEMPEST_IDENTITY_URL;
  if (given) {
    const adminPassword = process.env.ADMIN_PASSWORD;
    if (!adminPassword) throw new Error('TEMPEST_IDENTITY_URL needs ADMIN_PASSWORD (the cloud admin’s password)');
    return { identity: given.replace(/\/+$/, ''), adminPassword, close: async () => {} };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'tempest-cloud-'));
  const adminPassword = randomBytes(12).toString('hex');
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server', 'main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: adminPassword,
      DEMO_PASSWORD: randomBytes(12).toString('hex'),
      LOG_LEVEL: 'error',
      OS_AUTH_URL: '',
      OS_CLOUD: '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const identity = await identityUrlOf(child);
  return {
    identity,
    adminPassword,
    close: async () => {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The server prints `Built-in cloud (emulator): <url>/cloud/identity/v3` once it listens. */
function identityUrlOf(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /Built-in cloud \(emulator\): (\S+)/.exec(seen);
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`the built-in cloud exited (${code}) before listening:\n${seen}`)));
  });
}
