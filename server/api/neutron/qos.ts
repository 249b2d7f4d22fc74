import type { FastifyPluginAsync } from 'fastify';
import type { BffContext } from '../../context.js';
import { enforce } from '../../policy/enforce.js';
import { encode, neutron, projectOf, wrap } from './common.js';

/** `/api/neutron/qos_policies/` and the QoS rule routes (api-contract §8). */

type Policy = Record<string, unknown> & { id: string };

const KINDS = ['bandwidth_limit_rules', 'dscp_marking_rules', 'minimum_bandwidth_rules', 'minimum_packet_rate_rules'];

const policyPath = (id: string) => `/qos/policies/${encode(id)}`;

export const qosRoutes: FastifyPluginAsync<BffContext> = async (app, { access }) => {
  app.get('/api/neutron/qos_policies/', async (request) => {
    const client = await access.client(request);
    const response = await neutron<{ policies: Policy[] }>(client, 'GET', '/qos/policies', { query: { tenant_id: projectOf(request) } });
    return { items: response.body.policies.map(wrap) };
  });

  app.post<{ Body: { name: string; description?: string; shared?: boolean } }>('/api/neutron/qos_policies/', { schema: { body: { $ref: 'qos-policy.schema.json#/$defs/create' } } }, async (request, reply) => {
    enforce(request, 'network', ['create_qos_policy']);
    const client = await access.client(request);
    const response = await neutron<{ policy: Policy }>(client, 'POST', '/qos/policies', { body: { policy: { ...request.body, tenant_id: projectOf(request) } } });
    const policy = response.body.policy;
    reply.code(201).header('Location', `/api/neutron/qos_policies/${encode(policy.id)}`);
    return wrap(policy);
  });

  app.get<{ Params: { id: string } }>('/api/neutron/qos_policies/:id', async (request) => {
    const client = await access.client(request);
    return wrap((await neutron<{ policy: Policy }>(client, 'GET', policyPath(request.params.id))).body.policy);
  });

  app.delete<{ Params: { id: string } }>('/api/neutron/qos_policies/:id', async (request, reply) => {
    const client = await access.client(request);
    await neutron(client, 'DELETE', policyPath(request.params.id));
    return reply.code(204).send();
  });

  const kindParam = { type: 'object', properties: { kind: { type: 'string', enum: KINDS } }, required: ['kind'] };
  const member = (kind: string) => kind.slice(0, -1);

  app.post<{ Params: { id: string; kind: string }; Body: Record<string, unknown> }>(
    '/api/neutron/qos/policies/:id/:kind/',
    { schema: { params: kindParam, body: { $ref: 'qos-policy.schema.json#/$defs/ruleBody' } } },
    async (request, reply) => {
      const client = await access.client(request);
      const { id, kind } = request.params;
      const response = await neutron<Record<string, Record<string, unknown>>>(client, 'POST', `${policyPath(id)}/${kind}`, { body: { [member(kind)]: request.body } });
      reply.code(201);
      return response.body[member(kind)];
    },
  );

  app.patch<{ Params: { id: string; kind: string; ruleId: string }; Body: Record<string, unknown> }>(
    '/api/neutron/qos/policies/:id/:kind/:ruleId',
    { schema: { params: kindParam, body: { $ref: 'qos-policy.schema.json#/$defs/ruleBody' } } },
    async (request) => {
      const client = await access.client(request);
      const { id, kind, ruleId } = request.params;
      const response = await neutron<Record<string, Record<string, unknown>>>(client, 'PUT', `${policyPath(id)}/${kind}/${encode(ruleId)}`, { body: { [member(kind)]: request.body } });
      return response.body[member(kind)];
    },
  );

  app.delete<{ Params: { id: string; kind: string; ruleId: string } }>('/api/neutron/qos/policies/:id/:kind/:ruleId', { schema: { params: kindParam } }, async (request, reply) => {
    const client = await access.client(request);
    const { id, kind, ruleId } = request.params;
    await neutron(client, 'DELETE', `${policyPath(id)}/${kind}/${encode(ruleId)}`);
    return reply.code(204).send();
  });
};
