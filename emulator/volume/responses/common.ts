import type { FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { isAdmin, type RequestContext } from '../../core/context.js';
import { BadRequest, CloudError, Unauthorized } from '../../core/errors.js';
import { firstHeader } from '../../core/http.js';
import { newRequestId } from '../../core/ids.js';
import { Microversion, negotiateMicroversion } from '../../core/microversion.js';
import type { CloudDeps } from '../../core/service.js';
import type { BackupStore } from '../models/backup-store.js';
import type { BlobStore } from '../models/blobs.js';
import type { ImageSource } from '../models/image-source.js';
import type { Viewer } from '../models/volumes.js';
import { CINDER_MICROVERSIONS } from '../versions.js';

/** What the volume responses receive: the cloud's dependencies plus Cinder's own. */
export interface VolumeDeps extends CloudDeps {
  blobs: BlobStore;
  backups: BackupStore;
  images: ImageSource;
  /** How long creating, extending and deleting last, on the emulator's clock. */
  transitionMs: number;
}

export type VolumeHandler = (deps: VolumeDeps) => RouteHandlerMethod;

interface CinderState {
  version?: Microversion;
  echo?: string;
  context?: RequestContext;
}

const states = new WeakMap<FastifyRequest, CinderState>();

function stateOf(request: FastifyRequest): CinderState {
  let state = states.get(request);
  if (!state) states.set(request, (state = {}));
  return state;
}

/** onRequest: `OpenStack-API-Version: volume 3.x`; 400 when malformed, 406 outside [3.0, 3.70]. */
export async function negotiate(request: FastifyRequest): Promise<void> {
  const result = negotiateMicroversion(request.headers, CINDER_MICROVERSIONS);
  if (result.kind === 'invalid') throw new BadRequest(`API Version String ${result.text} is of invalid format. Must be of format MajorNum.MinorNum.`);
  stateOf(request).echo = result.version.toString();
  if (result.kind === 'unsupported') {
    throw new CloudError(
      406,
      `Version ${result.version} is not supported by the API. Minimum is ${CINDER_MICROVERSIONS.min} and maximum is ${CINDER_MICROVERSIONS.max}.`,
    );
  }
  stateOf(request).version = result.version;
}

/** onSend: the version headers and request ids Cinder adds. */
export async function decorateResponse(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const echo = states.get(request)?.echo;
  if (echo) {
    reply.header('OpenStack-API-Version', `volume ${echo}`);
    reply.header('Vary', 'OpenStack-API-Version');
  }
  const id = newRequestId();
  reply.header('x-openstack-request-id', id);
  reply.header('x-compute-request-id', id);
}

/**
 * preHandler of `/v3/{project_id}/…`: a valid project-scoped token (401
 * otherwise) whose project is the one in the URL (Cinder's 400 "Malformed
 * request url" otherwise, admin or not).
 */
export function authenticate(deps: CloudDeps) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = firstHeader(request, 'x-auth-token');
    const context = token ? deps.authenticate(token) : null;
    if (!context || !context.projectId) throw new Unauthorized();
    const projectInUrl = (request.params as { project_id?: string }).project_id;
    if (projectInUrl !== context.projectId) throw new BadRequest('Malformed request url');
    stateOf(request).context = context;
  };
}

export function versionOf(request: FastifyRequest): Microversion {
  return stateOf(request).version ?? Microversion.parse(CINDER_MICROVERSIONS.min)!;
}

export function contextOf(request: FastifyRequest): RequestContext {
  const context = stateOf(request).context;
  if (!context) throw new Unauthorized();
  return context;
}

export function viewerOf(request: FastifyRequest): Viewer {
  const context = contextOf(request);
  return { isAdmin: isAdmin(context), projectId: context.projectId! };
}

export function paramOf(request: FastifyRequest, name: string): string {
  return (request.params as Record<string, string>)[name];
}

/** Cinder's database timestamps: `2026-11-23T13:50:54.000000` (UTC, no zone). */
export function cinderTime(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString().replace(/\.(\d{3})Z$/, '.$1000');
}

/** The self and bookmark links of a resource. */
export function linksOf(base: string, projectId: string, collection: string, id: string) {
  const root = base.replace(/\/v3$/, '');
  return [
    { rel: 'self', href: `${base}/${projectId}/${collection}/${id}` },
    { rel: 'bookmark', href: `${root}/${projectId}/${collection}/${id}` },
  ];
}

/** Query values as one string each (webob's first value). */
export function queryStrings(request: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries((request.query ?? {}) as Record<string, string | string[]>)) out[key] = Array.isArray(value) ? value[0] : value;
  return out;
}

/** Cinder's `strutils.bool_from_string`: true for 1/t/true/on/y/yes. */
export function truthy(value: string | undefined): boolean {
  return value !== undefined && ['1', 't', 'true', 'on', 'y', 'yes'].includes(value.trim().toLowerCase());
}

/**
 * A list's order and page: `sort=created_at:<dir>` (or `sort_key`/`sort_dir`),
 * `limit` and `marker`. The emulator sorts by created_at only and says so.
 */
export function pageParams(query: Record<string, string>, collection: string): { sortDir: 'asc' | 'desc'; limit?: number; marker?: string } {
  let sortDir: 'asc' | 'desc' = query.sort_dir === 'asc' ? 'asc' : 'desc';
  if (query.sort) {
    const [key, dir] = query.sort.split(',')[0].split(':');
    if (key !== 'created_at') throw new BadRequest(`Invalid input received: the emulator sorts ${collection} by created_at only, not ${key}.`);
    if (dir === 'asc' || dir === 'desc') sortDir = dir;
  } else if (query.sort_key && query.sort_key !== 'created_at') {
    throw new BadRequest(`Invalid input received: the emulator sorts ${collection} by created_at only, not ${query.sort_key}.`);
  }
  let limit: number | undefined;
  if (query.limit !== undefined) {
    if (!/^\d+$/.test(query.limit)) throw new BadRequest(`Invalid input received: limit must be an integer`);
    limit = Number(query.limit);
  }
  return { sortDir, limit, marker: query.marker };
}
