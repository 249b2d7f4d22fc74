import type { FastifyReply, FastifyRequest } from 'fastify';
import { firstHeader, firstQuery, queryOf } from '../../core/http.js';
import type { CloudDeps } from '../../core/service.js';
import { quotaRemaining } from '../models/accounts.js';
import { copyBlob, removeBlob, writeBlob } from '../models/blobs.js';
import { findContainer, getContainer, publicAccess } from '../models/containers.js';
import { SwiftError } from '../models/errors.js';
import {
  buildSloManifest,
  checkObjectName,
  contentOf,
  deleteObject,
  findObject,
  getObject,
  recordObject,
  splitPath,
  updateObjectMetadata,
  type NewObject,
  type SloRequestSegment,
  type SloSegment,
  type StoredObject,
} from '../models/objects.js';
import { MAX_FILE_SIZE } from '../models/policies.js';
import { bodyStream, type Caller, httpDate, listingTime, metadataFrom, metadataHeaders, readSmallBody, refuse, swiftTimestamp } from './common.js';
import { contentTypeFor } from './content-types.js';
import { MAX_MANIFEST_SIZE, streamParts } from './large-objects.js';

type Target = { projectId: string; container: string; object: string };

function objectHeaders(object: StoredObject): Record<string, string> {
  return {
    'Content-Type': object.contentType,
    'Last-Modified': httpDate(object.lastModified),
    'X-Timestamp': swiftTimestamp(object.lastModified),
    'Accept-Ranges': 'bytes',
    ...(object.manifestKind === 'slo' ? { 'X-Static-Large-Object': 'True' } : {}),
    ...(object.manifestKind === 'dlo' ? { 'X-Object-Manifest': object.manifest! } : {}),
    ...metadataHeaders('Object', object.metadata),
  };
}

/** `bytes=a-b`, `bytes=a-`, `bytes=-n` → [start, end]; null for no (or an unparsable) Range, which Swift ignores; 416 when outside. */
function rangeOf(header: string | undefined, size: number): [number, number] | null {
  const match = header?.match(/^bytes=(\d*)-(\d*)$/);
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
    if (Number(match[2]) === 0) start = size;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
    if (match[2] !== '' && Number(match[2]) < start) return null;
  }
  if (start >= size) throw Object.assign(new SwiftError(416), { size });
  return [start, end];
}

/** HEAD/GET on an object: the owner, or anyone when its container is public (`.r:*`). Ranges answer 206. */
export function readObject(deps: CloudDeps, request: FastifyRequest, reply: FastifyReply, caller: Caller, target: Target): FastifyReply {
  const container = findContainer(deps.db, target.projectId, target.container);
  if (caller.kind !== 'owner' && !publicAccess(container?.readAcl ?? null).objects) refuse(caller);
  if (!container) throw new SwiftError(404);
  const object = getObject(deps.db, target.projectId, target.container, target.object);
  reply.headers(objectHeaders(object));
  if (object.manifestKind === 'slo' && firstQuery(queryOf(request), 'multipart-manifest') === 'get') {
    const body = JSON.stringify(JSON.parse(object.manifest!) as SloSegment[]);
    reply.header('Content-Type', 'application/json; charset=utf-8').header('Etag', object.etag);
    return request.method === 'HEAD' ? reply.header('Content-Length', String(Buffer.byteLength(body))).send() : reply.send(body);
  }
  const content = contentOf(deps.db, object);
  reply.header('Etag', content.etag);
  let range: [number, number] | null;
  try {
    range = rangeOf(firstHeader(request, 'range'), content.bytes);
  } catch (error) {
    reply.header('Content-Range', `bytes */${content.bytes}`);
    throw error;
  }
  const [start, end] = range ?? [0, content.bytes - 1];
  reply.code(range ? 206 : 200).header('Content-Length', String(end - start + 1));
  if (range) reply.header('Content-Range', `bytes ${start}-${end}/${content.bytes}`);
  if (request.method === 'HEAD' || content.bytes === 0) return reply.send();
  return reply.send(streamParts(deps, content.parts, start, end));
}

