import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useChromium } from '../support/chromium-fixture.js';
import { apiFromPage, expectToast, logIn, openPanel, nextUntil, openInApp, openSession, waitForInstanceStatus } from '../support/pages.js';
import { waitUntil } from '../support/wait.js';

const baseUrl = inject('baseUrl');
const passwords = inject('passwords');
const browser = useChromium();

// The emulator's seeded public image (emulator/seed/images.ts): a few KB, min_disk 0, so the volume defaults to 1 GiB.
const SEED_IMAGE = 'tiny-boot';

const rowOf = (page: Page, table: string, name: string) =>
  page.getByRole('table', { name: table }).getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });

async function rowAction(page: Page, table: string, name: string, action: string) {
  await rowOf(page, table, name).getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

describe('Volumes in the browser', () => {
  it('lets demo create a volume from the seeded image (size defaulted), see it go available and bootable, boot an instance from it, snapshot it, extend it and delete both', { timeout: 300_000 }, async () => {
    const { page, context } = await openSession(browser());
    // Wide enough for every column: narrower windows hide the low-priority ones (spec 1's column priority).
    await page.setViewportSize({ width: 1920, height: 1000 });
    await logIn(page, baseUrl, 'demo', passwords.demo, '/project/images');
    const volume = `e2e-vol-${Date.now()}`;
    const snapshot = `${volume}-snap`;
    const server = `${volume}-server`;

    await page.getByRole('heading', { name: 'Images', level: 1 }).waitFor();
    await rowAction(page, 'Images', SEED_IMAGE, 'Create Volume');
    const form = page.getByRole('dialog', { name: 'Create Volume' });
    expect(await form.getByRole('spinbutton', { name: /^Size \(GiB\)/ }).inputValue()).toBe('1');
    // The form opens named after the image (Horizon's); wait for that before renaming, so the name typed is kept.
    const nameBox = form.getByRole('textbox', { name: /^Volume Name/ });
    await expect.poll(() => nameBox.inputValue()).toBe(SEED_IMAGE);
    await nameBox.fill(volume);
    await form.getByRole('button', { name: 'Create Volume' }).click();
    await expectToast(page, `Creating volume ${volume}`);
    await form.waitFor({ state: 'detached' });

    // The row polls from creating to available without a reload.
    await openInApp(page, '/project/volumes');
    await page.getByRole('heading', { name: 'Volumes', level: 1 }).waitFor();
    await rowOf(page, 'Volumes', volume).getByText('Available', { exact: true }).waitFor({ timeout: 60_000 });
    // Made from the image, it is bootable (Bootable: Yes).
    await rowOf(page, 'Volumes', volume).getByRole('cell', { name: 'Yes', exact: true }).waitFor();

    // It holds the image: an instance boots from it (Nova refuses a blank volume) and goes Active.
    await rowAction(page, 'Volumes', volume, 'Launch as Instance');
    const wizard = page.getByRole('dialog', { name: 'Launch Instance' });
    await wizard.getByRole('group', { name: 'Details' }).getByRole('textbox', { name: /^Instance Name/ }).fill(server);
    const source = await nextUntil(wizard, 'Source');
    await source.getByRole('button', { name: `Deallocate ${volume}`, exact: true }).waitFor();
    const flavor = await nextUntil(wizard, 'Flavor');
    await flavor.getByRole('button', { name: 'Allocate m1.tiny', exact: true }).click();
    const networks = await nextUntil(wizard, 'Networks');
    await networks.getByRole('button', { name: /^(Allocate|Deallocate) private$/ }).waitFor();
    const allocatePrivate = networks.getByRole('button', { name: 'Allocate private', exact: true });
    if (await allocatePrivate.isVisible()) await allocatePrivate.click();
    await networks.getByRole('button', { name: 'Deallocate private', exact: true }).waitFor();
    // Key pairs are the user's, not the project's: the wizard preselects demo's only one, which may be the instances
    // journey's key, made and deleted meanwhile; launched with it after its deletion, Nova refuses the key name.
    const keys = await nextUntil(wizard, 'Key Pair');
    for (const allocated of await keys.getByRole('button', { name: /^Deallocate / }).all()) await allocated.click();
    await keys.getByText('Select a key pair from the available key pairs below.').waitFor();
    await wizard.getByRole('button', { name: 'Launch Instance' }).click();
    await expectToast(page, 'Scheduled creation of 1 instance(s).');
    await wizard.waitFor({ state: 'detached' });
    await openInApp(page, '/project/instances');
    await page.getByRole('heading', { name: 'Instances', level: 1 }).waitFor();
    await waitForInstanceStatus(page, server, 'Active');
    await page.getByRole('button', { name: `Actions for ${server}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Delete Instance', exact: true }).click();
    await page.getByRole('dialog', { name: 'Confirm Delete Instance' }).getByRole('button', { name: 'Delete Instance' }).click();
    await page.getByRole('link', { name: server, exact: true }).waitFor({ state: 'detached', timeout: 60_000 });

    // The volume outlives the instance (not deleted on instance delete) and is available again. In-use is not a
    // status the list polls (Horizon's neither), so the detach that ends the delete shows on the next load: the page is
    // loaded once Cinder says so, rather than again and again until it does.
    const volumes = () => apiFromPage(page, 'GET', '/api/cinder/volumes/').then(({ body }) => (body as { items: { name: string; status: string }[] }).items);
    await waitUntil(volumes, (items) => items.find((item) => item.name === volume)?.status === 'available', { what: `${volume} available again`, interval: 250 });
    await openPanel(page, baseUrl, '/project/volumes');
    await page.getByRole('heading', { name: 'Volumes', level: 1 }).waitFor();
    await rowOf(page, 'Volumes', volume).getByText('Available', { exact: true }).waitFor();

    await rowAction(page, 'Volumes', volume, 'Create Snapshot');
    const snapForm = page.getByRole('dialog', { name: 'Create Snapshot' });
    await snapForm.getByRole('textbox', { name: /^Snapshot Name/ }).fill(snapshot);
    await snapForm.getByRole('button', { name: 'Create Volume Snapshot' }).click();
    await expectToast(page, `Creating volume snapshot "${snapshot}".`);
    await snapForm.waitFor({ state: 'detached' });

    await openInApp(page, '/project/snapshots');
    await page.getByRole('heading', { name: 'Snapshots', level: 1 }).waitFor();
    const snapRow = rowOf(page, 'Snapshots', snapshot);
    await snapRow.getByText('Available', { exact: true }).waitFor({ timeout: 60_000 });
    await snapRow.getByText(volume, { exact: true }).waitFor();
    await rowAction(page, 'Snapshots', snapshot, 'Delete Volume Snapshot');
    await page.getByRole('dialog', { name: 'Confirm Delete Volume Snapshot' }).getByRole('button', { name: 'Delete Volume Snapshot' }).click();
    await expectToast(page, `Deleted Volume Snapshot: ${snapshot}.`);
    await snapRow.waitFor({ state: 'detached', timeout: 60_000 });

    await openInApp(page, '/project/volumes');
    const row = rowOf(page, 'Volumes', volume);
    await row.getByText('Available', { exact: true }).waitFor({ timeout: 60_000 });
    await rowAction(page, 'Volumes', volume, 'Extend Volume');
    const extend = page.getByRole('dialog', { name: 'Extend Volume' });
    expect(await extend.getByRole('spinbutton', { name: /^New Size \(GiB\)/ }).inputValue()).toBe('2');
    await extend.getByRole('button', { name: 'Extend Volume' }).click();
    await expectToast(page, `Successfully extended volume: "${volume}"`);
    await row.getByText(/^2\s*GiB$/).waitFor({ timeout: 60_000 });
    await row.getByText('Available', { exact: true }).waitFor({ timeout: 60_000 });

    await rowAction(page, 'Volumes', volume, 'Delete Volume');
    await page.getByRole('dialog', { name: 'Confirm Delete Volume' }).getByRole('button', { name: 'Delete Volume' }).click();
    await expectToast(page, `Deleted Volume: ${volume}.`);
    await rowOf(page, 'Volumes', volume).waitFor({ state: 'detached', timeout: 60_000 });
    await context.close();
  });
});
