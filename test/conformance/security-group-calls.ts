import type { ConformanceContext, NativeCall } from './calls.js';

/**
 * The Neutron v2.0 calls of the Security Groups panel (server/api/network/security-groups.ts):
 * a group's create, read, update and delete, and its rules' create and delete,
 * with the refusals the panel shows in Neutron's words.
 */

const neutronUrl = (ctx: ConformanceContext) => `${ctx.endpoint('network').replace(/\/+$/, '')}/v2.0`;
const demo = (ctx: ConformanceContext) => ({ 'X-Auth-Token': ctx.demoToken });

const GROUP_FIELDS = ['id', 'name', 'description', 'tenant_id', 'project_id', 'stateful', 'revision_number', 'created_at', 'updated_at'];
const RULE_FIELDS = ['id', 'direction', 'ethertype', 'protocol', 'port_range_min', 'port_range_max', 'remote_ip_prefix', 'remote_group_id', 'security_group_id', 'description'];
const FAULT = ['NeutronError.type', 'NeutronError.message', 'NeutronError.detail'];
const one = (member: string, fields: string[]) => fields.map((field) => `${member}.${field}`);
const group = (ctx: ConformanceContext) => `${neutronUrl(ctx)}/security-groups/${ctx.saved.securityGroup}`;
const sshRule = (ctx: ConformanceContext) => ({
  security_group_rule: { security_group_id: ctx.saved.securityGroup, direction: 'ingress', ethertype: 'IPv4', protocol: 'tcp', port_range_min: 22, port_range_max: 22, remote_ip_prefix: '0.0.0.0/0', description: 'ssh' },
});

export const SECURITY_GROUP_CALLS: NativeCall[] = [
  {
    service: 'network',
    name: 'POST /v2.0/security-groups',
    method: 'POST',
    url: (ctx) => `${neutronUrl(ctx)}/security-groups`,
    headers: demo,
    body: (ctx) => ({ security_group: { name: ctx.unique('conf-sg'), description: 'conformance', tenant_id: ctx.demoProjectId } }),
    reads: [...one('security_group', GROUP_FIELDS), ...RULE_FIELDS.map((field) => `security_group.security_group_rules[].${field}`)],
    nullable: RULE_FIELDS.map((field) => `security_group.security_group_rules[].${field}`),
    after: (ctx, body) => void (ctx.saved.securityGroup = body.security_group.id),
  },
  {
    service: 'network',
    name: 'GET /v2.0/security-groups/{id}',
    method: 'GET',
    url: group,
    headers: demo,
    reads: [...one('security_group', GROUP_FIELDS), ...RULE_FIELDS.map((field) => `security_group.security_group_rules[].${field}`)],
    nullable: RULE_FIELDS.map((field) => `security_group.security_group_rules[].${field}`),
  },
  {
    service: 'network',
    name: 'PUT /v2.0/security-groups/{id}',
    method: 'PUT',
    url: group,
    headers: demo,
    body: () => ({ security_group: { name: 'conformance-renamed', description: 'edited' } }),
    reads: one('security_group', GROUP_FIELDS),
  },
  {
    service: 'network',
    name: 'POST /v2.0/security-group-rules',
    method: 'POST',
    url: (ctx) => `${neutronUrl(ctx)}/security-group-rules`,
    headers: demo,
    body: sshRule,
    reads: one('security_group_rule', RULE_FIELDS),
    nullable: one('security_group_rule', ['remote_group_id']),
    after: (ctx, body) => void (ctx.saved.securityGroupRule = body.security_group_rule.id),
  },
  {
    service: 'network',
    name: 'POST /v2.0/security-group-rules duplicate',
    method: 'POST',
    url: (ctx) => `${neutronUrl(ctx)}/security-group-rules`,
    headers: demo,
    body: sshRule,
    reads: FAULT,
  },
  {
    service: 'network',
    name: 'POST /v2.0/security-group-rules port_range_min > port_range_max',
    method: 'POST',
    url: (ctx) => `${neutronUrl(ctx)}/security-group-rules`,
    headers: demo,
    body: (ctx) => ({ security_group_rule: { ...sshRule(ctx).security_group_rule, port_range_min: 90, port_range_max: 80 } }),
    reads: FAULT,
  },
  {
    service: 'network',
    name: 'DELETE /v2.0/security-group-rules/{id}',
    method: 'DELETE',
    url: (ctx) => `${neutronUrl(ctx)}/security-group-rules/${ctx.saved.securityGroupRule}`,
    headers: demo,
    reads: [],
  },
  {
    service: 'network',
    name: 'DELETE /v2.0/security-groups/{id}',
    method: 'DELETE',
    url: group,
    headers: demo,
    reads: [],
  },
  {
    service: 'network',
    name: 'GET /v2.0/security-groups/{id} after delete',
    method: 'GET',
    url: group,
    headers: demo,
    reads: FAULT,
  },
];
