import type { HttpClient } from '../src/backend/http';
import type { ResourceRecord } from '../src/backend/verbs';
import type { ResourceHandlers } from './resource-provider';
import type { SecurityGroupRuleCreate, SecurityGroupRuleCreateForm, SecurityGroupRuleEntity } from '../shared/generated';

/**
 * The Security Groups panel's records (Horizon's /project/security_groups):
 * `security-group` and its rules, `security-group-rule`, listed per group
 * (`filter: { security_group_id }`) with Horizon's display values, and the
 * Add Rule form's values turned into Neutron's rule (`addRuleBody`).
 */

type Native = Record<string, unknown> & { id: string };

/** A rule as Neutron answers it: the schema's entity without the display fields `ruleRecord` adds. */
export type NativeRule = Omit<SecurityGroupRuleEntity, 'name' | 'ip_protocol' | 'port_range' | 'remote_group'>;

/** A named rule of Horizon's SECURITY_GROUP_RULES: the Rule choices after the custom ones. */
interface RuleTemplate {
  name: string;
  protocol: 'tcp' | 'udp' | 'icmp';
  from: number;
  to: number;
}

/** Horizon's default SECURITY_GROUP_RULES (openstack_dashboard local_settings), by Rule choice. */
export const RULE_TEMPLATES: Readonly<Record<string, RuleTemplate>> = {
  all_tcp: { name: 'All TCP', protocol: 'tcp', from: 1, to: 65535 },
  all_udp: { name: 'All UDP', protocol: 'udp', from: 1, to: 65535 },
  all_icmp: { name: 'All ICMP', protocol: 'icmp', from: -1, to: -1 },
  ssh: { name: 'SSH', protocol: 'tcp', from: 22, to: 22 },
  smtp: { name: 'SMTP', protocol: 'tcp', from: 25, to: 25 },
  dns: { name: 'DNS', protocol: 'tcp', from: 53, to: 53 },
  http: { name: 'HTTP', protocol: 'tcp', from: 80, to: 80 },
  pop3: { name: 'POP3', protocol: 'tcp', from: 110, to: 110 },
  imap: { name: 'IMAP', protocol: 'tcp', from: 143, to: 143 },
  ldap: { name: 'LDAP', protocol: 'tcp', from: 389, to: 389 },
  https: { name: 'HTTPS', protocol: 'tcp', from: 443, to: 443 },
  smtps: { name: 'SMTPS', protocol: 'tcp', from: 465, to: 465 },
  imaps: { name: 'IMAPS', protocol: 'tcp', from: 993, to: 993 },
  pop3s: { name: 'POP3S', protocol: 'tcp', from: 995, to: 995 },
  ms_sql: { name: 'MS SQL', protocol: 'tcp', from: 1433, to: 1433 },
  mysql: { name: 'MYSQL', protocol: 'tcp', from: 3306, to: 3306 },
  rdp: { name: 'RDP', protocol: 'tcp', from: 3389, to: 3389 },
};

/** The Add Rule form's values (hidden fields left out), with the group the rule is added to. */
export type AddRuleValues = Partial<SecurityGroupRuleCreateForm> & Pick<SecurityGroupRuleCreateForm, 'rule_menu' | 'remote'> & { security_group_id: string };

/** Negative means "any" in Horizon's form (ICMP -1, protocol -1): Neutron gets null. */
const orAny = (value: number | null | undefined) => (value === undefined || value === null || value < 0 ? null : value);

/**
 * Horizon's AddRule.clean() and rule_create(): the Rule choice decides the
 * protocol and ports (a named rule brings its own, and is always ingress), a
 * CIDR decides the ether type, and ICMP over IPv6 is `ipv6-icmp`.
 *
 * @example
 * addRuleBody({ security_group_id: 'g', rule_menu: 'ssh', remote: 'cidr', cidr: '0.0.0.0/0' });
 * // { security_group_id: 'g', direction: 'ingress', ethertype: 'IPv4', protocol: 'tcp', port_range_min: 22, port_range_max: 22, remote_ip_prefix: '0.0.0.0/0', remote_group_id: null }
 */
