import type { FastifyRequest } from 'fastify';
import { isAdmin } from '../../core/context.js';
import { BadRequest, CloudError } from '../../core/errors.js';
import { jsonBody } from '../../core/http.js';
import type { Microversion } from '../../core/microversion.js';
import { cloudUrl } from '../../core/service.js';
import { validateAgainst } from '../../core/validation.js';
import {
  BACKUP_SORT_KEYS,
  type Backup,
  createBackup as createBackupModel,
  deleteBackup as deleteBackupModel,
  finishBackupCopy,
  getBackup,
  listBackups as listBackupsModel,
  startRestore,
  updateBackup as updateBackupModel,
} from '../models/backups.js';
import { CinderOverQuota } from '../models/quotas.js';
import { can, enforce } from '../policy.js';
import { cinderTime, contextOf, linksOf, paramOf, queryStrings, truthy, versionOf, viewerOf, type VolumeDeps, type VolumeHandler } from './common.js';
import { METADATA } from './metadata.js';

/**
 * `/v3/{project_id}/backups` (cinder/api/contrib/backups.py and
 * api/v3/backups.py): create, list (paging, filters, sort, with_count from
 * 3.45), show, update (3.9), delete and restore. The detail view adds
 * `os-backup-project-attr:project_id` from 3.18 and `user_id` from 3.56 for
 * admins, `metadata` from 3.43.
 */

/** Cinder's `uuid` format (oslo's is_uuid_like: hex, dashes optional). */
const uuid = { type: 'string', pattern: '^[0-9a-fA-F]{8}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{12}$' };
const nullableText = { type: ['string', 'null'], maxLength: 255 };
const boolean = { type: ['boolean', 'string'], enum: [true, false, 'True', 'true', 'TRUE', 'False', 'false', 'FALSE', '1', '0', 'on', 'off', 'yes', 'no', 'y', 'n', 't', 'f'] };

const CREATE = {
  type: 'object',
  properties: {
    backup: {
      type: 'object',
      properties: {
        volume_id: uuid,
        container: { type: ['string', 'null'], maxLength: 255 },
        description: nullableText,
        incremental: boolean,
        force: boolean,
        name: nullableText,
        snapshot_id: { ...uuid, type: ['string', 'null'] },
        metadata: { ...METADATA, type: ['object', 'null'] },
        availability_zone: { type: ['string', 'null'] },
      },
      required: ['volume_id'],
      additionalProperties: false,
    },
  },
  required: ['backup'],
  additionalProperties: false,
};

const UPDATE = {
  type: 'object',
  properties: {
    backup: {
      type: ['object', 'null'],
      properties: { name: nullableText, description: nullableText, metadata: METADATA },
      additionalProperties: false,
    },
  },
  required: ['backup'],
  additionalProperties: false,
};

const RESTORE = {
  type: 'object',
  properties: {
    restore: {
      type: ['object', 'null'],
      properties: { name: nullableText, volume_id: { ...uuid, type: ['string', 'null'] } },
      additionalProperties: false,
    },
  },
  required: ['restore'],
  additionalProperties: false,
};

/** `oslo.strutils.bool_from_string(strict=True)` on what the schema let through. */
const flag = (value: boolean | string | undefined) => (typeof value === 'boolean' ? value : truthy(value));

function links(deps: VolumeDeps, backup: Backup) {
  return linksOf(cloudUrl(deps, '/volume/v3'), backup.projectId, 'backups', backup.id);
}

function summary(deps: VolumeDeps, backup: Backup) {
  return { id: backup.id, name: backup.name, links: links(deps, backup) };
}

function detail(deps: VolumeDeps, request: FastifyRequest, backup: Backup) {
  const version: Microversion = versionOf(request);
  const view: Record<string, unknown> = {
    id: backup.id,
    status: backup.status,
    size: backup.size,
    object_count: backup.objectCount,
    availability_zone: backup.availabilityZone,
    container: backup.container,
    created_at: cinderTime(backup.createdAt),
    updated_at: cinderTime(backup.updatedAt),
    name: backup.name,
    description: backup.description,
    fail_reason: backup.failReason,
    volume_id: backup.volumeId,
    links: links(deps, backup),
    is_incremental: backup.isIncremental,
    has_dependent_backups: backup.hasDependentBackups,
    snapshot_id: backup.snapshotId,
    data_timestamp: cinderTime(backup.dataTimestamp),
  };
  if (version.atLeast('3.43')) view.metadata = backup.metadata;
  const attributes = can('backup:backup_project_attribute', contextOf(request));
  if (attributes && version.atLeast('3.18')) view['os-backup-project-attr:project_id'] = backup.projectId;
  if (attributes && version.atLeast('3.56')) view.user_id = backup.userId;
  return view;
}

