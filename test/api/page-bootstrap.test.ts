import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bootstrap } from '../../shared/bootstrap.js';
import { ApiClient } from '../support/api-client.js';
import { startTestCloud, type TestCloud } from '../support/cloud.js';
import { makeSshPublicKey } from '../support/builders.js';
import { createProjectMember, memberClient } from '../support/members.js';

let cloud: TestCloud;
let staticDir: string;

/** A built app's page, enough for the server to serve it with the bootstrap. */
const INDEX_HTML =
  '<!doctype html><html><head><title>t</title><script type="module" src="/assets/index.js"></script><script type="module" async src="/assets/boot-1.js" data-boot></script></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'page-bootstrap-'));
  writeFileSync(join(staticDir, 'index.html'), INDEX_HTML);
  // As the build writes them (vite.config.ts, precompress): each asset and its .br beside it.
  mkdirSync(join(staticDir, 'assets'));
  writeFileSync(join(staticDir, 'assets', 'index.js'), ASSET);
  writeFileSync(join(staticDir, 'assets', 'index.js.br'), ASSET_BR);
  // The app's server entry, as the build writes it (vite.config.ts, SSR_OUT_DIR): a stand-in that draws a fixed page.
  mkdirSync(join(staticDir, '.ssr'));
  writeFileSync(join(staticDir, '.ssr', 'server.js'), SERVER_ENTRY);
  cloud = await startTestCloud({ staticDir });
});
afterAll(async () => {
  await cloud.close();
  rmSync(staticDir, { recursive: true, force: true });
});

/** Draws every page as one paragraph, with a rule and a query; a path with `render-fails` throws, one with `draw-fails` has only the list's answer. */
const SERVER_ENTRY = `
export async function renderPage(path, cookies, bootstrap, fetch) {
  if (path.includes('render-fails')) throw new Error('the render broke');
  if (path.includes('reads-list')) {
    const list = await (await fetch('/api/nova/keypairs/')).text();
    const names = JSON.parse(list).items.map((pair) => pair.keypair.name).join(' ');
    return { firstReads: new Map([['/api/nova/keypairs/', list]]), html: '<p>keys: ' + names + '</p>', styles: { ids: [], css: '' }, hydration: { queries: {}, loaderData: {} } };
  }
  if (path.includes('draw-fails')) return { firstReads: new Map([['/api/nova/keypairs/', '{"items":[{"name":"k1"}]}']]), html: null, error: new Error('the drawing broke') };
  return {
    firstReads: new Map(),
    html: '<p class="css-a1">drawn for ' + bootstrap.answers['/api/keystone/user-session/'].username.replace(/&/g, '&amp;').replace(/</g, '&lt;') + '</p>',
    styles: { ids: ['a1'], css: '.css-a1{color:red;}' },
    hydration: { queries: { mutations: [], queries: [{ queryHash: '["drawn"]' }] }, loaderData: { 0: null } },
  };
}
`;

const ASSET = `export const text = ${JSON.stringify('a script long enough to be worth compressing '.repeat(100))};\n`;

/** At brotli's best quality, as the build writes it: compressed per request (at a quick quality) the bytes differ. */
const ASSET_BR = brotliCompressSync(ASSET);

/** The raw answer to a GET (no decompression), with the headers given. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/** A page as the browser asks for it, with the client's cookies. */
async function page(client: ApiClient, path = '/project/images'): Promise<string> {
  const response = await client.request('GET', path, undefined, { ajax: false, headers: { Accept: 'text/html,application/xhtml+xml' } });
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toContain('private');
  return response.body as string;
}

function bootstrapOf(html: string): Bootstrap | null {
  const match = /<script type="application\/json" id="bootstrap">([^<]*)<\/script>/.exec(html);
  return match ? (JSON.parse(match[1]) as Bootstrap) : null;
}

describe('the page served to a signed-in user carries what every page reads first', () => {
  it('holds the answers the session, catalog, settings and my projects routes give, and not the session cookie', async () => {
    const demo = await ApiClient.loggedIn(cloud, 'demo');
    const html = await page(demo);
    const bootstrap = bootstrapOf(html)!;
    expect(bootstrap).not.toBeNull();
    const session = (await demo.get('/api/keystone/user-session/')).body;
    for (const url of ['/api/keystone/user-session/', '/api/keystone/svc-catalog/', '/api/settings/', '/api/neutron/extensions/', `/api/keystone/projects/?user_id=${session.id}`]) {
      expect(bootstrap.answers[url], url).toEqual((await demo.get(url)).body);
    }
    expect(html).not.toContain(demo.cookies.get('sessionid'));
  });

  it("gives the verdicts /api/policy/ gives for each rule without a target: demo's and admin's", async () => {
    for (const persona of ['demo', 'admin'] as const) {
      const client = await ApiClient.loggedIn(cloud, persona);
      const { policy } = bootstrapOf(await page(client))!;
      const checks = Object.entries(policy).flatMap(([scope, verdicts]) => Object.keys(verdicts.rules).map((rule) => ({ rules: [[scope, rule]] })));
      checks.push({ rules: [['identity', 'identity:no_such_rule']] });
      const answer = await client.post('/api/policy/', { checks });
      expect(answer.status).toBe(200);
      const verdicts = Object.values(policy).flatMap((scope) => Object.values(scope.rules));
      expect([...verdicts, policy.identity.otherwise], persona).toEqual(answer.body.allowed);
    }
    const demo = await ApiClient.loggedIn(cloud, 'demo');
    expect(bootstrapOf(await page(demo))!.policy.identity.rules['identity:list_users']).toBe(false);
  });

  it('keeps a name with HTML as text: no tag ends the block early', async () => {
    const member = await createProjectMember(cloud.baseUrl, cloud.passwords.admin, '</script><img src=x onerror=alert(1)>');
    try {
      const client = await memberClient(cloud, member);
      const html = await page(client);
      const bootstrap = bootstrapOf(html)!;
      const session = bootstrap.answers['/api/keystone/user-session/'] as { project_name: string };
      expect(session.project_name).toContain('</script><img src=x onerror=alert(1)>');
      expect(html).not.toContain('<img');
    } finally {
      await member.remove();
    }
  });

  it('carries nothing for a visitor who is not signed in, nor in a non-page answer', async () => {
    expect(bootstrapOf(await page(new ApiClient(cloud)))).toBeNull();
    const demo = await ApiClient.loggedIn(cloud, 'demo');
    const icon = await demo.request('GET', '/favicon.ico', undefined, { ajax: false, headers: { Accept: 'image/*' } });
    expect(bootstrapOf(String(icon.body))).toBeNull();
  });
});