export function addRuleBody(values: AddRuleValues): SecurityGroupRuleCreate {
  const menu = values.rule_menu;
  let protocol: string | number | null;
  let from: number | null = null;
  let to: number | null = null;
  let direction = values.direction ?? 'ingress';
  if (menu === 'tcp' || menu === 'udp') {
    protocol = menu;
    if (values.port_or_range === 'range') [from, to] = [values.from_port ?? null, values.to_port ?? null];
    else if (values.port_or_range !== 'all') [from, to] = [values.port ?? null, values.port ?? null];
  } else if (menu === 'icmp') {
    protocol = 'icmp';
    [from, to] = [orAny(values.icmp_type), orAny(values.icmp_code)];
  } else if (menu === 'custom') {
    protocol = orAny(values.ip_protocol);
  } else {
    const template = RULE_TEMPLATES[menu];
    if (!template) throw new Error(`Unknown rule choice '${menu}'`);
    protocol = template.protocol;
    [from, to] = [orAny(template.from), orAny(template.to)];
    // Only the All TCP/UDP/ICMP choices let the user pick a direction.
    if (!menu.startsWith('all_')) direction = 'ingress';
  }
  const byCidr = values.remote !== 'sg';
  const cidr = byCidr ? values.cidr?.trim() || null : null;
  const ethertype = byCidr ? (cidr?.includes(':') ? 'IPv6' : 'IPv4') : (values.ethertype ?? 'IPv4');
  if (protocol === 'icmp' && ethertype === 'IPv6') protocol = 'ipv6-icmp';
  const body: SecurityGroupRuleCreate = {
    security_group_id: values.security_group_id,
    direction,
    ethertype,
    protocol: protocol === null ? null : String(protocol),
    port_range_min: from,
    port_range_max: to,
    remote_ip_prefix: cidr,
    remote_group_id: byCidr ? null : (values.security_group ?? null),
  };
  if (values.description) body.description = values.description;
  return body;
}

/** Horizon's check_rule_template: a single port a named rule uses reads '22 (SSH)'. */
function portText(port: number, protocol: string | null): string {
  const template = Object.values(RULE_TEMPLATES).find((rule) => rule.from === port && rule.to === port && rule.protocol === protocol);
  return template ? `${port} (${template.name})` : String(port);
}

/** Horizon's get_port_range: 'Any', one port, or 'from - to'. */
export function portRange(rule: Pick<NativeRule, 'protocol' | 'port_range_min' | 'port_range_max'>): string {
  const [min, max, protocol] = [rule.port_range_min ?? null, rule.port_range_max ?? null, rule.protocol ?? null];
  if (min === null) return 'Any';
  if (min === max) return portText(min, protocol);
  return `${portText(min, protocol)} - ${max === null ? '' : portText(max, protocol)}`;
}

/**
 * A rule as the rules table shows it (Horizon's SecurityGroupRule and
 * RulesTable): with no prefix and no remote group the remote is everything
 * (0.0.0.0/0 or ::/0); a remote group is named, or shown by the first 13
 * characters of its id; `name` is Horizon's text of the rule.
 */
export function ruleRecord(rule: NativeRule, groupNames: ReadonlyMap<string, string>): ResourceRecord {
  const remotePrefix = !rule.remote_ip_prefix && !rule.remote_group_id ? (rule.ethertype === 'IPv6' ? '::/0' : '0.0.0.0/0') : (rule.remote_ip_prefix ?? null);
  const remoteGroup = rule.remote_group_id ? (groupNames.get(rule.remote_group_id) ?? rule.remote_group_id.slice(0, 13)) : null;
  return {
    ...rule,
    description: rule.description ?? '',
    remote_ip_prefix: remotePrefix,
    remote_group: remoteGroup,
    ip_protocol: rule.protocol ? rule.protocol.toUpperCase() : 'Any',
    port_range: portRange(rule),
    name: ruleText(rule, remotePrefix, remoteGroup),
  };
}

