import { describe, expect, inject, it } from 'vitest';
import { useChromium } from '../support/chromium-fixture.js';
import { apiFromPage, flavors, logIn, openSession } from '../support/pages.js';

const baseUrl = inject('baseUrl');
const passwords = inject('passwords');
const browser = useChromium();

type Flavor = { id: string; name: string };

describe('flavors in the browser', () => {
  it('lets admin create a flavor limited to project demo that demo can use but not delete, then delete it', async () => {
    const name = `e2e-flavor-${Date.now()}`;
    const admin = await openSession(browser());
    await logIn(admin.page, baseUrl, 'admin', passwords.admin);
    await flavors.open(admin.page, baseUrl);
    await flavors.create(admin.page, { name, vcpus: 2, ram: 384, disk: 3, projects: ['demo'] });
    const row = flavors.row(admin.page, name);
    await row.waitFor();
    // RAM in MB, root disk in GB; private to demo, so Public is No (spec 2 §3).
    for (const text of ['384 MB', '3 GB', 'No']) await row.getByText(text, { exact: true }).waitFor();
    const listed = (await apiFromPage(admin.page, 'GET', '/api/nova/flavors/')).body as { items: Flavor[] };
    const id = listed.items.find((flavor) => flavor.name === name)!.id;
    const withAccess = (await apiFromPage(admin.page, 'GET', `/api/nova/flavors/${encodeURIComponent(id)}/?get_access_list=true`)).body as { 'access-list': string[] };
    const projects = (await apiFromPage(admin.page, 'GET', '/api/keystone/projects/')).body as { items: { id: string; name: string }[] };
    expect(withAccess['access-list']).toEqual([projects.items.find((project) => project.name === 'demo')!.id]);

    // demo: the flavor is in the list members get (the one Launch Instance uses) and its details open,
    // but the admin panel is not offered, no delete is offered, and the server refuses one.
    const demo = await openSession(browser());
    await logIn(demo.page, baseUrl, 'demo', passwords.demo);
    await expect.poll(async () => (await demo.page.getByRole('link', { name: 'Key Pairs' }).count()) > 0).toBe(true);
    expect(await demo.page.getByRole('link', { name: 'Flavors' }).count()).toBe(0);
    const visible = (await apiFromPage(demo.page, 'GET', '/api/nova/flavors/')).body as { items: Flavor[] };
    expect(visible.items.map((flavor) => flavor.name)).toContain(name);
    await demo.page.goto(`${baseUrl}/ngdetails/OS::Nova::Flavor/${encodeURIComponent(id)}`);
    await demo.page.getByRole('heading', { name, level: 1 }).waitFor();
    await demo.page.getByText('384 MB', { exact: true }).waitFor();
    expect(await demo.page.getByRole('button', { name: /Delete Flavor/ }).count()).toBe(0);
    const refused = await apiFromPage(demo.page, 'DELETE', `/api/nova/flavors/${encodeURIComponent(id)}/`);
    expect(refused.status).toBe(403);
    await demo.context.close();

    // Update Access: with demo removed and no project left, the flavor is public again (same id).
    await flavors.open(admin.page, baseUrl);
    await flavors.updateAccess(admin.page, name, { remove: ['demo'] });
    await row.getByText('Yes', { exact: true }).waitFor();
    const updated = (await apiFromPage(admin.page, 'GET', `/api/nova/flavors/${encodeURIComponent(id)}/`)).body as { 'os-flavor-access:is_public': boolean };
    expect(updated['os-flavor-access:is_public']).toBe(true);

    await flavors.delete(admin.page, name);
    await row.waitFor({ state: 'detached' });
    await admin.context.close();
  });

  it("says the name is already used when admin types an existing flavor's name", async () => {
    const { page, context } = await openSession(browser());
    await logIn(page, baseUrl, 'admin', passwords.admin);
    await flavors.open(page, baseUrl);
    const first = await page.locator('table tbody tr a').first().textContent();
    await page.getByRole('button', { name: 'Create Flavor' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Flavor' });
    await dialog.getByRole('textbox', { name: /^Name\b/ }).fill(first!.trim());
    await dialog.getByText(`The name "${first!.trim()}" is already used by another flavor.`).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByRole('alert').filter({ hasText: 'Created new flavor' }).count()).toBe(0);
    await context.close();
  });
});
