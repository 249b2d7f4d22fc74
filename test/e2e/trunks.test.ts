import { describe, expect, inject, it } from 'vitest';
import { useChromium } from '../support/chromium-fixture.js';
import { createDemoPorts } from '../support/demo-ports.js';
import { expectToast, logIn, openSession } from '../support/pages.js';

const baseUrl = inject('baseUrl');
const passwords = inject('passwords');
const browser = useChromium();

describe('Trunks in the browser', () => {
  it('lets demo create a trunk with two subports on the private network, edit it to remove one, and delete it', async () => {
    await createDemoPorts(baseUrl, passwords.demo, ['e2e-parent', 'e2e-sub-a', 'e2e-sub-b']);
    const { page, context } = await openSession(browser());
    await logIn(page, baseUrl, 'demo', passwords.demo, '/project/trunks');
    await page.getByRole('heading', { name: 'Trunks', level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Create Trunk' }).click();
    const create = page.getByRole('dialog', { name: 'Create Trunk' });
    await create.getByRole('textbox', { name: /^Name\b/ }).fill('e2e-trunk');
    await create.getByRole('button', { name: 'Next' }).click();
    await create.getByRole('button', { name: 'Allocate e2e-parent' }).click();
    await create.getByRole('button', { name: 'Next' }).click();
    await create.getByRole('button', { name: 'Allocate e2e-sub-a' }).click();
    await create.getByRole('button', { name: 'Allocate e2e-sub-b' }).click();
    await create.getByRole('spinbutton', { name: 'Segmentation ID of e2e-sub-a' }).fill('101');
    await create.getByRole('spinbutton', { name: 'Segmentation ID of e2e-sub-b' }).fill('102');
    await create.getByRole('button', { name: 'Create Trunk' }).click();
    await expectToast(page, 'Trunk e2e-trunk was successfully created.');
    await create.waitFor({ state: 'detached' });

    const table = page.getByRole('table', { name: 'Trunks' });
    const row = table.getByRole('row').filter({ has: page.getByRole('link', { name: 'e2e-trunk', exact: true }) });
    await row.getByRole('cell', { name: '2', exact: true }).waitFor();

    await row.getByRole('button', { name: 'Actions for e2e-trunk' }).click();
    await page.getByRole('menuitem', { name: 'Edit Trunk' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Trunk' });
    await edit.getByRole('button', { name: 'Next' }).click();
    await edit.getByRole('button', { name: 'Remove e2e-sub-b' }).click();
    await edit.getByRole('button', { name: 'Edit Trunk' }).click();
    await expectToast(page, 'Trunk e2e-trunk was successfully edited.');
    await edit.waitFor({ state: 'detached' });
    await row.getByRole('cell', { name: '1', exact: true }).waitFor();

    await row.getByRole('link', { name: 'e2e-trunk', exact: true }).click();
    await page.waitForURL('**/ngdetails/OS::Neutron::Trunk/**');
    const subports = page.getByRole('table', { name: 'Subports' });
    await subports.getByRole('cell', { name: '101', exact: true }).waitFor();
    expect(await subports.getByRole('row').count()).toBe(2);

    await page.getByRole('button', { name: 'Delete Trunk' }).click();
    await page.getByRole('dialog', { name: 'Confirm Delete Trunk' }).getByRole('button', { name: 'Delete Trunk' }).click();
    await expectToast(page, 'Deleted Trunk: e2e-trunk.');
    await page.waitForURL('**/project/trunks');
    await context.close();
  });
});
