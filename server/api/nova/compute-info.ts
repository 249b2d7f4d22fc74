import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { BffContext } from '../../context.js';
import { ApiError, UpstreamError } from '../../errors.js';
import type { CloudClient } from '../../openstack/client.js';
import { hasVolumeService } from '../cinder/common.js';
import type { InstanceSnapshotCreate } from '../../../shared/generated/instance.js';
import { serverPath } from './servers.js';
import { enforce } from '../../policy/enforce.js';
import { QUOTA_PROJECT_PARAMS, quotaItem } from '../quota-names.js';

/**
 * `/api/nova/` availability zones, services, quota sets and instance
 * snapshots (api-contract §6).
 */

/** Horizon's NOVA_QUOTA_FIELDS, in its order. */
export const NOVA_QUOTA_FIELDS = [
  'metadata_items',
  'cores',
  'instances',
  'injected_files',
  'injected_file_content_bytes',
  'injected_file_path_bytes',
  'ram',
  'key_pairs',
  'server_groups',
  'server_group_members',
] as const;
const CINDER_QUOTA_FIELDS = ['volumes', 'snapshots', 'gigabytes'];
const NEUTRON_QUOTA_FIELDS = ['network', 'subnet', 'port', 'router', 'floatingip', 'security_group', 'security_group_rule'];

function hasService(client: CloudClient, type: string): boolean {
  try {
    client.endpoint(type);
    return true;
  } catch {
    return false;
  }
}

function requireCompute(client: CloudClient, status: 501, message: string): void {
  if (!hasService(client, 'compute')) throw new ApiError(status, message);
}

function projectOf(request: FastifyRequest): string {
  const projectId = request.session?.projectId;
  if (!projectId) throw new ApiError(401, 'not logged in');
  return projectId;
}

/** A whole Nova quota body: every field present, each an integer ≥ -1 (400 naming the field otherwise). */
function quotaValues(body: unknown): Record<string, number> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new ApiError(400, 'request requires JSON body');
  const values: Record<string, number> = {};
  for (const key of NOVA_QUOTA_FIELDS) {
    if (!(key in body)) throw new ApiError(400, `missing required parameter '${key}'`);
    const value = Number((body as Record<string, unknown>)[key]);
    if (!Number.isInteger(value) || value < -1) throw new ApiError(400, `'${key}' must be an integer of at least -1`);
    values[key] = value;
  }
  return values;
}

