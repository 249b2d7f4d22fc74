import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { createGzip, Gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BOOTSTRAP_ELEMENT_ID, type Bootstrap, type RenderedPage, type ServerEntry } from '../shared/bootstrap.js';
import { routeInProcess } from './openstack/in-process.js';
import { BoundedMap } from './bounded-map.js';
import { policyVerdicts } from './policy/enforce.js';

/**
 * The reads every page makes before its first call of its own: the session,
 * the catalog, the settings, the extensions that gate panels, the header,
 * and the user's projects (the switcher and the image owners). Answered here
 * and written into the HTML, the browser sends none of them (issue 17: the
 * first row waited on a serial chain of these calls).
 */
function pageReads(request: FastifyRequest): string[] {
  const userId = request.session!.userId;
  return [
    '/api/keystone/user-session/',
    '/api/keystone/svc-catalog/',
    '/api/settings/',
    '/api/neutron/extensions/',
    '/api/cinder/extensions/',
    '/header/',
    `/api/keystone/projects/?user_id=${encodeURIComponent(userId)}`,
  ];
}

/**
 * The JSON of the bootstrap block for a signed-in request: `answers` maps
 * each read's URL to the body our own route gave (each read goes through the
 * route itself, with the request's cookie, so it answers exactly as when the
 * browser asks), `policy` is the session's verdict of every rule the server
 * knows, with no target. When the app's server entry drew the page (a
 * panel's list), `hydration` is the state its render ended in, and the
 * markup goes with it; when it could not, `firstReads` holds the answers of
 * the page's own first reads (its list), made as the browser would. A read that
 * failed is left out: the browser asks for it and sees the failure as usual.
 * Null when there is no session, or the cloud no longer honours it (the
 * browser then goes to the login page).
 */
export async function pageBootstrap(app: FastifyInstance, request: FastifyRequest, entry?: () => Promise<ServerEntry | null>): Promise<PageParts | null> {
  if (!request.session) return null;
  const fetch = inProcessFetch(app, request.headers.cookie ?? '');
  const early = startEarlyReads(request, fetch);
  const reads = pageReads(request);
  const responses = await Promise.all(reads.map((url) => fetch(url)));
  if (responses[0].status !== 200) {
    early.discard();
    return null;
  }
  // JSON bodies are kept as the route wrote them (api-contract §1.8's 1e+999 stays Infinity); text becomes a JSON string.
  const bodies = await Promise.all(responses.map(async (response) => (response.status === 200 ? jsonText(response) : undefined)));
  const answers = reads.flatMap((url, index) => (bodies[index] === undefined ? [] : [[url, bodies[index]] as const]));
  const policy = policyVerdicts(request);
  const page = await renderPage(request, entry, { answers: Object.fromEntries(answers.map(([url, body]) => [url, JSON.parse(body)])), policy }, early.fetch);
  early.remember(page ? [...page.firstReads.keys()] : []);
  const base = `{"answers":${jsonObject(answers)},"policy":${JSON.stringify(policy)}`;
  // A drawn page hydrates from the server's query cache; one the browser draws takes the list's answer once.
  if (page?.html != null) return { json: `${base},"hydration":${JSON.stringify(page.hydration)}}`, markup: { html: page.html, styles: page.styles } };
  const firstReads = page?.firstReads.size ? `,"firstReads":${jsonObject([...page.firstReads])}` : '';
  return { json: `${base}${firstReads}}` };
}

/** What a signed-in page is sent with: the bootstrap's JSON, and the app's markup when the server drew it. */
interface PageParts {
  json: string;
  markup?: { html: string; styles: { ids: string[]; css: string } };
}

/** The page through the app's server entry; none without one, or when it fails (logged: the browser draws the page and asks). */
async function renderPage(request: FastifyRequest, entry: (() => Promise<ServerEntry | null>) | undefined, bootstrap: Bootstrap, fetch: typeof globalThis.fetch): Promise<RenderedPage | null> {
  try {
    const loaded = await entry?.();
    const page = loaded ? await loaded.renderPage(request.url, request.headers.cookie ?? '', bootstrap, fetch) : null;
    if (page?.html === null && page.error) request.log.error({ err: page.error }, 'the server render of the page failed');
    return page;
  } catch (error) {
    request.log.error({ err: error }, 'the server render of the page failed');
    return null;
  }
}

/**
 * The URLs of each page's first reads of its own (its list), as its last
 * render made them, by user, project and page: the next load of the page starts
 * them before the bootstrap reads, so that the cloud works on the list while
 * this server answers the rest (issue 17). Only the URL is reused: the
 * answers are made afresh, with the request's own cookie, and a render that
 * asks for another URL (a new page size, a filter) makes that read itself.
 */
