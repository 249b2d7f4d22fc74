import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useChromium } from '../support/chromium-fixture.js';
import { createDemoPorts } from '../support/demo-ports.js';
import { expectToast, logIn, openInApp, openSession } from '../support/pages.js';

const baseUrl = inject('baseUrl');
const passwords = inject('passwords');
const browser = useChromium();

/** Picks `option` in the dialog's select labelled `label` (a source-select widget). */
async function choose(page: Page, dialog: Locator, label: string, option: string) {
  // A required field's label ends with its asterisk.
  await dialog.getByRole('combobox', { name: new RegExp(`^${label}\\b`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('Routers and floating IPs in the browser', () => {
  it('lets demo create a router with the public gateway, add an interface on the private subnet, allocate, associate, disassociate and release a floating IP, remove the interface and delete the router', { timeout: 180_000 }, async () => {
    const fixedIp = (await createDemoPorts(baseUrl, passwords.demo, ['e2e-fip-port']))['e2e-fip-port'].ip;
    const { page, context } = await openSession(browser());
    // Create Router with the public network as its gateway.
    await logIn(page, baseUrl, 'demo', passwords.demo, '/project/routers');
    await page.getByRole('heading', { name: 'Routers', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Create Router' }).click();
    const create = page.getByRole('dialog', { name: 'Create Router' });
    await create.getByRole('textbox', { name: /^Router Name\b/ }).fill('e2e-router');
    await choose(page, create, 'External Network', 'public');
    await create.getByRole('button', { name: 'Create Router' }).click();
    await expectToast(page, 'Router e2e-router was successfully created.');
    await create.waitFor({ state: 'detached' });
    const routers = page.getByRole('table', { name: 'Routers' });
    const row = routers.getByRole('row').filter({ has: page.getByRole('link', { name: 'e2e-router', exact: true }) });
    await row.getByRole('cell', { name: 'public', exact: true }).waitFor();

    // Its details: the gateway in the overview, then Add Interface on the seeded private subnet with a chosen address.
    await row.getByRole('link', { name: 'e2e-router', exact: true }).click();
    await page.waitForURL('**/ngdetails/OS::Neutron::Router/**');
    await page.getByRole('heading', { name: 'e2e-router', level: 1 }).waitFor();
    const routerId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    await page.getByText('Enabled', { exact: true }).waitFor(); // SNAT of the gateway
    await page.getByRole('tab', { name: 'Interfaces' }).click();
    const interfaces = page.getByRole('table', { name: 'Interfaces' });
    await interfaces.getByText('No items to display.').waitFor();
    await page.getByRole('button', { name: 'Add Interface' }).click();
    const add = page.getByRole('dialog', { name: 'Add Interface' });
    await choose(page, add, 'Subnet', 'private: 10.0.0.0/24 (private-subnet)');
    await add.getByRole('textbox', { name: /^IP Address/ }).fill('10.0.0.200');
    await add.getByRole('button', { name: 'Submit' }).click();
    await expectToast(page, 'Interface added');
    await add.waitFor({ state: 'detached' });
    const added = interfaces.getByRole('row').filter({ hasText: '10.0.0.200' });
    await added.getByRole('cell', { name: 'Internal Interface', exact: true }).waitFor();

    // router/{id}/addinterface opens Add Interface for that router (spec 1 §2.1).
    await page.goto(`${baseUrl}/project/routers/${encodeURIComponent(routerId)}/addinterface`);
    const reopened = page.getByRole('dialog', { name: 'Add Interface' });
    await reopened.waitFor();
    await reopened.getByRole('combobox', { name: /^Subnet\b/ }).click();
    // The private subnet is on the router now, so it is no longer offered.
    // The empty choice: 'Select one', or 'No subnets available' when nothing else is left.
    await page.getByRole('option', { name: /^(Select one|No subnets available)$/ }).waitFor();
    expect(await page.getByRole('option', { name: 'private: 10.0.0.0/24 (private-subnet)' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await reopened.getByRole('button', { name: 'Cancel' }).click();
    await reopened.waitFor({ state: 'detached' });

    // Allocate IP To Project from the public pool.
    await openInApp(page, '/project/floating_ips');
    await page.getByRole('heading', { name: 'Floating IPs', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Allocate IP To Project' }).click();
    const allocate = page.getByRole('dialog', { name: 'Allocate IP To Project' });
    await choose(page, allocate, 'Pool', 'public');
    await allocate.getByRole('textbox', { name: /^Description/ }).fill('e2e address');
    await allocate.getByRole('button', { name: 'Allocate IP' }).click();
    const allocated = page.getByRole('alert').filter({ hasText: /Allocated Floating IP 172\.24\.4\.\d+\./ });
    await allocated.waitFor();
    const ip = /172\.24\.4\.\d+/.exec((await allocated.textContent()) ?? '')![0];
    const fips = page.getByRole('table', { name: 'Floating IPs' });
    const fip = fips.getByRole('row').filter({ has: page.getByRole('cell', { name: ip, exact: true }) });
    await fip.getByRole('cell', { name: 'e2e address', exact: true }).waitFor();
    await fip.getByRole('cell', { name: 'public', exact: true }).waitFor();

    // Associate it with the port behind the routers.
    await fip.getByRole('button', { name: `Actions for ${ip}` }).click();
    await page.getByRole('menuitem', { name: 'Associate' }).click();
    const associate = page.getByRole('dialog', { name: 'Associate' });
    // Horizon names a target 'instance: fixed IP'; a port of no instance is its fixed IP alone.
    await choose(page, associate, 'Port to be associated', fixedIp);
    await associate.getByRole('button', { name: 'Associate' }).click();
    await expectToast(page, `IP address ${ip} associated.`);
    await associate.waitFor({ state: 'detached' });
    await fip.getByRole('cell', { name: fixedIp, exact: true }).waitFor();

    // Disassociate, then Release.
    await fip.getByRole('button', { name: `Actions for ${ip}` }).click();
    await page.getByRole('menuitem', { name: 'Disassociate' }).click();
    await page.getByRole('dialog', { name: 'Confirm Disassociate' }).getByRole('button', { name: 'Disassociate' }).click();
    await expectToast(page, `Successfully disassociated Floating IP: ${ip}`);
    await fip.getByRole('cell', { name: fixedIp, exact: true }).waitFor({ state: 'detached' });
    await fip.getByRole('button', { name: `Actions for ${ip}` }).click();
    await page.getByRole('menuitem', { name: 'Release Floating IP' }).click();
    await page.getByRole('dialog', { name: 'Confirm Release Floating IP' }).getByRole('button', { name: 'Release Floating IP' }).click();
    await expectToast(page, `Released Floating IP: ${ip}.`);
    await fip.waitFor({ state: 'detached' });

    // Empty the router from its Interfaces tab: Delete Interface, and the row is gone.
    await page.goto(`${baseUrl}/ngdetails/OS::Neutron::Router/${encodeURIComponent(routerId)}?tab=interfaces`);
    await interfaces.getByText('10.0.0.200').waitFor();
    await added.getByRole('button', { name: /^Actions for / }).click();
    await page.getByRole('menuitem', { name: 'Delete Interface' }).click();
    await page.getByRole('dialog', { name: 'Confirm Delete Interface' }).getByRole('button', { name: 'Delete Interface' }).click();
    await page.getByRole('alert').filter({ hasText: /^Success: Deleted Interface: / }).waitFor();
    await added.waitFor({ state: 'detached' });
    await interfaces.getByText('No items to display.').waitFor();

    // Then delete the router itself.
    await openInApp(page, '/project/routers');
    await row.getByRole('button', { name: 'Actions for e2e-router' }).click();
    await page.getByRole('menuitem', { name: 'Delete Router' }).click();
    await page.getByRole('dialog', { name: 'Confirm Delete Router' }).getByRole('button', { name: 'Delete Router' }).click();
    await expectToast(page, 'Deleted Router: e2e-router.');
    await row.waitFor({ state: 'detached' });
    await context.close();
  });
});
