import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { SharedCloud } from './cloud.js';

/**
 * Emulator transitions for tests: short, so waiting for ACTIVE or available
 * costs a few polls, yet long enough that the transitional state (BUILD,
 * creating, deleting) is still what the first read answers. The emulator
 * layer observes the transitions themselves with its injectable clock.
 */
export const TEST_TRANSITIONS = { EMULATOR_SERVER_TRANSITION_MS: '500', EMULATOR_VOLUME_TRANSITION_MS: '200', EMULATOR_LB_TRANSITION_MS: '300' };

/**
 * The emulator's password hashes in tests: scrypt N=2^10 rather than 2^14. Each login and each user made
 * hashes once; at 2^14 that was about 70 ms of CPU each, hundreds of times a run. A stored hash
 * carries its own N, so logins still check the password (vitest.config.ts gives it to every worker too).
 */
export const TEST_PASSWORD_HASHING = { EMULATOR_PASSWORD_HASH_COST: '10' };

export interface RunningSharedCloud extends SharedCloud {
  stop(): Promise<void>;
}

/** Starts `shared-cloud-main.ts` (emulator + server, as `startOwnCloud` builds them) and resolves with its address. */
export function startSharedCloud(env: Record<string, string> = { ...TEST_TRANSITIONS, ...TEST_PASSWORD_HASHING }): Promise<RunningSharedCloud> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'shared-cloud-main.ts')], {
    env: { ...process.env, ...env, OS_AUTH_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((text) => text.startsWith('{'));
      if (line && output.includes('\n')) resolve({ ...(JSON.parse(line) as SharedCloud), stop });
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`the shared test cloud exited (${code}) before it listened:\n${output}`)));
  });
}
