#!/usr/bin/env node
// `npm run test:realcloud`: the same test/api suite, with the server in
// real-cloud mode against the OpenStack of ../shared/realcloud (or any cloud
// named by OS_AUTH_URL and REALCLOUD_ADMIN_PASSWORD / REALCLOUD_DEMO_PASSWORD).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const env = { ...process.env, OS_AUTH_URL: process.env.OS_AUTH_URL || 'http://127.0.0.1:5000/v3' };
const probe = await fetch(env.OS_AUTH_URL).catch(() => null);
if (!probe) {
  console.error(`No Keystone answers at ${env.OS_AUTH_URL}. Start the real cloud first: ../shared/realcloud/start.sh (or setup.sh the first time).`);
  process.exit(2);
}
// A real cloud answers in seconds where the built-in one answers in
// milliseconds (a token from Keystone, a server build through the scheduler),
// and each file logs in afresh: longer hooks, and two files at a time so the
// cloud's single-process Keystone is not the bottleneck every file waits on.
const realCloudOptions = ['--hookTimeout=120000', '--testTimeout=180000', '--maxWorkers=2'];
const result = spawnSync(process.execPath, [join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--project', 'api', ...realCloudOptions, ...process.argv.slice(2)], {
  cwd: root,
  env,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
