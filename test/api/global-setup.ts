import type { TestProject } from 'vitest/node';
import { startSharedCloud } from '../support/shared-cloud.js';

/**
 * One emulator and server for every api test file (`startTestCloud()` hands
 * it out), instead of one per file. Against a real cloud (OS_AUTH_URL, `npm
 * run test:realcloud`) there is nothing to share: each file builds its own
 * server in front of that cloud, as before.
 */
export default async function setup(project: TestProject) {
  if (process.env.OS_AUTH_URL) {
    project.provide('apiCloud', null);
    return;
  }
  const cloud = await startSharedCloud();
  project.provide('apiCloud', { baseUrl: cloud.baseUrl, authUrl: cloud.authUrl, passwords: cloud.passwords });
  return () => cloud.stop();
}
