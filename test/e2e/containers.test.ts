import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Download, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { useChromium } from '../support/chromium-fixture.js';
import { apiFromPage, expectToast, logIn, openSession } from '../support/pages.js';

const baseUrl = inject('baseUrl');
const passwords = inject('passwords');
const browser = useChromium();

const MiB = 1024 * 1024;
/** Conditions the page reaches on its own, given the time a loaded machine needs. */
const PATIENTLY = { timeout: 30_000 };
/** A URL path of segments as a person builds it: each segment encoded, the '/' between them kept. */
const encodePath = (path: string) => path.split('/').map(encodeURIComponent).join('/');

/**
 * The three files of the journey: one of 50 MB (so that the upload takes
 * long enough to show its progress) and two small ones whose names carry the
 * characters that break URLs (spaces, '#', '%', '?', unicode). The big one's
 * bytes are its 32-bit word indexes, so a lost or misplaced chunk shows; the
 * page makes it itself (see `dropFiles`) instead of 50 MB crossing the wire
 * to the shared browser.
 */
const BIG_BYTES = 50 * MiB;
const bigData = () => Buffer.from(Uint32Array.from({ length: BIG_BYTES / 4 }, (_, index) => index).buffer);
const files = {
  big: { name: 'big 50MB.bin', type: 'application/octet-stream' },
  notes: { name: 'notes #1 100% ?.txt', type: 'text/plain', data: Buffer.from('notes: 100% of # and ? survive\n') },
  cafe: { name: 'café ☕.txt', type: 'text/plain', data: Buffer.from('un café, s’il vous plaît\n') },
};
let dir: string;
const late = { name: 'late.txt', data: Buffer.from('added from elsewhere\n') };
const nested = { name: 'sub #2/q?&#.txt', data: Buffer.from('deep inside\n') };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'e2e-containers-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Every /api/swift call the page makes, with its JSON body where it has one. */
function recordSwiftCalls(page: Page) {
  const calls: { method: string; path: string; json?: unknown }[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/api/swift/')) return;
    const json = (request.headers()['content-type'] ?? '').includes('json') ? request.postDataJSON() : undefined;
    calls.push({ method: request.method(), path: url.pathname, json });
  });
  return calls;
}

/**
 * What the upload progress shows while it runs ('Uploading 37%' over the
 * file in flight, 'big 50MB.bin (1 of 3)'), recorded by the page itself on
 * every change so that none is missed between two looks of the test.
 */
