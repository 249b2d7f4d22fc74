import type { RequestContext } from '../../core/context.js';
import { jsonBody } from '../../core/http.js';
import type { Microversion } from '../../core/microversion.js';
import { validateAgainst } from '../../core/validation.js';
import {
  createSnapshot as createSnapshotModel,
  deleteSnapshot as deleteSnapshotModel,
  deleteSnapshotMetadata,
  finishSnapshotCopy,
  getSnapshot,
  listSnapshots as listSnapshotsModel,
  mergeSnapshotMetadata,
  type Snapshot,
  snapshotMetadataOf,
  updateSnapshot as updateSnapshotModel,
} from '../models/snapshots.js';
import { enforce } from '../policy.js';
import { cinderTime, contextOf, pageParams, paramOf, queryStrings, truthy, versionOf, viewerOf, type VolumeDeps, type VolumeHandler } from './common.js';
import { METADATA, parseMetadataFilter } from './metadata.js';
import { isAdmin } from '../../core/context.js';

/** `/v3/{project_id}/snapshots` (cinder/api/v3/snapshots.py): group_snapshot_id from 3.14, user_id from 3.41, consumes_quota from 3.65. */

const nullableText = { type: ['string', 'null'], maxLength: 255 };

const CREATE = {
  type: 'object',
  properties: {
    snapshot: {
      type: 'object',
      properties: {
        volume_id: { type: 'string' },
        name: nullableText,
        description: nullableText,
        display_name: nullableText,
        display_description: nullableText,
        force: { type: ['boolean', 'string'] },
        metadata: { ...METADATA, type: ['object', 'null'] },
      },
      required: ['volume_id'],
      additionalProperties: false,
    },
  },
  required: ['snapshot'],
  additionalProperties: false,
};

const UPDATE = {
  type: 'object',
  properties: {
    snapshot: {
      type: 'object',
      properties: {
        name: nullableText,
        description: nullableText,
        display_name: nullableText,
        display_description: nullableText,
      },
      additionalProperties: false,
    },
  },
  required: ['snapshot'],
  additionalProperties: false,
};

export function renderSnapshot(snapshot: Snapshot, version: Microversion, extended: boolean) {
  const view: Record<string, unknown> = {
    id: snapshot.id,
    created_at: cinderTime(snapshot.createdAt),
    updated_at: cinderTime(snapshot.updatedAt),
    name: snapshot.name,
    description: snapshot.description,
    volume_id: snapshot.volumeId,
    status: snapshot.status,
    size: snapshot.size,
    metadata: snapshot.metadata,
  };
  if (version.atLeast('3.14')) view.group_snapshot_id = null;
  if (version.atLeast('3.41')) view.user_id = snapshot.userId;
  if (version.atLeast('3.65')) view.consumes_quota = true;
  if (extended) {
    view['os-extended-snapshot-attributes:project_id'] = snapshot.projectId;
    view['os-extended-snapshot-attributes:progress'] = snapshot.status === 'creating' ? '0%' : '100%';
  }
  return view;
}

function listFor(deps: VolumeDeps, context: RequestContext, query: Record<string, string>) {
  const allTenants = 'all_tenants' in query && isAdmin(context) && (query.all_tenants === '' || truthy(query.all_tenants));
  return listSnapshotsModel(deps.db, {
    // An admin listing all tenants may narrow them to one project, as for volumes.
    projectId: allTenants ? (query.project_id ?? null) : context.projectId!,
    filters: {
      status: query.status,
      name: query.name ?? query.display_name,
      volumeId: query.volume_id,
      metadata: parseMetadataFilter(query.metadata),
    },
    ...pageParams(query, 'snapshots'),
  });
}

export const listSnapshotsDetail: VolumeHandler = (deps) => async (request) => {
  const context = contextOf(request);
  enforce('volume:get_all_snapshots', context);
  return {
    snapshots: listFor(deps, context, queryStrings(request)).map((snapshot) => renderSnapshot(snapshot, versionOf(request), true)),
  };
};

export const listSnapshots: VolumeHandler = (deps) => async (request) => {
  const context = contextOf(request);
  enforce('volume:get_all_snapshots', context);
  return {
    snapshots: listFor(deps, context, queryStrings(request)).map((snapshot) => renderSnapshot(snapshot, versionOf(request), false)),
  };
};

export const showSnapshot: VolumeHandler = (deps) => async (request) => {
  const snapshot = getSnapshot(deps.db, viewerOf(request), paramOf(request, 'id'));
  enforce('volume:get_snapshot', contextOf(request), {
    project_id: snapshot.projectId,
  });
  return { snapshot: renderSnapshot(snapshot, versionOf(request), true) };
};

