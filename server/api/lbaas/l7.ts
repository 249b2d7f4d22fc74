import type { FastifyPluginAsync } from 'fastify';
import type { CloudClient } from '../../openstack/client.js';
import type { L7PolicyCreateRequest, L7PolicySpec, L7PolicyUpdateRequest } from '../../../shared/generated/l7-policy.js';
import type { L7RuleCreateRequest, L7RuleSpec, L7RuleUpdateRequest } from '../../../shared/generated/l7-rule.js';
import type { LbRoutesOptions } from './index.js';
import { wantsChildren } from './listeners.js';
import { encode, type Native, octavia, pick, sdk } from './octavia.js';
import { bodySchema } from './validate.js';

/**
 * `/api/lbaas/l7policies/` and `l7policies/{p}/l7rules/` (api-contract §10).
 * The browser's `rule_value` is Octavia's `value`; a policy keeps only the
 * redirect its action uses.
 */

function policyBody(spec: L7PolicySpec, update: boolean): Record<string, unknown> {
  const body = pick(spec, ['action', 'name', 'description', 'position', 'redirect_pool_id', 'redirect_url', 'admin_state_up']);
  // An update clears the redirect the new action does not use; a create just leaves it out.
  const unused = [spec.action !== 'REDIRECT_TO_URL' && 'redirect_url', spec.action !== 'REDIRECT_TO_POOL' && 'redirect_pool_id'].filter((field): field is string => Boolean(field));
  for (const field of unused) {
    if (update) body[field] = null;
    else delete body[field];
  }
  return body;
}

function ruleBody(spec: L7RuleSpec): Record<string, unknown> {
  const { rule_value: value, ...rest } = pick(spec, ['type', 'compare_type', 'rule_value', 'key', 'invert', 'admin_state_up']);
  return { ...rest, value };
}

const shapeRule = (rule: Native, policyId: string) => sdk('l7rule', rule, { l7_policy_id: policyId });

async function rulesOf(client: CloudClient, policyId: string): Promise<Record<string, unknown>[]> {
  return (await octavia<{ rules: Native[] }>(client, 'GET', `/l7policies/${encode(policyId)}/rules`)).body.rules.map((rule) => shapeRule(rule, policyId));
}

export const l7Routes: FastifyPluginAsync<LbRoutesOptions> = async (app, { access }) => {
  app.get<{ Querystring: { listenerId?: string } }>('/api/lbaas/l7policies/', async (request) => {
    const client = await access.client(request);
    const query = request.query.listenerId ? { listener_id: request.query.listenerId } : {};
    const policies = (await octavia<{ l7policies: Native[] }>(client, 'GET', '/l7policies', { query })).body.l7policies;
    return { items: policies.map((policy) => sdk('l7policy', policy)) };
  });

  app.post<{ Body: L7PolicyCreateRequest }>('/api/lbaas/l7policies/', { schema: bodySchema('l7-policy.schema.json#/$defs/createRequest') }, async (request) => {
    const client = await access.client(request);
    const body = { ...policyBody(request.body.l7policy, false), listener_id: request.body.parentResourceId };
    return sdk('l7policy', (await octavia<{ l7policy: Native }>(client, 'POST', '/l7policies', { body: { l7policy: body } })).body.l7policy);
  });

  app.get<{ Params: { id: string } }>('/api/lbaas/l7policies/:id/', async (request) => {
    const client = await access.client(request);
    const policy = sdk('l7policy', (await octavia<{ l7policy: Native }>(client, 'GET', `/l7policies/${encode(request.params.id)}`)).body.l7policy);
    if (!wantsChildren(request)) return policy;
    return { l7policy: { ...policy, rules: await rulesOf(client, request.params.id) } };
  });

  app.put<{ Params: { id: string }; Body: L7PolicyUpdateRequest }>('/api/lbaas/l7policies/:id/', { schema: bodySchema('l7-policy.schema.json#/$defs/updateRequest') }, async (request, reply) => {
    const client = await access.client(request);
    await octavia(client, 'PUT', `/l7policies/${encode(request.params.id)}`, { body: { l7policy: policyBody(request.body.l7policy, true) } });
    return reply.code(204).send();
  });

  app.delete<{ Params: { id: string } }>('/api/lbaas/l7policies/:id/', async (request, reply) => {
    const client = await access.client(request);
    await octavia(client, 'DELETE', `/l7policies/${encode(request.params.id)}`);
    return reply.code(204).send();
  });

  app.get<{ Params: { policy: string } }>('/api/lbaas/l7policies/:policy/l7rules/', async (request) => ({ items: await rulesOf(await access.client(request), request.params.policy) }));

  app.post<{ Params: { policy: string }; Body: L7RuleCreateRequest }>('/api/lbaas/l7policies/:policy/l7rules/', { schema: bodySchema('l7-rule.schema.json#/$defs/createRequest') }, async (request) => {
    const client = await access.client(request);
    const rule = (await octavia<{ rule: Native }>(client, 'POST', `/l7policies/${encode(request.params.policy)}/rules`, { body: { rule: ruleBody(request.body.l7rule) } })).body.rule;
    return shapeRule(rule, request.params.policy);
  });

  const rulePath = (params: { policy: string; rule: string }) => `/l7policies/${encode(params.policy)}/rules/${encode(params.rule)}`;

  app.get<{ Params: { policy: string; rule: string } }>('/api/lbaas/l7policies/:policy/l7rules/:rule/', async (request) => {
    const client = await access.client(request);
    return shapeRule((await octavia<{ rule: Native }>(client, 'GET', rulePath(request.params))).body.rule, request.params.policy);
  });

  app.put<{ Params: { policy: string; rule: string }; Body: L7RuleUpdateRequest }>('/api/lbaas/l7policies/:policy/l7rules/:rule/', { schema: bodySchema('l7-rule.schema.json#/$defs/updateRequest') }, async (request, reply) => {
    const client = await access.client(request);
    await octavia(client, 'PUT', rulePath(request.params), { body: { rule: ruleBody(request.body.l7rule) } });
    return reply.code(204).send();
  });

  app.delete<{ Params: { policy: string; rule: string } }>('/api/lbaas/l7policies/:policy/l7rules/:rule/', async (request, reply) => {
    const client = await access.client(request);
    await octavia(client, 'DELETE', rulePath(request.params));
    return reply.code(204).send();
  });
};