/** PUT of an object: a copy (`X-Copy-From`), an SLO manifest (`?multipart-manifest=put`), or bytes streamed to disk (a DLO when `X-Object-Manifest` is set). */
export async function putObject(deps: CloudDeps, request: FastifyRequest, reply: FastifyReply, caller: Caller, target: Target): Promise<FastifyReply> {
  if (caller.kind !== 'owner') refuse(caller);
  checkObjectName(target.object);
  getContainer(deps.db, target.projectId, target.container);
  const copyFrom = firstHeader(request, 'x-copy-from');
  if (copyFrom !== undefined) return copyObject(deps, request, reply, target, copyFrom);
  if (firstQuery(queryOf(request), 'multipart-manifest') === 'put') return putSlo(deps, request, reply, target);

  const declared = firstHeader(request, 'content-length');
  if (declared === undefined && !/chunked/i.test(firstHeader(request, 'transfer-encoding') ?? '')) throw new SwiftError(411);
  if (declared !== undefined && Number(declared) > MAX_FILE_SIZE) throw new SwiftError(413, 'Your request is too large.');
  const remaining = quotaRemaining(deps.db, target.projectId, deps.clock.now());
  if (declared !== undefined && Number(declared) > remaining) throw new SwiftError(413, 'Upload exceeds quota.');
  const written = await writeBlob(deps.dataDir, bodyStream(request), Math.min(MAX_FILE_SIZE, remaining), () =>
    remaining < MAX_FILE_SIZE ? new SwiftError(413, 'Upload exceeds quota.') : new SwiftError(413, 'Your request is too large.'),
  );
  const expected = firstHeader(request, 'etag')?.replace(/"/g, '');
  if (expected && expected.toLowerCase() !== written.etag) {
    removeBlob(deps.dataDir, written.blob);
    throw new SwiftError(422);
  }
  const dlo = firstHeader(request, 'x-object-manifest');
  if (dlo !== undefined) splitPath(`/${decodeURIComponent(dlo)}/x`);
  return store(deps, reply, target, {
    bytes: written.bytes,
    etag: written.etag,
    contentType: contentTypeFor(request, target.object),
    metadata: metadataFrom(request, 'object'),
    blob: written.blob,
    manifestKind: dlo !== undefined ? 'dlo' : null,
    manifest: dlo !== undefined ? decodeURIComponent(dlo) : null,
  });
}

function store(deps: CloudDeps, reply: FastifyReply, target: Target, object: NewObject, extra: Record<string, string> = {}): FastifyReply {
  const now = deps.clock.now();
  let replaced: string | null;
  try {
    replaced = recordObject(deps.db, target.projectId, target.container, target.object, object, now);
  } catch (error) {
    removeBlob(deps.dataDir, object.blob);
    throw error;
  }
  removeBlob(deps.dataDir, replaced);
  return reply
    .code(201)
    .headers({ Etag: object.etag, 'Last-Modified': httpDate(now), 'Content-Type': 'text/html; charset=UTF-8', ...extra })
    .send();
}

/** `X-Copy-From: /container/object` (URL-encoded) in the same account: bytes copied on disk, metadata kept and merged with the request's. */
async function copyObject(deps: CloudDeps, request: FastifyRequest, reply: FastifyReply, target: Target, copyFrom: string): Promise<FastifyReply> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(copyFrom);
  } catch {
    throw new SwiftError(412, 'X-Copy-From header must be of the form <container name>/<object name>');
  }
  const [container, name] = splitPath(decoded);
  const source = getObject(deps.db, target.projectId, container, name);
  const content = contentOf(deps.db, source);
  if (content.bytes > quotaRemaining(deps.db, target.projectId, deps.clock.now())) throw new SwiftError(413, 'Upload exceeds quota.');
  let blob: string;
  let etag = source.etag;
  if (!source.manifestKind) blob = await copyBlob(deps.dataDir, source.blob!);
  else {
    // A large object is copied as its concatenation, the way Swift's copy middleware does without ?multipart-manifest=get.
    const written = await writeBlob(deps.dataDir, streamParts(deps, content.parts, 0, content.bytes - 1), Infinity, () => new SwiftError(413));
    blob = written.blob;
    etag = written.etag;
  }
  const fresh = /^(true|yes|on|1)$/i.test(firstHeader(request, 'x-fresh-metadata') ?? '');
  return store(
    deps,
    reply,
    target,
    {
      bytes: content.bytes,
      etag,
      contentType: firstHeader(request, 'content-type') && !request.headers['content-type']?.startsWith('application/x-www-form') ? firstHeader(request, 'content-type')! : source.contentType,
      metadata: { ...(fresh ? {} : source.metadata), ...metadataFrom(request, 'object') },
      blob,
      manifestKind: null,
      manifest: null,
    },
    { 'X-Copied-From': `${encodeURIComponent(container)}/${name.split('/').map(encodeURIComponent).join('/')}`, 'X-Copied-From-Last-Modified': httpDate(source.lastModified) },
  );
}