/** `POST /snapshots`: 202 `creating`; the volume's bytes are copied, then it settles to `available`. */
export const createSnapshot: VolumeHandler = (deps) => async (request, reply) => {
  const context = contextOf(request);
  const body = jsonBody(request);
  validateAgainst(CREATE, body);
  enforce('volume:create_snapshot', context);
  const input = (body as { snapshot: Record<string, unknown> }).snapshot as {
    volume_id: string;
    name?: string | null;
    description?: string | null;
    display_name?: string | null;
    display_description?: string | null;
    force?: boolean | string;
    metadata?: Record<string, string> | null;
  };
  const snapshot = createSnapshotModel(deps.db, deps.clock.now(), deps.transitionMs, viewerOf(request), {
    volumeId: input.volume_id,
    userId: context.userId,
    name: input.name ?? input.display_name ?? null,
    description: input.description ?? input.display_description ?? null,
    force: typeof input.force === 'boolean' ? input.force : truthy(input.force),
    metadata: input.metadata ?? {},
  });
  deps.blobs.copy({ kind: 'volume', id: snapshot.volumeId }, { kind: 'snapshot', id: snapshot.id }).then(
    () => finishSnapshotCopy(deps.db, snapshot.id, true),
    () => {
      deps.blobs.remove('snapshot', snapshot.id);
      try {
        finishSnapshotCopy(deps.db, snapshot.id, false);
      } catch {
        // the database closed under the copy (shutdown): the restart marks it failed
      }
    },
  );
  reply.code(202);
  return { snapshot: renderSnapshot(snapshot, versionOf(request), false) };
};

export const updateSnapshot: VolumeHandler = (deps) => async (request) => {
  const viewer = viewerOf(request);
  const body = jsonBody(request);
  validateAgainst(UPDATE, body);
  const id = paramOf(request, 'id');
  const existing = getSnapshot(deps.db, viewer, id);
  enforce('volume:update_snapshot', contextOf(request), {
    project_id: existing.projectId,
  });
  const changes = (body as { snapshot: Record<string, string | null | undefined> }).snapshot;
  const snapshot = updateSnapshotModel(deps.db, deps.clock.now(), viewer, id, {
    name: changes.name !== undefined ? changes.name : changes.display_name,
    description: changes.description !== undefined ? changes.description : changes.display_description,
  });
  return { snapshot: renderSnapshot(snapshot, versionOf(request), false) };
};

export const deleteSnapshot: VolumeHandler = (deps) => async (request, reply) => {
  const viewer = viewerOf(request);
  const id = paramOf(request, 'id');
  const snapshot = getSnapshot(deps.db, viewer, id);
  enforce('volume:delete_snapshot', contextOf(request), {
    project_id: snapshot.projectId,
  });
  deleteSnapshotModel(deps.db, deps.clock.now(), deps.transitionMs, viewer, id);
  return reply.code(202).send();
};

export const showSnapshotMetadata: VolumeHandler = (deps) => async (request) => {
  const snapshot = getSnapshot(deps.db, viewerOf(request), paramOf(request, 'id'));
  enforce('volume:get_snapshot_metadata', contextOf(request), {
    project_id: snapshot.projectId,
  });
  return { metadata: snapshotMetadataOf(deps.db, snapshot.id) };
};

const METADATA_BODY = {
  type: 'object',
  properties: { metadata: METADATA },
  required: ['metadata'],
};

export const setSnapshotMetadata =
  (replace: boolean): VolumeHandler =>
  (deps) =>
  async (request) => {
    const viewer = viewerOf(request);
    const body = jsonBody(request);
    validateAgainst(METADATA_BODY, body);
    const snapshot = getSnapshot(deps.db, viewer, paramOf(request, 'id'));
    enforce('volume:update_snapshot_metadata', contextOf(request), {
      project_id: snapshot.projectId,
    });
    return {
      metadata: mergeSnapshotMetadata(deps.db, viewer, snapshot.id, (body as { metadata: Record<string, string> }).metadata, replace),
    };
  };

export const deleteSnapshotMetadataKey: VolumeHandler = (deps) => async (request, reply) => {
  const viewer = viewerOf(request);
  const snapshot = getSnapshot(deps.db, viewer, paramOf(request, 'id'));
  enforce('volume:delete_snapshot_metadata', contextOf(request), {
    project_id: snapshot.projectId,
  });
  deleteSnapshotMetadata(deps.db, viewer, snapshot.id, paramOf(request, 'key'));
  return reply.code(200).send();
};
