import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useChromium } from '../support/chromium-fixture.js';
import { expectToast, logIn, openSession } from '../support/pages.js';

const baseUrl = inject('baseUrl');
const passwords = inject('passwords');
const browser = useChromium();

/** Picks `option` in the dialog's select labelled `label`. */
async function choose(page: Page, dialog: Locator, label: string, option: string) {
  await dialog.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Adds a rule from the group's details page and waits for the dialog to close. */
async function addRule(page: Page, fill: (dialog: Locator) => Promise<void>, toast: string) {
  await page.getByRole('button', { name: 'Add Rule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Rule' });
  await fill(dialog);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expectToast(page, toast);
  await dialog.waitFor({ state: 'detached' });
}

describe('Security groups in the browser', () => {
  it('lets demo create a group, add an SSH rule and a custom TCP port-range rule, delete a rule and the group; deleting default is refused in Neutron’s words', async () => {
    const { page, context } = await openSession(browser());
    await logIn(page, baseUrl, 'demo', passwords.demo, '/project/security_groups');
    await page.getByRole('heading', { name: 'Security Groups', level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Create Security Group' }).click();
    const create = page.getByRole('dialog', { name: 'Create Security Group' });
    await create.getByRole('textbox', { name: /^Name\b/ }).fill('e2e-web');
    await create.getByRole('textbox', { name: /^Description\b/ }).fill('web servers');
    await create.getByRole('button', { name: 'Create Security Group' }).click();
    await expectToast(page, 'Successfully created security group: e2e-web');
    await create.waitFor({ state: 'detached' });

    // Horizon continues to the new group's rules.
    await page.waitForURL('**/ngdetails/OS::Neutron::SecurityGroup/**');
    await page.getByRole('heading', { name: /^Manage Security Group Rules: e2e-web \(/, level: 1 }).waitFor();
    const rules = page.getByRole('table', { name: 'Rules' });
    await rules.getByRole('cell', { name: '::/0', exact: true }).waitFor(); // the new group's egress rules

    await addRule(page, (dialog) => choose(page, dialog, 'Rule', 'SSH'), 'Successfully added rule: ALLOW IPv4 22/tcp from 0.0.0.0/0');
    await addRule(
      page,
      async (dialog) => {
        await choose(page, dialog, 'Open Port', 'Port Range');
        await dialog.getByRole('spinbutton', { name: /^From Port/ }).fill('8000');
        await dialog.getByRole('spinbutton', { name: /^To Port/ }).fill('8080');
        await dialog.getByRole('textbox', { name: /^CIDR/ }).fill('10.0.0.0/8');
      },
      'Successfully added rule: ALLOW IPv4 8000-8080/tcp from 10.0.0.0/8',
    );
    const ssh = rules.getByRole('row').filter({ has: page.getByRole('cell', { name: '22 (SSH)', exact: true }) });
    const range = rules.getByRole('row').filter({ has: page.getByRole('cell', { name: '8000 - 8080', exact: true }) });
    await ssh.getByRole('cell', { name: 'TCP', exact: true }).waitFor();
    await range.getByRole('cell', { name: '10.0.0.0/8', exact: true }).waitFor();
    expect(await rules.getByRole('row').count()).toBe(5); // header, two egress rules, two new ones

    await range.getByRole('button', { name: /^Actions for / }).click();
    await page.getByRole('menuitem', { name: 'Delete Rule' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Delete Rule' });
    await confirm.getByRole('button', { name: 'Delete Rule' }).click();
    await expectToast(page, 'Deleted Rule: ALLOW IPv4 8000-8080/tcp from 10.0.0.0/8.');
    await range.waitFor({ state: 'detached' });
    await ssh.waitFor();

    await page.getByRole('button', { name: 'Delete Security Group' }).click();
    await page.getByRole('dialog', { name: 'Confirm Delete Security Group' }).getByRole('button', { name: 'Delete Security Group' }).click();
    await expectToast(page, 'Deleted Security Group: e2e-web.');
    await page.waitForURL('**/project/security_groups');
    const groups = page.getByRole('table', { name: 'Security Groups' });
    await groups.getByRole('link', { name: 'default', exact: true }).waitFor();
    await groups.getByRole('link', { name: 'e2e-web', exact: true }).waitFor({ state: 'detached' });

    const defaultRow = groups.getByRole('row').filter({ has: page.getByRole('link', { name: 'default', exact: true }) });
    await defaultRow.getByRole('button', { name: 'Actions for default' }).click();
    await page.getByRole('menuitem', { name: 'Delete Security Group' }).click();
    await page.getByRole('dialog', { name: 'Confirm Delete Security Group' }).getByRole('button', { name: 'Delete Security Group' }).click();
    // Neutron's reason: its rule for the default group, or, when other journeys left ports in it, that it is in use.
    const refusal = page.getByRole('alert').filter({ hasText: 'Unable to delete Security Group: default.' }).first();
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(/Unable to delete Security Group: default\. (Insufficient rights for removing default security group\.|Security Group \S+ in use\.)/);
    await defaultRow.waitFor();
    await context.close();
  }, 120_000);
});
