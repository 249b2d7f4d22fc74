import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { BffContext } from '../../context.js';
import { ApiError } from '../../errors.js';
import { extensions, filtersOf, hasExtension, neutron, projectOf, wrap } from './common.js';
import { enforce } from '../../policy/enforce.js';
import { QUOTA_PROJECT_PARAMS, quotaItem } from '../quota-names.js';

/** `/api/neutron/agents/`, `availability_zones/`, `extensions/` and the quota routes (api-contract §8). */

/** Neutron quotas Horizon edits, with the extension each needs (router and security-group ones are skipped without them). */
const QUOTA_FIELDS: [name: string, display: string, extension?: string][] = [
  ['network', 'Networks'],
  ['subnet', 'Subnets'],
  ['port', 'Ports'],
  ['router', 'Routers', 'router'],
  ['floatingip', 'Floating IPs', 'router'],
  ['security_group', 'Security Groups', 'security-group'],
  ['security_group_rule', 'Security Group Rules', 'security-group'],
];

const QUOTAS_DISABLED = 'Service Neutron is disabled or quotas extension not available.';

async function enabledQuotaFields(client: Parameters<typeof hasExtension>[0]) {
  const aliases = new Set((await extensions(client)).map((extension) => extension.alias));
  if (!aliases.has('quotas')) throw new ApiError(501, QUOTAS_DISABLED);
  return QUOTA_FIELDS.filter(([, , extension]) => !extension || aliases.has(extension));
}

export const serviceInfoRoutes: FastifyPluginAsync<BffContext> = async (app, { access }) => {
  app.get('/api/neutron/extensions/', async (request) => {
    const client = await access.client(request);
    return { items: await extensions(client) };
  });

  app.get('/api/neutron/agents/', async (request, reply) => {
    const client = await access.client(request);
    if (!(await hasExtension(client, 'agent'))) return reply.code(501).type('application/json; charset=utf-8').send('""');
    const response = await neutron<{ agents: Record<string, unknown>[] }>(client, 'GET', `/agents${filtersOf(request)}`);
    return { items: response.body.agents.map(wrap) };
  });

  /**
   * Neutron's availability zones (not in the contract), e.g. `?resource=network&state=available`
   * for Create Network's and Create Router's zone hints; 501 without the availability_zone extension.
   */
  app.get('/api/neutron/availability_zones/', async (request, reply) => {
    const client = await access.client(request);
    if (!(await hasExtension(client, 'availability_zone'))) return reply.code(501).type('application/json; charset=utf-8').send('""');
    const response = await neutron<{ availability_zones: Record<string, unknown>[] }>(client, 'GET', `/availability_zones${filtersOf(request)}`);
    return { items: response.body.availability_zones };
  });

  /** Dead in Horizon (never registered); implemented as the contract asks, from the project's defaults. */
  app.get('/api/neutron/quota-sets/defaults/', async (request) => {
    const client = await access.client(request);
    const fields = await enabledQuotaFields(client);
    const response = await neutron<{ quota: Record<string, number> }>(client, 'GET', `/quotas/${encodeURIComponent(projectOf(request))}/default`);
    return { items: fields.map(([name, display]) => ({ display_name: display, name, limit: response.body.quota[name] })) };
  });

  const updateQuotas = async (request: FastifyRequest, reply: FastifyReply) => {
    enforce(request, 'network', ['update_quota']);
    const client = await access.client(request);
    const fields = await enabledQuotaFields(client);
    const body = request.body as Record<string, number>;
    const quota = Object.fromEntries(fields.filter(([name]) => body[name] !== undefined).map(([name]) => [name, body[name]]));
    const project = (request.params as { project: string }).project;
    await neutron(client, 'PUT', `/quotas/${encodeURIComponent(project)}`, { body: { quota } });
    return reply.code(204).send();
  };
  const quotaRoute = { schema: { body: { $ref: 'quota.schema.json#/$defs/networkUpdate' }, params: QUOTA_PROJECT_PARAMS } };
  // "quotas-sets" is Horizon's spelling; "quota-sets" is accepted too, as Nova's and Cinder's.
  app.patch('/api/neutron/quotas-sets/:project', quotaRoute, updateQuotas);
  app.patch('/api/neutron/quota-sets/:project', quotaRoute, updateQuotas);

  // (not in the contract: Horizon's Edit Quotas and Overview read them in Django) A project's network quotas, with `in_use` when `usage=true`.
  app.get<{ Params: { project: string }; Querystring: { usage?: string } }>(
    '/api/neutron/quota-sets/:project',
    { schema: { params: QUOTA_PROJECT_PARAMS, querystring: { $ref: 'quota.schema.json#/$defs/showQuery' } } },
    async (request) => {
      const { project } = request.params;
      enforce(request, 'network', ['get_quota'], { project_id: project });
      const client = await access.client(request);
      const fields = await enabledQuotaFields(client);
      const usage = request.query.usage === 'true';
      const response = await neutron<{ quota: Record<string, number | { limit: number; used: number }> }>(
        client,
        'GET',
        `/quotas/${encodeURIComponent(project)}${usage ? '/details' : ''}`,
      );
      return { items: fields.filter(([name]) => name in response.body.quota).map(([name]) => quotaItem(name, response.body.quota[name])) };
    },
  );
};
