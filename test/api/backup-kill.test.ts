import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client.js';
import type { TestCloud } from '../support/cloud.js';
import { demoEndpoint } from '../support/demo-ports.js';
import { type RunningServer, startServer, TEST_SERVER_ENV } from '../support/server-process.js';
import { waitUntil } from '../support/wait.js';

/**
 * Issue 21, done when: killing the server (SIGKILL, no shutdown of any kind)
 * in the middle of a backup and starting it again on the same DATA_DIR leaves
 * no task stuck and no orphaned Cinder backup. The server runs as `npm start`
 * does, the built-in cloud and the backup service in its process; its Cinder
 * keeps a backup `creating` for 3 s, long enough to kill the process inside.
 */

const BASE = '/api/baas/duratus';
const dataDir = mkdtempSync(join(tmpdir(), 'backup-kill-'));
const ENV = { ...TEST_SERVER_ENV, EMULATOR_VOLUME_TRANSITION_MS: '3000' };
let server: RunningServer | undefined;

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const asCloud = (running: RunningServer): TestCloud =>
  ({ baseUrl: running.baseUrl, authUrl: `${running.baseUrl}/cloud/identity/v3`, passwords: running.passwords, isRealCloud: false }) as TestCloud;

/** Whether a process of that id still runs (signal 0 checks without sending anything). */
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function killed(running: RunningServer): Promise<void> {
  process.kill(running.pid, 'SIGKILL');
  await waitUntil(() => alive(running.pid), (still) => !still, { what: `server ${running.pid} gone after SIGKILL`, interval: 50 });
}

describe('a server killed in the middle of a backup', () => {
  it.skipIf(Boolean(process.env.OS_AUTH_URL))('ends the interrupted task as problem once started again, and deletes the Cinder backup it had asked for', async () => {
    server = await startServer(dataDir, undefined, ENV);
    let cinder = await demoEndpoint(server.baseUrl, server.passwords.demo, 'volumev3');
    const made = await fetch(`${cinder.url}/volumes`, { method: 'POST', headers: cinder.headers, body: JSON.stringify({ volume: { size: 1, name: 'killed-mid-backup' } }) });
    const { volume } = (await made.json()) as { volume: { id: string } };
    const native = async <T,>(path: string) => (await (await fetch(`${cinder.url}${path}`, { headers: cinder.headers })).json()) as T;
    await waitUntil(() => native<{ volume: { status: string } }>(`/volumes/${volume.id}`), (body) => body.volume.status === 'available', { what: 'the volume available' });

    let demo = await ApiClient.loggedIn(asCloud(server), 'demo');
    const plan = (
      await demo.post(`${BASE}/job/`, { name: 'killed-plan', description: '', enable: true, schedule: { type: 1, hour: 0, minute: 0, weekday: 1 }, rotation_points: 3, vms: [], volumes: [volume.id] })
    ).body as { id: string };
    const [task] = (await demo.post(`${BASE}/job/${plan.id}`)).body.items as { id: string }[];
    // In the middle: the task runs and Cinder is making its backup.
    await waitUntil(() => native<{ backups: { volume_id: string; status: string }[] }>('/backups/detail'), (body) => body.backups.some((backup) => backup.volume_id === volume.id && backup.status === 'creating'), {
      what: 'the Cinder backup creating',
      interval: 50,
    });
    expect(((await demo.get(`${BASE}/task/`)).body.items as { id: string; status: string }[]).find((item) => item.id === task.id)?.status).toBe('runned');
    await killed(server);

    server = await startServer(dataDir, undefined, ENV);
    cinder = await demoEndpoint(server.baseUrl, server.passwords.demo, 'volumev3');
    demo = await ApiClient.loggedIn(asCloud(server), 'demo');
    expect((await demo.get(`${BASE}/task/`)).body.items).toEqual([]);
    const history = (await demo.get(`${BASE}/task-history/?search=killed-plan`)).body.data.items as { id: string; status: string; message: string }[];
    expect(history.find((item) => item.id === task.id)).toMatchObject({ status: 'problem', message: 'Interrupted by a restart of the backup service.' });
    await waitUntil(() => native<{ backups: { volume_id: string }[] }>('/backups/detail'), (body) => !body.backups.some((backup) => backup.volume_id === volume.id), {
      what: 'the interrupted backup deleted from Cinder',
      timeout: 40_000,
    });
    expect(await native<{ volume: { status: string } }>(`/volumes/${volume.id}`)).toMatchObject({ volume: { status: 'available' } });
    expect((await demo.get(`${BASE}/backup`)).body.items).toEqual([]);
  }, 120_000);
});
