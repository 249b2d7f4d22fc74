import type { FastifyPluginAsync } from 'fastify';
import type { BffContext } from '../../context.js';
import { applyMetadataPatch, cinder, encode, filtersOf, type MetadataPatch } from './common.js';
import { adminFilters, NO_ROWS_PAGE } from '../admin-filters.js';
import { projectNames } from '../nova/servers.js';
import { pageOf, pageSizeOf } from '../paging.js';
import { CLIENT_KEYWORDS, refuseAllProjectsUnlessAdmin } from './volumes.js';
import type { VolumeSnapshotCreate } from '../../../shared/generated/volume-snapshot.js';

/** `/api/cinder/volumesnapshots/` (api-contract §5): list with filters, metadata; create and delete for the snapshots panel. */

interface NativeSnapshot {
  id: string;
  metadata?: Record<string, string>;
  [key: string]: unknown;
}

const SNAPSHOT_FIELDS = [
  'id',
  'name',
  'description',
  'size',
  'status',
  'created_at',
  'volume_id',
  'group_snapshot_id',
  'os-extended-snapshot-attributes:project_id',
  'metadata',
] as const;

export function shapeSnapshot(snapshot: NativeSnapshot) {
  const shaped: Record<string, unknown> = {};
  for (const field of SNAPSHOT_FIELDS) shaped[field] = snapshot[field] ?? null;
  shaped.metadata = snapshot.metadata ?? {};
  return shaped;
}

export const snapshotRoutes: FastifyPluginAsync<BffContext> = async (app, { access }) => {
  app.get<{ Querystring: Record<string, string> }>('/api/cinder/volumesnapshots/', async (request) => {
    // Other projects' snapshots are the admin's to list.
    refuseAllProjectsUnlessAdmin(request, request.query);
    const client = await access.client(request);
    // The admin's tab is searched by Cinder's own filters, the project's name made its id.
    const allProjects = request.query.all_projects === 'true';
    const filters = allProjects ? await adminFilters(request, client, ['name', 'status']) : filtersOf(request.query, CLIENT_KEYWORDS);
    if (!filters) return NO_ROWS_PAGE;
    const query: Record<string, string | number | undefined> = allProjects ? { ...filters, all_tenants: 1 } : filters;
    // Paged as the volumes are (api-contract §1.6 "same idea"; not in the contract for snapshots).
    const paginate = request.query.paginate === 'true';
    const size = paginate ? pageSizeOf(request) : 0;
    const ascending = request.query.sort_dir === 'asc';
    if (paginate) Object.assign(query, { limit: size + 1, marker: request.query.marker, sort: `created_at:${ascending ? 'asc' : 'desc'}` });
    const response = await cinder<{ snapshots: NativeSnapshot[] }>(client, 'GET', '/snapshots/detail', { query });
    const page = paginate ? pageOf(response.body.snapshots, size, request.query.marker, ascending) : { items: response.body.snapshots, has_more_data: false, has_prev_data: false };
    // The admin's list names each snapshot's project (Horizon's Project column), as the volumes' does.
    const projects = request.query.all_projects === 'true' ? await projectNames(client) : null;
    return {
      ...page,
      items: page.items.map((snapshot) => {
        const shaped = shapeSnapshot(snapshot);
        const owner = String(snapshot['os-extended-snapshot-attributes:project_id'] ?? '');
        return projects ? { ...shaped, tenant_name: projects.get(owner) ?? owner } : shaped;
      }),
    };
  });

  app.post<{ Body: VolumeSnapshotCreate }>('/api/cinder/volumesnapshots/', { schema: { body: { $ref: 'volume-snapshot.schema.json#/$defs/create' } } }, async (request, reply) => {
    const client = await access.client(request);
    const { volume_id, name, description, force } = request.body;
    const response = await cinder<{ snapshot: NativeSnapshot }>(client, 'POST', '/snapshots', {
      body: { snapshot: { volume_id, name: name ?? null, description: description ?? null, force: force ?? false } },
    });
    const snapshot = response.body.snapshot;
    reply.code(201).header('Location', `/api/cinder/volumesnapshots/${encode(snapshot.id)}`);
    return shapeSnapshot(snapshot);
  });

  app.delete<{ Params: { id: string } }>('/api/cinder/volumesnapshots/:id', async (request, reply) => {
    const client = await access.client(request);
    await cinder(client, 'DELETE', `/snapshots/${encode(request.params.id)}`);
    return reply.code(204).send();
  });

  app.get<{ Params: { id: string } }>('/api/cinder/volumesnapshots/:id/metadata', async (request) => {
    const client = await access.client(request);
    return (await cinder<{ snapshot: NativeSnapshot }>(client, 'GET', `/snapshots/${encode(request.params.id)}`)).body.snapshot.metadata ?? {};
  });

  app.patch<{ Params: { id: string }; Body: MetadataPatch }>(
    '/api/cinder/volumesnapshots/:id/metadata',
    { schema: { body: { $ref: 'volume.schema.json#/$defs/metadataPatch' } } },
    async (request, reply) => {
      const client = await access.client(request);
      await applyMetadataPatch(client, `/snapshots/${encode(request.params.id)}/metadata`, 'metadata', request.body);
      return reply.code(204).send();
    },
  );
};
