import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Page objects for the browser tests: what a person does, named as they
 * would say it. They wait for visible state and never sleep.
 */

export interface Session {
  context: BrowserContext;
  page: Page;
}

/** A fresh browser profile (no cookies) with downloads enabled. */
export async function openSession(browser: Browser): Promise<Session> {
  const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  return { context, page };
}

export async function logIn(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/auth/login`);
  await page.getByLabel('User Name').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth/login'));
  await page.getByRole('button', { name: 'User menu' }).waitFor();
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await page.getByRole('button', { name: 'Sign In' }).waitFor();
}

/** The text of every toast on screen, once at least one with `text` shows. */
export async function expectToast(page: Page, text: string): Promise<void> {
  await page.getByRole('alert').filter({ hasText: text }).first().waitFor();
}

export const keyPairs = {
  async open(page: Page, baseUrl: string) {
    await page.goto(`${baseUrl}/project/key_pairs`);
    await page.getByRole('heading', { name: 'Key Pairs' }).waitFor();
  },

  row(page: Page, name: string) {
    return page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
  },

  async names(page: Page): Promise<string[]> {
    return page.locator('table tbody tr').evaluateAll((rows) =>
      rows.map((row) => row.querySelector('a')?.textContent?.trim()).filter((name): name is string => Boolean(name)),
    );
  },

  /** Creates a key pair and returns the private key file the browser downloaded. */
  async create(page: Page, name: string): Promise<{ fileName: string; content: string }> {
    await page.getByRole('button', { name: 'Create Key Pair' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Key Pair Name').fill(name);
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    const download = await downloading;
    const path = await download.path();
    const { readFile } = await import('node:fs/promises');
    await expectToast(page, `Key pair ${name} was successfully created.`);
    return { fileName: download.suggestedFilename(), content: await readFile(path, 'utf8') };
  },

  async import(page: Page, name: string, publicKey: string) {
    await page.getByRole('button', { name: 'Import Public Key' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Key Pair Name').fill(name);
    await dialog.getByLabel('Public Key').fill(publicKey);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expectToast(page, `Successfully imported key pair ${name}.`);
  },

  async select(page: Page, name: string) {
    await page.getByRole('checkbox', { name: `Select ${name}` }).check();
  },

  async waitForRow(page: Page, name: string) {
    await this.row(page, name).waitFor();
  },

  async expectNoRow(page: Page, name: string) {
    await this.row(page, name).waitFor({ state: 'detached' });
    expect(await this.names(page)).not.toContain(name);
  },
};
