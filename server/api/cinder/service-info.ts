import type { FastifyPluginAsync } from 'fastify';
import type { BffContext } from '../../context.js';
import { ApiError } from '../../errors.js';
import { sendJsonWithInfinity } from '../../json.js';
import { endpointCache } from '../../openstack/endpoint-cache.js';
import { enforce } from '../../policy/enforce.js';
import { QUOTA_PROJECT_PARAMS, quotaItem } from '../quota-names.js';
import { cinder, encode, hasVolumeService, requireVolumeService, VOLUME_SERVICE } from './common.js';

/**
 * `/api/cinder/` extensions, QoS specs, limits, services, availability zones
 * and quotas (api-contract §5).
 */

interface Extension {
  alias: string;
  description: string;
  links: unknown[];
  name: string;
  updated: string;
}

const CINDER_QUOTA_FIELDS = ['volumes', 'snapshots', 'gigabytes'] as const;

export const serviceInfoRoutes: FastifyPluginAsync<BffContext> = async (app, { access }) => {
  // Kept a minute per endpoint, as Neutron's: every page reads them.
  const extensionCache = endpointCache<Extension[]>(60_000);
  async function extensions(request: Parameters<typeof access.client>[0]): Promise<Extension[]> {
    const client = await access.client(request);
    return extensionCache(client.endpoint(VOLUME_SERVICE), async () => (await cinder<{ extensions: Extension[] }>(client, 'GET', '/extensions')).body.extensions);
  }

  app.get('/api/cinder/extensions/', async (request) => ({
    items: (await extensions(request)).map(({ alias, description, links, name, updated }) => ({ alias, description, links, name, updated })),
  }));

  app.get('/api/cinder/qosspecs/', async (request) => {
    const client = await access.client(request);
    const response = await cinder<{ qos_specs: { id: string; name: string; consumer: string; specs: Record<string, string> }[] }>(client, 'GET', '/qos-specs');
    return { items: response.body.qos_specs.map(({ id, name, consumer, specs }) => ({ id, name, consumer, specs })) };
  });

  // Unlimited (-1) becomes Infinity, written 1e+999; a negative total is clamped to 0 (api-contract §1.8).
  app.get('/api/cinder/tenantabsolutelimits/', async (request, reply) => {
    const client = await access.client(request);
    const response = await cinder<{ limits: { absolute: Record<string, number> } }>(client, 'GET', '/limits');
    const limits: Record<string, number> = {};
    for (const [key, value] of Object.entries(response.body.limits.absolute)) {
      if (value < 0) limits[key] = key.startsWith('total') && key.endsWith('Used') ? 0 : Infinity;
      else limits[key] = value;
    }
    return sendJsonWithInfinity(reply, limits);
  });

  app.get('/api/cinder/services/', async (request) => {
    const client = await access.client(request);
    if (!hasVolumeService(client) || !(await extensions(request)).some((extension) => extension.name === 'Services')) throw new ApiError(501, '');
    const response = await cinder<{ services: { binary: string; host: string; zone: string; updated_at: string; status: string; state: string }[] }>(
      client,
      'GET',
      '/os-services',
    );
    // The id is synthetic: the list index + 1, as Horizon makes it (api-contract §13.14).
    return {
      items: response.body.services.map((service, index) => ({
        binary: service.binary,
        host: service.host,
        zone: service.zone,
        updated_at: service.updated_at,
        status: service.status,
        state: service.state,
        id: index + 1,
      })),
    };
  });

  // Cinder has no detailed zone list (the real one answers 404), so `detailed` reads the same list.
  app.get('/api/cinder/availzones/', async (request) => {
    const client = await access.client(request);
    const response = await cinder<{ availabilityZoneInfo: { zoneName: string; zoneState: { available: boolean } }[] }>(client, 'GET', '/os-availability-zone');
    return { items: response.body.availabilityZoneInfo.map(({ zoneName, zoneState }) => ({ zoneName, zoneState: { available: zoneState.available } })) };
  });

  app.get('/api/cinder/quota-sets/defaults/', async (request) => {
    const client = await access.client(request);
    requireVolumeService(client);
    const projectId = request.session?.projectId;
    if (!projectId) throw new ApiError(401, 'not logged in');
    const response = await cinder<{ quota_set: Record<string, number | string> }>(client, 'GET', `/os-quota-sets/${encode(projectId)}/defaults`);
    const items = Object.entries(response.body.quota_set)
      .filter(([name]) => name !== 'id')
      .map(([name, limit]) => quotaItem(name, limit));
    return { items };
  });

  app.patch<{ Body: Record<(typeof CINDER_QUOTA_FIELDS)[number], number> }>(
    '/api/cinder/quota-sets/defaults/',
    { schema: { body: { $ref: 'quota.schema.json#/$defs/volumeDefaults' } } },
    async (request, reply) => {
      enforce(request, 'volume', ['volume_extension:quota_classes:update']);
      const client = await access.client(request);
      requireVolumeService(client);
      const values = Object.fromEntries(CINDER_QUOTA_FIELDS.map((key) => [key, request.body[key]]));
      await cinder(client, 'PUT', '/os-quota-class-sets/default', { body: { quota_class_set: values } });
      return reply.code(204).send();
    },
  );

  app.patch<{ Params: { project: string }; Body: Record<string, unknown> }>(
    '/api/cinder/quota-sets/:project',
    { schema: { body: { $ref: 'quota.schema.json#/$defs/volumeUpdate' }, params: QUOTA_PROJECT_PARAMS } },
    async (request, reply) => {
      enforce(request, 'volume', ['volume_extension:quotas:update']);
      const client = await access.client(request);
      requireVolumeService(client);
      // Only Cinder's own quota keys go to Cinder; the browser may send Nova's and Neutron's in the same body.
      const values = Object.fromEntries(CINDER_QUOTA_FIELDS.filter((key) => key in request.body).map((key) => [key, request.body[key]]));
      if (Object.keys(values).length) await cinder(client, 'PUT', `/os-quota-sets/${encode(request.params.project)}`, { body: { quota_set: values } });
      return reply.code(204).send();
    },
  );

  // (not in the contract: Horizon's Edit Quotas and Overview read them in Django) A project's volume quotas, with `in_use` when `usage=true`.
  app.get<{ Params: { project: string }; Querystring: { usage?: string } }>(
    '/api/cinder/quota-sets/:project',
    { schema: { params: QUOTA_PROJECT_PARAMS, querystring: { $ref: 'quota.schema.json#/$defs/showQuery' } } },
    async (request) => {
      const { project } = request.params;
      enforce(request, 'volume', ['volume_extension:quotas:show'], { project_id: project });
      const client = await access.client(request);
      requireVolumeService(client);
      const usage = request.query.usage === 'true';
      const response = await cinder<{ quota_set: Record<string, number | { limit: number; in_use: number }> }>(
        client,
        'GET',
        `/os-quota-sets/${encode(project)}${usage ? '?usage=true' : ''}`,
      );
      const quotaSet = response.body.quota_set;
      return { items: CINDER_QUOTA_FIELDS.filter((name) => name in quotaSet).map((name) => quotaItem(name, quotaSet[name])) };
    },
  );
};