describe('a page the server draws', () => {
  it("comes with the app's markup in its root, inert until the app hydrates it, after the rules it uses, and the bootstrap holds the render's state", async () => {
    const html = await page(await ApiClient.loggedIn(cloud, 'demo'));
    expect(html).toContain('<style data-emotion="css a1">.css-a1{color:red;}</style><div id="root" inert><p class="css-a1">drawn for demo</p></div>');
    const bootstrap = bootstrapOf(html)!;
    expect(bootstrap.hydration).toEqual({ queries: { mutations: [], queries: [{ queryHash: '["drawn"]' }] }, loaderData: { 0: null } });
    expect(bootstrap.firstReads).toBeUndefined();
  });

  it("sends the app's script after the drawn rows and the bootstrap, not in the head, preloaded and started by the boot script once the rows are painted", async () => {
    const html = await page(await ApiClient.loggedIn(cloud, 'demo'));
    const preload = html.indexOf('<link rel="modulepreload" crossorigin href="/assets/index.js" data-app-entry>');
    const boot = html.indexOf('<script type="module" async src="/assets/boot-1.js" data-boot></script>');
    expect(html.slice(0, html.indexOf('</head>'))).not.toContain('/assets/index.js');
    expect(html).not.toContain('<script type="module" src="/assets/index.js">');
    expect(preload).toBeGreaterThan(html.indexOf('drawn for demo'));
    expect(preload).toBeGreaterThan(html.indexOf('id="bootstrap"'));
    expect(boot).toBeGreaterThan(preload);
    expect(boot).toBeLessThan(html.indexOf('</body>'));
  });

  it("runs the app's script as it arrives on a page the browser draws, without the boot script: there is no drawn page to paint first", async () => {
    for (const client of [await ApiClient.loggedIn(cloud, 'demo'), new ApiClient(cloud)]) {
      const html = await page(client, '/project/render-fails');
      expect(html.indexOf('<script type="module" src="/assets/index.js"></script>')).toBeGreaterThan(html.indexOf('<div id="root"></div>'));
      expect(html).not.toContain('boot-1.js');
    }
  });

  it("reads the page's list afresh on every load, its answer as the cloud gives it at that moment", async () => {
    const demo = await ApiClient.loggedIn(cloud, 'demo');
    const name = `page-read-${Date.now()}`;
    expect(await page(demo, '/project/reads-list')).not.toContain(name);
    expect((await demo.post('/api/nova/keypairs/', { name, key_type: 'ssh', public_key: makeSshPublicKey() })).status).toBe(201);
    try {
      expect(await page(demo, '/project/reads-list')).toContain(name);
    } finally {
      await demo.delete(`/api/nova/keypairs/${name}`);
    }
    expect(await page(demo, '/project/reads-list')).not.toContain(name);
  });

  it('is sent as the browser draws it, bootstrap and all, when the render fails', async () => {
    const html = await page(await ApiClient.loggedIn(cloud, 'demo'), '/project/render-fails');
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('drawn for');
    expect(bootstrapOf(html)!.answers['/api/settings/']).toBeDefined();
  });

  it("is sent undrawn with the list's answer for the page's first read when the drawing fails", async () => {
    const html = await page(await ApiClient.loggedIn(cloud, 'demo'), '/project/draw-fails');
    expect(html).toContain('<div id="root"></div>');
    const bootstrap = bootstrapOf(html)!;
    expect(bootstrap.firstReads).toEqual({ '/api/nova/keypairs/': { items: [{ name: 'k1' }] } });
    expect(bootstrap.hydration).toBeUndefined();
  });

  it('is not drawn for a visitor who is not signed in: the browser shows the login page', async () => {
    const html = await page(new ApiClient(cloud));
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('drawn for');
  });
});

describe("the app's scripts", () => {
  it('are sent as the build compressed them, brotli to a browser that takes it, plain otherwise, and cached for good', async () => {
    const brotli = await rawGet(`${cloud.baseUrl}/assets/index.js`, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['cache-control']).toContain('immutable');
    expect(brotli.body.equals(ASSET_BR)).toBe(true);
    expect(brotliDecompressSync(brotli.body).toString()).toBe(ASSET);
    const plain = await rawGet(`${cloud.baseUrl}/assets/index.js`, { 'Accept-Encoding': 'identity' });
    expect(plain.headers['content-encoding'] ?? 'identity').toBe('identity');
    expect(plain.body.toString()).toBe(ASSET);
  });
});