/** Enough for a few hundred users' recent pages. */
const lastFirstReads = new BoundedMap<string, string[]>(2000);

/**
 * Starts the reads `request`'s page made first on its last load, and gives
 * the fetch the render uses: a read started early answers the render's first
 * ask of its URL. `remember` records the URLs this render read and lets go
 * of any early read it did not ask for; `discard` lets go of them all.
 */
function startEarlyReads(request: FastifyRequest, fetch: typeof globalThis.fetch) {
  const session = request.session!;
  const key = `${session.userId} ${session.projectId ?? ''} ${request.url}`;
  const started = new Map((lastFirstReads.get(key) ?? []).map((url) => [url, fetch(url)]));
  // One the render never asks for is left to finish; its failure has no one to tell.
  for (const read of started.values()) read.catch(() => undefined);
  const discard = () => {
    for (const read of started.values()) void read.then((response) => response.body?.cancel(), () => undefined);
    started.clear();
  };
  return {
    fetch: ((input, init) => {
      const read = (init?.method ?? 'GET') === 'GET' ? started.get(String(input)) : undefined;
      if (!read) return fetch(input, init);
      started.delete(String(input));
      return read;
    }) as typeof globalThis.fetch,
    remember(urls: string[]) {
      discard();
      if (urls.length) lastFirstReads.set(key, urls);
      else lastFirstReads.delete(key);
    },
    discard,
  };
}

/**
 * A fetch over our own routes, answered in process (`routeInProcess`, as the
 * built-in cloud answers the server's calls) with the request's cookie, for
 * the reads the server makes for a page. Reads only: the page's server side
 * never changes anything.
 */
function inProcessFetch(app: FastifyInstance, cookie: string): typeof globalThis.fetch {
  const dispatch = routeInProcess(app);
  return async (input, init) => {
    const method = init?.method ?? 'GET';
    if (method !== 'GET') throw new Error(`A page's server-side read may not ${method} ${String(input)}`);
    const headers = { 'x-requested-with': 'XMLHttpRequest', accept: 'application/json', ...(init?.headers as Record<string, string> | undefined), cookie };
    const response = await dispatch({ method: 'GET', url: String(input), headers });
    const answer = new Headers();
    for (const [name, value] of Object.entries(response.headers)) if (typeof value === 'string' || typeof value === 'number') answer.set(name, String(value));
    return new Response(response.statusCode === 204 ? null : response.body, { status: response.statusCode, headers: answer });
  };
}

async function jsonText(response: Response): Promise<string> {
  const text = await response.text();
  return (response.headers.get('content-type') ?? '').includes('json') ? text || 'null' : JSON.stringify(text);
}

/** A JSON object of raw JSON texts by key. */
function jsonObject(entries: readonly (readonly [string, string])[]): string {
  return `{${entries.map(([key, json]) => `${JSON.stringify(key)}:${json}`).join(',')}}`;
}

/**
 * The app's server entry under `staticDir` (`.ssr/server.js`, built with the
 * app), loaded once on first use; null when the build has none.
 */
export function serverEntryLoader(staticDir: string): () => Promise<ServerEntry | null> {
  const file = join(staticDir, '.ssr', 'server.js');
  let loading: Promise<ServerEntry | null> | undefined;
  return () => (loading ??= existsSync(file) ? (import(pathToFileURL(file).href) as Promise<ServerEntry>) : Promise.resolve(null));
}

/** The app's root element in index.html, where a page the server drew gets its markup. */
const ROOT = '<div id="root"></div>';

/**
 * Sends index.html with the bootstrap block at the end of its body, and the
 * app's markup in its root element when the server drew the page. The head
 * goes out at once, before the page's reads start; the app's scripts go last
 * (`scriptsMovedOut`, `appScripts`), and the app starts once the whole page
 * is there (app/main.tsx), so it finds the block. Gzipped when the browser
 * takes it (this route is no registered route, so the compress plugin does
 * not see it).
 */
