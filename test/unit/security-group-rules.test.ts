import { describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../src/backend/http';
import { addRuleBody, type NativeRule, portRange, ruleRecord, sortRules } from '../../dataProviders/network-security-groups';
import { createNeutronProvider } from '../../dataProviders/neutron';

const base = { security_group_id: 'g1', remote: 'cidr' as const, cidr: '0.0.0.0/0' };
const anywhere = { remote_ip_prefix: '0.0.0.0/0', remote_group_id: null };

describe('Add Rule: the form values become Neutron’s rule as Horizon’s AddRule.clean() makes it', () => {
  it('a Custom TCP Rule on one port opens that port for the chosen direction', () => {
    expect(addRuleBody({ ...base, rule_menu: 'tcp', direction: 'egress', port_or_range: 'port', port: 8080 })).toEqual({
      security_group_id: 'g1', direction: 'egress', ethertype: 'IPv4', protocol: 'tcp', port_range_min: 8080, port_range_max: 8080, ...anywhere,
    });
  });

  it('a Custom UDP Rule with a Port Range sends from and to; All ports sends no ports', () => {
    expect(addRuleBody({ ...base, rule_menu: 'udp', port_or_range: 'range', from_port: 5000, to_port: 5100 })).toMatchObject({ protocol: 'udp', port_range_min: 5000, port_range_max: 5100, direction: 'ingress' });
    expect(addRuleBody({ ...base, rule_menu: 'tcp', port_or_range: 'all' })).toMatchObject({ protocol: 'tcp', port_range_min: null, port_range_max: null });
  });

  it('a Custom ICMP Rule sends type and code as the port range, -1 meaning any', () => {
    expect(addRuleBody({ ...base, rule_menu: 'icmp', icmp_type: 8, icmp_code: 0 })).toMatchObject({ protocol: 'icmp', port_range_min: 8, port_range_max: 0 });
    expect(addRuleBody({ ...base, rule_menu: 'icmp', icmp_type: -1, icmp_code: -1 })).toMatchObject({ protocol: 'icmp', port_range_min: null, port_range_max: null });
  });

  it('Other Protocol sends the protocol number, -1 meaning any protocol', () => {
    expect(addRuleBody({ ...base, rule_menu: 'custom', ip_protocol: 47 })).toMatchObject({ protocol: '47', port_range_min: null, port_range_max: null });
    expect(addRuleBody({ ...base, rule_menu: 'custom', ip_protocol: -1 })).toMatchObject({ protocol: null });
  });

  it('a named rule brings its protocol and port and is always ingress; All TCP/UDP/ICMP keep the chosen direction', () => {
    expect(addRuleBody({ ...base, rule_menu: 'ssh', direction: 'egress' })).toEqual({
      security_group_id: 'g1', direction: 'ingress', ethertype: 'IPv4', protocol: 'tcp', port_range_min: 22, port_range_max: 22, ...anywhere,
    });
    expect(addRuleBody({ ...base, rule_menu: 'ms_sql' })).toMatchObject({ protocol: 'tcp', port_range_min: 1433, port_range_max: 1433 });
    expect(addRuleBody({ ...base, rule_menu: 'all_tcp', direction: 'egress' })).toMatchObject({ direction: 'egress', protocol: 'tcp', port_range_min: 1, port_range_max: 65535 });
    expect(addRuleBody({ ...base, rule_menu: 'all_icmp' })).toMatchObject({ protocol: 'icmp', port_range_min: null, port_range_max: null });
    expect(() => addRuleBody({ ...base, rule_menu: 'telnet' as never })).toThrow("Unknown rule choice 'telnet'");
  });

  it('a CIDR decides the ether type, and ICMP over IPv6 is ipv6-icmp', () => {
    expect(addRuleBody({ ...base, rule_menu: 'https', cidr: '2001:db8::/64' })).toMatchObject({ ethertype: 'IPv6', remote_ip_prefix: '2001:db8::/64' });
    expect(addRuleBody({ ...base, rule_menu: 'all_icmp', cidr: '::/0' })).toMatchObject({ ethertype: 'IPv6', protocol: 'ipv6-icmp' });
  });

  it('a remote Security Group sends its id with the chosen ether type and no prefix', () => {
    expect(addRuleBody({ security_group_id: 'g1', rule_menu: 'http', remote: 'sg', security_group: 'g2', ethertype: 'IPv6', cidr: '10.0.0.0/8' })).toMatchObject({
      ethertype: 'IPv6', remote_group_id: 'g2', remote_ip_prefix: null,
    });
  });

  it('sends the description only when one is given', () => {
    expect(addRuleBody({ ...base, rule_menu: 'ssh', description: 'admins' })).toMatchObject({ description: 'admins' });
    expect(addRuleBody({ ...base, rule_menu: 'ssh', description: '' })).not.toHaveProperty('description');
  });
});

const rule = (over: Partial<NativeRule>): NativeRule => ({
  id: 'r', security_group_id: 'g1', direction: 'ingress', ethertype: 'IPv4', protocol: null, port_range_min: null, port_range_max: null, remote_ip_prefix: null, remote_group_id: null, description: '', ...over,
});

describe('the rules table shows rules as Horizon’s RulesTable does', () => {
  it("port range: 'Any', a named rule's port as '22 (SSH)', a range as 'from - to'", () => {
    expect(portRange(rule({}))).toBe('Any');
    expect(portRange(rule({ protocol: 'tcp', port_range_min: 22, port_range_max: 22 }))).toBe('22 (SSH)');
    expect(portRange(rule({ protocol: 'udp', port_range_min: 22, port_range_max: 22 }))).toBe('22');
    expect(portRange(rule({ protocol: 'tcp', port_range_min: 8000, port_range_max: 8080 }))).toBe('8000 - 8080');
  });

  it('a rule with no remote allows everything of its ether type; a remote group shows by name, else by its id’s first 13 characters', () => {
    const names = new Map([['g2', 'web']]);
    expect(ruleRecord(rule({ ethertype: 'IPv6', direction: 'egress' }), names)).toMatchObject({ remote_ip_prefix: '::/0', remote_group: null, ip_protocol: 'Any', port_range: 'Any', description: '', name: 'ALLOW IPv6 to ::/0' });
    expect(ruleRecord(rule({ remote_group_id: 'g2', protocol: 'tcp', port_range_min: 22, port_range_max: 22 }), names)).toMatchObject({
      remote_ip_prefix: null, remote_group: 'web', ip_protocol: 'TCP', name: 'ALLOW IPv4 22/tcp from web',
    });
    expect(ruleRecord(rule({ remote_group_id: '0123456789abcdef' }), names).remote_group).toBe('0123456789abc');
    expect(ruleRecord(rule({ protocol: '47', remote_ip_prefix: '10.0.0.0/8' }), names).name).toBe('ALLOW IPv4 ip_proto=47 from 10.0.0.0/8');
  });

  it('orders rules by direction, ether type, protocol, then ports', () => {
    const rules = [
      rule({ id: 'e6', direction: 'egress', ethertype: 'IPv6' }),
      rule({ id: 'i-tcp-80', protocol: 'tcp', port_range_min: 80, port_range_max: 80 }),
      rule({ id: 'i-tcp-22', protocol: 'tcp', port_range_min: 22, port_range_max: 22 }),
      rule({ id: 'i-any' }),
      rule({ id: 'e4', direction: 'egress' }),
    ];
    expect(sortRules(rules).map((each) => each.id)).toEqual(['e4', 'e6', 'i-any', 'i-tcp-22', 'i-tcp-80']);
  });
});

describe('neutron data provider: security groups and rules', () => {
  function fakeHttp(answers: Record<string, unknown>) {
    const calls: string[] = [];
    const verb = (name: string) =>
      vi.fn(async (path: string, body?: unknown) => {
        calls.push(`${name} ${path}${body === undefined ? '' : ' ' + JSON.stringify(body)}`);
        return answers[`${name} ${path}`];
      });
    return { http: { get: verb('get'), post: verb('post'), patch: verb('patch'), put: verb('put'), delete: verb('delete') } as unknown as HttpClient, calls };
  }

  it("lists one group's rules from its details, naming remote groups from the project's list", async () => {
    const { http, calls } = fakeHttp({
      'get /api/network/securitygroups/': { items: [{ id: 'g1', name: 'default' }, { id: 'g2', name: 'web' }] },
      'get /api/network/securitygroups/g1/': { id: 'g1', name: 'default', security_group_rules: [rule({ id: 'r1', remote_group_id: 'g2' })] },
    });
    const { data } = await createNeutronProvider(http).getList('security-group-rule', { filter: { security_group_id: 'g1' } });
    expect(data).toEqual([expect.objectContaining({ id: 'r1', remote_group: 'web' })]);
    expect(calls.sort()).toEqual(['get /api/network/securitygroups/', 'get /api/network/securitygroups/g1/']);
  });

  it("names the new rule's remote group, as Horizon's success message does", async () => {
    const { http } = fakeHttp({
      'post /api/network/securitygrouprules/': rule({ id: 'r8', protocol: 'tcp', port_range_min: 443, port_range_max: 443, remote_group_id: 'g2' }),
      'get /api/network/securitygroups/': { items: [{ id: 'g2', name: 'web' }] },
    });
    const created = await createNeutronProvider(http).create('security-group-rule', { data: { security_group_id: 'g1', rule_menu: 'https', remote: 'sg', security_group: 'g2' } });
    expect(created.data).toMatchObject({ name: 'ALLOW IPv4 443/tcp from web', remote_group: 'web' });
  });

  it('creates a rule from the form values and a group from name and description; edits with PATCH; deletes both', async () => {
    const { http, calls } = fakeHttp({
      'post /api/network/securitygrouprules/': rule({ id: 'r9', protocol: 'tcp', port_range_min: 22, port_range_max: 22, remote_ip_prefix: '0.0.0.0/0' }),
      'post /api/network/securitygroups/': { id: 'g3', name: 'db' },
      'patch /api/network/securitygroups/g3/': { id: 'g3', name: 'db2', description: 'x' },
    });
    const neutron = createNeutronProvider(http);
    const created = await neutron.create('security-group-rule', { data: { security_group_id: 'g1', rule_menu: 'ssh', remote: 'cidr', cidr: '0.0.0.0/0' } });
    expect(created.data).toMatchObject({ id: 'r9', name: 'ALLOW IPv4 22/tcp from 0.0.0.0/0' });
    expect((await neutron.create('security-group', { data: { name: 'db' } })).data).toMatchObject({ id: 'g3', description: '', security_group_rules: [] });
    await neutron.update('security-group', { id: 'g3', data: { name: 'db2', description: 'x' }, previousData: { id: 'g3' } });
    await neutron.delete('security-group-rule', { id: 'r9' });
    await neutron.delete('security-group', { id: 'g3' });
    expect(calls).toEqual([
      'post /api/network/securitygrouprules/ {"security_group_id":"g1","direction":"ingress","ethertype":"IPv4","protocol":"tcp","port_range_min":22,"port_range_max":22,"remote_ip_prefix":"0.0.0.0/0","remote_group_id":null}',
      'post /api/network/securitygroups/ {"name":"db","description":""}',
      'patch /api/network/securitygroups/g3/ {"name":"db2","description":"x"}',
      'delete /api/network/securitygrouprules/r9/',
      'delete /api/network/securitygroups/g3/',
    ]);
  });
});
