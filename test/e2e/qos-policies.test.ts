import { describe, expect, inject, it } from 'vitest';
import { useChromium } from '../support/chromium-fixture.js';
import { apiFromPage, expectToast, logIn, openSession } from '../support/pages.js';

const baseUrl = inject('baseUrl');
const passwords = inject('passwords');
const browser = useChromium();

describe('QoS policies in the browser', () => {
  it('lets admin create a policy whose name holds HTML, shows it as text, opens its overview and deletes it; demo may not create one', async () => {
    const { page, context } = await openSession(browser());
    await logIn(page, baseUrl, 'admin', passwords.admin, '/project/network_qos');
    await page.getByRole('heading', { name: 'Network QoS', level: 1 }).waitFor();

    const name = '<i>gold</i>';
    await page.getByRole('button', { name: 'Create QoS Policy' }).click();
    const form = page.getByRole('dialog', { name: 'Create QoS Policy' });
    await form.getByRole('textbox', { name: /^Name\b/ }).fill(name);
    await form.getByRole('textbox', { name: /^Description\b/ }).fill('fast lane');
    await form.getByRole('button', { name: 'Create QoS Policy' }).click();
    await expectToast(page, `QoS Policy ${name} was successfully created.`);
    await form.waitFor({ state: 'detached' });

    const row = page.getByRole('table', { name: 'Network QoS' }).getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
    await row.getByText('fast lane').waitFor();
    await row.getByText('No', { exact: true }).waitFor();
    expect(await page.locator('i').filter({ hasText: 'gold' }).count()).toBe(0); // rendered as text, never as markup

    await row.getByRole('link', { name, exact: true }).click();
    await page.waitForURL('**/ngdetails/OS::Neutron::QoSPolicy/**');
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    const rules = page.getByRole('table', { name: 'Rules' });
    expect(await rules.getByRole('columnheader').allTextContents()).toEqual(['Rule ID', 'Type', 'Direction', 'Max Kbps', 'Max Burst Kbits', 'Min Kbps', 'DSCP Mark']);
    await rules.getByText('No items to display.').waitFor();

    await page.getByRole('button', { name: 'Delete QoS Policy' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Delete QoS Policy' });
    await confirm.getByRole('button', { name: 'Delete QoS Policy' }).click();
    await expectToast(page, `Deleted QoS Policy: ${name}.`);
    await page.waitForURL('**/project/network_qos');
    await context.close();

    // Neutron's create_qos_policy is the admin's: demo gets the list without the create button.
    const demo = await openSession(browser());
    await logIn(demo.page, baseUrl, 'demo', passwords.demo, '/project/network_qos');
    await demo.page.getByRole('table', { name: 'Network QoS' }).waitFor();
    // The page's policy verdicts come with it (the bootstrap block, issue 17), so the toolbar is final once the table shows.
    const verdicts = await demo.page.evaluate(() => JSON.parse(document.getElementById('bootstrap')?.textContent ?? '{}').policy as Record<string, { rules: Record<string, boolean> }>);
    expect(Object.values(verdicts).some((scope) => scope.rules.create_qos_policy === false)).toBe(true);
    expect(await demo.page.getByRole('button', { name: 'Create QoS Policy' }).count()).toBe(0);
    // And the server refuses it, whatever the page shows.
    expect((await apiFromPage(demo.page, 'POST', '/api/neutron/qos_policies/', { name: `e2e-qos-refused-${Date.now()}` })).status).toBe(403);
    await demo.context.close();
  });
});
