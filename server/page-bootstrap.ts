import { PassThrough } from 'node:stream';
import { createGzip, Gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BOOTSTRAP_ELEMENT_ID } from '../shared/bootstrap.js';
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
 * browser asks), and `policy` is the session's verdict of every rule the
 * server knows, with no target. A read that failed is left out: the browser
 * asks for it and sees the failure as usual. Null when there is no session,
 * or the cloud no longer honours it (the browser then goes to the login page).
 */
export async function pageBootstrap(app: FastifyInstance, request: FastifyRequest): Promise<string | null> {
  if (!request.session) return null;
  const headers = { cookie: request.headers.cookie ?? '', 'x-requested-with': 'XMLHttpRequest', accept: 'application/json' };
  const reads = pageReads(request);
  const responses = await Promise.all(reads.map((url) => app.inject({ method: 'GET', url, headers })));
  if (responses[0].statusCode !== 200) return null;
  const answers = reads.flatMap((url, index) => {
    const response = responses[index];
    if (response.statusCode !== 200) return [];
    // JSON bodies are kept as the route wrote them (api-contract §1.8's 1e+999 stays Infinity); text becomes a JSON string.
    const json = String(response.headers['content-type'] ?? '').includes('json') ? response.body : JSON.stringify(response.body);
    return [`${JSON.stringify(url)}:${json || 'null'}`];
  });
  return `{"answers":{${answers.join(',')}},"policy":${JSON.stringify(policyVerdicts(request))}}`;
}

/**
 * Sends index.html with the bootstrap block at the end of its body. The
 * head goes out at once, so the browser fetches the app's scripts while the
 * server reads the bootstrap; module scripts run only once the whole page is
 * there, so the app finds the block. Gzipped when the browser takes it (this
 * route is no registered route, so the compress plugin does not see it).
 */
export function sendPage(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, html: string): FastifyReply {
  const end = html.lastIndexOf('</body>');
  const [head, tail] = end < 0 ? [html, ''] : [html.slice(0, end), html.slice(end)];
  const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
  const body = gzip ? createGzip() : new PassThrough();
  reply.header('Vary', 'Cookie, Accept-Encoding').type('text/html; charset=utf-8');
  if (gzip) reply.header('Content-Encoding', 'gzip');
  body.write(head);
  if (body instanceof Gzip) body.flush();
  const wantsBootstrap = String(request.headers.accept ?? '').includes('text/html');
  (wantsBootstrap ? pageBootstrap(app, request) : Promise.resolve(null)).then(
    (bootstrap) => body.end(`${bootstrapBlock(bootstrap)}${tail}`),
    (error: unknown) => {
      request.log.error({ err: error }, 'page bootstrap failed');
      body.end(tail); // the app asks for what it needs itself
    },
  );
  return reply.send(body);
}

/**
 * The bootstrap as a JSON data block. `<` is escaped (valid inside JSON
 * strings, and JSON has none outside them), so a name such as
 * `</script><script>…` stays text.
 */
function bootstrapBlock(bootstrap: string | null): string {
  return bootstrap === null ? '' : `<script type="application/json" id="${BOOTSTRAP_ELEMENT_ID}">${bootstrap.replace(/</g, '\\u003c')}</script>\n  `;
}
