/** A Neutron security group rule as `servers/{id}/security-groups/` lists it (api-contract §7). */
export interface SecurityGroupRule {
  id?: string;
  direction: 'ingress' | 'egress' | string;
  ethertype: string;
  protocol?: string | null;
  port_range_min?: number | null;
  port_range_max?: number | null;
  remote_ip_prefix?: string | null;
  remote_group_id?: string | null;
}

/** A security group as that route lists it. */
export interface SecurityGroup {
  id: string;
  name: string;
  security_group_rules?: SecurityGroupRule[];
}

/**
 * One rule in Horizon's words (openstack_dashboard/api/neutron.py
 * SecurityGroupRule.__str__): 'ALLOW IPv4 22/tcp from 0.0.0.0/0'. The remote
 * is the remote group's name (from `groupNames`, else the first 13
 * characters of its id, as Horizon does), else the CIDR, else 'ANY'.
 *
 * @example
 * ruleText({ direction: 'egress', ethertype: 'IPv6' }, new Map()); // 'ALLOW IPv6  to ANY'
 */
export function ruleText(rule: SecurityGroupRule, groupNames: ReadonlyMap<string, string>): string {
  const remote = rule.remote_group_id
    ? (groupNames.get(rule.remote_group_id) ?? rule.remote_group_id.slice(0, 13))
    : rule.remote_ip_prefix || 'ANY';
  const direction = rule.direction === 'egress' ? 'to' : 'from';
  const protocol = rule.protocol ?? '';
  let protoPort = '';
  if (rule.port_range_min) {
    protoPort = rule.port_range_min === rule.port_range_max ? `${rule.port_range_min}/${protocol.toLowerCase()}` : `${rule.port_range_min}-${rule.port_range_max}/${protocol.toLowerCase()}`;
  } else if (protocol) {
    protoPort = /^\d+$/.test(protocol) ? `ip_proto=${Number(protocol)}` : protocol;
  }
  return `ALLOW ${rule.ethertype} ${protoPort} ${direction} ${remote}`;
}
