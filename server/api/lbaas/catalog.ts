import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { LbFlavorCreateRequest, LbFlavorUpdateRequest } from '../../../shared/generated/lb-flavor.js';
import type { LbFlavorProfileCreateRequest, LbFlavorProfileUpdateRequest } from '../../../shared/generated/lb-flavor-profile.js';
import type { LbRoutesOptions } from './index.js';
import { enforce } from '../../policy/enforce.js';
import { encode, LB_SERVICE, type Native, octavia, pick, sdk } from './octavia.js';
import { bodySchema } from './validate.js';

/**
 * `/api/lbaas/flavors/`, `flavorprofiles/`, `availabilityzones/`, `providers/`
 * (api-contract §10): the operator's catalog. The flavor profile create
 * creates a flavor profile (Horizon's calls the flavor create: a bug not kept).
 * `amphorae/` (not in the contract: the admin's Amphorae panel) reads
 * Octavia's `/v2/octavia/amphorae`. Every project reads flavors; the rest is
 * the admin's, refused here before any call (Octavia's own rules).
 */

/** Refuses (403) a session Octavia's rule `os_load-balancer_api:<rule>` does not allow. */
const allow = (request: FastifyRequest, rule: string) => enforce(request, LB_SERVICE, [`os_load-balancer_api:${rule}`]);

export const catalogRoutes: FastifyPluginAsync<LbRoutesOptions> = async (app, { access }) => {
  app.get('/api/lbaas/flavors/', async (request) => {
    const flavors = (await octavia<{ flavors: Native[] }>(await access.client(request), 'GET', '/flavors')).body.flavors;
    return { items: flavors.map((flavor) => sdk('flavor', flavor)) };
  });
  app.post<{ Body: LbFlavorCreateRequest }>('/api/lbaas/flavors/', { schema: bodySchema('lb-flavor.schema.json#/$defs/createRequest') }, async (request) => {
    allow(request, 'flavor:post');
    const body = pick(request.body.flavor, ['name', 'description', 'flavor_profile_id', 'enabled']);
    return sdk('flavor', (await octavia<{ flavor: Native }>(await access.client(request), 'POST', '/flavors', { body: { flavor: body } })).body.flavor);
  });
  app.get<{ Params: { id: string } }>('/api/lbaas/flavors/:id/', async (request) =>
    sdk('flavor', (await octavia<{ flavor: Native }>(await access.client(request), 'GET', `/flavors/${encode(request.params.id)}`)).body.flavor),
  );
  app.put<{ Params: { id: string }; Body: LbFlavorUpdateRequest }>('/api/lbaas/flavors/:id/', { schema: bodySchema('lb-flavor.schema.json#/$defs/updateRequest') }, async (request, reply) => {
    allow(request, 'flavor:put');
    const body = pick(request.body.flavor, ['name', 'description', 'enabled']);
    await octavia(await access.client(request), 'PUT', `/flavors/${encode(request.params.id)}`, { body: { flavor: body } });
    return reply.code(204).send();
  });
  app.delete<{ Params: { id: string } }>('/api/lbaas/flavors/:id/', async (request, reply) => {
    allow(request, 'flavor:delete');
    await octavia(await access.client(request), 'DELETE', `/flavors/${encode(request.params.id)}`);
    return reply.code(204).send();
  });

  app.get('/api/lbaas/flavorprofiles/', async (request) => {
    allow(request, 'flavor-profile:get_all');
    const profiles = (await octavia<{ flavorprofiles: Native[] }>(await access.client(request), 'GET', '/flavorprofiles')).body.flavorprofiles;
    return { items: profiles.map((profile) => sdk('flavorprofile', profile)) };
  });
  app.post<{ Body: LbFlavorProfileCreateRequest }>('/api/lbaas/flavorprofiles/', { schema: bodySchema('lb-flavor-profile.schema.json#/$defs/createRequest') }, async (request) => {
    allow(request, 'flavor-profile:post');
    const body = pick(request.body.flavor_profile, ['name', 'provider_name', 'flavor_data']);
    return sdk('flavorprofile', (await octavia<{ flavorprofile: Native }>(await access.client(request), 'POST', '/flavorprofiles', { body: { flavorprofile: body } })).body.flavorprofile);
  });
  app.get<{ Params: { id: string } }>('/api/lbaas/flavorprofiles/:id/', async (request) => {
    allow(request, 'flavor-profile:get_one');
    return sdk('flavorprofile', (await octavia<{ flavorprofile: Native }>(await access.client(request), 'GET', `/flavorprofiles/${encode(request.params.id)}`)).body.flavorprofile);
  });
  app.put<{ Params: { id: string }; Body: LbFlavorProfileUpdateRequest }>('/api/lbaas/flavorprofiles/:id/', { schema: bodySchema('lb-flavor-profile.schema.json#/$defs/updateRequest') }, async (request, reply) => {
    allow(request, 'flavor-profile:put');
    const body = pick(request.body.flavor_profile, ['name', 'provider_name', 'flavor_data']);
    await octavia(await access.client(request), 'PUT', `/flavorprofiles/${encode(request.params.id)}`, { body: { flavorprofile: body } });
    return reply.code(204).send();
  });
  app.delete<{ Params: { id: string } }>('/api/lbaas/flavorprofiles/:id/', async (request, reply) => {
    allow(request, 'flavor-profile:delete');
    await octavia(await access.client(request), 'DELETE', `/flavorprofiles/${encode(request.params.id)}`);
    return reply.code(204).send();
  });

  app.get('/api/lbaas/availabilityzones/', async (request) => {
    const zones = (await octavia<{ availability_zones: Native[] }>(await access.client(request), 'GET', '/availabilityzones')).body.availability_zones;
    return { items: zones.map((zone) => sdk('availabilityzone', zone)) };
  });
  app.get('/api/lbaas/providers/', async (request) => {
    const providers = (await octavia<{ providers: { name: string; description: string }[] }>(await access.client(request), 'GET', '/providers')).body.providers;
    return { items: providers.map(({ name, description }) => ({ name, description })) };
  });

  // (not in the contract: the admin's Amphorae panel) Octavia's operator API lives beside /v2/lbaas, under /v2/octavia.
  app.get('/api/lbaas/amphorae/', async (request) => {
    allow(request, 'amphora:get_all');
    const amphorae = (await (await access.client(request)).request<{ amphorae: Native[] }>(LB_SERVICE, 'GET', '/v2/octavia/amphorae')).body.amphorae;
    return { items: amphorae.map((amphora) => sdk('amphora', amphora)) };
  });
  app.get<{ Params: { id: string } }>('/api/lbaas/amphorae/:id/', async (request) => {
    allow(request, 'amphora:get_one');
    return sdk('amphora', (await (await access.client(request)).request<{ amphora: Native }>(LB_SERVICE, 'GET', `/v2/octavia/amphorae/${encode(request.params.id)}`)).body.amphora);
  });
};
