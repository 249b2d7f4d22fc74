import { describe, expect, inject, it } from 'vitest';
import { useChromium } from '../support/chromium-fixture.js';
import { logIn, openSession, signOut } from '../support/pages.js';

const baseUrl = inject('baseUrl');
const passwords = inject('passwords');
const browser = useChromium();

describe('login and the app shell', () => {
  it('sends a visitor who is not logged in to the login page', async () => {
    const { page, context } = await openSession(browser());
    await page.goto(`${baseUrl}/project/key_pairs`);
    await page.waitForURL('**/auth/login**');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await context.close();
  });

  it('shows an error for a wrong password and stays on the login page', async () => {
    const { page, context } = await openSession(browser());
    await page.goto(`${baseUrl}/auth/login`);
    await page.getByLabel('User Name').fill('demo');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/login');
    await context.close();
  });

  it("lands on the page named by 'next' with the server's bootstrap: the browser asks for none of the session, catalog, settings or extension reads", async () => {
    const { page, context } = await openSession(browser());
    await page.goto(`${baseUrl}/project/key_pairs`);
    await page.waitForURL('**/auth/login**');
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/')) apiCalls.push(path);
    });
    await page.getByLabel('User Name').fill('demo');
    await page.getByLabel('Password', { exact: true }).fill(passwords.demo);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/project/key_pairs');
    await page.getByRole('heading', { name: 'Key Pairs' }).waitFor();
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    // The landing page was loaded from the server, so it came with the bootstrap block…
    expect(await page.locator('script#bootstrap').count()).toBe(1);
    // …and its reads were answered by it, not asked one after another while the page stayed blank.
    const pageReads = ['/api/keystone/user-session/', '/api/keystone/svc-catalog/', '/api/settings/', '/api/neutron/extensions/', '/api/cinder/extensions/', '/api/policy/'];
    expect(apiCalls.filter((path) => pageReads.includes(path))).toEqual([]);
    await context.close();
  });

  it('shows the Admin section to admin and not to demo', async () => {
    const admin = await openSession(browser());
    await logIn(admin.page, baseUrl, 'admin', passwords.admin);
    const adminNav = admin.page.getByRole('navigation', { name: 'Main navigation' });
    await adminNav.getByText('Admin', { exact: true }).waitFor();
    await adminNav.getByRole('link', { name: 'System Information' }).click();
    await admin.page.waitForURL('**/admin/info');
    await admin.page.getByRole('cell', { name: 'compute', exact: true }).first().waitFor();
    await admin.context.close();

    const demo = await openSession(browser());
    await logIn(demo.page, baseUrl, 'demo', passwords.demo);
    const demoNav = demo.page.getByRole('navigation', { name: 'Main navigation' });
    await demoNav.getByText('Project', { exact: true }).waitFor();
    expect(await demoNav.getByText('Admin', { exact: true }).count()).toBe(0);
    expect(await demoNav.getByRole('link', { name: 'System Information' }).count()).toBe(0);
    await demo.context.close();
  });

  it('switches admin between its projects from the header', async () => {
    const { page, context } = await openSession(browser());
    await logIn(page, baseUrl, 'admin', passwords.admin);
    const switcher = page.getByRole('button', { name: /Project: admin/ });
    await switcher.click();
    await page.getByRole('menuitem', { name: 'demo' }).click();
    await page.getByRole('button', { name: /Project: demo/ }).waitFor();
    const session = await page.evaluate(() => fetch('/api/keystone/user-session/', { headers: { 'X-Requested-With': 'XMLHttpRequest' } }).then((r) => r.json()));
    expect(session.project_name).toBe('demo');
    await context.close();
  });

  it('signs out from the user menu; the session no longer works', async () => {
    const { page, context } = await openSession(browser());
    await logIn(page, baseUrl, 'demo', passwords.demo);
    await signOut(page);
    const status = await page.evaluate(() => fetch('/api/keystone/user-session/', { headers: { 'X-Requested-With': 'XMLHttpRequest' } }).then((r) => r.status));
    expect(status).toBe(401);
    await context.close();
  });

  it('collapses the sidebar behind a toggle on a small screen', async () => {
    const { page, context } = await openSession(browser());
    await page.setViewportSize({ width: 480, height: 800 });
    await logIn(page, baseUrl, 'demo', passwords.demo);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await nav.getByRole('link', { name: 'Key Pairs' }).waitFor();
    await context.close();
  });
});
