import { describe, expect, inject, it } from 'vitest';
import { useChromium } from '../support/chromium-fixture.js';
import { apiFromPage, expectToast, logIn, openSession } from '../support/pages.js';

const baseUrl = inject('baseUrl');
const passwords = inject('passwords');
const browser = useChromium();

describe('Load balancers in the browser', () => {
  it('lets demo create a load balancer with a listener, a pool and a member through the wizard, watch it turn ACTIVE without reloading, and delete it', { timeout: 120_000 }, async () => {
    const { page, context } = await openSession(browser());
    await logIn(page, baseUrl, 'demo', passwords.demo);
    // The member is an address of a server of demo's (spec 3 §3.1: candidate members come from servers).
    const images = (await apiFromPage(page, 'GET', '/api/glance/images/')).body as { items: { id: string; name: string }[] };
    const flavors = (await apiFromPage(page, 'GET', '/api/nova/flavors/')).body as { items: { id: string; ram: number }[] };
    const networks = (await apiFromPage(page, 'GET', '/api/neutron/networks/')).body as { items: { id: string; name: string }[] };
    const stamp = Date.now();
    const serverName = `e2e-lb-web-${stamp}`;
    const created = await apiFromPage(page, 'POST', '/api/nova/servers/', {
      name: serverName,
      source_id: images.items.find((image) => image.name === 'tiny-boot')!.id,
      flavor_id: [...flavors.items].sort((a, b) => a.ram - b.ram)[0].id,
      key_name: null,
      user_data: null,
      security_groups: ['default'],
      nics: [{ 'net-id': networks.items.find((network) => network.name === 'private')!.id, 'v4-fixed-ip': '' }],
    });
    expect(created.status).toBe(201);
    const serverId = (created.body as { id: string }).id;
    const name = `<i>e2e-lb-${stamp}</i>`;
    try {
      await page.goto(`${baseUrl}/project/load_balancer`);
      await page.getByRole('heading', { name: 'Load Balancers', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Create Load Balancer' }).click();
      const wizard = page.getByRole('dialog', { name: 'Create Load Balancer' });
      await wizard.getByRole('textbox', { name: /^Name\b/ }).fill(name);
      await wizard.getByRole('combobox', { name: /Subnet/ }).click();
      await page.getByRole('option', { name: 'private-subnet' }).click();
      await wizard.getByRole('button', { name: 'Next' }).click();
      await wizard.getByRole('group', { name: 'Listener Details' }).waitFor();
      await wizard.getByRole('button', { name: 'Next' }).click();
      await wizard.getByRole('group', { name: 'Pool Details' }).waitFor();
      await wizard.getByRole('button', { name: 'Next' }).click();
      await wizard.getByRole('button', { name: new RegExp(`^Allocate ${serverName} \\(`) }).click();
      await wizard.getByRole('button', { name: 'Next' }).click();
      await wizard.getByRole('group', { name: 'Monitor Details' }).waitFor();
      await wizard.getByRole('button', { name: 'Create Load Balancer' }).click();
      await expectToast(page, 'A new load balancer is being created.');
      await wizard.waitFor({ state: 'detached' });

      // The row follows PENDING_CREATE to ACTIVE by polling, the page never reloaded; the name is text, not markup.
      const table = page.getByRole('table', { name: 'Load Balancers' });
      const row = table.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
      await row.getByRole('cell', { name: 'ACTIVE', exact: true }).waitFor({ timeout: 30_000 });

      // The details show the tree: the listener, then its pool with the member.
      await row.getByRole('link', { name, exact: true }).click();
      await page.getByRole('heading', { name, level: 1 }).waitFor();
      await page.getByRole('tab', { name: 'Listeners' }).click();
      await page.getByRole('table', { name: 'Listeners' }).getByRole('cell', { name: 'HTTP', exact: true }).waitFor();
      await page.getByRole('tab', { name: 'Pools' }).click();
      await page.getByRole('table', { name: 'Pools' }).getByRole('cell', { name: 'ROUND_ROBIN', exact: true }).waitFor();

      await page.getByRole('button', { name: 'Delete Load Balancer' }).click();
      await page.getByRole('dialog', { name: 'Confirm Delete Load Balancer' }).getByRole('button', { name: 'Delete Load Balancer' }).click();
      await expectToast(page, `Deleted Load Balancer: ${name}.`);
      await page.waitForURL(`${baseUrl}/project/load_balancer`);
      await table.getByRole('link', { name, exact: true }).waitFor({ state: 'detached', timeout: 30_000 });
    } finally {
      await apiFromPage(page, 'DELETE', `/api/nova/servers/${serverId}`);
      await context.close();
    }
  });
});
