import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { isAdmin, type RequestContext } from '../../core/context.js';
import { CloudError, Unauthorized } from '../../core/errors.js';
import { firstHeader, parseJsonBody } from '../../core/http.js';
import { newRequestId } from '../../core/ids.js';
import type { CloudDeps } from '../../core/service.js';
import type { ImageViewer } from '../models/images.js';

const contexts = new WeakMap<FastifyRequest, RequestContext>();

/** preHandler: keystonemiddleware's check of X-Auth-Token (Glance takes any valid token). */
export function authenticate(deps: CloudDeps) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = firstHeader(request, 'x-auth-token');
    const context = token ? deps.authenticate(token) : null;
    if (!context) throw new Unauthorized();
    contexts.set(request, context);
  };
}

export function contextOf(request: FastifyRequest): RequestContext {
  const context = contexts.get(request);
  if (!context) throw new Unauthorized();
  return context;
}

export function viewerOf(request: FastifyRequest): ImageViewer {
  const context = contextOf(request);
  return { isAdmin: isAdmin(context), projectId: context.projectId };
}

export async function addRequestId(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('x-openstack-request-id', newRequestId());
}

/** Glance's `max_request_body_size` (114688 bytes) for JSON bodies. */
const MAX_JSON_BODY = 114688;

/**
 * The whole (small) body of a JSON request; bodies arrive as streams in this
 * service so uploads are never buffered. A body past the limit is refused
 * with Glance's 413, and what is left of it is read and dropped (never left
 * in the connection, where the next request would wait behind it) while the
 * answer asks the client to close the connection, as webob's server does.
 */
export async function readBody(request: FastifyRequest): Promise<Buffer> {
  const body = request.body as Readable | Buffer | undefined;
  if (!body) return Buffer.alloc(0);
  if (Buffer.isBuffer(body)) return body;
  const chunks: Buffer[] = [];
  let size = 0;
  // destroyOnReturn false: leaving the loop early must not destroy the request (and its socket) mid-body.
  for await (const chunk of body.iterator({ destroyOnReturn: false })) {
    size += (chunk as Buffer).length;
    if (size > MAX_JSON_BODY) {
      body.resume();
      throw new CloudError(413, 'Request is too large.');
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export async function readJson(request: FastifyRequest): Promise<unknown> {
  return parseJsonBody((await readBody(request)).toString('utf8'));
}

/** Glance's timestamps: `2026-11-23T13:50:20Z` (seconds, UTC). */
export function glanceTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function mediaType(request: FastifyRequest): string {
  return String(request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
}
