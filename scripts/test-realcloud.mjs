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
// Each file logs in afresh to the real cloud: two files at a time, so that its
// single-process Keystone is not the queue every file waits in (the api
// project's timeouts grow with OS_AUTH_URL, in vitest.config.ts).
const realCloudOptions = ['--maxWorkers=2'];
const result = spawnSync(process.execPath, [join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--project', 'api', ...realCloudOptions, ...process.argv.slice(2)], {
  cwd: root,
  env,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
