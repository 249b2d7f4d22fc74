import type { FastifyPluginAsync } from 'fastify';
import type { BffContext } from '../../context.js';

/** Horizon's MICROVERSION_FEATURES for Nova, with the versions of api-contract §14.2. */
export const NOVA_FEATURES: Record<string, string[]> = {
  locked_attribute: ['2.9', '2.42'],
  instance_description: ['2.19', '2.60', '2.67'],
  remote_console_mks: ['2.8', '2.53'],
  servergroup_soft_policies: ['2.15', '2.60'],
  servergroup_user_info: ['2.13', '2.60'],
  multiattach: ['2.60'],
  auto_allocated_network: ['2.37', '2.60', '2.67'],
  key_types: ['2.2', '2.9'],
  key_type_list: ['2.9'],
};

/**
 * `/api/nova/features/{name}/`: whether any of the feature's microversions
 * lies in the compute service's range. The browser asks before offering,
 * e.g., the soft server-group policies. An unknown feature is not available.
 */
export const featureRoutes: FastifyPluginAsync<BffContext> = async (app, { access }) => {
  app.get<{ Params: { name: string } }>('/api/nova/features/:name', async (request, reply) => {
    // Own keys only: `__proto__` or `constructor` name no feature.
    const versions = Object.hasOwn(NOVA_FEATURES, request.params.name) ? NOVA_FEATURES[request.params.name] : undefined;
    let available = false;
    if (versions) {
      const client = await access.client(request);
      available = (await client.microversion('compute', versions)) !== undefined;
    }
    // A bare `true`/`false` body: JSON.stringify keeps it a JSON boolean.
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(available));
  });
};