const FILTERS = ['name', 'status', 'volume_id'];
const PAGING = ['marker', 'limit', 'offset', 'sort', 'sort_key', 'sort_dir', 'with_count', 'all_tenants'];

function positiveInteger(text: string | undefined, fallback: number, message: string): number {
  if (text === undefined) return fallback;
  if (!/^\s*\d+\s*$/.test(text)) throw new BadRequest(message);
  return Number(text);
}

function sortOf(query: Record<string, string>, version: Microversion): { key: string; dir: 'asc' | 'desc' } {
  if (query.sort !== undefined && (query.sort_key !== undefined || query.sort_dir !== undefined)) {
    throw new BadRequest("The 'sort_key' and 'sort_dir' parameters are deprecated and cannot be used with the 'sort' parameter.");
  }
  const [key, dir] = query.sort !== undefined ? query.sort.split(',')[0].split(':') : [query.sort_key ?? 'created_at', query.sort_dir];
  const direction = (dir ?? 'desc').trim().toLowerCase();
  if (direction !== 'asc' && direction !== 'desc') throw new BadRequest(`Invalid input received: Unknown sort direction, must be 'desc' or 'asc'`);
  const known = key === 'name' ? version.atLeast('3.37') : key in BACKUP_SORT_KEYS && key !== 'name';
  if (!known) throw new BadRequest(`Invalid input received: Invalid sort key ${key}`);
  return { key, dir: direction };
}

function listFor(deps: VolumeDeps, request: FastifyRequest, detailed: boolean) {
  const context = contextOf(request);
  enforce('backup:get_all', context);
  const query = queryStrings(request);
  const version = versionOf(request);
  const admin = isAdmin(context);
  // From 3.31 a non-admin naming a filter Cinder does not allow gets a 400 (all_tenants is forgiven).
  if (!admin && version.atLeast('3.31')) {
    const invalid = Object.keys(query).filter((key) => !FILTERS.includes(key) && !PAGING.includes(key));
    if (invalid.length) throw new BadRequest(`Invalid filters ${invalid.join(',')} are found in query options.`);
  }
  const allTenants = admin && query.all_tenants !== undefined && (query.all_tenants === '' || truthy(query.all_tenants));
  const limit = Math.min(positiveInteger(query.limit, 1000, 'limit param must be an integer'), 1000);
  const sort = sortOf(query, version);
  const { backups, count } = listBackupsModel(deps.db, {
    projectId: allTenants ? (query.project_id ?? null) : context.projectId!,
    filters: { name: query.name, status: query.status, volumeId: query.volume_id },
    sortKey: sort.key,
    sortDir: sort.dir,
    limit,
    offset: positiveInteger(query.offset, 0, 'Invalid input received: offset must be an integer'),
    marker: query.marker,
  });
  const body: Record<string, unknown> = { backups: backups.map((backup) => (detailed ? detail(deps, request, backup) : summary(deps, backup))) };
  // A full page (the limit asked, or the maximum) links to the next one.
  if (backups.length > 0 && backups.length === limit) {
    const params = new URLSearchParams({ ...query, marker: backups[backups.length - 1].id });
    body.backups_links = [
      { rel: 'next', href: `${cloudUrl(deps, '/volume/v3')}/${context.projectId}/backups${detailed ? '/detail' : ''}?${params.toString()}` },
    ];
  }
  if (version.atLeast('3.45') && query.with_count !== undefined && truthy(query.with_count)) body.count = count;
  return body;
}

/**
 * Records how a backup's or a restore's copy ended. When the database closed
 * under it (shutdown), the next start's recovery settles the backup instead
 * (error, or the volume error_restoring) and sweeps the data.
 */
function recordCopy(deps: VolumeDeps, id: string, ok: boolean, objects?: number): void {
  try {
    finishBackupCopy(deps.db, id, ok, objects);
  } catch (error) {
    if (deps.db.raw.open) throw error;
  }
}

export const listBackups: VolumeHandler = (deps) => async (request) => listFor(deps, request, false);

export const listBackupsDetail: VolumeHandler = (deps) => async (request) => listFor(deps, request, true);

export const showBackup: VolumeHandler = (deps) => async (request) => {
  const backup = getBackup(deps.db, viewerOf(request), paramOf(request, 'id'));
  enforce('backup:get', contextOf(request), { project_id: backup.projectId });
  return { backup: detail(deps, request, backup) };
};

