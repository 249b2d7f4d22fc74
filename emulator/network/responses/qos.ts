import type { FastifyRequest } from 'fastify';
import type { Handler } from '../../core/service.js';
import { notFound } from '../faults.js';
import { bool, description, name, owner, toInt, validators } from '../models/attributes.js';
import {
  createPolicy as create,
  createRule,
  deletePolicy as remove,
  deleteRule,
  getPolicy,
  getRule,
  listPolicies as list,
  listRules,
  renderPolicy,
  renderRule,
  RULE_KINDS,
  type RuleCollection,
  updatePolicy as update,
  updateRule,
} from '../models/qos.js';
import { enforceAdmin, ownerOf } from '../policy.js';
import { contextOf, idParam, listAnswer, project, resourceBody, viewerOf } from './common.js';

/** `/v2.0/qos/policies` and its rule collections; writes are the admin's (`rule:admin_only`). */

const POLICY_ATTRIBUTES = { name, description, tenant_id: owner, project_id: owner, shared: bool, is_default: bool };

const kbps = { post: true, put: true, validate: validators.range(0, 2 ** 31 - 1), convert: toInt };
const DSCP_MARKS = [0, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 44, 46, 48, 56];
const RULE_ATTRIBUTES = {
  bandwidth_limit_rules: {
    max_kbps: { ...kbps, required: true },
    max_burst_kbps: kbps,
    direction: { post: true, put: true, validate: validators.values(['egress', 'ingress']) },
  },
  dscp_marking_rules: { dscp_mark: { post: true, put: true, required: true, validate: (value: unknown) => validators.values(DSCP_MARKS)(toInt(value)), convert: toInt } },
  minimum_bandwidth_rules: { min_kbps: { ...kbps, required: true }, direction: { post: true, put: true, validate: validators.values(['egress', 'ingress']) } },
  minimum_packet_rate_rules: { min_kpps: { ...kbps, required: true }, direction: { post: true, put: true, validate: validators.values(['any', 'egress', 'ingress']) } },
};

export const listPolicies: Handler = (deps) => async (request) => listAnswer(request, 'policies', list(deps.db, viewerOf(request)).map((row) => renderPolicy(deps.db, row)));

export const showPolicy: Handler = (deps) => async (request) => ({ policy: project(request, renderPolicy(deps.db, getPolicy(deps.db, viewerOf(request), idParam(request)))) });

export const createPolicy: Handler = (deps) => async (request, reply) => {
  const context = contextOf(request);
  const values = resourceBody(request, 'policy', POLICY_ATTRIBUTES, 'create');
  enforceAdmin(context, 'create_policy');
  const row = create(deps.db, deps.clock.now(), {
    projectId: ownerOf(context, values),
    name: (values.name as string | undefined) ?? '',
    description: values.description as string | undefined,
    shared: values.shared as boolean | undefined,
    isDefault: values.is_default as boolean | undefined,
  });
  reply.code(201);
  return { policy: renderPolicy(deps.db, row) };
};

export const updatePolicy: Handler = (deps) => async (request) => {
  const row = getPolicy(deps.db, viewerOf(request), idParam(request));
  const values = resourceBody(request, 'policy', POLICY_ATTRIBUTES, 'update');
  enforceAdmin(contextOf(request), 'update_policy');
  return { policy: renderPolicy(deps.db, update(deps.db, deps.clock.now(), row, values)) };
};

export const deletePolicy: Handler = (deps) => async (request, reply) => {
  const row = getPolicy(deps.db, viewerOf(request), idParam(request));
  enforceAdmin(contextOf(request), 'delete_policy');
  remove(deps.db, row);
  return reply.code(204).send();
};

/** The rule collection in the URL (`bandwidth_limit_rules`, …) and its singular body key. */
function kindOf(request: FastifyRequest): { collection: RuleCollection; member: string } {
  const collection = idParam(request, 'kind') as RuleCollection;
  if (!(collection in RULE_KINDS)) throw notFound('HTTPNotFound', 'The resource could not be found.');
  return { collection, member: collection.slice(0, -1) };
}

export const listPolicyRules: Handler = (deps) => async (request) => {
  const { collection } = kindOf(request);
  const policy = getPolicy(deps.db, viewerOf(request), idParam(request));
  return listAnswer(request, collection.replace(/s$/, 's'), listRules(deps.db, policy, RULE_KINDS[collection]).map(renderRule));
};

export const showPolicyRule: Handler = (deps) => async (request) => {
  const { collection, member } = kindOf(request);
  const policy = getPolicy(deps.db, viewerOf(request), idParam(request));
  return { [member]: project(request, renderRule(getRule(deps.db, policy, RULE_KINDS[collection], idParam(request, 'ruleId')))) };
};

export const createPolicyRule: Handler = (deps) => async (request, reply) => {
  const { collection, member } = kindOf(request);
  const policy = getPolicy(deps.db, viewerOf(request), idParam(request));
  const values = resourceBody(request, member, RULE_ATTRIBUTES[collection], 'create');
  enforceAdmin(contextOf(request), `create_policy_${member}`);
  reply.code(201);
  return { [member]: renderRule(createRule(deps.db, deps.clock.now(), policy, RULE_KINDS[collection], values)) };
};

export const updatePolicyRule: Handler = (deps) => async (request) => {
  const { collection, member } = kindOf(request);
  const policy = getPolicy(deps.db, viewerOf(request), idParam(request));
  const rule = getRule(deps.db, policy, RULE_KINDS[collection], idParam(request, 'ruleId'));
  const values = resourceBody(request, member, RULE_ATTRIBUTES[collection], 'update');
  enforceAdmin(contextOf(request), `update_policy_${member}`);
  return { [member]: renderRule(updateRule(deps.db, deps.clock.now(), policy, rule, values)) };
};

export const deletePolicyRule: Handler = (deps) => async (request, reply) => {
  const { collection, member } = kindOf(request);
  const policy = getPolicy(deps.db, viewerOf(request), idParam(request));
  const rule = getRule(deps.db, policy, RULE_KINDS[collection], idParam(request, 'ruleId'));
  enforceAdmin(contextOf(request), `delete_policy_${member}`);
  deleteRule(deps.db, deps.clock.now(), policy, rule);
  return reply.code(204).send();
};

/** `GET /v2.0/qos/rule-types` */
export const listRuleTypes: Handler = () => async () => ({ rule_types: Object.values(RULE_KINDS).map((type) => ({ type })) });
