/**
 * IPv4 and IPv6 addresses as BigInt, the way netaddr serves Neutron: parse,
 * format (RFC 5952 for IPv6), CIDRs and their ranges. No rules here, only
 * arithmetic.
 */

export type IpVersion = 4 | 6;

export interface Address {
  version: IpVersion;
  value: bigint;
}

export interface Cidr {
  version: IpVersion;
  /** The network address (host bits cleared). */
  network: bigint;
  prefixlen: number;
}

const bits = (version: IpVersion) => (version === 4 ? 32 : 128);

function parseV4(text: string): bigint | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let value = 0n;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return null;
    value = (value << 8n) | BigInt(Number(part));
  }
  return value;
}

function parseV6(text: string): bigint | null {
  if (!/^[0-9a-fA-F:.]+$/.test(text) || (text.match(/::/g) ?? []).length > 1) return null;
  let tail: bigint | null = null;
  let body = text;
  // An embedded IPv4 tail (::ffff:1.2.3.4) counts as two groups.
  const lastColon = text.lastIndexOf(':');
  if (text.slice(lastColon + 1).includes('.')) {
    tail = parseV4(text.slice(lastColon + 1));
    if (tail === null) return null;
    body = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const [head, rest] = body.includes('::') ? body.split('::') : [body, undefined];
  const headGroups = head ? head.split(':') : [];
  const restGroups = rest ? rest.split(':') : [];
  const missing = 8 - headGroups.length - restGroups.length;
  if (rest === undefined ? missing !== 0 : missing < 1) return null;
  const groups = [...headGroups, ...Array<string>(rest === undefined ? 0 : missing).fill('0'), ...restGroups];
  let value = 0n;
  for (const group of groups) {
    if (!/^[0-9a-fA-F]{1,4}$/.test(group)) return null;
    value = (value << 16n) | BigInt(parseInt(group, 16));
  }
  if (tail !== null) value = (value & ~0xffffffffn) | tail;
  return value;
}

export function parseAddress(text: unknown): Address | null {
  if (typeof text !== 'string') return null;
  const v4 = parseV4(text);
  if (v4 !== null) return { version: 4, value: v4 };
  const v6 = parseV6(text);
  return v6 === null ? null : { version: 6, value: v6 };
}

export function formatAddress(version: IpVersion, value: bigint): string {
  if (version === 4) return [24n, 16n, 8n, 0n].map((shift) => String((value >> shift) & 255n)).join('.');
  const groups = Array.from({ length: 8 }, (_, index) => Number((value >> BigInt(112 - index * 16)) & 0xffffn));
  // RFC 5952: the longest run (at least two) of zero groups becomes "::", the first one on a tie.
  let best = { start: -1, length: 0 };
  for (let start = 0; start < 8; ) {
    if (groups[start] !== 0) {
      start++;
      continue;
    }
    let end = start;
    while (end < 8 && groups[end] === 0) end++;
    if (end - start > best.length) best = { start, length: end - start };
    start = end;
  }
  const hex = groups.map((group) => group.toString(16));
  if (best.length < 2) return hex.join(':');
  return `${hex.slice(0, best.start).join(':')}::${hex.slice(best.start + best.length).join(':')}`;
}

/** "10.0.0.5/24" → 10.0.0.0/24 (host bits dropped, as Neutron stores it); null when not a CIDR. */
export function parseCidr(text: unknown): Cidr | null {
  if (typeof text !== 'string') return null;
  const [addressText, prefixText, extra] = text.split('/');
  if (extra !== undefined) return null;
  const address = parseAddress(addressText);
  if (!address) return null;
  const max = bits(address.version);
  let prefixlen = max;
  if (prefixText !== undefined) {
    if (!/^\d{1,3}$/.test(prefixText)) return null;
    prefixlen = Number(prefixText);
    if (prefixlen > max) return null;
  }
  return { version: address.version, network: address.value & mask(address.version, prefixlen), prefixlen };
}

export function mask(version: IpVersion, prefixlen: number): bigint {
  const total = bits(version);
  return ((1n << BigInt(total)) - 1n) ^ ((1n << BigInt(total - prefixlen)) - 1n);
}

export function formatCidr(cidr: Cidr): string {
  return `${formatAddress(cidr.version, cidr.network)}/${cidr.prefixlen}`;
}

export function lastAddress(cidr: Cidr): bigint {
  return cidr.network + (1n << BigInt(bits(cidr.version) - cidr.prefixlen)) - 1n;
}

export function size(cidr: Cidr): bigint {
  return 1n << BigInt(bits(cidr.version) - cidr.prefixlen);
}

export function contains(cidr: Cidr, value: bigint): boolean {
  return value >= cidr.network && value <= lastAddress(cidr);
}

export function overlaps(a: Cidr, b: Cidr): boolean {
  return a.version === b.version && a.network <= lastAddress(b) && b.network <= lastAddress(a);
}

export function maxPrefixlen(version: IpVersion): number {
  return bits(version);
}