/** Horizon's SecurityGroupRule.__str__: 'ALLOW IPv4 22/tcp from 0.0.0.0/0'. */
function ruleText(rule: NativeRule, remotePrefix: string | null, remoteGroup: string | null): string {
  const remote = remoteGroup ?? remotePrefix ?? 'ANY';
  const direction = rule.direction === 'egress' ? 'to' : 'from';
  let protoPort = '';
  if (rule.port_range_min) {
    const protocol = (rule.protocol ?? '').toLowerCase();
    protoPort = rule.port_range_min === rule.port_range_max ? `${rule.port_range_min}/${protocol}` : `${rule.port_range_min}-${rule.port_range_max}/${protocol}`;
  } else if (rule.protocol) {
    protoPort = /^\d+$/.test(rule.protocol) ? `ip_proto=${rule.protocol}` : rule.protocol;
  }
  return `ALLOW ${rule.ethertype} ${protoPort} ${direction} ${remote}`.replace(/\s+/g, ' ');
}

/** Horizon's rules order (DetailView.get_data): direction, ether type, protocol, then ports. */
export function sortRules<R extends Pick<NativeRule, 'direction' | 'ethertype' | 'protocol' | 'port_range_min' | 'port_range_max'>>(rules: readonly R[]): R[] {
  const key = (rule: R) => [rule.direction, rule.ethertype, rule.protocol ?? ''] as const;
  return [...rules].sort((a, b) => {
    const [ka, kb] = [key(a), key(b)];
    for (let index = 0; index < ka.length; index++) if (ka[index] !== kb[index]) return ka[index] < kb[index] ? -1 : 1;
    return (a.port_range_min ?? 0) - (b.port_range_min ?? 0) || (a.port_range_max ?? 0) - (b.port_range_max ?? 0);
  });
}

type Group = Native & { name: string; security_group_rules?: NativeRule[] };

/** A group always carries its rules list; Horizon's list is sorted by name. */
function groupRecord(group: Group): ResourceRecord {
  return { ...group, description: group.description ?? '', security_group_rules: group.security_group_rules ?? [] };
}

const groupPath = (id: string) => `/api/network/securitygroups/${encodeURIComponent(id)}/`;

/**
 * The `security-group` and `security-group-rule` handlers of the neutron provider.
 *
 * @example
 * createServiceProvider('neutron', { ...securityGroupHandlers(http) });
 */
export function securityGroupHandlers(http: HttpClient): Record<string, ResourceHandlers> {
  const listGroups = async () => (await http.get<{ items: Group[] }>('/api/network/securitygroups/')).items;
  return {
    'security-group': {
      async list() {
        return (await listGroups()).map(groupRecord);
      },
      async get(id) {
        return groupRecord(await http.get<Group>(groupPath(id)));
      },
      async create(data) {
        return groupRecord(await http.post<Group>('/api/network/securitygroups/', { name: data.name, description: data.description ?? '' }));
      },
      async update(id, data) {
        return groupRecord(await http.patch<Group>(groupPath(id), { name: data.name, description: data.description ?? '' }));
      },
      async remove(id) {
        await http.delete(groupPath(id));
      },
    },
    'security-group-rule': {
      /** The rules of one group (`filter.security_group_id`), else of every listed group; remote groups named from the list. */
      async list(params) {
        const groupId = params.filter?.security_group_id as string | undefined;
        const [groups, one] = await Promise.all([listGroups(), groupId ? http.get<Group>(groupPath(groupId)) : undefined]);
        const names = new Map(groups.map((group) => [group.id, group.name]));
        const rules = one ? (one.security_group_rules ?? []) : groups.flatMap((group) => group.security_group_rules ?? []);
        return sortRules(rules).map((rule) => ruleRecord(rule, names));
      },
      /** The answer names its remote group, as Horizon's 'Successfully added rule: …' does. */
      async create(data) {
        const rule = await http.post<NativeRule>('/api/network/securitygrouprules/', addRuleBody(data as unknown as AddRuleValues));
        const groups = rule.remote_group_id ? await listGroups().catch(() => []) : [];
        return ruleRecord(rule, new Map(groups.map((group) => [group.id, group.name])));
      },
      async remove(id) {
        await http.delete(`/api/network/securitygrouprules/${encodeURIComponent(id)}/`);
      },
      serverFilters: ['security_group_id'],
    },
  };
}
