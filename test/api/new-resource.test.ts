import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../src/backend/contract';
import type { AnyResourceDescriptor } from '../../src/descriptor';
import type { ApiClient } from '../support/api-client.js';
import type { TestCloud } from '../support/cloud.js';

/**
 * `npm run new:resource` run into a temporary copy of the repository: the
 * new resource is registered in the browser, and the browser's own data path
 * (its data provider over the engine's HTTP helper) lists, creates and
 * deletes it through the server's new route against the emulator's new model.
 * Api-level: the copy is imported in-process, without building or a browser.
 * Emulator only: a real Neutron has no gadgets (npm run test:realcloud skips it).
 */
const onEmulator = !process.env.OS_AUTH_URL;

const ROOT = join(import.meta.dirname, '..', '..');
const COPIED = ['app', 'src', 'shared', 'schemas', 'resources', 'dataProviders', 'custom', 'server', 'backup', 'emulator', 'test', 'scripts', 'package.json', 'tsconfig.json'];

let copy: string;
let cloud: TestCloud;
let backend: Backend;
let written: string;

beforeAll(async () => {
  if (!onEmulator) return;
  copy = mkdtempSync(join(tmpdir(), 'new-resource-'));
  for (const entry of COPIED) cpSync(join(ROOT, entry), join(copy, entry), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
  written = execFileSync(process.execPath, ['--import', 'tsx', join(copy, 'scripts', 'new-resource.ts'), 'gadget', '--service', 'neutron'], { cwd: copy, encoding: 'utf8' });

  // The copy's own server, emulator, HTTP helper and data providers, with the generated files in them.
  // A cloud of the copy's own: the api layer's shared one runs this repository's code, without the gadget.
  const { startOwnCloud } = (await import(join(copy, 'test/support/cloud.ts'))) as typeof import('../support/cloud.js');
  const { ApiClient: CopyApiClient } = (await import(join(copy, 'test/support/api-client.ts'))) as typeof import('../support/api-client.js');
  const { createHttpClient } = (await import(join(copy, 'src/backend/http.ts'))) as typeof import('../../src/backend/http');
  const { createBackend } = (await import(join(copy, 'dataProviders/index.ts'))) as typeof import('../../dataProviders/index');
  cloud = await startOwnCloud();
  const session: ApiClient = await CopyApiClient.loggedIn(cloud, 'demo');
  const cookies = () => session.cookieHeader();
  const http = createHttpClient({
    notify: { error() {}, add() {} },
    onUnauthorized() {},
    readCookies: cookies,
    fetch: (path, init) => fetch(`${cloud.baseUrl}${String(path)}`, { ...init, headers: { ...(init?.headers as Record<string, string>), Cookie: cookies() } }),
  });
  const { resources } = (await import(join(copy, 'resources/index.ts'))) as { resources: AnyResourceDescriptor[] };
  backend = createBackend(http, (resource) => resources.find((each) => each.name === resource)?.service);
}, 180_000);

afterAll(async () => {
  await cloud?.close();
  if (copy) rmSync(copy, { recursive: true, force: true });
}, 60_000);

describe.runIf(onEmulator)('npm run new:resource -- gadget --service neutron', () => {
  it('writes every layer and registers it: descriptor, provider entry, /api route, emulator routes and migration', async () => {
    expect(written).toContain('schemas/gadget.schema.json');
    const { resources } = (await import(join(copy, 'resources/index.ts'))) as { resources: AnyResourceDescriptor[] };
    expect(resources.find((each) => each.name === 'gadget')).toMatchObject({ service: 'neutron', panel: { path: '/project/gadgets' } });
    expect(readFileSync(join(copy, 'server/api/neutron/gadgets.ts'), 'utf8')).toContain("$ref: 'gadget.schema.json#/$defs/create'");
    expect(readFileSync(join(copy, 'shared/generated/gadget.ts'), 'utf8')).toContain('export interface GadgetEntity');
    for (const file of ['dataProviders/neutron.ts', 'server/api/neutron/index.ts', 'emulator/network/routes.ts', 'emulator/network/models/migrations.ts']) {
      expect(readFileSync(join(copy, file), 'utf8'), file).toMatch(/gadget/i);
    }
  });

  it('lists, creates and deletes a gadget through its data provider, the server and the emulator', async () => {
    const name = `gadget-${Date.now().toString(36)}`;
    const list = async () => (await backend.dataProvider.getList('gadget', { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' }, filter: {} })).data;
    expect(await list()).toEqual([]);
    const { data: created } = await backend.dataProvider.create('gadget', { data: { name, description: 'from the generator test' } });
    expect(created).toMatchObject({ name, description: 'from the generator test' });
    expect((await list()).map((each) => each.name)).toEqual([name]);
    await backend.dataProvider.delete('gadget', { id: created.id, previousData: created });
    expect(await list()).toEqual([]);
  });

  it('refuses a gadget without a name with a 400 that names the field', async () => {
    await expect(backend.dataProvider.create('gadget', { data: { description: 'nameless' } })).rejects.toMatchObject({ status: 400, body: expect.stringContaining('name') });
  });
});