export const computeInfoRoutes: FastifyPluginAsync<BffContext> = async (app, { access }) => {
  app.get<{ Querystring: { detailed?: string } }>('/api/nova/availzones/', async (request) => {
    const client = await access.client(request);
    const path = request.query.detailed === 'true' ? '/os-availability-zone/detail' : '/os-availability-zone';
    const response = await client.request<{ availabilityZoneInfo: { zoneName: string; zoneState: { available: boolean }; hosts: unknown }[] }>('compute', 'GET', path);
    const zones = response.body.availabilityZoneInfo.map(({ zoneName, zoneState, hosts }) => ({ zoneName, zoneState: { available: zoneState.available }, hosts }));
    return { items: zones.sort((a, b) => (a.zoneName < b.zoneName ? -1 : a.zoneName > b.zoneName ? 1 : 0)) };
  });

  app.get('/api/nova/services/', async (request, reply) => {
    const client = await access.client(request);
    if (!hasService(client, 'compute')) return reply.code(501).type('application/json; charset=utf-8').send('""');
    const response = await client.request<{ services: Record<string, unknown>[] }>('compute', 'GET', '/os-services');
    return { items: response.body.services };
  });

  app.get('/api/nova/quota-sets/defaults/', async (request) => {
    const client = await access.client(request);
    requireCompute(client, 501, 'Service Nova is disabled.');
    const response = await client.request<{ quota_set: Record<string, number | string> }>('compute', 'GET', `/os-quota-sets/${encodeURIComponent(projectOf(request))}/defaults`);
    const quotaSet = response.body.quota_set;
    const items = NOVA_QUOTA_FIELDS.filter((name) => name in quotaSet).map((name) => quotaItem(name, quotaSet[name]));
    return { items };
  });

  app.patch('/api/nova/quota-sets/defaults/', { schema: { body: { $ref: 'quota.schema.json#/$defs/computeUpdate' } } }, async (request, reply) => {
    enforce(request, 'compute', ['os_compute_api:os-quota-class-sets:update']);
    const values = quotaValues(request.body);
    const client = await access.client(request);
    requireCompute(client, 501, 'Service Nova is disabled.');
    await client.request('compute', 'PUT', '/os-quota-class-sets/default', { body: { quota_class_set: values } });
    return reply.code(204).send();
  });

  app.get('/api/nova/quota-sets/editable/', async (request) => {
    const client = await access.client(request);
    const items: string[] = [];
    if (hasService(client, 'compute')) items.push(...NOVA_QUOTA_FIELDS);
    if (hasVolumeService(client)) items.push(...CINDER_QUOTA_FIELDS);
    if (hasService(client, 'network')) items.push(...NEUTRON_QUOTA_FIELDS);
    return { items };
  });

  app.patch<{ Params: { project: string } }>('/api/nova/quota-sets/:project', { schema: { body: { $ref: 'quota.schema.json#/$defs/computeUpdate' } } }, async (request, reply) => {
    if (!/^[0-9a-f]+$/.test(request.params.project)) throw new ApiError(404, 'No such project.');
    enforce(request, 'compute', ['os_compute_api:os-quota-sets:update']);
    const values = quotaValues(request.body);
    const client = await access.client(request);
    requireCompute(client, 501, 'Service Nova is disabled.');
    await client.request('compute', 'PUT', `/os-quota-sets/${encodeURIComponent(request.params.project)}`, { body: { quota_set: values } });
    return reply.code(204).send();
  });

  // (not in the contract: Horizon's Edit Quotas and Overview read them in Django) A project's quotas, with `in_use` when `usage=true`.
  app.get<{ Params: { project: string }; Querystring: { usage?: string } }>(
    '/api/nova/quota-sets/:project',
    { schema: { params: QUOTA_PROJECT_PARAMS, querystring: { $ref: 'quota.schema.json#/$defs/showQuery' } } },
    async (request) => {
      const { project } = request.params;
      enforce(request, 'compute', ['os_compute_api:os-quota-sets:show'], { project_id: project });
      const client = await access.client(request);
      requireCompute(client, 501, 'Service Nova is disabled.');
      const usage = request.query.usage === 'true';
      const response = await client.request<{ quota_set: Record<string, number | { limit: number; in_use: number }> }>(
        'compute',
        'GET',
        `/os-quota-sets/${encodeURIComponent(project)}${usage ? '/detail' : ''}`,
      );
      const quotaSet = response.body.quota_set;
      return { items: NOVA_QUOTA_FIELDS.filter((name) => name in quotaSet).map((name) => quotaItem(name, quotaSet[name])) };
    },
  );

  // Instance snapshot: 200 with the new image's id as a JSON string.
  app.post<{ Body: InstanceSnapshotCreate }>('/api/nova/snapshots/', { schema: { body: { $ref: 'instance.schema.json#/$defs/snapshotCreate' } } }, async (request, reply) => {
    const body = request.body;
    const client = await access.client(request);
    const microversion = await client.microversion('compute', ['2.45']);
    const response = await client.request<{ image_id?: string }>('compute', 'POST', `${serverPath(body.instance_id)}/action`, {
      microversion,
      body: { createImage: { name: body.name.trim() } },
    });
    const imageId = response.body?.image_id ?? response.headers.get('location')?.split('/').pop();
    if (!imageId) throw new UpstreamError(502, 'Nova did not say which image it created.', 'compute');
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(imageId));
  });
};
