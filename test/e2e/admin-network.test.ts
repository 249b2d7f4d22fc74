import { describe, expect, inject, it } from 'vitest';
import { useChromium } from '../support/chromium-fixture.js';
import { apiFromPage, logIn, openPanel, openSession } from '../support/pages.js';

const baseUrl = inject('baseUrl');
const passwords = inject('passwords');
const browser = useChromium();

describe('Admin › Network panels in the browser', () => {
  it("lets admin create a provider network for demo's project, find it by the Project facet on the server, allocate a floating IP to demo and see demo's router", { timeout: 60_000 }, async () => {
    const { page } = await openSession(browser());
    const name = `e2e-admin-net-${Date.now()}`;
    const segment = 1000 + Math.floor(Math.random() * 3000);
    const made: string[] = [];
    try {
      await logIn(page, baseUrl, 'admin', passwords.admin, '/admin/networks');
      await page.getByRole('table', { name: 'Networks' }).waitFor();

      // Create Network for demo's project with a VLAN segment: the body names the project and the provider fields.
      await page.getByRole('button', { name: 'Create Network' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create Network' });
      await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
      await dialog.getByRole('combobox', { name: /Project/ }).click();
      await page.getByRole('option', { name: 'demo', exact: true }).click();
      await dialog.getByRole('combobox', { name: /Provider Network Type/ }).click();
      await page.getByRole('option', { name: 'VLAN' }).click();
      await dialog.getByRole('textbox', { name: /Physical Network/ }).fill('physnet1');
      await dialog.getByRole('spinbutton', { name: /Segmentation ID/ }).fill(String(segment));
      await dialog.getByRole('checkbox', { name: 'Create Subnet' }).uncheck();
      await dialog.getByRole('button', { name: 'Next' }).click();
      await dialog.getByRole('button', { name: 'Next' }).click();
      const created = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/neutron/networks/');
      await dialog.getByRole('button', { name: 'Create' }).click();
      const response = await created;
      expect(response.status()).toBe(201);
      const network = (await response.json()) as { id: string; tenant_id: string };
      made.push(`/api/neutron/networks/${network.id}/`);
      expect(response.request().postDataJSON()).toMatchObject({ name, 'provider:network_type': 'vlan', 'provider:physical_network': 'physnet1', 'provider:segmentation_id': segment, tenant_id: network.tenant_id });
      await dialog.waitFor({ state: 'detached' });

      // The Project facet asks the server (not the loaded page), and the row shows demo in the Project column.
      const search = page.getByRole('textbox', { name: 'Search' });
      const searched = page.waitForRequest((request) => {
        const url = new URL(request.url());
        return url.pathname === '/api/neutron/networks/' && url.searchParams.get('project') === 'demo' && url.searchParams.get('name') === name;
      });
      await search.fill('Project: demo');
      await search.press('Enter');
      await search.fill(`Name: ${name}`);
      await search.press('Enter');
      expect(new URL((await searched).url()).searchParams.get('all_tenants')).toBe('true');
      const table = page.getByRole('table', { name: 'Networks' });
      const row = table.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
      await row.getByRole('cell', { name: 'demo', exact: true }).waitFor();
      await expect.poll(() => table.getByRole('row').count()).toBe(2);

      // Admin › Floating IPs: allocate one to demo's project; it is listed with its Project.
      await openPanel(page, baseUrl, '/admin/floating_ips');
      await page.getByRole('button', { name: 'Allocate IP To Project' }).click();
      const allocate = page.getByRole('dialog', { name: 'Allocate IP To Project' });
      await allocate.getByRole('combobox', { name: /Project/ }).click();
      await page.getByRole('option', { name: 'demo', exact: true }).click();
      const allocated = page.waitForResponse((answer) => answer.request().method() === 'POST' && new URL(answer.url()).pathname === '/api/network/floatingip/');
      await allocate.getByRole('button', { name: 'Allocate Floating IP' }).click();
      const fip = (await (await allocated).json()) as { id: string; ip: string; tenant_id: string };
      made.push(`/api/network/floatingips/${fip.id}/`);
      expect(fip.tenant_id).toBe(network.tenant_id);
      const fipRow = page.getByRole('table', { name: 'Floating IPs' }).getByRole('row').filter({ hasText: fip.ip });
      await fipRow.getByRole('cell', { name: 'demo', exact: true }).waitFor();

      // Admin › Routers lists demo's router1 with its Project.
      await openPanel(page, baseUrl, '/admin/routers');
      const routers = page.getByRole('table', { name: 'Routers' });
      await routers.getByRole('row').filter({ has: page.getByRole('cell', { name: 'demo', exact: true }) }).filter({ has: page.getByRole('link', { name: 'router1', exact: true }) }).first().waitFor();
    } finally {
      for (const path of made.reverse()) await apiFromPage(page, 'DELETE', path);
    }
  });
});