async function putSlo(deps: CloudDeps, request: FastifyRequest, reply: FastifyReply, target: Target): Promise<FastifyReply> {
  const body = await readSmallBody(request, MAX_MANIFEST_SIZE);
  let segments: SloRequestSegment[];
  try {
    segments = JSON.parse(body.toString('utf8')) as SloRequestSegment[];
  } catch {
    throw new SwiftError(400, 'Manifest must be valid JSON.\n');
  }
  const slo = buildSloManifest(deps.db, target.projectId, segments, listingTime);
  if (slo.bytes > quotaRemaining(deps.db, target.projectId, deps.clock.now())) throw new SwiftError(413, 'Upload exceeds quota.');
  return store(deps, reply, target, {
    bytes: slo.bytes,
    etag: slo.etag,
    contentType: contentTypeFor(request, target.object),
    metadata: metadataFrom(request, 'object'),
    blob: null,
    manifestKind: 'slo',
    manifest: JSON.stringify(slo.manifest),
  });
}

/** POST: metadata replaced, Content-Type changed when given. */
export function postObject(deps: CloudDeps, request: FastifyRequest, reply: FastifyReply, caller: Caller, target: Target): FastifyReply {
  if (caller.kind !== 'owner') refuse(caller);
  getObject(deps.db, target.projectId, target.container, target.object);
  updateObjectMetadata(deps.db, target.projectId, target.container, target.object, metadataFrom(request, 'object'), firstHeader(request, 'content-type'), deps.clock.now());
  return reply.code(202).header('content-type', 'text/html; charset=UTF-8').send('<html><h1>Accepted</h1><p>The request is accepted for processing.</p></html>');
}

/**
 * DELETE: 204; `?multipart-manifest=delete` on an SLO removes its segments
 * too. On any other object Swift's SLO middleware deletes nothing and answers
 * 200 with the bulk-delete report of a 400 'Not an SLO manifest'.
 */
export function removeObject(deps: CloudDeps, request: FastifyRequest, reply: FastifyReply, caller: Caller, target: Target): FastifyReply {
  if (caller.kind !== 'owner') refuse(caller);
  const now = deps.clock.now();
  const existing = findObject(deps.db, target.projectId, target.container, target.object);
  if (existing && existing.manifestKind !== 'slo' && firstQuery(queryOf(request), 'multipart-manifest') === 'delete') {
    return sendBulkDeleteReport(request, reply, { deleted: 0, missing: 0, status: '400 Bad Request', errors: [[`/${target.container}/${target.object}`, 'Not an SLO manifest']] });
  }
  const removed = deleteObject(deps.db, target.projectId, target.container, target.object, now);
  removeBlob(deps.dataDir, removed.blob);
  if (removed.manifestKind === 'slo' && firstQuery(queryOf(request), 'multipart-manifest') === 'delete') {
    let deleted = 1;
    let missing = 0;
    for (const segment of JSON.parse(removed.manifest!) as SloSegment[]) {
      const [container, name] = splitPath(segment.name);
      if (!findObject(deps.db, target.projectId, container, name)) {
        missing += 1;
        continue;
      }
      removeBlob(deps.dataDir, deleteObject(deps.db, target.projectId, container, name, now).blob);
      deleted += 1;
    }
    return sendBulkDeleteReport(request, reply, { deleted, missing, status: '200 OK', errors: [] });
  }
  return reply.code(204).send();
}

/**
 * The report of Swift's bulk middleware, in the type the client accepts
 * (swift/common/middleware/bulk.py: JSON, else plain text), always with 200.
 */
function sendBulkDeleteReport(request: FastifyRequest, reply: FastifyReply, report: { deleted: number; missing: number; status: string; errors: [string, string][] }): FastifyReply {
  if (String(request.headers.accept ?? '').includes('application/json')) {
    const body = { 'Number Deleted': report.deleted, 'Number Not Found': report.missing, 'Response Body': '', 'Response Status': report.status, Errors: report.errors };
    return reply.code(200).header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(body));
  }
  const errors = report.errors.map(([name, reason]) => `${name}, ${reason}\n`).join('');
  return reply
    .code(200)
    .header('content-type', 'text/plain; charset=utf-8')
    .send(`Number Deleted: ${report.deleted}\nNumber Not Found: ${report.missing}\nResponse Body: \nResponse Status: ${report.status}\nErrors:\n${errors}`);
}

/** COPY with `Destination: container/object`: the same as a PUT on the destination with X-Copy-From this object. */
export async function copyToDestination(deps: CloudDeps, request: FastifyRequest, reply: FastifyReply, caller: Caller, target: Target): Promise<FastifyReply> {
  if (caller.kind !== 'owner') refuse(caller);
  const destination = firstHeader(request, 'destination');
  if (!destination) throw new SwiftError(412, 'Destination header required');
  const [container, object] = splitPath(decodeURIComponent(destination));
  getContainer(deps.db, target.projectId, container);
  checkObjectName(object);
  const source = `/${encodeURIComponent(target.container)}/${target.object.split('/').map(encodeURIComponent).join('/')}`;
  return copyObject(deps, request, reply, { projectId: target.projectId, container, object }, source);
}
