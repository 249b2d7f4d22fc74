import { describe, expect, it } from 'vitest';
import { formatAddress, formatCidr, lastAddress, overlaps, parseAddress, parseCidr } from '../../../emulator/network/models/ip.js';

describe('the network emulator’s address arithmetic', () => {
  it('parses and formats IPv4, refusing octets over 255', () => {
    expect(parseAddress('10.0.0.1')).toEqual({ version: 4, value: 0x0a000001n });
    expect(parseAddress('10.0.300.1')).toBeNull();
    expect(parseAddress('10.0.0')).toBeNull();
    expect(formatAddress(4, 0xac180401n)).toBe('172.24.4.1');
  });

  it('parses IPv6 with :: and an IPv4 tail, and formats as RFC 5952 (longest zero run, lower case)', () => {
    expect(formatAddress(6, parseAddress('FD00:0001:0000:0000:0000:0000:0000:0001')!.value)).toBe('fd00:1::1');
    expect(formatAddress(6, parseAddress('::ffff:1.2.3.4')!.value)).toBe('::ffff:102:304');
    expect(formatAddress(6, parseAddress('1:0:0:2:0:0:0:3')!.value)).toBe('1:0:0:2::3');
    expect(formatAddress(6, parseAddress('1:0:2:3:4:5:6:7')!.value)).toBe('1:0:2:3:4:5:6:7');
    expect(parseAddress('1::2::3')).toBeNull();
    expect(parseAddress('1:2:3:4:5:6:7:8:9')).toBeNull();
  });

  it('drops host bits from a CIDR and finds overlaps of one version only', () => {
    const cidr = parseCidr('10.9.1.5/24')!;
    expect(formatCidr(cidr)).toBe('10.9.1.0/24');
    expect(formatAddress(4, lastAddress(cidr))).toBe('10.9.1.255');
    expect(parseCidr('10.9.1.0/33')).toBeNull();
    expect(overlaps(parseCidr('10.0.0.0/24')!, parseCidr('10.0.0.128/25')!)).toBe(true);
    expect(overlaps(parseCidr('10.0.0.0/25')!, parseCidr('10.0.0.128/25')!)).toBe(false);
    expect(overlaps(parseCidr('::/0')!, parseCidr('0.0.0.0/0')!)).toBe(false);
    expect(formatCidr(parseCidr('fd00:1::5/64')!)).toBe('fd00:1::/64');
  });
});
