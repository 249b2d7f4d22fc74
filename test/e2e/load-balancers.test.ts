import { describe, expect, inject, it } from 'vitest';
import { useChromium } from '../support/chromium-fixture.js';
import { apiFromPage, expectToast, logIn, openSession } from '../support/pages.js';

const baseUrl = inject('baseUrl');
const passwords = inject('passwords');
const browser = useChromium();

describe('Load balancers in the browser', () => {
  it('lets demo create a load balancer with a listener, a pool and a member through the wizard, watch it turn ACTIVE without reloading, delete the pool landing on its listener, add an L7 policy with a rule, and delete it all', { timeout: 150_000 }, async () => {
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
      const lbUrl = page.url().replace(/\?.*$/, '');

      // Deleting the pool lands on its listener (spec 3 §2.1), which then gets an L7 policy with a rule.
      await page.getByRole('table', { name: 'Pools' }).getByRole('link').first().click();
      await page.getByRole('button', { name: 'Delete Pool' }).click();
      await page.getByRole('dialog', { name: 'Confirm Delete Pool' }).getByRole('button', { name: 'Delete Pool' }).click();
      await page.waitForURL(new RegExp(`^${lbUrl}/listeners/[^/]+$`));
      await page.getByRole('tab', { name: 'Pools' }).click();
      await page.getByRole('table', { name: 'Pools' }).getByRole('cell', { name: 'ROUND_ROBIN', exact: true }).waitFor({ state: 'detached', timeout: 30_000 });
      await page.getByRole('tab', { name: 'L7 Policies' }).click();
      await page.getByRole('button', { name: 'Create L7 Policy' }).click();
      const policyForm = page.getByRole('dialog', { name: 'Create L7 Policy' });
      await policyForm.getByRole('textbox', { name: /^Name\b/ }).fill('e2e-policy');
      await policyForm.getByRole('button', { name: 'Create L7 Policy' }).click();
      await expectToast(page, 'A new l7 policy is being created.');
      const policies = page.getByRole('table', { name: 'L7 Policies' });
      await policies.getByRole('row').filter({ hasText: 'e2e-policy' }).getByRole('cell', { name: 'ACTIVE', exact: true }).first().waitFor({ timeout: 30_000 });
      await policies.getByRole('link', { name: 'e2e-policy' }).click();
      await page.getByRole('tab', { name: 'L7 Rules' }).click();
      await page.getByRole('button', { name: 'Create L7 Rule' }).click();
      const ruleForm = page.getByRole('dialog', { name: 'Create L7 Rule' });
      await ruleForm.getByRole('textbox', { name: /^Value\b/ }).fill('www.example.com');
      await ruleForm.getByRole('button', { name: 'Create L7 Rule' }).click();
      await ruleForm.waitFor({ state: 'detached' });
      await page.getByRole('table', { name: 'L7 Rules' }).getByRole('cell', { name: 'ACTIVE', exact: true }).first().waitFor({ timeout: 30_000 });

      await page.goto(lbUrl);
      await page.getByRole('heading', { name, level: 1 }).waitFor();
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
