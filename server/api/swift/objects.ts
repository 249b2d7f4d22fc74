import { type Readable, Writable } from 'node:stream';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ContainerCopy } from '../../../shared/generated/container.js';
import type { BffContext } from '../../context.js';
import { ApiError } from '../../errors.js';
import { boundaryOf, readMultipart } from '../glance/multipart.js';
import { conflict, headOrNull, objectPath, swift, TRANSFER_TIMEOUT_MS } from './native.js';
import { objectSink } from './object-sink.js';
import { deleteSegments, sloSegments } from './segments.js';

/** `/api/swift/containers/{c}/objects/`, `…/object/{o}`, `…/metadata/{o}`, `…/copy/{o}` (api-contract §9). */

interface NativeEntry {
  name?: string;
  subdir?: string;
  bytes?: number;
  content_type?: string;
  last_modified?: string;
}

/** The folder-relative name: the last segment (a folder keeps none of its trailing slash). */
function leafName(path: string): string {
  const trimmed = path.endsWith('/') ? path.slice(0, -1) : path;
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
}

export function shapeEntry(entry: NativeEntry) {
  if (entry.subdir !== undefined) {
    return { path: entry.subdir, name: leafName(entry.subdir), bytes: 0, is_subdir: true, is_object: false, content_type: 'application/pseudo-folder' };
  }
  return { path: entry.name!, name: leafName(entry.name!), bytes: entry.bytes ?? 0, is_subdir: false, is_object: true, content_type: entry.content_type ?? null, last_modified: entry.last_modified ?? null };
}

/**
 * The container and object of `/api/swift/containers/{c}/{kind}/{o}`, read
 * from the raw URL: the browser encodes the object with encodeURIComponent and
 * turns %2F back into '/', so each part is decoded once, keeping a trailing '/'.
 */
function target(request: FastifyRequest): { container: string; object: string } {
  const match = /^\/api\/swift\/containers\/([^/]+)\/(?:object|metadata|copy)\/(.+)$/.exec(request.url.split('?')[0]!);
  if (!match) throw new ApiError(400, 'Invalid request: the object name is missing.');
  try {
    return { container: decodeURIComponent(match[1]!), object: decodeURIComponent(match[2]!) };
  } catch {
    throw new ApiError(400, 'Invalid request: the object name is not valid percent-encoding.');
  }
}

/** Content-Disposition of a download: the last path segment without commas, the original extension added when the name has none. */
export function downloadFilename(object: string, originalName: string | null): string {
  let name = leafName(object).replace(/,/g, '');
  const extension = originalName && /\.[^./]+$/.exec(originalName)?.[0];
  if (!/\.[^./]+$/.test(name) && extension) name += extension;
  return name;
}

function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

const discard = () => new Writable({ write: (_chunk, _encoding, done) => done() });

const COPY = { $ref: 'container.schema.json#/$defs/copy' };

/** Files above this many bytes are stored as Static Large Objects in segments of this size (setting SWIFT_SEGMENT_SIZE, default 1 GiB). */
export function segmentBytes(settings: Record<string, unknown>): number {
  const value = Number(settings.SWIFT_SEGMENT_SIZE);
  return Number.isFinite(value) && value >= 1 ? Math.floor(value) : 1024 ** 3;
}

