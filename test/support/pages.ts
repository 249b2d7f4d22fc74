import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Page objects for the browser tests: what a person does, named as they
 * would say it. They wait for visible state and never sleep.
 */

export interface Session {
  context: BrowserContext;
  page: Page;
}

/**
 * A fresh browser profile (no cookies) with downloads enabled. It asks for reduced motion, which the app honours
 * (no transitions, ripples or chart animations): the same pages, without frames to render and waits for them to end.
 */
export async function openSession(browser: Browser): Promise<Session> {
  const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  return { context, page };
}

/**
 * Signs in as the login page does (its POST to /api/auth/login/, into the page's cookies), and opens `landing` (a
 * path) or the app's default page. The login page itself is drawn by the journeys about it (shell.test.ts, identity's
 * refusals); every other journey starts signed in, without loading and drawing a page it does not look at.
 */
export async function logIn(page: Page, baseUrl: string, username: string, password: string, landing?: string): Promise<void> {
  const response = await page.context().request.post(`${baseUrl}/api/auth/login/`, {
    data: { auth_type: 'credentials', username, password },
    headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' },
  });
  if (!response.ok()) throw new Error(`${username} could not sign in: ${response.status()} ${await response.text()}`);
  await page.goto(`${baseUrl}${landing ?? '/'}`);
  await page.waitForURL((url) => (landing ? url.pathname === landing : !url.pathname.startsWith('/auth/login') && url.pathname !== '/'));
  await page.getByRole('button', { name: 'User menu' }).waitFor();
}

/**
 * Opens `path` in the running app as its own links do: the router follows the new address and the app is not loaded
 * again (a `page.goto` parses and starts the whole app anew, a second or more of CPU on a busy machine). It goes by way
 * of the not-found page, so the page opened is mounted afresh even when it shares its component with the last one;
 * the caller waits for what the page shows.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  const follow = (to: string) =>
    page.evaluate((to) => {
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, to);
  await follow('/not_found');
  await page.getByRole('heading', { level: 1, name: 'Page Not Found', exact: true }).waitFor();
  await follow(path);
}

/**
 * Opens a panel at `path`: in the running app (openInApp) when the page already shows it signed in, else by loading
 * the address. Journeys use it to move on; a test about loading an address itself (a deep link, a reload) uses
 * `page.goto`.
 */
export async function openPanel(page: Page, baseUrl: string, path: string): Promise<void> {
  const shown = new URL(page.url());
  const inApp = shown.origin === new URL(baseUrl).origin && !shown.pathname.startsWith('/auth/') && (await page.getByRole('button', { name: 'User menu' }).count()) > 0;
  if (inApp) await openInApp(page, path);
  else await page.goto(`${baseUrl}${path}`);
}

/**
 * The built-in cloud's smallest seeded flavor, which journeys launch with. Not the smallest listed: other files make
 * smaller ones (Flavors' 384 MB one for demo) and delete them, and a launch with one of those was refused (400).
 */
