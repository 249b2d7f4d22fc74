import { describe, expect, inject, it } from 'vitest';
import { useChromium } from '../support/chromium-fixture.js';
import { demoEndpoint } from '../support/demo-ports.js';
import { expectToast, logIn, openSession } from '../support/pages.js';
import { waitUntil } from '../support/wait.js';

const baseUrl = inject('baseUrl');
const passwords = inject('passwords');
const browser = useChromium();

describe('Backup plans in the browser (spec 3 §2.5)', () => {
  it('lets demo make a plan through the wizard, run it, see its task and backup appear without a reload, restore the disk into a new volume, and delete the backup and the plan', async () => {
    // A volume of the test's own: backing up demo's seeded volume would change its status under other files' feet.
    const cinder = await demoEndpoint(baseUrl, passwords.demo, 'volumev3');
    const volumeName = `e2e-bk-${Date.now()}`;
    const created = await fetch(`${cinder.url}/volumes`, { method: 'POST', headers: cinder.headers, body: JSON.stringify({ volume: { name: volumeName, size: 1 } }) });
    expect(created.status).toBe(202);
    const { volume } = (await created.json()) as { volume: { id: string } };
    const volumeStatus = async () => ((await (await fetch(`${cinder.url}/volumes/${volume.id}`, { headers: cinder.headers })).json()) as { volume?: { status: string } }).volume?.status;
    await waitUntil(volumeStatus, (status) => status === 'available', { what: `${volumeName} available` });
    const planName = `${volumeName}-plan`;

    const { page, context } = await openSession(browser());
    await logIn(page, baseUrl, 'demo', passwords.demo);
    await page.goto(`${baseUrl}/project/duratus_job`);
    await page.getByRole('button', { name: 'Create Plan' }).click();
    const wizard = page.getByRole('dialog', { name: 'Create Plan' });
    await wizard.getByRole('textbox', { name: /^Name/ }).fill(planName);
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('button', { name: `Allocate ${volumeName} (1 GiB)` }).click();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('table', { name: 'Summary' }).getByText('Daily at 00:00').waitFor();
    await wizard.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, `Job '${planName}' was successfully created.`);

    const plans = page.getByRole('table', { name: 'Backup plans' });
    await plans.getByRole('link', { name: planName, exact: true }).waitFor();
    await page.getByRole('button', { name: `Actions for ${planName}` }).click();
    await page.getByRole('menuitem', { name: 'Run' }).click();
    await expectToast(page, `Started job: ${planName}`);

    // Running Tasks polls its rows: the task leaves once done, then Task History lists it completed.
    await page.getByRole('tab', { name: 'Running Tasks' }).click();
    const running = page.getByRole('table', { name: 'Running Tasks' });
    await running.waitFor();
    await running.getByRole('link', { name: planName }).waitFor({ state: 'detached', timeout: 60_000 });
    // How the task ended, as the service says: a task that ended as a problem fails here with its message, not as a wait for a cell.
    const ended = (await page.evaluate(
      async (search) => (await fetch(`/api/baas/duratus/task-history/?search=${encodeURIComponent(search)}`, { headers: { 'X-Requested-With': 'XMLHttpRequest' } })).json(),
      planName,
    )) as { data: { items: { status: string; message?: string }[] } };
    expect(ended.data.items.map(({ status, message }) => ({ status, message }))).toEqual([{ status: 'completed', message: expect.any(String) }]);
    await page.getByRole('tab', { name: 'Task History' }).click();
    const history = page.getByRole('table', { name: 'Task History' });
    const done = history.getByRole('row').filter({ has: page.getByRole('link', { name: planName, exact: true }) });
    await done.getByRole('cell', { name: 'Completed' }).waitFor();
    expect(await done.getByRole('link', { name: volumeName, exact: true }).getAttribute('href')).toBe(`/project/volumes/${volume.id}`);

    await page.getByRole('link', { name: 'Backups', exact: true }).click();
    const backups = page.getByRole('table', { name: 'Backups' });
    const backup = backups.getByRole('row').filter({ hasText: volumeName });
    await backup.getByRole('cell', { name: '1.00 GB' }).waitFor();

    // Restore the disk into a new volume of another name.
    await backup.getByRole('button', { name: `Actions for ${volumeName}` }).click();
    await page.getByRole('menuitem', { name: 'Restore' }).click();
    const restore = page.getByRole('dialog', { name: 'Restore' });
    await restore.getByRole('link', { name: volumeName }).waitFor();
    await restore.getByRole('button', { name: 'Next' }).click();
    await restore.getByRole('checkbox', { name: `${volumeName} (1 GB)` }).click();
    await restore.getByRole('textbox', { name: `Restore name of ${volumeName}` }).fill(`${volumeName}-restored`);
    await restore.getByRole('button', { name: 'Restore' }).click();
    await expectToast(page, `Restore 'restore ${planName}' was successfully created.`);
    const restored = await waitUntil(
      async () => ((await (await fetch(`${cinder.url}/volumes/detail?name=${volumeName}-restored`, { headers: cinder.headers })).json()) as { volumes: { id: string; status: string }[] }).volumes,
      (volumes) => volumes.length === 1 && volumes[0].status === 'available',
      { what: `${volumeName}-restored available`, interval: 500 },
    );
    expect((await fetch(`${cinder.url}/volumes/${restored[0].id}`, { method: 'DELETE', headers: cinder.headers })).status).toBe(202);
    // The disk's backups can go once the restore task has ended.
    const baas = (path: string) => page.evaluate(async (url) => (await fetch(url, { headers: { 'X-Requested-With': 'XMLHttpRequest' } })).json(), `/api/baas/duratus/${path}`);
    await waitUntil(
      async () => ((await baas('task/')) as { items: { diskId: string }[] }).items,
      (tasks) => !tasks.some((task) => task.diskId === volume.id),
      { what: `the tasks on ${volumeName} ended`, interval: 500 },
    );

    await backup.getByRole('button', { name: `Actions for ${volumeName}` }).click();
    await page.getByRole('menuitem', { name: 'Delete Backup' }).click();
    await page.getByRole('dialog', { name: 'Confirm Delete Backup' }).getByRole('button', { name: 'Delete Backup' }).click();
    await expectToast(page, `Deleted Backup: ${volumeName}.`);
    // The delete runs as a task of the service; the plan can go once it is over.
    await waitUntil(
      async () => ((await baas('backup')) as { items: { name: string }[] }).items.map((item) => item.name),
      (names) => !names.includes(volumeName),
      { what: `the backups of ${volumeName} deleted`, interval: 500 },
    );

    await page.getByRole('link', { name: 'Backup plans', exact: true }).click();
    await page.getByRole('button', { name: `Actions for ${planName}` }).click();
    await page.getByRole('menuitem', { name: 'Delete Plan' }).click();
    await page.getByRole('dialog', { name: 'Confirm Delete Plan' }).getByRole('button', { name: 'Delete Plan' }).click();
    await expectToast(page, `Deleted plans: ${planName}.`);
    await plans.getByRole('link', { name: planName, exact: true }).waitFor({ state: 'detached' });
    await context.close();

    expect((await fetch(`${cinder.url}/volumes/${volume.id}`, { method: 'DELETE', headers: cinder.headers })).status).toBe(202);
  }, 180_000);
});
