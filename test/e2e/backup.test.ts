import { writeFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { useChromium } from '../support/chromium-fixture.js';
import { demoEndpoint } from '../support/demo-ports.js';
import { expectToast, logIn, openPanel, openSession } from '../support/pages.js';
import { waitUntil } from '../support/wait.js';

const baseUrl = inject('baseUrl');
const passwords = inject('passwords');
const backupClockFile = inject('backupClockFile');
const browser = useChromium();

describe('Backup plans in the browser (spec 3 §2.5)', () => {
  it('lets demo make a plan of two volumes due a minute ahead, run it by hand and see the scheduler run it again (incremental), the backups with their sizes, restore a disk into a new volume, detach a disk, and delete the backups and the plan', async () => {
    // Volumes of the test's own: backing up demo's seeded volume would change its status under other files' feet.
    const cinder = await demoEndpoint(baseUrl, passwords.demo, 'volumev3');
    const stamp = Date.now();
    const [nameA, nameB] = [`e2e-bk-${stamp}-a`, `e2e-bk-${stamp}-b`];
    const ids: Record<string, string> = {};
    for (const name of [nameA, nameB]) {
      const created = await fetch(`${cinder.url}/volumes`, { method: 'POST', headers: cinder.headers, body: JSON.stringify({ volume: { name, size: 1 } }) });
      expect(created.status).toBe(202);
      ids[name] = ((await created.json()) as { volume: { id: string } }).volume.id;
    }
    for (const name of [nameA, nameB]) {
      const volumeStatus = async () => ((await (await fetch(`${cinder.url}/volumes/${ids[name]}`, { headers: cinder.headers })).json()) as { volume?: { status: string } }).volume?.status;
      await waitUntil(volumeStatus, (status) => status === 'available', { what: `${name} available` });
    }
    const planName = `e2e-bk-${stamp}-plan`;

    const { page, context } = await openSession(browser());
    await logIn(page, baseUrl, 'demo', passwords.demo);
    const baas = <T,>(path: string) => page.evaluate(async (url) => (await fetch(url, { headers: { 'X-Requested-With': 'XMLHttpRequest' } })).json(), `/api/baas/duratus/${path}`) as Promise<T>;
    // The plan's tasks of one kind that have ended, as the service lists them (the search finds its restore job, 'restore <plan>', too).
    const endedTasks = async (jobType: 'backup' | 'restore') =>
      (await baas<{ data: { items: { status: string; message?: string; jobType: string }[] } }>(`task-history/?number=100&search=${encodeURIComponent(planName)}`)).data.items.filter((task) => task.jobType === jobType);
    const tasksOfPlan = () => endedTasks('backup');

    await openPanel(page, baseUrl, '/project/duratus_job');
    await page.getByRole('button', { name: 'Create Plan' }).click();
    const wizard = page.getByRole('dialog', { name: 'Create Plan' });
    await wizard.getByRole('textbox', { name: /^Name/ }).fill(planName);
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('button', { name: `Allocate ${nameA} (1 GiB)` }).click();
    await wizard.getByRole('button', { name: `Allocate ${nameB} (1 GiB)` }).click();
    await wizard.getByRole('button', { name: 'Next' }).click();
    // Daily, at the first whole minute (the cloud's time zone is UTC) two minutes ahead: past the manual run and the restore
    // even on a busy machine, and the test moves the service's clock there below rather than wait for it.
    const due = new Date(Math.ceil((Date.now() + 120_000) / 60_000) * 60_000);
    const [hour, minute] = [due.getUTCHours(), due.getUTCMinutes()].map((value) => String(value).padStart(2, '0'));
    for (const [label, value] of [['Hour', hour], ['Minute', minute]]) {
      await wizard.getByRole('combobox', { name: label }).click();
      await page.getByRole('option', { name: value, exact: true }).click();
    }
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('table', { name: 'Summary' }).getByText(`Daily at ${hour}:${minute}`).waitFor();
    await wizard.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, `Job '${planName}' was successfully created.`);
    const saved = (await baas<{ items: { name: string; next_run: string; volumes: string[] }[] }>('job/')).items.find((plan) => plan.name === planName)!;
    expect(saved).toMatchObject({ next_run: due.toISOString(), volumes: [ids[nameA], ids[nameB]] });

    const plans = page.getByRole('table', { name: 'Backup plans' });
    await plans.getByRole('link', { name: planName, exact: true }).waitFor();
    await page.getByRole('button', { name: `Actions for ${planName}` }).click();
    await page.getByRole('menuitem', { name: 'Run' }).click();
    await expectToast(page, `Started job: ${planName}`);

    // Running Tasks polls its rows and lets them go once done; Task History is asked again while tasks run, so both show completed without a reload.
    await page.getByRole('tab', { name: 'Running Tasks' }).click();
    await page.getByRole('table', { name: 'Running Tasks' }).waitFor();
    // How the tasks ended, as the service says: one that ended as a problem fails here with its message, not as a wait for a cell.
    const ended = await waitUntil(tasksOfPlan, (tasks) => tasks.length === 2, { what: 'the two tasks ended', interval: 250 });
    expect(ended.map(({ status, message }) => ({ status, message }))).toEqual([0, 1].map(() => ({ status: 'completed', message: expect.any(String) })));
    await page.getByRole('tab', { name: 'Task History' }).click();
    const history = page.getByRole('table', { name: 'Task History' });
    for (const name of [nameA, nameB]) {
      const done = history.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
      await done.getByRole('cell', { name: 'Completed' }).waitFor();
      expect(await done.getByRole('link', { name: planName, exact: true }).count()).toBe(1);
      expect(await done.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(`/project/volumes/${ids[name]}`);
    }

    await page.getByRole('link', { name: 'Backups', exact: true }).click();
    const backups = page.getByRole('table', { name: 'Backups' });
    const rowOf = (name: string) => backups.getByRole('row').filter({ hasText: name });
    for (const name of [nameA, nameB]) await rowOf(name).getByRole('cell', { name: '1.00 GB' }).waitFor();

    // Restore disk A into a new volume of another name.
    await rowOf(nameA).getByRole('button', { name: `Actions for ${nameA}` }).click();
    await page.getByRole('menuitem', { name: 'Restore' }).click();
    const restore = page.getByRole('dialog', { name: 'Restore' });
    await restore.getByRole('link', { name: nameA }).waitFor();
    await restore.getByRole('button', { name: 'Next' }).click();
    await restore.getByRole('checkbox', { name: `${nameA} (1 GB)` }).click();
    await restore.getByRole('textbox', { name: `Restore name of ${nameA}` }).fill(`${nameA}-restored`);
    await restore.getByRole('button', { name: 'Restore' }).click();
    await expectToast(page, `Restore 'restore ${planName}' was successfully created.`);
    // The new volume is available once made, before the backup is restored into it: the restore's task ending is what says it is done.
    const [restoreTask] = await waitUntil(() => endedTasks('restore'), (tasks) => tasks.length === 1, { what: 'the restore task ended', interval: 500 });
    expect(restoreTask).toMatchObject({ status: 'completed' });
    const restored = ((await (await fetch(`${cinder.url}/volumes/detail?name=${nameA}-restored`, { headers: cinder.headers })).json()) as { volumes: { id: string; status: string }[] }).volumes;
    expect(restored.map((volume) => volume.status)).toEqual(['available']);
    expect((await fetch(`${cinder.url}/volumes/${restored[0].id}`, { method: 'DELETE', headers: cinder.headers })).status).toBe(202);

    // The scheduler runs the plan at its minute: two more tasks, incremental backups on the first ones. The minute comes now: the
    // service's clock is moved ahead to it (BACKUP_CLOCK_FILE), and its own tick (every second here) finds the plan due and starts it.
    writeFileSync(backupClockFile, String(Math.max(0, due.getTime() - Date.now())));
    const scheduled = await waitUntil(tasksOfPlan, (tasks) => tasks.length === 4, { what: `the run due at ${hour}:${minute}`, timeout: 120_000, interval: 500 }).finally(() =>
      writeFileSync(backupClockFile, '0'),
    );
    expect(scheduled.map((task) => task.status)).toEqual(['completed', 'completed', 'completed', 'completed']);
    const points = (await baas<{ items: { disk_id: string; snapshots: { incremental: boolean }[] }[] }>('backup')).items.find((item) => item.disk_id === ids[nameA])!.snapshots;
    expect(points.map((point) => point.incremental)).toEqual([true, false]);
    await page.reload();
    await rowOf(nameA).getByRole('button', { name: `Expand ${nameA}` }).click();
    await expect.poll(async () => ((await page.getByRole('cell', { name: `Details of ${nameA}` }).textContent()) ?? '').match(/\(1 GB\)/g)?.length).toBe(2);

    // Detach disk B: the plan keeps disk A only.
    await rowOf(nameB).getByRole('button', { name: `Actions for ${nameB}` }).click();
    await page.getByRole('menuitem', { name: 'Detach disk' }).click();
    await expectToast(page, `Detached disk: ${nameB}`);
    expect((await baas<{ items: { name: string; volumes: string[] }[] }>('job/')).items.find((plan) => plan.name === planName)!.volumes).toEqual([ids[nameA]]);

    // The disks' backups can go once the restore task has ended; each delete runs as a task of the service.
    await waitUntil(
      async () => (await baas<{ items: { diskId: string }[] }>('task/')).items,
      (tasks) => !tasks.some((task) => task.diskId === ids[nameA]),
      { what: `the tasks on ${nameA} ended`, interval: 500 },
    );
    for (const name of [nameA, nameB]) {
      await rowOf(name).getByRole('button', { name: `Actions for ${name}` }).click();
      await page.getByRole('menuitem', { name: 'Delete Backup' }).click();
      await page.getByRole('dialog', { name: 'Confirm Delete Backup' }).getByRole('button', { name: 'Delete Backup' }).click();
      await expectToast(page, `Deleted Backup: ${name}.`);
      await waitUntil(
        async () => (await baas<{ items: { name: string }[] }>('backup')).items.map((item) => item.name),
        (names) => !names.includes(name),
        { what: `the backups of ${name} deleted`, interval: 500 },
      );
    }

    await page.getByRole('link', { name: 'Backup plans', exact: true }).click();
    await page.getByRole('button', { name: `Actions for ${planName}` }).click();
    await page.getByRole('menuitem', { name: 'Delete Plan' }).click();
    await page.getByRole('dialog', { name: 'Confirm Delete Plan' }).getByRole('button', { name: 'Delete Plan' }).click();
    await expectToast(page, `Deleted plans: ${planName}.`);
    await plans.getByRole('link', { name: planName, exact: true }).waitFor({ state: 'detached' });
    await context.close();

    for (const name of [nameA, nameB]) expect((await fetch(`${cinder.url}/volumes/${ids[name]}`, { method: 'DELETE', headers: cinder.headers })).status).toBe(202);
  }, 300_000);
});
