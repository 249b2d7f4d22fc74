import { describe, expect, it } from 'vitest';
import { ruleText } from '../../custom/instances/security-group-rules';

const names = new Map([['5b0c8f0e-aaaa-bbbb-cccc-000000000001', 'default']]);

describe('security group rules on the instance overview, in Horizon words', () => {
  it('names a single port with its protocol and the CIDR it comes from', () => {
    expect(ruleText({ direction: 'ingress', ethertype: 'IPv4', protocol: 'tcp', port_range_min: 22, port_range_max: 22, remote_ip_prefix: '0.0.0.0/0' }, names)).toBe(
      'ALLOW IPv4 22/tcp from 0.0.0.0/0',
    );
  });

  it('names a port range, and an egress rule goes "to"', () => {
    expect(ruleText({ direction: 'egress', ethertype: 'IPv4', protocol: 'UDP', port_range_min: 1000, port_range_max: 2000, remote_ip_prefix: '10.0.0.0/8' }, names)).toBe(
      'ALLOW IPv4 1000-2000/udp to 10.0.0.0/8',
    );
  });

  it('names a remote group by its name, or by the start of its id when unknown', () => {
    expect(ruleText({ direction: 'ingress', ethertype: 'IPv6', remote_group_id: '5b0c8f0e-aaaa-bbbb-cccc-000000000001' }, names)).toBe('ALLOW IPv6  from default');
    expect(ruleText({ direction: 'ingress', ethertype: 'IPv4', remote_group_id: '9f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b' }, names)).toBe('ALLOW IPv4  from 9f1e2d3c-4b5a');
  });

  it('says ANY without a remote, and a protocol number as ip_proto', () => {
    expect(ruleText({ direction: 'egress', ethertype: 'IPv4', protocol: 'icmp' }, names)).toBe('ALLOW IPv4 icmp to ANY');
    expect(ruleText({ direction: 'ingress', ethertype: 'IPv4', protocol: '47' }, names)).toBe('ALLOW IPv4 ip_proto=47 from ANY');
  });
});
