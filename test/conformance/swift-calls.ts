import { createHash } from 'node:crypto';
import type { ConformanceContext, NativeCall } from './calls.js';

/**
 * The Swift v1 calls of /api/swift (server/api/swift), in the order a user
 * makes them: capabilities, a container with a policy, an upload, the folder
 * listing, object details, a download, a copy, the access toggle, then
 * deleting it all (the non-empty refusal first).
 */

const account = (ctx: ConformanceContext) => ctx.endpoint('object-store');
const container = (ctx: ConformanceContext) => `${account(ctx)}/${encodeURIComponent(ctx.saved.swiftContainer!)}`;
const demo = (ctx: ConformanceContext) => ({ 'X-Auth-Token': ctx.demoToken });
const call = (name: string, method: NativeCall['method'], url: (ctx: ConformanceContext) => string, rest: Partial<NativeCall> = {}): NativeCall => ({
  service: 'object-store',
  name,
  method,
  url,
  headers: demo,
  reads: [],
  ...rest,
});

const OBJECT = 'folder/a file #1.txt';

// An upload above SWIFT_SEGMENT_SIZE (server/api/swift/object-sink.ts): segments in {c}_segments, then the manifest.
const SEGMENT_BYTES = Buffer.from('segment bytes of a large object');
const SEGMENT = 'big #1.bin/slo/1700000000.000000/31/00000000';
const segments = (ctx: ConformanceContext) => `${account(ctx)}/${encodeURIComponent(`${ctx.saved.swiftContainer!}_segments`)}`;
const segmentUrl = (ctx: ConformanceContext) => `${segments(ctx)}/${SEGMENT.split('/').map(encodeURIComponent).join('/')}`;
const objectUrl = (ctx: ConformanceContext, name = OBJECT) => `${container(ctx)}/${name.split('/').map(encodeURIComponent).join('/')}`;

