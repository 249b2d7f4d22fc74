import { describe, expect, inject, it } from 'vitest';
import { useChromium } from '../support/chromium-fixture.js';
import { expectToast, logIn, openPanel, openSession } from '../support/pages.js';

const baseUrl = inject('baseUrl');
const passwords = inject('passwords');
const browser = useChromium();

describe('Networks in the browser', () => {
  it('lets demo create a network with a subnet from the shared pool, see it in the list and the Subnets tab, be refused an overlapping CIDR, and delete it', async () => {
    const { page, context } = await openSession(browser());
    await logIn(page, baseUrl, 'demo', passwords.demo, '/project/networks');
    await page.getByRole('heading', { name: 'Networks', level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Create Network' }).click();
    const create = page.getByRole('dialog', { name: 'Create Network' });
    await create.getByRole('textbox', { name: 'Network Name' }).fill('e2e-net');
    // Only an admin may share a network (create_network:shared).
    expect(await create.getByRole('checkbox', { name: 'Shared' }).count()).toBe(0);
    await create.getByRole('button', { name: 'Next' }).click();
    await create.getByRole('textbox', { name: 'Subnet Name' }).fill('e2e-sub');
    await create.getByRole('combobox', { name: 'Network Address Source' }).click();
    await page.getByRole('option', { name: 'Allocate Network Address from a pool' }).click();
    await create.getByRole('combobox', { name: /^Address pool/ }).click();
    await page.getByRole('option', { name: 'shared-default-subnetpool-v4' }).click();
    // The pool fixes the version (IPv4, not changeable) and offers its prefix lengths, its default chosen.
    const version = create.getByRole('combobox', { name: 'IP Version' });
    await expect.poll(() => version.getAttribute('aria-disabled')).toBe('true');
    expect(await version.textContent()).toBe('IPv4');
    const mask = create.getByRole('combobox', { name: 'Network Mask' });
    await expect.poll(() => mask.textContent()).toBe('26');
    await mask.click();
    expect(await page.getByRole('option').allTextContents()).toEqual(['24', '25', '26', '27', '28']);
    await page.getByRole('option', { name: '27' }).click();
    await create.getByRole('button', { name: 'Next' }).click();
    await create.getByRole('button', { name: 'Create' }).click();
    await expectToast(page, 'Successfully created network "e2e-net".');
    await create.waitFor({ state: 'detached' });

    const row = page.getByRole('table', { name: 'Networks' }).getByRole('row').filter({ has: page.getByRole('link', { name: 'e2e-net', exact: true }) });
    const associated = row.getByRole('cell', { name: /^e2e-sub 10\.128\.\d+\.\d+\/27$/ });
    await associated.waitFor();
    const cidr = (await associated.textContent())!.replace('e2e-sub ', '');

    await row.getByRole('link', { name: 'e2e-net', exact: true }).click();
    await page.waitForURL('**/ngdetails/OS::Neutron::Net/**');
    await page.getByRole('tab', { name: 'Subnets' }).click();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('network_tabs__subnets_tab');
    const subnets = page.getByRole('table', { name: 'Subnets' });
    const subnetRow = subnets.getByRole('row').filter({ has: page.getByRole('link', { name: 'e2e-sub', exact: true }) });
    await subnetRow.getByRole('cell', { name: cidr, exact: true }).waitFor();
    await subnetRow.getByRole('cell', { name: 'IPv4', exact: true }).waitFor();

    // The topology's route to a network's Create Subnet, on the seeded private network (10.0.0.0/24):
    // an overlapping CIDR is refused by Neutron, and the wizard stays open with its reason and the values.
    await openPanel(page, baseUrl, '/project/networks');
    await page.getByRole('table', { name: 'Networks' }).getByRole('link', { name: 'private', exact: true }).click();
    await page.waitForURL('**/ngdetails/OS::Neutron::Net/**');
    const privateId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    await page.goto(`${baseUrl}/project/networks/${privateId}/subnet/create`);
    const overlap = page.getByRole('dialog', { name: 'Create Subnet' });
    await overlap.getByRole('textbox', { name: 'Subnet Name' }).fill('e2e-overlap');
    await overlap.getByRole('textbox', { name: /^Network Address/ }).fill('10.0.0.300/25');
    await overlap.getByText('Network Address: Incorrect format for IP address (use CIDR, e.g. 192.168.0.0/24 or 2001:DB8::/48).').waitFor();
    await overlap.getByRole('textbox', { name: /^Network Address/ }).fill('10.0.0.128/25');
    await overlap.getByRole('button', { name: 'Next' }).click();
    await overlap.getByRole('button', { name: 'Create' }).click();
    await overlap.getByText(`Invalid input for operation: Requested subnet with cidr: 10.0.0.128/25 for network: ${privateId} overlaps with another subnet.`).waitFor();
    await expectToast(page, 'Failed to create subnet "10.0.0.128/25".');
    expect(await overlap.getByRole('checkbox', { name: 'Enable DHCP' }).isChecked()).toBe(true);
    // The toast sits over the dialog's buttons: dismiss it first.
    await page.getByRole('alert').filter({ hasText: 'Failed to create subnet' }).getByRole('button', { name: 'Close' }).click();
    await overlap.getByRole('button', { name: 'Cancel' }).click();
    await overlap.waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.get('tab')).toBe('network_tabs__subnets_tab');

    await openPanel(page, baseUrl, '/project/networks');
    await row.getByRole('button', { name: 'Actions for e2e-net' }).click();
    await page.getByRole('menuitem', { name: 'Delete Network' }).click();
    await page.getByRole('dialog', { name: 'Confirm Delete Network' }).getByRole('button', { name: 'Delete Network' }).click();
    await expectToast(page, 'Deleted Network: e2e-net.');
    await row.waitFor({ state: 'detached' });
    await page.getByRole('table', { name: 'Networks' }).getByRole('link', { name: 'private', exact: true }).waitFor();
    await context.close();
  });
});