export const objectRoutes: FastifyPluginAsync<BffContext> = async (app, { access, settings }) => {
  // Uploads stay streams: the file part is piped to Swift as it arrives.
  app.addContentTypeParser('multipart/form-data', (_request, payload, done) => done(null, payload));

  app.get<{ Params: { container: string }; Querystring: { path?: string; marker?: string; limit?: string } }>(
    '/api/swift/containers/:container/objects/',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: { path: { type: 'string', maxLength: 1024 }, marker: { type: 'string', maxLength: 1024 }, limit: { type: 'string', pattern: '^(1000|[1-9][0-9]{0,2})$' } },
        },
      },
    },
    async (request) => {
      const client = await access.client(request);
      const prefix = request.query.path || undefined;
      const limit = Number(request.query.limit ?? 1000);
      const response = await swift<NativeEntry[]>(client, 'GET', objectPath(request.params.container), {
        query: { format: 'json', prefix, delimiter: '/', limit: limit + 1, marker: request.query.marker || undefined },
      });
      const entries = response.body ?? [];
      const page = entries.slice(0, limit);
      const last = page.at(-1);
      return {
        items: page.filter((entry) => entry.name === undefined || entry.name !== prefix).map(shapeEntry),
        has_more: entries.length > limit,
        next_marker: entries.length > limit && last ? (last.subdir ?? last.name) : null,
      };
    },
  );

  // Upload a file, or create a folder when the name ends with '/'. Not AJAX-wrapped (a form post); CSRF enforced.
  app.post('/api/swift/containers/:container/object/*', { config: { notAjax: true } }, async (request, reply) => {
    const source = request.body as Readable | undefined;
    const { container, object } = target(request);
    const client = await access.client(request);
    const location = `/api/swift/containers/${encodeURIComponent(container)}/object/${object.split('/').map(encodeURIComponent).join('/')}`;
    if (object.endsWith('/')) {
      source?.resume?.();
      if (await headOrNull(client, objectPath(container, object))) throw conflict('A pseudo-folder with that name exists.');
      await swift(client, 'PUT', objectPath(container, object), { headers: { 'Content-Length': '0' }, stream: (async function* () {})() });
      return reply.code(201).header('Location', location).send();
    }
    if (!source || !String(request.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/form-data')) {
      source?.resume?.();
      throw new ApiError(400, 'Invalid request: the upload must be a multipart form with a field "file".');
    }
    if (await headOrNull(client, objectPath(container, `${object}/`))) {
      source.resume();
      throw conflict('A pseudo-folder with that name exists.');
    }
    // An edit replaces the object: the segments of the one it replaces are deleted once the new one stands.
    const replacedSegments = await sloSegments(client, container, object);
    let upload: Promise<string[]> | null = null;
    let uploadError: unknown = null;
    let pipe: Writable | null = null;
    const declared = Number(request.headers['content-length']);
    try {
      await readMultipart(source, boundaryOf(request.headers['content-type']), {
        field: () => undefined,
        file: (name, filename, contentType) => {
          if (name !== 'file' || upload) return discard();
          const target = objectSink({
            client,
            container,
            object,
            filename,
            contentType,
            expectedBytes: Number.isFinite(declared) && declared > 0 ? declared : undefined,
            segmentBytes: segmentBytes(settings),
          });
          pipe = target.sink;
          upload = target.done;
          target.done.catch((error: unknown) => (uploadError = error));
          return target.sink;
        },
      });
    } catch (error) {
      // The browser went away or sent a broken form: the half-sent object is abandoned upstream (Swift keeps nothing of it).
      (pipe as Writable | null)?.destroy(error as Error);
      source.resume();
      throw uploadError ?? error;
    }
    if (!upload) throw new ApiError(400, 'Invalid request: the form has no file field "file".');
    const used = new Set(await (upload as Promise<string[]>));
    await deleteSegments(client, replacedSegments.filter((path) => !used.has(path)));
    return reply.code(201).header('Location', location).send();
  });

  app.delete('/api/swift/containers/:container/object/*', async (request, reply) => {
    const { container, object } = target(request);
    const client = await access.client(request);
    if (object.endsWith('/')) {
      const listed = await swift<unknown[]>(client, 'GET', objectPath(container), { query: { format: 'json', prefix: object, delimiter: '/', limit: 2 } });
      if ((listed.body ?? []).length > 1) throw conflict('The pseudo folder cannot be deleted since it is not empty.');
    }
    // An object uploaded in segments goes with its segments. Swift refuses that query on any other object
    // (200 'Not an SLO manifest', nothing deleted), so the object is asked first.
    const large = !object.endsWith('/') && (await headOrNull(client, objectPath(container, object)))?.get('x-static-large-object') === 'True';
    await swift(client, 'DELETE', objectPath(container, object), { query: large ? { 'multipart-manifest': 'delete' } : undefined });
    return reply.code(204).send();
  });

  // Download by plain navigation: streamed from Swift as it comes, never held whole.
  // Not compressed: object bytes pass as they come, with Swift's Content-Length.
  app.get('/api/swift/containers/:container/object/*', { config: { notAjax: true }, compress: false }, async (request, reply) => {
    const { container, object } = target(request);
    const client = await access.client(request);
    const response = await swift<Readable>(client, 'GET', objectPath(container, object), { answer: 'stream', timeoutMs: TRANSFER_TIMEOUT_MS });
    const original = response.headers.get('x-object-meta-orig-filename');
    let originalName: string | null = null;
    try {
      originalName = original ? decodeURIComponent(original) : null;
    } catch {
      originalName = original;
    }
    reply.raw.once('close', () => response.body.destroy());
    reply
      .code(200)
      .header('Content-Type', 'application/octet-stream')
      .header('Content-Disposition', contentDisposition(downloadFilename(object, originalName)));
    const length = response.headers.get('content-length');
    if (length) reply.header('Content-Length', length);
    return reply.send(response.body);
  });

  app.get('/api/swift/containers/:container/metadata/*', async (request) => {
    const { container, object } = target(request);
    const client = await access.client(request);
    const headers = (await swift(client, 'HEAD', objectPath(container, object))).headers;
    const timestamp = headers.get('x-timestamp');
    return {
      name: object,
      bytes: headers.get('content-length'),
      content_type: headers.get('content-type'),
      etag: headers.get('etag'),
      timestamp: timestamp ? new Date(Number(timestamp) * 1000).toISOString().replace(/Z$/, '') : null,
    };
  });

  app.post<{ Body: ContainerCopy }>('/api/swift/containers/:container/copy/*', { schema: { body: COPY } }, async (request, reply) => {
    const { container, object } = target(request);
    const { dest_container: destContainer, dest_name: destName } = request.body;
    const client = await access.client(request);
    if (await headOrNull(client, objectPath(destContainer, destName))) throw conflict('An object with that name exists.');
    await swift(client, 'PUT', objectPath(destContainer, destName), {
      headers: { 'X-Copy-From': objectPath(container, object), 'Content-Length': '0' },
      stream: (async function* () {})(),
    });
    return reply.code(201).header('Location', `/api/swift/containers/${encodeURIComponent(destContainer)}/object/${destName.split('/').map(encodeURIComponent).join('/')}`).send();
  });
};


