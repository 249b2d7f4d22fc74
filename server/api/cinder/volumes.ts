import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { BffContext } from '../../context.js';
import type { CloudClient } from '../../openstack/client.js';
import { enforce } from '../../policy/enforce.js';
import { adminFilters, NO_ROWS_PAGE, wholeNumberFilter } from '../admin-filters.js';
import { projectNames } from '../nova/servers.js';
import { pageOf, pageSizeOf } from '../paging.js';
import { applyMetadataPatch, cinder, cinderMicroversion, encode, filtersOf, GROUPS, type MetadataPatch } from './common.js';
import type { VolumeUpdate } from '../../../shared/generated/volume.js';
import type { VolumeCreate } from '../../../shared/generated/volume.js';

/** `/api/cinder/volumes/` (api-contract §5): list (paged), create, get, metadata. */

interface NativeAttachment {
  id?: string;
  attachment_id?: string;
  server_id?: string;
  host_name?: string | null;
  device?: string;
  volume_id?: string;
  attached_at?: string;
}

export interface NativeVolume {
  id: string;
  name: string | null;
  status: string;
  attachments?: NativeAttachment[];
  [key: string]: unknown;
}

interface NativeTransfer {
  id: string;
  name: string | null;
  volume_id: string;
  created_at: string;
}

/** The fields the browser reads, each null when Cinder did not give it (api-contract §5 shapes). */
const VOLUME_FIELDS = [
  'id',
  'name',
  'description',
  'size',
  'status',
  'created_at',
  'volume_type',
  'availability_zone',
  'imageRef',
  'bootable',
  'snapshot_id',
  'source_volid',
  'attachments',
  'tenant_name',
  'group_id',
  'consistencygroup_id',
  'os-vol-host-attr:host',
  'os-vol-tenant-attr:tenant_id',
  'metadata',
  'volume_image_metadata',
  'encrypted',
  'transfer',
  'multiattach',
] as const;

export function shapeVolume(volume: NativeVolume, transfer: NativeTransfer | null = null): Record<string, unknown> {
  const shaped: Record<string, unknown> = {};
  for (const field of VOLUME_FIELDS) shaped[field] = volume[field] ?? null;
  // Horizon's Volume wrapper: the name falls back to the id; bootable stays the string "true"/"false".
  shaped.name = volume.name || volume.id;
  shaped.attachments = volume.attachments ?? [];
  shaped.metadata = volume.metadata ?? {};
  shaped.transfer = transfer;
  return shaped;
}

/** Transfers by volume id, to fill `transfer` (Horizon's volume_list_paged). */
async function transfersByVolume(client: CloudClient, allTenants: boolean): Promise<Map<string, NativeTransfer>> {
  const response = await cinder<{ transfers: NativeTransfer[] }>(client, 'GET', '/os-volume-transfer/detail', { query: allTenants ? { all_tenants: 1 } : {} });
  return new Map(response.body.transfers.map((transfer) => [transfer.volume_id, transfer]));
}

/** The filters of Cinder's volume list Admin > Volumes searches by. */
const VOLUME_ADMIN_FILTERS = ['name', 'status', 'size', 'bootable', 'availability_zone'];

// all_projects is read here, never passed on as a filter; `limit` is the browser's page size.
export const CLIENT_KEYWORDS = ['marker', 'sort_dir', 'paginate', 'all_projects', 'limit'];

/** A member never lists other projects: all_projects=true (and the native all_tenants, whatever its value) are the admin's. */
export function refuseAllProjectsUnlessAdmin(request: FastifyRequest, query: Record<string, unknown>): void {
  if (query.all_projects === 'true' || 'all_tenants' in query) enforce(request, 'volume', ['admin_api']);
}