export const SEED_FLAVOR = 'm1.tiny';

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
    await openPanel(page, baseUrl, '/project/key_pairs');
    await page.getByRole('heading', { name: 'Key Pairs' }).waitFor();
  },

  /** Opens Key Pairs unless the page is there already (login lands on Instances). */
  async openUnlessThere(page: Page) {
    const url = new URL(page.url());
    if (url.pathname !== '/project/key_pairs') await keyPairs.open(page, url.origin);
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
    await keyPairs.openUnlessThere(page);
    await page.getByRole('button', { name: 'Create Key Pair' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Key Pair Name').fill(name);
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Create Key Pair' }).click();
    const download = await downloading;
    // saveAs, not path(): the browser may be the e2e layer's shared one, in another process.
    const path = join(await mkdtemp(join(tmpdir(), 'e2e-download-')), download.suggestedFilename());
    await download.saveAs(path);
    await expectToast(page, `Key pair ${name} was successfully created.`);
    return { fileName: download.suggestedFilename(), content: await readFile(path, 'utf8') };
  },

  async import(page: Page, name: string, publicKey: string) {
    await keyPairs.openUnlessThere(page);
    await page.getByRole('button', { name: 'Import Public Key' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Key Pair Name').fill(name);
    await dialog.getByLabel('Public Key').fill(publicKey);
    await dialog.getByRole('button', { name: 'Import Key Pair' }).click();
    await expectToast(page, `Successfully imported key pair ${name}.`);
  },

  async select(page: Page, name: string) {
    await page.getByRole('checkbox', { name: `Select ${name}` }).check();
  },

  async waitForRow(page: Page, name: string) {
    await this.row(page, name).waitFor();
  },

  /**
   * Waits until no row of the table names `name`. Read from the DOM, not the accessibility tree: while the
   * delete dialog is still open (it closes once the list has been refetched), MUI hides the page behind it
   * from the tree, and a role query would find no row at once whatever the table still shows.
   */
  async expectNoRow(page: Page, name: string) {
    await expect.poll(() => this.names(page), { timeout: 30_000 }).not.toContain(name);
  },
};

/**
 * A call to the dashboard's own `/api/` from inside the page, with the
 * session cookie and the headers the browser app sends (AJAX, CSRF): what a
 * user could do from the console, to check the server enforces a rule the
 * UI only hides.
 */
export async function apiFromPage(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const csrf = document.cookie.split('; ').find((cookie) => cookie.startsWith('csrftoken='))?.slice('csrftoken='.length);
      const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest' };
      if (csrf) headers['X-CSRFToken'] = decodeURIComponent(csrf);
      if (body !== undefined) headers['Content-Type'] = 'application/json;charset=utf-8';
      const response = await fetch(path, { method, headers, credentials: 'same-origin', body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        // plain-text answers (e.g. DELETE users/current) stay text
      }
      return { status: response.status, body: parsed };
    },
    { method, path, body },
  );
}

/** A row of a resource table, found by the link its name renders as. */
function tableRow(page: Page, name: string) {
  return page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
}

export const flavors = {
  async open(page: Page, baseUrl: string) {
    await openPanel(page, baseUrl, '/admin/flavors');
    await page.getByRole('heading', { name: 'Flavors', level: 1 }).waitFor();
  },

  row: tableRow,

  /**
   * Goes through the Create Flavor workflow and waits for the success toast:
   * 'Flavor Information', then 'Flavor Access', where `projects` are moved to
   * 'Selected Projects', which makes the flavor private to them.
   */
  async create(page: Page, flavor: { name: string; vcpus: number; ram: number; disk: number; isPublic?: boolean; projects?: string[] }) {
    await page.getByRole('button', { name: 'Create Flavor' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Flavor' });
    await dialog.getByRole('textbox', { name: /^Name\b/ }).fill(flavor.name);
    await dialog.getByRole('spinbutton', { name: /^VCPUs\b/ }).fill(String(flavor.vcpus));
    await dialog.getByRole('spinbutton', { name: /^RAM \(MB\)/ }).fill(String(flavor.ram));
    await dialog.getByRole('spinbutton', { name: /^Root Disk \(GB\)/ }).fill(String(flavor.disk));
    if (flavor.isPublic === false) await dialog.getByRole('checkbox', { name: /^Public\b/ }).uncheck();
    // Step 2 of the workflow: Flavor Access.
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('region', { name: 'All Projects' }).waitFor();
    for (const project of flavor.projects ?? []) {
      await dialog.getByRole('region', { name: 'All Projects' }).getByRole('button', { name: `Allocate ${project}`, exact: true }).click();
      await dialog.getByRole('region', { name: 'Selected Projects' }).getByText(project, { exact: true }).waitFor();
    }
    await dialog.getByRole('button', { name: 'Create Flavor' }).click();
    await expectToast(page, `Created new flavor "${flavor.name}".`);
    await dialog.waitFor({ state: 'detached' });
  },

  /** Update Access from the row menu: moves projects in or out of 'Selected Projects', then saves. */
  async updateAccess(page: Page, name: string, change: { add?: string[]; remove?: string[] }) {
    await page.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Update Access' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update Access' });
    const selected = dialog.getByRole('region', { name: 'Selected Projects' });
    for (const project of change.remove ?? []) await selected.getByRole('button', { name: `Remove ${project}`, exact: true }).click();
    for (const project of change.add ?? []) await dialog.getByRole('region', { name: 'All Projects' }).getByRole('button', { name: `Allocate ${project}`, exact: true }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, `Modified access of flavor "${name}".`);
    await dialog.waitFor({ state: 'detached' });
  },

  async delete(page: Page, name: string) {
    await page.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Delete Flavor' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Delete Flavor' });
    await dialog.getByText(`You have selected "${name}". Deleted Flavor is not recoverable.`).waitFor();
    await dialog.getByRole('button', { name: 'Delete Flavor' }).click();
    await expectToast(page, `Deleted Flavor: ${name}.`);
  },
};

