import { describe, expect, inject, it } from 'vitest';
import { useChromium } from '../support/chromium-fixture.js';
import { expectToast, logIn, openSession, serverGroups } from '../support/pages.js';

const baseUrl = inject('baseUrl');
const passwords = inject('passwords');
const browser = useChromium();

describe('server groups in the browser', () => {
  it('lets demo create a group whose name holds HTML, shows it as text, opens its overview and deletes it', async () => {
    const { page, context } = await openSession(browser());
    await logIn(page, baseUrl, 'demo', passwords.demo);
    await serverGroups.open(page, baseUrl);

    // The emulated Nova has the soft policies' microversion, so all four are offered.
    expect(await serverGroups.policyChoices(page)).toEqual(['Affinity', 'Anti Affinity', 'Soft Anti Affinity', 'Soft Affinity']);

    const name = '<b>grp</b>';
    await serverGroups.create(page, name, 'Soft Anti Affinity');
    const row = serverGroups.row(page, name);
    await row.getByText('Soft Anti Affinity', { exact: true }).waitFor();
    expect(await page.locator('b').count()).toBe(0); // rendered as text, never as markup

    await row.getByRole('link', { name, exact: true }).click();
    await page.waitForURL('**/ngdetails/OS::Nova::ServerGroup/**');
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await page.getByRole('tab', { name: 'Overview', selected: true }).waitFor();
    const members = page.getByRole('table', { name: 'Members' });
    expect(await members.getByRole('columnheader').allTextContents()).toEqual(['Instance Name', 'Instance ID']);
    await members.getByText('No items to display.').waitFor();
    expect(await page.locator('b').count()).toBe(0);

    await page.getByRole('button', { name: 'Delete Server Group' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Delete Server Group' });
    await dialog.getByText(`You have selected "${name}". Deleted Server Group is not recoverable.`).waitFor();
    await dialog.getByRole('button', { name: 'Delete Server Group' }).click();
    await expectToast(page, `Deleted Server Group: ${name}.`);
    // After a delete from the details page the list is the target (spec 2 §2.2).
    await page.waitForURL('**/project/server_groups');
    await row.waitFor({ state: 'detached' });
    await context.close();
  });
});
