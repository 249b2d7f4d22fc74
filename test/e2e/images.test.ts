import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { useChromium } from '../support/chromium-fixture.js';
import { apiFromPage, expectToast, logIn, openPanel, openSession, overrideSettings } from '../support/pages.js';

const baseUrl = inject('baseUrl');
const passwords = inject('passwords');
const browser = useChromium();

// A few MB of random bytes: a local disk image file the browser uploads.
const folder = mkdtempSync(join(tmpdir(), 'e2e-images-'));
const diskFile = join(folder, 'disk.raw');
writeFileSync(diskFile, randomBytes(4 * 1024 * 1024));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

type Image = { id: string; name: string; status: string; size: number; protected: boolean };

const images = {
  async open(page: Page) {
    await openPanel(page, baseUrl, '/project/images');
    await page.getByRole('heading', { name: 'Images' }).waitFor();
  },

  row(page: Page, name: string) {
    return page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
  },

  async byName(page: Page, name: string): Promise<Image> {
    const listed = (await apiFromPage(page, 'GET', '/api/glance/images/')).body as { items: Image[] };
    return listed.items.find((image) => image.name === name)!;
  },

  /**
   * Creates an image from the local file and returns every upload progress
   * text the page showed ('Uploading' before the first byte, then 'Uploading N%').
   */
  async create(page: Page, name: string): Promise<string[]> {
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { progressSeen: string[] }).progressSeen = seen;
      new MutationObserver(() => {
        for (const status of document.querySelectorAll('[role=status]')) {
          const text = status.textContent ?? '';
          if (text.startsWith('Uploading') && seen.at(-1) !== text) seen.push(text);
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await page.getByRole('button', { name: 'Create Image' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Image' });
    await dialog.getByRole('textbox', { name: 'Image Name' }).fill(name);
    await dialog.getByRole('combobox', { name: 'Format' }).click();
    await page.getByRole('option', { name: 'Raw' }).click();
    await dialog.locator('input[type=file]').setInputFiles(diskFile);
    await dialog.getByText('disk.raw (4.00 MB)').waitFor();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('region', { name: 'Available Metadata' }).waitFor();
    await dialog.getByRole('button', { name: 'Create Image' }).click();
    await expectToast(page, `Image ${name} was successfully created.`);
    return page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
  },

  async openEdit(page: Page, name: string) {
    await images.row(page, name).getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Edit Image' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Image' });
    await dialog.getByRole('textbox', { name: 'Image Name' }).waitFor();
    return dialog;
  },
};

/** Upload progress texts: 'Uploading' (-1, not started) first, whole percents never going back, ending at 100. */
function expectProgress(seen: string[]) {
  expect(seen[0]).toBe('Uploading');
  const percents = seen.slice(1).map((text) => /^Uploading (\d+)%$/.exec(text)?.[1]);
  expect(percents.every((percent) => percent !== undefined)).toBe(true);
  const numbers = percents.map(Number);
  expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  expect(numbers.at(-1)).toBe(100);
}

describe('images in the browser', () => {
  it('lets demo upload an image in legacy mode, watch it go active, edit it, set and remove metadata, protect it and delete it', { timeout: 240_000 }, async () => {
    const name = `e2e-legacy-${Date.now()}`;
    const { context, page } = await openSession(browser());
    await logIn(page, baseUrl, 'demo', passwords.demo);
    await images.open(page);

    // The server's default upload mode is legacy: one multipart POST to /api/glance/images/.
    const posted = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/glance/images/');
    expectProgress(await images.create(page, name));
    await posted;
    const row = images.row(page, name);
    await row.getByText('Active', { exact: true }).waitFor({ timeout: 60_000 });
    await row.getByText('4.00 MB', { exact: true }).waitFor();
    await row.getByText('Shared With Project', { exact: true }).waitFor();
    const created = await images.byName(page, name);
    expect(created.size).toBe(4 * 1024 * 1024);

    // Edit: a new name, and metadata set through the tree (a definition and a custom key).
    const renamed = `${name}-edited`;
    let dialog = await images.openEdit(page, name);
    await dialog.getByRole('textbox', { name: 'Image Name' }).fill(renamed);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('textbox', { name: 'Filter' }).fill('Watchdog');
    await dialog.getByRole('button', { name: 'Add Watchdog Action' }).click();
    const existing = dialog.getByRole('region', { name: 'Existing Metadata' });
    await existing.getByRole('combobox', { name: 'Watchdog Action' }).click();
    await page.getByRole('option', { name: 'reset', exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Custom' }).fill('e2e_note');
    await dialog.getByRole('button', { name: 'Add custom property' }).click();
    await existing.getByRole('textbox', { name: 'e2e_note' }).fill('hello <b>world</b>');
    await dialog.getByRole('button', { name: 'Update Image' }).click();
    await expectToast(page, `Image ${renamed} was successfully updated.`);
    await images.row(page, renamed).waitFor();
    let properties = (await apiFromPage(page, 'GET', `/api/glance/images/${created.id}/properties/`)).body as Record<string, unknown>;
    expect(properties).toMatchObject({ hw_watchdog_action: 'reset', e2e_note: 'hello <b>world</b>' });

    // Remove the custom key through the tree; the definition stays.
    dialog = await images.openEdit(page, renamed);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('region', { name: 'Existing Metadata' }).getByRole('button', { name: 'Remove e2e_note' }).click();
    await dialog.getByRole('button', { name: 'Update Image' }).click();
    await expectToast(page, `Image ${renamed} was successfully updated.`);
    await expect
      .poll(async () => Object.keys((await apiFromPage(page, 'GET', `/api/glance/images/${created.id}/properties/`)).body as object))
      .not.toContain('e2e_note');
    properties = (await apiFromPage(page, 'GET', `/api/glance/images/${created.id}/properties/`)).body as Record<string, unknown>;
    expect(properties.hw_watchdog_action).toBe('reset');

    // Protected: the row cannot be deleted, and a batch delete says so.
    dialog = await images.openEdit(page, renamed);
    await dialog.getByRole('checkbox', { name: 'Protected' }).check();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('button', { name: 'Update Image' }).click();
    await expectToast(page, `Image ${renamed} was successfully updated.`);
    const protectedRow = images.row(page, renamed);
    await protectedRow.getByText('Yes', { exact: true }).waitFor();
    await protectedRow.getByRole('button', { name: `Actions for ${renamed}` }).click();
    expect(await page.getByRole('menuitem', { name: 'Delete Image' }).getAttribute('aria-disabled')).toBe('true');
    await page.keyboard.press('Escape');
    await protectedRow.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Delete Images' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText(`You are not allowed to delete images: ${renamed}`).waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    // Glance refuses it too.
    expect((await apiFromPage(page, 'DELETE', `/api/glance/images/${created.id}/`)).status).toBe(403);

    // Unprotect, then delete it.
    dialog = await images.openEdit(page, renamed);
    await dialog.getByRole('checkbox', { name: 'Protected' }).uncheck();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('button', { name: 'Update Image' }).click();
    await expectToast(page, `Image ${renamed} was successfully updated.`);
    await protectedRow.getByText('No', { exact: true }).waitFor();
    await protectedRow.getByRole('button', { name: `Actions for ${renamed}` }).click();
    await page.getByRole('menuitem', { name: 'Delete Image' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete Image' }).click();
    await expectToast(page, `Deleted Image: ${renamed}.`);
    await images.row(page, renamed).waitFor({ state: 'detached' });
    await context.close();
  });

  it("lets admin set and remove an image's metadata with Update Metadata on the admin list: 'Metadata was successfully updated.'", { timeout: 180_000 }, async () => {
    const name = `e2e-admin-meta-${Date.now()}`;
    const { context, page } = await openSession(browser());
    await logIn(page, baseUrl, 'admin', passwords.admin);
    await images.open(page);
    await images.create(page, name);
    await images.row(page, name).getByText('Active', { exact: true }).waitFor({ timeout: 60_000 });
    const image = await images.byName(page, name);

    await openPanel(page, baseUrl, '/admin/images');
    const openMetadata = async () => {
      await images.row(page, name).getByRole('button', { name: `Actions for ${name}` }).click();
      await page.getByRole('menuitem', { name: 'Update Metadata' }).click();
      const dialog = page.getByRole('dialog', { name: `Update Metadata: ${name}` });
      await dialog.getByRole('tree').waitFor();
      return dialog;
    };
    let dialog = await openMetadata();
    await dialog.getByRole('textbox', { name: 'Filter' }).fill('Watchdog');
    await dialog.getByRole('button', { name: 'Add Watchdog Action' }).click();
    await dialog.getByRole('region', { name: 'Existing Metadata' }).getByRole('combobox', { name: 'Watchdog Action' }).click();
    await page.getByRole('option', { name: 'pause', exact: true }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Metadata was successfully updated.');
    const properties = () => apiFromPage(page, 'GET', `/api/glance/images/${image.id}/properties/`).then(({ body }) => body as Record<string, unknown>);
    expect((await properties()).hw_watchdog_action).toBe('pause');

    dialog = await openMetadata();
    await dialog.getByRole('region', { name: 'Existing Metadata' }).getByRole('button', { name: 'Remove Watchdog Action' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Metadata was successfully updated.');
    expect(Object.keys(await properties())).not.toContain('hw_watchdog_action');

    expect((await apiFromPage(page, 'DELETE', `/api/glance/images/${image.id}/`)).status).toBe(204);
    await context.close();
  });

  it('uploads in direct mode: creates the image, then PUTs the bytes to its upload_url with the ticket, and the image goes active', { timeout: 180_000 }, async () => {
    const name = `e2e-direct-${Date.now()}`;
    const { context, page } = await openSession(browser());
    // The browser follows the server's HORIZON_IMAGES_UPLOAD_MODE; this one reads 'direct' (the server accepts both modes).
    await overrideSettings(page, { HORIZON_IMAGES_UPLOAD_MODE: 'direct' });
    await logIn(page, baseUrl, 'demo', passwords.demo);
    await images.open(page);
    const created = page.waitForRequest((request) => request.method() === 'PUT' && new URL(request.url()).pathname === '/api/glance/images/');
    const uploaded = page.waitForRequest((request) => request.method() === 'PUT' && /^\/api\/glance\/images\/[^/]+\/data\/$/.test(new URL(request.url()).pathname));
    expectProgress(await images.create(page, name));
    expect(JSON.parse((await created).postData() ?? '{}')).toMatchObject({ name, source_type: 'file-direct', data: 'disk.raw', disk_format: 'raw', container_format: 'bare' });
    const upload = await uploaded;
    expect(await upload.headerValue('x-upload-ticket')).toBeTruthy();
    expect(await upload.headerValue('content-type')).toBe('application/octet-stream');
    await images.row(page, name).getByText('Active', { exact: true }).waitFor({ timeout: 60_000 });
    const image = await images.byName(page, name);
    expect(image.size).toBe(4 * 1024 * 1024);

    // The detail view, and delete from there back to the list.
    await images.row(page, name).getByRole('link', { name, exact: true }).click();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/ngdetails/OS::Glance::Image/${image.id}`);
    await page.getByRole('button', { name: 'Delete Image' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete Image' }).click();
    await expectToast(page, `Deleted Image: ${name}.`);
    await page.waitForURL(`${baseUrl}/project/images`);
    await context.close();
  });
});