export const volumeRoutes: FastifyPluginAsync<BffContext> = async (app, { access }) => {
  app.get<{ Querystring: Record<string, string> }>('/api/cinder/volumes/', async (request) => {
    refuseAllProjectsUnlessAdmin(request, request.query);
    const client = await access.client(request);
    const microversion = await cinderMicroversion(client, GROUPS);
    let query: Record<string, string | number | undefined>;
    const allProjects = request.query.all_projects === 'true';
    let paginate = false;
    let size = 0;
    // Horizon lists all tenants and ignores every other parameter; (not in the contract) with paginate=true too, Admin > Volumes pages on the server,
    // searched by Cinder's own filters (Horizon's VolumesFilterAction).
    const filters = allProjects ? await adminFilters(request, client, VOLUME_ADMIN_FILTERS) : {};
    if (!filters) return NO_ROWS_PAGE;
    wholeNumberFilter(filters, 'size', 'Size (GiB)');
    query = allProjects ? { all_tenants: 1, ...filters } : filtersOf(request.query, CLIENT_KEYWORDS);
    paginate = request.query.paginate === 'true';
    if (paginate) {
      size = pageSizeOf(request);
      const dir = request.query.sort_dir === 'asc' ? 'asc' : 'desc';
      query = { ...query, limit: size + 1, marker: request.query.marker, sort: `created_at:${dir}` };
    }
    const [volumes, transfers] = await Promise.all([
      cinder<{ volumes: NativeVolume[] }>(client, 'GET', '/volumes/detail', { query, microversion }),
      transfersByVolume(client, allProjects),
    ]);
    const page = paginate ? pageOf(volumes.body.volumes, size, request.query.marker, request.query.sort_dir === 'asc') : { items: volumes.body.volumes, has_more_data: false, has_prev_data: false };
    // The admin's list names each volume's project (Horizon's Project column).
    const projects = allProjects ? await projectNames(client) : null;
    return {
      ...page,
      items: page.items.map((volume) => {
        const shaped = shapeVolume(volume, transfers.get(volume.id) ?? null);
        const owner = String(volume['os-vol-tenant-attr:tenant_id'] ?? '');
        return projects ? { ...shaped, tenant_name: projects.get(owner) ?? owner } : shaped;
      }),
    };
  });

  app.post<{ Body: VolumeCreate }>('/api/cinder/volumes/', { schema: { body: { $ref: 'volume.schema.json#/$defs/create' } } }, async (request, reply) => {
    const client = await access.client(request);
    const microversion = await cinderMicroversion(client, GROUPS);
    const body = request.body;
    const response = await cinder<{ volume: NativeVolume }>(client, 'POST', '/volumes', {
      microversion,
      body: {
        volume: {
          size: body.size,
          name: body.name,
          description: body.description,
          volume_type: body.volume_type,
          snapshot_id: body.snapshot_id,
          metadata: body.metadata ?? {},
          imageRef: body.image_id,
          availability_zone: body.availability_zone,
          source_volid: body.source_volid,
        },
      },
    });
    const volume = response.body.volume;
    reply.code(201).header('Location', `/api/cinder/volumes/${encode(volume.id)}`);
    return shapeVolume(volume);
  });

  app.get<{ Params: { id: string } }>('/api/cinder/volumes/:id', async (request) => {
    const client = await access.client(request);
    const microversion = await cinderMicroversion(client, GROUPS);
    const volume = (await cinder<{ volume: NativeVolume }>(client, 'GET', `/volumes/${encode(request.params.id)}`, { microversion })).body.volume;
    // Each attachment is named after its server (Nova); a server that cannot be read leaves the name empty.
    const attachments = await Promise.all(
      (volume.attachments ?? []).map(async (attachment) => {
        let instanceName: string | null = null;
        if (attachment.server_id) {
          try {
            const server = await client.request<{ server: { name: string } }>('compute', 'GET', `/servers/${encode(attachment.server_id)}`);
            instanceName = server.body.server.name;
          } catch {
            instanceName = null;
          }
        }
        return { ...attachment, instance_name: instanceName };
      }),
    );
    let transfer: NativeTransfer | null = null;
    if (volume.status === 'awaiting-transfer') transfer = (await transfersByVolume(client, false)).get(volume.id) ?? null;
    return shapeVolume({ ...volume, attachments }, transfer);
  });

  // Not in Horizon's REST API (its Django views edit and extend); the volumes panel needs them.
  app.patch<{ Params: { id: string }; Body: VolumeUpdate }>('/api/cinder/volumes/:id', { schema: { body: { $ref: 'volume.schema.json#/$defs/update' } } }, async (request, reply) => {
    const client = await access.client(request);
    const path = `/volumes/${encode(request.params.id)}`;
    const { name, description, bootable } = request.body;
    if (name !== undefined || description !== undefined) await cinder(client, 'PUT', path, { body: { volume: { name, description } } });
    if (bootable !== undefined) await cinder(client, 'POST', `${path}/action`, { body: { 'os-set_bootable': { bootable } } });
    return reply.code(204).send();
  });

  app.post<{ Params: { id: string }; Body: { new_size: number } }>('/api/cinder/volumes/:id/extend/', { schema: { body: { $ref: 'volume.schema.json#/$defs/extend' } } }, async (request, reply) => {
    const client = await access.client(request);
    await cinder(client, 'POST', `/volumes/${encode(request.params.id)}/action`, { body: { 'os-extend': { new_size: request.body.new_size } } });
    return reply.code(204).send();
  });

  // Not in Horizon's REST API (its Django view deletes); the volumes panel needs it. Cinder answers 202.
  app.delete<{ Params: { id: string } }>('/api/cinder/volumes/:id', async (request, reply) => {
    const client = await access.client(request);
    await cinder(client, 'DELETE', `/volumes/${encode(request.params.id)}`);
    return reply.code(204).send();
  });

  app.get<{ Params: { id: string } }>('/api/cinder/volumes/:id/metadata', async (request) => {
    const client = await access.client(request);
    const volume = (await cinder<{ volume: NativeVolume }>(client, 'GET', `/volumes/${encode(request.params.id)}`)).body.volume;
    return volume.metadata ?? {};
  });

  app.patch<{ Params: { id: string }; Body: MetadataPatch }>(
    '/api/cinder/volumes/:id/metadata',
    { schema: { body: { $ref: 'volume.schema.json#/$defs/metadataPatch' } } },
    async (request, reply) => {
      const client = await access.client(request);
      await applyMetadataPatch(client, `/volumes/${encode(request.params.id)}/metadata`, 'metadata', request.body);
      return reply.code(204).send();
    },
  );
};