/** `POST /backups`: 202 with the summary; the data is copied at once, the backup settles on the clock. */
export const createBackup: VolumeHandler = (deps) => async (request, reply) => {
  const context = contextOf(request);
  const body = jsonBody(request);
  validateAgainst(CREATE, body);
  const input = (body as { backup: Record<string, unknown> }).backup as {
    volume_id: string;
    container?: string | null;
    description?: string | null;
    incremental?: boolean | string;
    force?: boolean | string;
    name?: string | null;
    snapshot_id?: string | null;
    metadata?: Record<string, string> | null;
  };
  enforce('backup:create', context);
  const version = versionOf(request);
  const started = createBackupModel(deps.db, deps.clock.now(), deps.transitionMs, viewerOf(request), {
    volumeId: input.volume_id,
    snapshotId: input.snapshot_id ?? null,
    userId: context.userId,
    name: input.name ?? null,
    description: input.description ?? null,
    container: input.container ?? null,
    incremental: flag(input.incremental),
    force: flag(input.force),
    metadata: version.atLeast('3.43') ? (input.metadata ?? {}) : {},
  });
  const { backup, from, parentId } = started;
  const sourcePath = deps.blobs.has(from.kind, from.id) ? deps.blobs.path(from.kind, from.id) : null;
  deps.backups.backUp(backup.id, sourcePath, parentId).then(
    (objects) => recordCopy(deps, backup.id, true, objects),
    () => {
      deps.backups.remove(backup.id);
      recordCopy(deps, backup.id, false);
    },
  );
  reply.code(202);
  return { backup: summary(deps, backup) };
};

/** `PUT /backups/{id}` (3.9): name, description, metadata (3.43). */
export const updateBackup: VolumeHandler = (deps) => async (request) => {
  const version = versionOf(request);
  if (!version.atLeast('3.9')) throw new CloudError(404, 'The resource could not be found.');
  const body = jsonBody(request);
  validateAgainst(UPDATE, body);
  const viewer = viewerOf(request);
  const id = paramOf(request, 'id');
  const existing = getBackup(deps.db, viewer, id);
  enforce('backup:update', contextOf(request), { project_id: existing.projectId });
  const changes = ((body as { backup: Record<string, unknown> | null }).backup ?? {}) as {
    name?: string | null;
    description?: string | null;
    metadata?: Record<string, string>;
  };
  const backup = updateBackupModel(deps.db, deps.clock.now(), viewer, id, {
    name: changes.name,
    description: changes.description,
    metadata: version.atLeast('3.43') ? changes.metadata : undefined,
  });
  return { backup: summary(deps, backup) };
};

export const deleteBackup: VolumeHandler = (deps) => async (request, reply) => {
  const viewer = viewerOf(request);
  const id = paramOf(request, 'id');
  const backup = getBackup(deps.db, viewer, id);
  enforce('backup:delete', contextOf(request), { project_id: backup.projectId });
  deleteBackupModel(deps.db, deps.clock.now(), deps.transitionMs, viewer, id);
  return reply.code(202).send();
};

/** `POST /backups/{id}/restore`: 202 `{restore: {backup_id, volume_id, volume_name}}`; the bytes are written back at once. */
export const restoreBackup: VolumeHandler = (deps) => async (request, reply) => {
  const context = contextOf(request);
  const viewer = viewerOf(request);
  const body = jsonBody(request);
  validateAgainst(RESTORE, body);
  const input = ((body as { restore: Record<string, unknown> | null }).restore ?? {}) as { name?: string | null; volume_id?: string | null };
  const id = paramOf(request, 'id');
  const backup = getBackup(deps.db, viewer, id);
  enforce('backup:restore', context, { project_id: backup.projectId });
  let started;
  try {
    started = startRestore(deps.db, deps.clock.now(), deps.transitionMs, viewer, id, {
      volumeId: input.volume_id ?? null,
      name: input.name ?? null,
      userId: context.userId,
    });
  } catch (error) {
    // The restore controller answers the volume quota's 413 with the bare message.
    if (error instanceof CinderOverQuota) throw new CloudError(413, error.message.replace(/^\w+: /, ''));
    throw error;
  }
  const { volumeId, chain } = started;
  deps.backups.restore(chain, deps.blobs.path('volume', volumeId), backup.size * 1024 ** 3).then(
    () => recordCopy(deps, id, true),
    () => recordCopy(deps, id, false),
  );
  reply.code(202);
  return { restore: { backup_id: id, volume_id: volumeId, volume_name: started.volumeName } };
};
