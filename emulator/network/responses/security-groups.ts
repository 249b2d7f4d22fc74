import type { Handler } from '../../core/service.js';
import { bool, description, name, owner, toInt, validators } from '../models/attributes.js';
import {
  createRule as createRuleModel,
  createSecurityGroup as create,
  deleteRule as removeRule,
  deleteSecurityGroup as remove,
  ensureDefaultSecurityGroup,
  getRule,
  getSecurityGroup,
  listRules,
  listSecurityGroups as list,
  renderRule,
  renderSecurityGroup,
  updateSecurityGroup as update,
} from '../models/security-groups.js';
import { ownerOf } from '../policy.js';
import { contextOf, idParam, listAnswer, project, resourceBody, viewerOf } from './common.js';

/** `/v2.0/security-groups` and `/v2.0/security-group-rules`. */

const GROUP_ATTRIBUTES = { name, description, tenant_id: owner, project_id: owner, stateful: bool };

const portBound = { post: true, validate: (value: unknown) => (value === null ? undefined : validators.range(0, 65535)(value)), convert: toInt };
const RULE_ATTRIBUTES = {
  tenant_id: owner,
  project_id: owner,
  description: { post: true, validate: validators.string(255) },
  security_group_id: { post: true, required: true, validate: validators.uuid },
  direction: { post: true, required: true, validate: validators.values(['ingress', 'egress']) },
  ethertype: { post: true, validate: (value: unknown) => (['IPv4', 'IPv6'].includes(value as string) ? undefined : `Ethertype ${String(value)} is not a valid ethertype, must be one of IPv4,IPv6.`) },
  protocol: { post: true, validate: (value: unknown) => (value === null || typeof value === 'string' || typeof value === 'number' ? undefined : `${JSON.stringify(value)} is not a valid protocol`) },
  port_range_min: portBound,
  port_range_max: portBound,
  remote_ip_prefix: { post: true, validate: validators.stringOrNone(64) },
  remote_group_id: { post: true, validate: validators.uuidOrNone },
  remote_address_group_id: { post: true, validate: validators.uuidOrNone },
};

export const listSecurityGroups: Handler = (deps) => async (request) => {
  const viewer = viewerOf(request);
  // Neutron creates the caller's default group on first sight.
  ensureDefaultSecurityGroup(deps.db, deps.clock.now(), viewer.projectId);
  return listAnswer(request, 'security_groups', list(deps.db, viewer).map((row) => renderSecurityGroup(deps.db, row)));
};

export const showSecurityGroup: Handler = (deps) => async (request) => ({
  security_group: project(request, renderSecurityGroup(deps.db, getSecurityGroup(deps.db, viewerOf(request), idParam(request)))),
});

export const createSecurityGroup: Handler = (deps) => async (request, reply) => {
  const context = contextOf(request);
  const values = resourceBody(request, 'security_group', GROUP_ATTRIBUTES, 'create');
  const row = create(deps.db, deps.clock.now(), {
    projectId: ownerOf(context, values),
    name: (values.name as string | undefined) ?? '',
    description: values.description as string | undefined,
    stateful: values.stateful as boolean | undefined,
  });
  reply.code(201);
  return { security_group: renderSecurityGroup(deps.db, row) };
};

export const updateSecurityGroup: Handler = (deps) => async (request) => {
  const row = getSecurityGroup(deps.db, viewerOf(request), idParam(request));
  const values = resourceBody(request, 'security_group', GROUP_ATTRIBUTES, 'update');
  return { security_group: renderSecurityGroup(deps.db, update(deps.db, deps.clock.now(), row, values)) };
};

export const deleteSecurityGroup: Handler = (deps) => async (request, reply) => {
  const viewer = viewerOf(request);
  remove(deps.db, viewer, getSecurityGroup(deps.db, viewer, idParam(request)));
  return reply.code(204).send();
};

export const listSecurityGroupRules: Handler = (deps) => async (request) => listAnswer(request, 'security_group_rules', listRules(deps.db, viewerOf(request)).map(renderRule));

export const showSecurityGroupRule: Handler = (deps) => async (request) => ({
  security_group_rule: project(request, renderRule(getRule(deps.db, viewerOf(request), idParam(request)))),
});

export const createSecurityGroupRule: Handler = (deps) => async (request, reply) => {
  const context = contextOf(request);
  const viewer = viewerOf(request);
  const values = resourceBody(request, 'security_group_rule', RULE_ATTRIBUTES, 'create');
  const group = getSecurityGroup(deps.db, viewer, values.security_group_id as string);
  const row = createRuleModel(deps.db, viewer, deps.clock.now(), {
    securityGroup: group,
    projectId: ownerOf(context, values),
    direction: values.direction as 'ingress' | 'egress',
    ethertype: values.ethertype as 'IPv4' | 'IPv6' | undefined,
    protocol: values.protocol as string | number | null | undefined,
    portRangeMin: values.port_range_min as number | null | undefined,
    portRangeMax: values.port_range_max as number | null | undefined,
    remoteIpPrefix: values.remote_ip_prefix as string | null | undefined,
    remoteGroupId: values.remote_group_id as string | null | undefined,
    description: values.description as string | undefined,
  });
  reply.code(201);
  return { security_group_rule: renderRule(row) };
};

export const deleteSecurityGroupRule: Handler = (deps) => async (request, reply) => {
  removeRule(deps.db, deps.clock.now(), getRule(deps.db, viewerOf(request), idParam(request)));
  return reply.code(204).send();
};
