import { PassThrough, Readable, Writable } from 'node:stream';
import type { CloudClient } from '../../openstack/client.js';
import type { UpstreamResponse } from '../../openstack/http.js';
import { objectPath, swift, TRANSFER_TIMEOUT_MS } from './native.js';

/**
 * Where an uploaded file's bytes go as they arrive (issue 18: objects above
 * a configurable size are uploaded as a Static Large Object, transparently).
 *
 * - Up to `segmentBytes` (or when the request says it is no larger): one
 *   chunked `PUT /{c}/{o}`.
 * - Larger: the bytes are cut into segments of `segmentBytes`, each a chunked
 *   PUT to `{c}_segments/{o}/slo/{timestamp}/{segmentBytes}/{index}` (the
 *   layout of python-swiftclient's `--use-slo`), then the manifest
 *   `PUT /{c}/{o}?multipart-manifest=put` lists them with their ETag and size.
 *   A GET of the object then returns the whole file.
 *
 * Backpressure all the way: a write waits until the segment's upstream
 * request has taken the bytes, so memory holds a few chunks, never a segment.
 * `done` settles once the object (or its manifest) is stored, with the
 * paths (`/{container}/{name}`) of the segments it uses; on failure the
 * segments written so far are deleted (best effort).
 */
export interface ObjectSink {
  sink: Writable;
  done: Promise<string[]>;
}

export interface SinkTarget {
  client: CloudClient;
  container: string;
  object: string;
  /** The uploaded file's own name, kept as X-Object-Meta-Orig-Filename (api-contract §9). */
  filename: string;
  /** The file part's Content-Type as the browser sent it (none, or application/octet-stream, when it does not know). */
  contentType?: string;
  /** The request's Content-Length, an upper bound of the file's size; undefined when chunked. */
  expectedBytes?: number;
  segmentBytes: number;
}

/** python-swiftclient's segment container name. */
export const segmentContainer = (container: string) => `${container}_segments`;

/**
 * The object's headers. A type the browser knows is kept; otherwise no
 * Content-Type is sent, and Swift guesses one from the object name (its
 * proxy for a plain PUT, its SLO middleware for a manifest), as it does for
 * Horizon's uploads.
 */
function objectHeaders(filename: string, contentType: string | undefined): Record<string, string> {
  const headers: Record<string, string> = { 'X-Object-Meta-Orig-Filename': encodeURIComponent(filename) };
  if (contentType && !/^application\/octet-stream\b/i.test(contentType)) headers['Content-Type'] = contentType;
  return headers;
}

/** A chunked PUT fed by a PassThrough; a failure destroys the pipe so the writer stops. */
function streamedPut(client: CloudClient, path: string, headers: Record<string, string>): { pipe: PassThrough; put: Promise<UpstreamResponse> } {
  const pipe = new PassThrough();
  const put = swift(client, 'PUT', path, { stream: pipe, headers: { ...headers, 'Transfer-Encoding': 'chunked' }, timeoutMs: TRANSFER_TIMEOUT_MS });
  put.catch((error: unknown) => pipe.destroy(error as Error));
  return { pipe, put };
}

export function objectSink(target: SinkTarget): ObjectSink {
  const { client, container, object, filename, contentType, expectedBytes, segmentBytes } = target;
  if (expectedBytes !== undefined && expectedBytes <= segmentBytes) {
    const { pipe, put } = streamedPut(client, objectPath(container, object), objectHeaders(filename, contentType));
    return { sink: pipe, done: put.then(() => []) };
  }
  return segmentedSink(target);
}

function segmentedSink({ client, container, object, filename, contentType, segmentBytes }: SinkTarget): ObjectSink {
  const segments: { path: string; etag: string; size_bytes: number }[] = [];
  const written: string[] = [];
  const stamp = (Date.now() / 1000).toFixed(6);
  let current: { pipe: PassThrough; put: Promise<UpstreamResponse>; name: string; bytes: number } | null = null;
  let containerReady: Promise<unknown> | null = null;
  let settle!: { resolve: (paths: string[]) => void; reject: (error: unknown) => void };
  const done = new Promise<string[]>((resolve, reject) => (settle = { resolve, reject }));
  done.catch(() => undefined);

  const open = async () => {
    // PUT of a container that exists is a harmless 202, so it is not asked first.
    containerReady ??= swift(client, 'PUT', objectPath(segmentContainer(container)), { headers: { 'Content-Length': '0' }, stream: (async function* () {})() });
    await containerReady;
    const name = `${object}/slo/${stamp}/${segmentBytes}/${String(segments.length).padStart(8, '0')}`;
    const { pipe, put } = streamedPut(client, objectPath(segmentContainer(container), name), { 'Content-Type': 'application/octet-stream' });
    current = { pipe, put, name, bytes: 0 };
  };
  const close = async () => {
    const segment = current!;
    current = null;
    segment.pipe.end();
    const answer = await segment.put;
    written.push(segment.name);
    segments.push({ path: `/${segmentContainer(container)}/${segment.name}`, etag: (answer.headers.get('etag') ?? '').replace(/"/g, ''), size_bytes: segment.bytes });
  };
  /** Waits until the segment's request took the bytes, or fails with it. */
  const drained = (segment: NonNullable<typeof current>) =>
    new Promise<void>((resolve, reject) => {
      segment.pipe.once('drain', resolve);
      segment.pipe.once('error', reject);
      segment.put.then(() => reject(new Error('The object storage service ended a segment early.')), reject);
    });
  const cleanUp = () => {
    for (const name of written.splice(0)) void swift(client, 'DELETE', objectPath(segmentContainer(container), name)).catch(() => undefined);
  };

  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      (async () => {
        let offset = 0;
        while (offset < chunk.length) {
          if (!current) await open();
          const segment = current!;
          const part = chunk.subarray(offset, offset + (segmentBytes - segment.bytes));
          segment.bytes += part.length;
          offset += part.length;
          if (!segment.pipe.write(part)) await drained(segment);
          if (segment.bytes >= segmentBytes) await close();
        }
      })().then(() => callback(), (error: Error) => callback(error));
    },
    final(callback) {
      (async () => {
        if (current) await close();
        if (segments.length === 0) {
          // An empty file: a plain empty object, no manifest of nothing.
          const { pipe, put } = streamedPut(client, objectPath(container, object), objectHeaders(filename, contentType));
          pipe.end();
          await put;
          return;
        }
        // A raw body, so that the manifest, like a plain PUT, goes without a Content-Type when the browser gave none.
        const manifest = Buffer.from(JSON.stringify(segments));
        await swift(client, 'PUT', objectPath(container, object), {
          query: { 'multipart-manifest': 'put' },
          stream: Readable.from([manifest]),
          headers: { ...objectHeaders(filename, contentType), 'Content-Length': String(manifest.length) },
          timeoutMs: TRANSFER_TIMEOUT_MS,
        });
      })().then(
        () => {
          settle.resolve(segments.map((segment) => segment.path));
          callback();
        },
        (error: Error) => {
          settle.reject(error);
          cleanUp();
          callback(error);
        },
      );
    },
    destroy(error, callback) {
      if (current) current.pipe.destroy(error ?? undefined);
      if (error) {
        settle.reject(error);
        cleanUp();
      }
      callback(error);
    },
  });
  return { sink, done };
}