export const serverGroups = {
  async open(page: Page, baseUrl: string) {
    await openPanel(page, baseUrl, '/project/server_groups');
    await page.getByRole('heading', { name: 'Server Groups', level: 1 }).waitFor();
  },

  row: tableRow,

  /** The policies the create form offers, as their labels. */
  async create(page: Page, name: string, policy: string) {
    await page.getByRole('button', { name: 'Create Server Group' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Server Group' });
    await dialog.getByRole('textbox', { name: /^Name\b/ }).fill(name);
    await dialog.getByRole('combobox', { name: /^Policy\b/ }).click();
    await page.getByRole('option', { name: policy, exact: true }).click();
    await dialog.getByRole('button', { name: 'Create Server Group' }).click();
    await expectToast(page, `Server Group ${name} was successfully created.`);
    await dialog.waitFor({ state: 'detached' });
  },

  async policyChoices(page: Page): Promise<string[]> {
    await page.getByRole('button', { name: 'Create Server Group' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Server Group' });
    await dialog.getByRole('combobox', { name: /^Policy\b/ }).click();
    await page.getByRole('option').first().waitFor();
    const choices = (await page.getByRole('option').allTextContents()).filter((text) => text.trim() !== '');
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    return choices;
  },
};

/** What a person fills in an identity dialog: text boxes, secret fields and choices, by label. */
interface DialogFields {
  text?: Record<string, string>;
  secret?: Record<string, string>;
  choose?: Record<string, string>;
}

/** The Identity panels (spec 3 §2.4): list, create by form, row actions, delete. */
export const identity = {
  async open(page: Page, baseUrl: string, panel: 'domains' | 'projects' | 'users' | 'groups' | 'roles', heading: string) {
    await openPanel(page, baseUrl, `/identity/${panel}`);
    await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
  },

  /** A row by the name it shows (a link on domains and users, plain text elsewhere). */
  row(page: Page, name: string) {
    return page.getByRole('row').filter({ has: page.getByText(name, { exact: true }) });
  },

  /** Opens `button`'s dialog, fills text fields by label and choices by combobox label, submits with `submit`. */
  async fillAndSubmit(
    page: Page,
    dialogName: string,
    fields: DialogFields,
    submit: string,
    toast: string,
  ) {
    const dialog = page.getByRole('dialog', { name: dialogName });
    for (const [label, value] of Object.entries(fields.text ?? {})) await dialog.getByRole('textbox', { name: new RegExp(`^${label}`) }).fill(value);
    for (const [label, value] of Object.entries(fields.secret ?? {})) await dialog.getByLabel(new RegExp(`^${label}`)).fill(value);
    for (const [label, value] of Object.entries(fields.choose ?? {})) {
      await dialog.getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
      await page.getByRole('option', { name: value, exact: true }).click();
    }
    await dialog.getByRole('button', { name: submit }).click();
    await expectToast(page, toast);
    await dialog.waitFor({ state: 'detached' });
  },

  async create(page: Page, button: string, fields: DialogFields, toast: string) {
    await page.getByRole('button', { name: button, exact: true }).click();
    await identity.fillAndSubmit(page, button, fields, button, toast);
  },

  /** Create Project, a wizard: Project Information, then Project Members, where `members` are allocated with the default role. */
  async createProject(page: Page, fields: DialogFields, members: string[], toast: string) {
    await page.getByRole('button', { name: 'Create Project', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Project' });
    for (const [label, value] of Object.entries(fields.text ?? {})) await dialog.getByRole('textbox', { name: new RegExp(`^${label}`) }).fill(value);
    for (const [label, value] of Object.entries(fields.choose ?? {})) {
      await dialog.getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
      await page.getByRole('option', { name: value, exact: true }).click();
    }
    await dialog.getByRole('button', { name: 'Next' }).click();
    for (const member of members) await dialog.getByRole('region', { name: 'All Users' }).getByRole('button', { name: `Allocate ${member}`, exact: true }).click();
    await identity.fillAndSubmit(page, 'Create Project', {}, 'Create Project', toast);
  },

  async rowAction(page: Page, name: string, action: string) {
    await page.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: action }).click();
  },

  async delete(page: Page, name: string, kind: string) {
    await identity.rowAction(page, name, `Delete ${kind}`);
    const dialog = page.getByRole('dialog', { name: `Confirm Delete ${kind}` });
    await dialog.getByRole('button', { name: `Delete ${kind}` }).click();
    await expectToast(page, `Deleted ${kind}: ${name}.`);
    await dialog.waitFor({ state: 'detached' });
  },
};

/**
 * Runs a row action of an instance on the instances list (e.g. 'Shut Off
 * Instance'), confirming it when it asks (the confirm's button repeats the
 * action's name).
 */
export async function instanceRowAction(page: Page, instanceName: string, action: string): Promise<void> {
  await page.getByRole('button', { name: `Actions for ${instanceName}`, exact: true }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
  const confirm = page.getByRole('dialog', { name: `Confirm ${action}` });
  if (await confirm.isVisible().catch(() => false)) await confirm.getByRole('button', { name: action, exact: true }).click();
}

/** Waits until the instance's row shows `status` (e.g. 'Active', 'Shutoff') with no task running. */
export async function waitForInstanceStatus(page: Page, instanceName: string, status: string, timeout = 60_000): Promise<void> {
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: instanceName, exact: true }) });
  await row.getByRole('cell', { name: status, exact: true }).waitFor({ timeout });
  await row.getByRole('cell', { name: 'None', exact: true }).waitFor({ timeout });
}

/** Opens Retrieve Password of an instance, chooses the .pem file and returns the decrypted password. */
export async function retrievePassword(page: Page, instanceName: string, pemPath: string): Promise<string> {
  await instanceRowAction(page, instanceName, 'Retrieve Password');
  const dialog = page.getByRole('dialog', { name: 'Retrieve Instance Password' });
  await dialog.getByLabel('Private Key File').setInputFiles(pemPath);
  const decrypt = dialog.getByRole('button', { name: 'Decrypt Password' });
  await decrypt.click();
  // The button goes once the password shows ('Could not decrypt the password' leaves it).
  await decrypt.waitFor({ state: 'detached' });
  return dialog.getByRole('textbox', { name: 'Password', exact: true }).inputValue();
}

/** Moves the launch wizard to the step named `step` with Next, one step at a time. */
export async function nextUntil(wizard: Locator, step: string) {
  const group = wizard.getByRole('group', { name: step });
  for (let steps = 0; steps < 11 && !(await group.isVisible()); steps++) {
    const current = await wizard.getByRole('group').first().getAttribute('aria-label').catch(() => null);
    await wizard.getByRole('button', { name: 'Next' }).click();
    // The next step shows once the current one has gone.
    if (current) await wizard.getByRole('group', { name: current, exact: true }).waitFor({ state: 'hidden' });
  }
  await group.waitFor();
  return group;
}

/**
 * Makes the page see settings of a test's own: in the bootstrap block the
 * server writes into each page (issue 17) and in `/api/settings/` alike, as a
 * server configured so would give them. A page the server drew is sent
 * undrawn (the browser draws it with the test's settings).
 */
export async function overrideSettings(page: Page, overrides: Record<string, unknown>): Promise<void> {
  await page.route('**/api/settings/', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), ...overrides } });
  });
  await page.route(
    (url) => !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/assets/'),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.continue();
      const response = await route.fetch();
      // A page the server drew was drawn with its own settings: it goes as one the browser draws.
      const drawn = /<style data-emotion="[^"]*">[\s\S]*?<\/style><div id="root" inert>[\s\S]*<\/div>(\s*<script type="application\/json" id="bootstrap">)/;
      const html = (await response.text()).replace(drawn, '<div id="root"></div>$1').replace(/(<script type="application\/json" id="bootstrap">)(.*?)(<\/script>)/s, (_all, open: string, json: string, close: string) => {
        const bootstrap = JSON.parse(json) as { answers: Record<string, Record<string, unknown>>; hydration?: unknown };
        delete bootstrap.hydration;
        if (bootstrap.answers['/api/settings/']) bootstrap.answers['/api/settings/'] = { ...bootstrap.answers['/api/settings/'], ...overrides };
        return `${open}${JSON.stringify(bootstrap).replace(/</g, '\\u003c')}${close}`;
      });
      const headers = Object.fromEntries(Object.entries(response.headers()).filter(([name]) => !['content-encoding', 'content-length'].includes(name)));
      await route.fulfill({ status: response.status(), headers, body: html });
    },
  );
}