export const SWIFT_CALLS: NativeCall[] = [
  call('GET /info (host root)', 'GET', (ctx) => `${new URL(account(ctx)).origin}/info`, { reads: ['swift.version', 'swift.policies[].name', 'swift.policies[].aliases'], keysAreConfiguration: true }),
  call('HEAD /{c} (missing)', 'HEAD', (ctx) => `${account(ctx)}/${encodeURIComponent(ctx.unique('conf-missing'))}`),
  call('PUT /{c}', 'PUT', (ctx) => `${account(ctx)}/${encodeURIComponent((ctx.saved.swiftContainer = ctx.unique('conf box')))}`),
  call('GET /v1/AUTH_p?format=json&limit=1001&prefix=', 'GET', (ctx) => `${account(ctx)}?format=json&limit=1001&prefix=${encodeURIComponent(ctx.saved.swiftContainer!)}`, {
    reads: ['[].name', '[].count', '[].bytes', '[].last_modified'],
  }),
  call('GET /v1/AUTH_p?format=json&limit=1001&marker= (the next page)', 'GET', (ctx) => `${account(ctx)}?format=json&limit=1001&marker=${encodeURIComponent(ctx.saved.swiftContainer!.slice(0, -1))}&prefix=${encodeURIComponent(ctx.saved.swiftContainer!.slice(0, -1))}`, {
    reads: ['[].name'],
  }),
  call('HEAD /{c}', 'HEAD', container, { readsHeaders: ['x-container-object-count', 'x-container-bytes-used', 'x-timestamp', 'x-storage-policy'] }),
  call('PUT /{c}/{o} (bytes)', 'PUT', (ctx) => objectUrl(ctx), {
    headers: (ctx) => ({ ...demo(ctx), 'Content-Type': 'application/octet-stream', 'X-Object-Meta-Orig-Filename': 'a%20file.txt' }),
    rawBody: () => new Uint8Array(Buffer.from('conformance bytes')),
    readsHeaders: ['etag'],
  }),
  call('PUT /{c}/{folder}/ (zero bytes)', 'PUT', (ctx) => `${container(ctx)}/other/`, { headers: (ctx) => ({ ...demo(ctx), 'Content-Length': '0' }), rawBody: () => new Uint8Array(0) }),
  call('GET /{c}?format=json&delimiter=/ (top)', 'GET', (ctx) => `${container(ctx)}?format=json&delimiter=/&limit=1001`, { reads: ['[].subdir'] }),
  call('GET /{c}?format=json&prefix=folder/&delimiter=/', 'GET', (ctx) => `${container(ctx)}?format=json&prefix=folder/&delimiter=/&limit=1001`, {
    reads: ['[].name', '[].bytes', '[].hash', '[].content_type', '[].last_modified'],
  }),
  call('HEAD /{c}/{o}', 'HEAD', (ctx) => objectUrl(ctx), { readsHeaders: ['content-length', 'content-type', 'etag', 'x-timestamp', 'last-modified', 'x-object-meta-orig-filename'] }),
  call('GET /{c}/{o}', 'GET', (ctx) => objectUrl(ctx), { readsHeaders: ['content-length', 'x-object-meta-orig-filename'] }),
  call('PUT /{c}/{o} X-Copy-From', 'PUT', (ctx) => objectUrl(ctx, 'copy.txt'), {
    headers: (ctx) => ({ ...demo(ctx), 'X-Copy-From': `/${encodeURIComponent(ctx.saved.swiftContainer!)}/${OBJECT.split('/').map(encodeURIComponent).join('/')}`, 'Content-Length': '0' }),
    rawBody: () => new Uint8Array(0),
  }),
  call('POST /{c} X-Container-Read (public)', 'POST', container, { headers: (ctx) => ({ ...demo(ctx), 'X-Container-Read': '.r:*,.rlistings' }) }),
  call('GET /{c}/{o} (anonymous, public)', 'GET', (ctx) => objectUrl(ctx), { headers: () => ({}) }),
  call('POST /{c} X-Container-Read (private)', 'POST', container, { headers: (ctx) => ({ ...demo(ctx), 'X-Container-Read': '' }) }),
  call('GET /{c}/{o} (anonymous, private)', 'GET', (ctx) => objectUrl(ctx), { headers: () => ({}) }),
  call('GET /{c}/{o} (another project)', 'GET', (ctx) => objectUrl(ctx), { headers: (ctx) => ({ 'X-Auth-Token': ctx.adminToken }) }),
  call('PUT /{c}_segments', 'PUT', segments, { headers: (ctx) => ({ ...demo(ctx), 'Content-Length': '0' }), rawBody: () => new Uint8Array(0) }),
  call('PUT /{c}_segments/{o}/slo/…/00000000 (segment)', 'PUT', segmentUrl, {
    headers: (ctx) => ({ ...demo(ctx), 'Content-Type': 'application/octet-stream' }),
    rawBody: () => new Uint8Array(SEGMENT_BYTES),
    readsHeaders: ['etag'],
  }),
  call('PUT /{c}/{o}?multipart-manifest=put', 'PUT', (ctx) => `${objectUrl(ctx, 'big #1.bin')}?multipart-manifest=put`, {
    headers: (ctx) => ({ ...demo(ctx), 'X-Object-Meta-Orig-Filename': 'big.bin' }),
    body: (ctx) => [{ path: `/${ctx.saved.swiftContainer!}_segments/${SEGMENT}`, etag: createHash('md5').update(SEGMENT_BYTES).digest('hex'), size_bytes: SEGMENT_BYTES.length }],
  }),
  call('HEAD /{c}/{o} (SLO)', 'HEAD', (ctx) => objectUrl(ctx, 'big #1.bin'), { readsHeaders: ['content-length', 'x-static-large-object'] }),
  // Replacing a segmented object (an Edit) reads the old manifest to delete the segments it used (server/api/swift/segments.ts).
  call('GET /{c}/{o}?multipart-manifest=get&format=json', 'GET', (ctx) => `${objectUrl(ctx, 'big #1.bin')}?multipart-manifest=get&format=json`, { reads: ['[].name'] }),
  call('GET /{c}/{o} (SLO, whole)', 'GET', (ctx) => objectUrl(ctx, 'big #1.bin'), { readsHeaders: ['content-length', 'x-object-meta-orig-filename'] }),
  call('DELETE /{c}/{o}?multipart-manifest=delete', 'DELETE', (ctx) => `${objectUrl(ctx, 'big #1.bin')}?multipart-manifest=delete`),
  call('DELETE /{c}_segments', 'DELETE', segments),
  call('DELETE /{c} (not empty)', 'DELETE', container),
  call('DELETE /{c}/{o}?multipart-manifest=delete (not an SLO: nothing deleted)', 'DELETE', (ctx) => `${objectUrl(ctx)}?multipart-manifest=delete`),
  call('DELETE /{c}/{o}', 'DELETE', (ctx) => objectUrl(ctx)),
  call('DELETE /{c}/copy', 'DELETE', (ctx) => objectUrl(ctx, 'copy.txt')),
  call('DELETE /{c}/{folder}/', 'DELETE', (ctx) => `${container(ctx)}/other/`),
  call('GET /{c}/{o} (deleted)', 'GET', (ctx) => objectUrl(ctx)),
  call('DELETE /{c}', 'DELETE', container),
];
