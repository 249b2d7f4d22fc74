import { describe, expect, inject, it } from 'vitest';
import { useChromium } from '../support/chromium-fixture.js';
import { makeSshPublicKey } from '../support/builders.js';
import { createProjectMember } from '../support/members.js';
import { expectToast, keyPairs, logIn, openSession } from '../support/pages.js';

const baseUrl = inject('baseUrl');
const passwords = inject('passwords');
const browser = useChromium();

describe('key pairs in the browser', () => {
  it('lets a member create a key pair (the private key downloads as <name>.pem), import one, and delete both', async () => {
    // A member of a project of its own: the list ends empty whatever other files do in demo's project meanwhile.
    const member = await createProjectMember(baseUrl, passwords.admin, 'e2e-keys');
    const { page, context } = await openSession(browser());
    await logIn(page, baseUrl, member.username, member.password);
    // Login lands on the project Overview, as Horizon's does.
    expect(new URL(page.url()).pathname).toBe('/project');

    const created = await keyPairs.create(page, 'e2e-created');
    expect(created.fileName).toBe('e2e-created.pem');
    expect(created.content).toMatch(/-----BEGIN (RSA )?PRIVATE KEY-----/);
    await keyPairs.waitForRow(page, 'e2e-created');

    await keyPairs.import(page, 'e2e-imported', makeSshPublicKey());
    await keyPairs.waitForRow(page, 'e2e-imported');

    await keyPairs.select(page, 'e2e-created');
    await keyPairs.select(page, 'e2e-imported');
    await page.getByRole('button', { name: 'Delete Key Pairs' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.textContent()).toContain('You have selected "e2e-created", "e2e-imported". Deleted Key Pairs are not recoverable.');
    await dialog.getByRole('button', { name: /Delete Key Pair/ }).click();
    await expectToast(page, 'Deleted Key Pairs: e2e-created, e2e-imported.');
    await keyPairs.expectNoRow(page, 'e2e-created');
    await keyPairs.expectNoRow(page, 'e2e-imported');
    await page.getByText('No items to display.').waitFor();
    await context.close();
  });

  it("opens a key pair's details from its name, and /project/key_pairs/<name> redirects there", async () => {
    // Key pairs are the user's: as demo's only key, this one would be preselected in the launch wizards of the
    // instances and volumes journeys running meanwhile, and be gone by the time they launch.
    const member = await createProjectMember(baseUrl, passwords.admin, 'e2e-details');
    const { page, context } = await openSession(browser());
    await logIn(page, baseUrl, member.username, member.password);
    await keyPairs.create(page, 'e2e-details');
    await keyPairs.row(page, 'e2e-details').getByRole('link', { name: 'e2e-details' }).click();
    await page.waitForURL('**/ngdetails/OS::Nova::Keypair/e2e-details');
    await page.getByRole('tab', { name: 'Details' }).waitFor();
    await page.getByText('ssh-rsa', { exact: false }).first().waitFor();

    await page.goto(`${baseUrl}/project/key_pairs/e2e-details`);
    await page.waitForURL('**/ngdetails/OS::Nova::Keypair/e2e-details');

    await keyPairs.open(page, baseUrl);
    await page.getByRole('button', { name: 'Actions for e2e-details' }).click();
    await page.getByRole('menuitem', { name: 'Delete Key Pair' }).click();
    await page.getByRole('dialog').getByRole('button', { name: /Delete Key Pair/ }).click();
    await expectToast(page, 'Deleted Key Pair: e2e-details.');
    await context.close();
  });

  it("shows 'Key pair already exists.' for a taken name, and 'Unable to create the keypair.' when Nova refuses a name the form allows", async () => {
    // A member of its own project, so the key it leaves is in no one else's list (the launch wizard's, say).
    const member = await createProjectMember(baseUrl, passwords.admin, 'e2e-taken');
    const { page, context } = await openSession(browser());
    await logIn(page, baseUrl, member.username, member.password);
    await keyPairs.create(page, 'e2e-taken');

    await page.getByRole('button', { name: 'Create Key Pair' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Key Pair Name').fill('e2e-taken');
    await dialog.getByText('Key pair already exists.').waitFor();

    // The create pattern admits every character from space to underscore, so '<b>' passes
    // the form; Nova (2.92) does not accept it, and the user is told so.
    await dialog.getByLabel('Key Pair Name').fill('<b>bold</b> kp');
    await dialog.getByRole('button', { name: 'Create Key Pair' }).click();
    await expectToast(page, 'Unable to create the keypair.');
    expect(await page.locator('b').count()).toBe(0);
    await context.close();
  });
});
