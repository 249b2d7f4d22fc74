import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { TEST_PASSWORD_HASHING, TEST_TRANSITIONS } from './shared-cloud.js';

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  passwords: { admin: string; demo: string };
  /** The server's process id (benchmarks read its memory from /proc). */
  pid: number;
  stop(): Promise<void>;
}

const root = join(import.meta.dirname, '..', '..');

/**
 * What a browser test's server runs with: the emulator's short test
 * transitions and cheap password hashes, the list polling every 500 ms instead of 2.5 s, so a row
 * reaches Active in a poll or two, and the backup scheduler looking for due plans every second, its tasks at Cinder every 250 ms. Each Heat
 * resource stays CREATE_IN_PROGRESS 1.5 s, so a stack of a few levels of dependencies is still being built
 * when its page opens (the stack topology polls every 3 s then). Tests of the defaults pass `env: {}`.
 */
export const TEST_SERVER_ENV: Record<string, string> = { ...TEST_TRANSITIONS, ...TEST_PASSWORD_HASHING, AJAX_POLL_INTERVAL: '500', BACKUP_TICK_MS: '1000', BACKUP_POLL_MS: '250', EMULATOR_HEAT_RESOURCE_MS: '1500' };

/**
 * Starts the real server as `npm start` does (built app, emulator, SQLite in
 * dataDir) on a free port, and resolves once it prints its address.
 */
export function startServer(
  dataDir: string,
  passwords = { admin: 'e2e-admin-pass', demo: 'e2e-demo-pass' },
  env: Record<string, string> = TEST_SERVER_ENV,
): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server', 'main.ts')], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_PASSWORD: passwords.admin, DEMO_PASSWORD: passwords.demo, OS_AUTH_URL: '', OS_CLOUD: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Cloud dashboard: (http:\/\/\S+?)\/?\s/.exec(output);
      if (match) {
        child.stdout!.off('data', onData);
        resolve({ baseUrl: match[1], dataDir, passwords, pid: child.pid!, stop: () => stopChild(child) });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`server exited (${code}) before it listened:\n${output}`)));
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