async function recordUploadProgress(page: Page): Promise<() => Promise<{ percents: number[]; files: string[] }>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { uploadProgressSeen: string[] }).uploadProgressSeen = seen;
    new MutationObserver(() => {
      for (const status of document.querySelectorAll('[role="status"]')) {
        const text = status.textContent ?? '';
        if (text.startsWith('Uploading') && seen.at(-1) !== text) seen.push(text);
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return async () => {
    const texts = await page.evaluate(() => (window as unknown as { uploadProgressSeen: string[] }).uploadProgressSeen);
    const shown = texts.map((text) => /^Uploading(?: (\d+)%)?(.*)$/.exec(text)!);
    return {
      percents: shown.filter((match) => match[1] !== undefined).map((match) => Number(match[1])),
      files: [...new Set(shown.map((match) => match[2]!))],
    };
  };
}

const uploadDialog = (page: Page) => page.getByRole('dialog', { name: /^Upload File To:/ });

/** Upload File with files chosen in the file input, optionally renamed in the modal. */
async function uploadFiles(page: Page, chosen: { name: string; mimeType: string; buffer: Buffer }[], names: Record<number, string> = {}) {
  await page.getByRole('button', { name: 'Upload File' }).click();
  await uploadDialog(page).locator('input[type=file]').setInputFiles(chosen);
  for (const [index, name] of Object.entries(names)) await uploadDialog(page).getByLabel('File Name').nth(Number(index)).fill(name);
  await startUpload(page);
}

/**
 * Upload File with the three journey files dropped on the modal's drop zone
 * at once; the page builds the 50 MB one from its word indexes (`bigData`).
 */
async function dropFiles(page: Page) {
  await page.getByRole('button', { name: 'Upload File' }).click();
  const small = [files.notes, files.cafe].map((file) => ({ name: file.name, type: file.type, bytes: [...file.data] }));
  const dataTransfer = await page.evaluateHandle(
    ({ big, small, words }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([Uint32Array.from({ length: words }, (_, index) => index)], big.name, { type: big.type }));
      for (const file of small) transfer.items.add(new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
      return transfer;
    },
    { big: { name: files.big.name, type: files.big.type }, small, words: BIG_BYTES / 4 },
  );
  await uploadDialog(page).getByTestId('drop-zone').dispatchEvent('drop', { dataTransfer });
  await startUpload(page);
}

async function startUpload(page: Page) {
  // Each name is checked free first (spec 2 §5), then the button enables.
  const button = uploadDialog(page).getByRole('button', { name: 'Upload File' });
  await expect.poll(() => button.isEnabled(), PATIENTLY).toBe(true);
  await button.click();
}

async function rowAction(page: Page, name: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

async function savedBytes(download: Download): Promise<Buffer> {
  // saveAs, not path(): the browser is the layer's shared one, in another process.
  const saved = join(dir, `download-${randomBytes(4).toString('hex')}`);
  await download.saveAs(saved);
  return readFile(saved);
}

const objectsTable = (page: Page, container: string) => page.getByRole('table', { name: `Objects of ${container}` });
const folderPath = (page: Page) => page.getByRole('navigation', { name: 'Folder path' });
const rowNames = (page: Page, container: string) => objectsTable(page, container).locator('tbody td.name').allTextContents();

describe('object storage, a user’s journey in the browser (issue 18; spec 2 §2.1, §2.3, §4, §8; api-contract §9)', () => {
  it('creates a container, uploads three files at once with progress, works in a folder, copies, downloads, shares publicly, is refused a non-empty folder delete, and deletes everything', async () => {
    const container = `e2e journey #${randomBytes(3).toString('hex')} é`;
    const containerUrl = `/project/containers/container/${encodeURIComponent(container)}`;
    const api = `/api/swift/containers/${encodeURIComponent(container)}`;
    const folder = 'docs é 100%';
    const { page, context } = await openSession(browser());
    const calls = recordSwiftCalls(page);
    await logIn(page, baseUrl, 'demo', passwords.demo);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Containers' }).click();
    await page.getByText('Select a container to browse.').waitFor();

    // Create Container with the non-default storage policy: the choice is in the body the browser sends.
    await page.getByRole('button', { name: 'Create Container' }).click();
    const create = page.getByRole('dialog', { name: 'Create Container' });
    await create.getByLabel('Container Name').fill(container);
    await create.getByRole('combobox', { name: 'Storage Policy' }).click();
    await page.getByRole('option', { name: 'gold' }).click();
    await expect.poll(() => create.getByRole('button', { name: 'Create Container' }).isEnabled(), PATIENTLY).toBe(true);
    await create.getByRole('button', { name: 'Create Container' }).click();
    await expectToast(page, `Container ${container} created.`);
    await page.waitForURL((url) => url.pathname === containerUrl);
    expect(calls.find((call) => call.method === 'POST' && call.path === `${api}/metadata/`)?.json).toEqual({ is_public: false, storage_policy: 'gold' });
    await page.getByRole('list', { name: `${container} details` }).getByText('gold').waitFor();

    // Three files at once, one of 50 MB: the progress bar moves through the percents, not only to the end.
    const progress = await recordUploadProgress(page);
    await dropFiles(page);
    for (const file of Object.values(files)) await expectToast(page, `File ${file.name} uploaded.`);
    await uploadDialog(page).waitFor({ state: 'detached' });
    const { percents, files: inFlight } = await progress();
    expect(inFlight, 'the file in flight is named under the bar').toEqual(Object.values(files).map((file, index) => `${file.name} (${index + 1} of 3)`));
    expect(percents.filter((percent) => percent > 0 && percent < 100).length, `percents seen: ${percents.join(', ')}`).toBeGreaterThanOrEqual(3);
    expect(percents, 'the overall percent never goes back').toEqual([...percents].sort((a, b) => a - b));
    expect(percents.at(-1)).toBe(100);
    for (const file of Object.values(files)) expect(calls.some((call) => call.method === 'POST' && call.path === `${api}/object/${encodeURIComponent(file.name)}`)).toBe(true);
    const bigRow = objectsTable(page, container).getByRole('row').filter({ hasText: files.big.name });
    await expect.poll(() => bigRow.textContent(), PATIENTLY).toContain('50.00 MB');

    // A folder, opened by its link: the route carries the encoded names (spec 2 §2.1).
    await page.getByRole('button', { name: 'Create Folder' }).click();
    const folderDialog = page.getByRole('dialog', { name: `Create Folder In: ${container}` });
    await folderDialog.getByLabel('Folder Name').fill(folder);
    await folderDialog.getByRole('button', { name: 'Create Folder' }).click();
    await expectToast(page, `Folder ${folder} created.`);
    expect(calls.some((call) => call.method === 'POST' && call.path === `${api}/object/${encodeURIComponent(folder)}/`)).toBe(true);
    await objectsTable(page, container).getByRole('link', { name: folder, exact: true }).click();
    await page.waitForURL((url) => url.pathname === `${containerUrl}/${encodeURIComponent(folder)}`);
    await folderPath(page).getByText(folder).waitFor();

    // Upload into the folder under a name with '/', '?', '&' and '#': a folder deeper down appears.
    await uploadFiles(page, [{ name: 'q.txt', mimeType: 'text/plain', buffer: nested.data }], { 0: nested.name });
    await expectToast(page, `File ${nested.name} uploaded.`);
    expect(calls.some((call) => call.method === 'POST' && call.path === `${api}/object/${encodePath(`${folder}/${nested.name}`)}`)).toBe(true);
    await objectsTable(page, container).getByRole('link', { name: 'sub #2', exact: true }).click();
    await page.waitForURL((url) => url.pathname === `${containerUrl}/${encodePath(`${folder}/sub #2`)}`);
    await expect.poll(() => rowNames(page, container), PATIENTLY).toEqual(['q?&#.txt']);

    // Breadcrumbs per level: the folder, then the container; no page reload on the way.
    expect(await folderPath(page).getByRole('link').allTextContents()).toEqual([container, folder]);
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await folderPath(page).getByRole('link', { name: folder, exact: true }).click();
    await page.waitForURL((url) => url.pathname === `${containerUrl}/${encodeURIComponent(folder)}`);
    await expect.poll(() => rowNames(page, container), PATIENTLY).toEqual(['sub #2']);
    await folderPath(page).getByRole('link', { name: container, exact: true }).click();
    await page.waitForURL((url) => url.pathname === containerUrl);
    await expect.poll(() => rowNames(page, container), PATIENTLY).toEqual([files.big.name, files.cafe.name, folder, files.notes.name].sort());
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

    // The screen fits its window, wide and narrow (the panel layout tests do not open this custom screen).
    for (const width of [1280, 800]) {
      await page.setViewportSize({ width, height: 800 });
      expect(await page.evaluate(() => document.scrollingElement!.scrollWidth), `page width in a ${width} px window`).toBeLessThanOrEqual(width);
    }

    // Copy into the folder: the view moves there (spec 2 §4) and the copy has the original's bytes.
    const copyName = `${folder}/copy of notes #1 é.txt`;
    await rowAction(page, files.notes.name, 'Copy');
    const copy = page.getByRole('dialog', { name: `Copy Object: ${container}/${files.notes.name}` });
    await copy.getByLabel('Destination Container').fill(container);
    await copy.getByLabel('Destination Object').fill(copyName);
    await expect.poll(() => copy.getByRole('button', { name: 'Copy Object' }).isEnabled(), PATIENTLY).toBe(true);
    await copy.getByRole('button', { name: 'Copy Object' }).click();
    await expectToast(page, `Object ${copyName} has copied.`);
    expect(calls.find((call) => call.method === 'POST' && call.path === `${api}/copy/${encodeURIComponent(files.notes.name)}`)?.json).toEqual({ dest_container: container, dest_name: copyName });
    await page.waitForURL((url) => url.pathname === `${containerUrl}/${encodeURIComponent(folder)}`);
    await objectsTable(page, container).getByText('copy of notes #1 é.txt').waitFor();
    const [copied] = await Promise.all([page.waitForEvent('download'), rowAction(page, 'copy of notes #1 é.txt', 'Download')]);
    expect(copied.suggestedFilename()).toBe('copy of notes #1 é.txt');
    expect((await savedBytes(copied)).equals(files.notes.data)).toBe(true);

    // Download by plain navigation from the container: the same bytes under the same unicode name.
    await folderPath(page).getByRole('link', { name: container, exact: true }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), rowAction(page, files.cafe.name, 'Download')]);
    expect(download.suggestedFilename()).toBe(files.cafe.name);
    expect((await savedBytes(download)).equals(files.cafe.data)).toBe(true);

    // Public access: the URL the panel shows serves the objects to anyone (no cookies, plain fetch).
    await page.getByRole('checkbox', { name: 'Public Access' }).check();
    await expectToast(page, `Container ${container} is now public.`);
    expect(calls.find((call) => call.method === 'PUT' && call.path === `${api}/metadata/`)?.json).toEqual({ is_public: true });
    const publicUrl = (await page.getByRole('listitem', { name: 'Public URL' }).textContent())!;
    expect(await page.getByRole('link', { name: 'Link', exact: true }).getAttribute('href')).toBe(publicUrl);
    // The 50 MB object's last 64 KiB, anonymously too: every word in its place up to the end.
    const tail = await fetch(`${publicUrl}/${encodeURIComponent(files.big.name)}`, { headers: { Range: 'bytes=-65536' } });
    expect(tail.status).toBe(206);
    expect(tail.headers.get('content-range')).toBe(`bytes ${BIG_BYTES - 65536}-${BIG_BYTES - 1}/${BIG_BYTES}`);
    expect(Buffer.from(await tail.arrayBuffer()).equals(bigData().subarray(BIG_BYTES - 65536))).toBe(true);
    const anonymousNested = await fetch(`${publicUrl}/${encodePath(`${folder}/${nested.name}`)}`);
    expect(Buffer.from(await anonymousNested.arrayBuffer()).equals(nested.data)).toBe(true);
    const anonymousListing = await fetch(`${publicUrl}?format=json&prefix=${encodeURIComponent(`${folder}/`)}&delimiter=/`);
    expect(((await anonymousListing.json()) as { name?: string; subdir?: string }[]).map((entry) => entry.name ?? entry.subdir)).toEqual([
      `${folder}/`,
      `${copyName}`,
      `${folder}/sub #2/`,
    ]);

    // Delete the folder: discovery counts what is in it; meanwhile another tab adds a file, so the
    // folder is no longer empty when its turn comes and Swift refuses it in the spec's words.
    await rowAction(page, folder, 'Delete');
    const remove = page.getByRole('dialog', { name: `Delete Files in ${container}` });
    await expect.poll(() => remove.textContent(), PATIENTLY).toContain('2 files in 2 folders.');
    await expect.poll(() => remove.getByRole('button', { name: 'Delete' }).isEnabled(), PATIENTLY).toBe(true);
    const csrf = (await context.cookies()).find((cookie) => cookie.name === 'csrftoken')!.value;
    const added = await context.request.post(`${baseUrl}${api}/object/${encodePath(`${folder}/${late.name}`)}`, {
      headers: { 'X-CSRFToken': csrf, 'X-Requested-With': 'XMLHttpRequest' },
      multipart: { file: { name: late.name, mimeType: 'text/plain', buffer: late.data } },
    });
    expect(added.status()).toBe(201);
    const refusal = page.waitForResponse((response) => response.request().method() === 'DELETE' && new URL(response.url()).pathname === `${api}/object/${encodeURIComponent(folder)}/`);
    await remove.getByRole('button', { name: 'Delete' }).click();
    const refused = await refusal;
    expect(refused.status()).toBe(409);
    expect(await refused.json()).toBe('The pseudo folder cannot be deleted since it is not empty.');
    await expectToast(page, 'Unable to delete the folder because it is not empty.');
    await remove.getByText('Encountered 1 failures.').waitFor();
    await remove.getByRole('button', { name: 'OK' }).click();
    await remove.waitFor({ state: 'detached' });
    await objectsTable(page, container).getByRole('link', { name: folder, exact: true }).waitFor();

    // Emptied and deleted the second time: what discovery finds now is the late file.
    await rowAction(page, folder, 'Delete');
    await expect.poll(() => remove.textContent(), PATIENTLY).toContain('1 files in 1 folders.');
    await remove.getByRole('button', { name: 'Delete' }).click();
    await remove.waitFor({ state: 'detached' });
    await expect.poll(() => rowNames(page, container), PATIENTLY).toEqual([files.big.name, files.cafe.name, files.notes.name].sort());

    // Everything else, then the container: it is gone from the list and from Swift.
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await page.getByRole('button', { name: 'Delete Selected' }).click();
    await expect.poll(() => remove.textContent(), PATIENTLY).toContain('3 files in 0 folders.');
    await remove.getByRole('button', { name: 'Delete' }).click();
    await remove.waitFor({ state: 'detached' });
    await objectsTable(page, container).getByText('No items to display.').waitFor();
    await page.getByRole('button', { name: `Delete Container ${container}` }).click();
    await page.getByRole('dialog', { name: 'Confirm Delete' }).getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, `Container ${container} deleted.`);
    await page.getByText('Select a container to browse.').waitFor();
    // The list is refetched after the toast: wait for it rather than read it once.
    await expect.poll(() => page.getByRole('list', { name: 'Container list' }).getByText(container).count(), { timeout: 30_000 }).toBe(0);
    expect((await apiFromPage(page, 'GET', `${api}/metadata/`)).status).toBe(404);
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toContain(`${api}/metadata/`);
    await context.close();
  });
});
