import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import type { RequestContext } from '../../core/context.js';
import { isAdmin } from '../../core/context.js';
import { firstHeader } from '../../core/http.js';
import type { CloudDeps } from '../../core/service.js';
import type { Metadata } from '../models/accounts.js';
import { SwiftError } from '../models/errors.js';

/** A request's target, from the raw URL (object names keep their slashes, `%2F`, `?`, `#` and trailing slash). */
export interface SwiftPath {
  projectId: string;
  container?: string;
  object?: string;
}

/** Splits `/v1/AUTH_p/c/o/b/j` (after the mount point) into its parts, each percent-decoded once. */
export function parseSwiftPath(rawPath: string): SwiftPath {
  const [account, container, ...object] = rawPath.split('/');
  const decode = (part: string) => {
    try {
      return decodeURIComponent(part);
    } catch {
      throw new SwiftError(412, 'Invalid UTF8 or contains NULL');
    }
  };
  if (!account?.startsWith('AUTH_')) throw new SwiftError(404);
  const path: SwiftPath = { projectId: decode(account.slice('AUTH_'.length)) };
  if (container) path.container = decode(container);
  const objectName = object.join('/');
  if (objectName) path.object = decode(objectName);
  return path;
}

/** Who asks: the owner of the account (a token of that project), someone else with a token, or nobody. */
export type Caller = { kind: 'owner'; context: RequestContext } | { kind: 'other'; context: RequestContext } | { kind: 'anonymous' };

export function callerOf(deps: CloudDeps, request: FastifyRequest, projectId: string): Caller {
  const token = firstHeader(request, 'x-auth-token') ?? firstHeader(request, 'x-storage-token');
  if (!token) return { kind: 'anonymous' };
  const context = deps.authenticate(token);
  if (!context) throw new SwiftError(401);
  return context.projectId === projectId ? { kind: 'owner', context } : { kind: 'other', context };
}

/** keystoneauth's refusal: 401 to the anonymous, 403 to a token of another project. */
export function refuse(caller: Caller): never {
  throw new SwiftError(caller.kind === 'anonymous' ? 401 : 403);
}

export function callerIsAdmin(caller: Caller): boolean {
  return caller.kind === 'owner' && isAdmin(caller.context);
}

/** `X-Timestamp`: seconds with five decimals. */
export function swiftTimestamp(ms: number): string {
  return (ms / 1000).toFixed(5);
}

/** `Last-Modified`: the HTTP date of the timestamp rounded up to the second, as Swift does. */
export function httpDate(ms: number): string {
  return new Date(Math.ceil(ms / 1000) * 1000).toUTCString();
}

/** Listings' `last_modified`: ISO 8601 with microseconds, no zone. */
export function listingTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.(\d{3})Z$/, '.$1000');
}

/** `X-{kind}-Meta-Foo-Bar: v` and `X-Remove-{kind}-Meta-Foo: x` → `{ 'foo-bar': 'v', foo: '' }` (empty means remove). */
export function metadataFrom(request: FastifyRequest, kind: 'account' | 'container' | 'object'): Metadata {
  const metadata: Metadata = {};
  const set = `x-${kind}-meta-`;
  const remove = `x-remove-${kind}-meta-`;
  for (const [header, value] of Object.entries(request.headers)) {
    const text = Array.isArray(value) ? value[0]! : String(value ?? '');
    if (header.startsWith(set) && header.length > set.length) metadata[header.slice(set.length)] = text.trim();
    else if (header.startsWith(remove) && header.length > remove.length) metadata[header.slice(remove.length)] = '';
  }
  for (const [key, value] of Object.entries(metadata)) {
    if (Buffer.byteLength(value) > 256) throw new SwiftError(400, `Metadata value longer than 256: ${set}${key}`);
  }
  return metadata;
}

/** Title-Case of a header (`orig-filename` → `Orig-Filename`), as Swift answers them. */
export function titleCase(name: string): string {
  return name
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('-');
}

export function metadataHeaders(kind: 'Account' | 'Container' | 'Object', metadata: Metadata): Record<string, string> {
  return Object.fromEntries(Object.entries(metadata).map(([key, value]) => [`X-${kind}-Meta-${titleCase(key)}`, value]));
}

/** Every Swift answer carries a transaction id. */
export async function addTransactionId(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const id = `tx${randomBytes(11).toString('hex')}-${Math.floor(Date.now() / 1000).toString(16).padStart(10, '0')}`;
  reply.header('x-trans-id', id).header('x-openstack-request-id', id);
}

/** The request body as a stream: Fastify's (this service keeps bodies raw) or the socket's when no parser ran. */
export function bodyStream(request: FastifyRequest): Readable {
  return (request.body as Readable | undefined) ?? request.raw;
}

/** A small JSON body (an SLO manifest), bounded as Swift's max_manifest_size. */
export async function readSmallBody(request: FastifyRequest, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of bodyStream(request).iterator({ destroyOnReturn: false })) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new SwiftError(413, `Manifest File > ${limit} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export type { FastifyReply, FastifyRequest };
