import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { useChromium } from '../support/chromium-fixture.js';
import { expectToast, logIn, openSession } from '../support/pages.js';

const baseUrl = inject('baseUrl');
const passwords = inject('passwords');
const browser = useChromium();

describe('object storage in the browser (spec 2 §2.1, §2.3)', () => {
  it('creates a container and a folder, uploads a file into it, downloads the same bytes, makes the container public, reads the file anonymously, and deletes everything', async () => {
    const container = `e2e c #${randomBytes(3).toString('hex')}`;
    const bytes = randomBytes(300_000);
    const { page, context } = await openSession(browser());
    await logIn(page, baseUrl, 'demo', passwords.demo);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Containers' }).click();
    await page.getByText('Select a container to browse.').waitFor();

    // Create Container: the name is checked first, then the container opens.
    await page.getByRole('button', { name: 'Create Container' }).click();
    const create = page.getByRole('dialog', { name: 'Create Container' });
    await create.getByLabel('Container Name').fill(container);
    await create.getByRole('button', { name: 'Create Container' }).click();
    await expectToast(page, `Container ${container} created.`);
    await page.waitForURL((url) => url.pathname === `/project/containers/container/${encodeURIComponent(container)}`);

    // A folder, then into it by its link.
    await page.getByRole('button', { name: 'Create Folder' }).click();
    const folder = page.getByRole('dialog', { name: `Create Folder In: ${container}` });
    await folder.getByLabel('Folder Name').fill('docs');
    await folder.getByRole('button', { name: 'Create Folder' }).click();
    await expectToast(page, 'Folder docs created.');
    await page.getByRole('link', { name: 'docs', exact: true }).click();
    await page.getByRole('navigation', { name: 'Folder path' }).getByText('docs').waitFor();

    // Upload: the name is free once checked, the progress shows, the row lists its size.
    await page.getByRole('button', { name: 'Upload File' }).click();
    const upload = page.getByRole('dialog', { name: /^Upload File To:/ });
    await upload.locator('input[type=file]').setInputFiles({ name: 'report 1.bin', mimeType: 'application/octet-stream', buffer: bytes });
    await expect.poll(() => upload.getByRole('button', { name: 'Upload File' }).isEnabled()).toBe(true);
    await upload.getByRole('button', { name: 'Upload File' }).click();
    await expectToast(page, 'File report 1.bin uploaded.');
    const row = page.getByRole('row').filter({ hasText: 'report 1.bin' });
    await expect.poll(() => row.textContent()).toContain('292.97 KB');

    // Download by plain navigation: the same bytes come back.
    await row.getByRole('button', { name: 'Actions for report 1.bin' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toBe('report 1.bin');
    // saveAs, not path(): the browser may be the layer's shared one, in another process.
    const saved = join(await mkdtemp(join(tmpdir(), 'e2e-containers-')), 'download.bin');
    await download.saveAs(saved);
    expect((await readFile(saved)).equals(bytes)).toBe(true);

    // Public access: the link appears and an anonymous GET of the object works.
    await page.getByRole('checkbox', { name: 'Public Access' }).check();
    await expectToast(page, `Container ${container} is now public.`);
    const link = page.getByRole('link', { name: 'Link' });
    await link.waitFor();
    const publicUrl = await link.getAttribute('href');
    const anonymous = await fetch(`${publicUrl}/docs/${encodeURIComponent('report 1.bin')}`);
    expect(anonymous.status).toBe(200);
    expect(Buffer.from(await anonymous.arrayBuffer()).equals(bytes)).toBe(true);

    // Back to the container by its breadcrumb; delete the folder and what is in it, then the container.
    await page.getByRole('navigation', { name: 'Folder path' }).getByRole('link', { name: container }).click();
    await page.getByRole('link', { name: 'docs', exact: true }).waitFor();
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await page.getByRole('button', { name: 'Delete Selected' }).click();
    const remove = page.getByRole('dialog', { name: `Delete Files in ${container}` });
    await expect.poll(() => remove.textContent()).toContain('1 files in 1 folders.');
    await remove.getByRole('button', { name: 'Delete' }).click();
    await remove.waitFor({ state: 'detached' });
    await page.getByText('No items to display.').waitFor();
    await page.getByRole('button', { name: `Delete Container ${container}` }).click();
    await page.getByRole('dialog', { name: 'Confirm Delete' }).getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, `Container ${container} deleted.`);
    await page.getByText('Select a container to browse.').waitFor();
    expect(await page.getByRole('list', { name: 'Container list' }).getByText(container).count()).toBe(0);
    await context.close();
  });
});