export function sendPage(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, html: string, entry?: () => Promise<ServerEntry | null>): FastifyReply {
  const end = html.lastIndexOf('</body>');
  const [page, tail] = end < 0 ? [html, ''] : [html.slice(0, end), html.slice(end)];
  const root = page.indexOf(ROOT);
  const [top, body] = root < 0 ? [page, ''] : [page.slice(0, root), page.slice(root + ROOT.length)];
  const { head, scripts: late } = scriptsMovedOut(top);
  const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
  const stream = gzip ? createGzip() : new PassThrough();
  reply.header('Vary', 'Cookie, Accept-Encoding').type('text/html; charset=utf-8');
  if (gzip) reply.header('Content-Encoding', 'gzip');
  stream.write(head);
  // The page's reads start once the head is on its way. Answered in process (the built-in cloud), they hold the event
  // loop until the page is drawn, and gzip's flushed head, which comes back through it, went out with the whole page.
  const headSent = new Promise<void>((resolve) => (stream instanceof Gzip ? stream.flush(() => resolve()) : setImmediate(resolve)));
  const rootElement = root < 0 ? '' : ROOT;
  const wantsBootstrap = String(request.headers.accept ?? '').includes('text/html');
  headSent.then(() => (wantsBootstrap ? pageBootstrap(app, request, entry) : null)).then(
    (parts) => {
      const drawn = Boolean(parts?.markup && root >= 0);
      stream.end(`${drawn ? drawnRoot(parts!.markup!) : rootElement}${body}${bootstrapBlock(parts?.json ?? null)}${appScripts(late, drawn)}${tail}`);
    },
    (error: unknown) => {
      request.log.error({ err: error }, 'page bootstrap failed');
      stream.end(`${rootElement}${body}${appScripts(late, false)}${tail}`); // the app asks for what it needs itself
    },
  );
  return reply.send(stream);
}

/** The boot script the build adds to index.html (vite.config.ts, `bootScript`). */
const BOOT_SCRIPT = /<script\b[^>]*\bdata-boot\b[^>]*><\/script>/;
/** The app's entry script as the build writes it (`<script … type="module" crossorigin src="…">`). */
const ENTRY_SCRIPT = /<script\b(?![^>]*\bdata-boot\b)(?=[^>]*\btype="module")[^>]*\bsrc="([^"]+)"[^>]*><\/script>/;

/**
 * The app's scripts for the page. On a page the server drew, the entry is
 * preloaded (fetched and compiled beside the page) and the boot script
 * (app/boot.js) starts it once the page has been painted: run as soon as it
 * arrived, its evaluation held the drawn rows' first paint back by 50-100 ms
 * (issue 17). A page the browser draws has nothing to paint first: its entry
 * runs as it arrives, without the boot script.
 */
function appScripts(scripts: string, drawn: boolean): string {
  if (!drawn || !BOOT_SCRIPT.test(scripts)) return scripts.replace(BOOT_SCRIPT, '');
  return scripts.replace(ENTRY_SCRIPT, (_script, src: string) => `<link rel="modulepreload" crossorigin href="${src}" data-app-entry>`);
}

/** The app's script and module preloads in the page's head (as the build writes them). */
const SCRIPT_TAGS = /\s*<script\b[^>]*\bsrc=[^>]*><\/script>|\s*<link rel="modulepreload"[^>]*>/g;

/**
 * The head without the app's scripts, and those scripts, which go at the end
 * of the page. A page the server draws needs none of them for its first
 * rows, and fetched and compiled while the server is still reading and
 * drawing they took the CPU from that work: on the 2-core machine, with the
 * scripts last, the five pages' first rows came in 0.22-0.43 of Horizon's
 * time instead of 0.31-0.60 (bench/README.md). An undrawn page starts them
 * once its bootstrap is written, a few milliseconds later.
 */
function scriptsMovedOut(head: string): { head: string; scripts: string } {
  const scripts = head.match(SCRIPT_TAGS) ?? [];
  return { head: head.replace(SCRIPT_TAGS, ''), scripts: scripts.join('') };
}

/**
 * The root element with the server's markup, after the emotion rules it
 * uses (emotion's browser cache takes `data-emotion` tags as its own). Inert
 * until the app has hydrated it (app/main.tsx): a click on a button that
 * does nothing yet is not taken, and Playwright waits.
 */
function drawnRoot({ html, styles }: NonNullable<PageParts['markup']>): string {
  const css = styles.css.replace(/<\/style/gi, '<\\/style');
  return `<style data-emotion="css ${styles.ids.join(' ')}">${css}</style><div id="root" inert>${html}</div>`;
}

/**
 * The bootstrap as a JSON data block. `<` is escaped (valid inside JSON
 * strings, and JSON has none outside them), so a name such as
 * `</script><script>…` stays text.
 */
function bootstrapBlock(bootstrap: string | null): string {
  return bootstrap === null ? '' : `<script type="application/json" id="${BOOTSTRAP_ELEMENT_ID}">${bootstrap.replace(/</g, '\\u003c')}</script>\n  `;
}
