import type { Db } from '../../store/db.js';
import { badRequest, conflict, notFound } from '../faults.js';
import { checkQuota, flag, newId, standardAttributes, touch, type Viewer } from './common.js';
import { parseCidr } from './ip.js';

/**
 * Security groups and rules (neutron/db/securitygroups_db.py). Every project
 * gets a `default` group on first use, with egress open and ingress from
 * its own members; every new group starts with the two egress rules.
 */

export interface SecurityGroupRow {
  id: string;
  name: string;
  description: string;
  project_id: string;
  stateful: number;
  is_default: number;
  revision_number: number;
  created_at: number;
  updated_at: number;
}

export interface RuleRow {
  id: string;
  security_group_id: string;
  project_id: string;
  direction: 'ingress' | 'egress';
  ethertype: 'IPv4' | 'IPv6';
  protocol: string | null;
  port_range_min: number | null;
  port_range_max: number | null;
  remote_ip_prefix: string | null;
  remote_group_id: string | null;
  description: string | null;
  revision_number: number;
  created_at: number;
  updated_at: number;
}

export function renderRule(row: RuleRow) {
  return {
    id: row.id,
    tenant_id: row.project_id,
    security_group_id: row.security_group_id,
    ethertype: row.ethertype,
    direction: row.direction,
    protocol: row.protocol,
    port_range_min: row.port_range_min,
    port_range_max: row.port_range_max,
    remote_ip_prefix: row.remote_ip_prefix,
    remote_address_group_id: null,
    normalized_cidr: row.remote_ip_prefix,
    remote_group_id: row.remote_group_id,
    ...standardAttributes({ ...row, description: undefined }),
    description: row.description,
    project_id: row.project_id,
  };
}

export function renderSecurityGroup(db: Db, row: SecurityGroupRow) {
  const rules = db.all<RuleRow>('SELECT * FROM net_security_group_rules WHERE security_group_id = ? ORDER BY created_at, rowid', row.id);
  return {
    id: row.id,
    name: row.name,
    stateful: Boolean(row.stateful),
    tenant_id: row.project_id,
    description: row.description,
    shared: false,
    security_group_rules: rules.map(renderRule),
    ...standardAttributes({ ...row, description: undefined }),
    project_id: row.project_id,
  };
}

const canSee = (viewer: Viewer, row: { project_id: string }) => viewer.isAdmin || row.project_id === viewer.projectId;

export function getSecurityGroup(db: Db, viewer: Viewer, id: string): SecurityGroupRow {
  const row = db.get<SecurityGroupRow>('SELECT * FROM net_security_groups WHERE id = ?', id);
  if (!row || !canSee(viewer, row)) throw notFound('SecurityGroupNotFound', `Security group ${id} does not exist`);
  return row;
}

export function listSecurityGroups(db: Db, viewer: Viewer): SecurityGroupRow[] {
  return db.all<SecurityGroupRow>('SELECT * FROM net_security_groups ORDER BY created_at, rowid').filter((row) => canSee(viewer, row));
}

function insertRule(db: Db, now: number, rule: Omit<RuleRow, 'id' | 'revision_number' | 'created_at' | 'updated_at'>): string {
  const id = newId();
  db.run(
    `INSERT INTO net_security_group_rules (id, security_group_id, project_id, direction, ethertype, protocol, port_range_min, port_range_max, remote_ip_prefix,
       remote_group_id, description, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    id,
    rule.security_group_id,
    rule.project_id,
    rule.direction,
    rule.ethertype,
    rule.protocol,
    rule.port_range_min,
    rule.port_range_max,
    rule.remote_ip_prefix,
    rule.remote_group_id,
    rule.description,
    now,
    now,
  );
  return id;
}

function insertGroup(db: Db, now: number, projectId: string, name: string, description: string, stateful: boolean, isDefault: boolean): string {
  const id = newId();
  db.run(
    'INSERT INTO net_security_groups (id, name, description, project_id, stateful, is_default, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    id,
    name,
    description,
    projectId,
    flag(stateful),
    flag(isDefault),
    now,
    now,
  );
  const base = { security_group_id: id, project_id: projectId, protocol: null, port_range_min: null, port_range_max: null, remote_ip_prefix: null, description: null };
  for (const ethertype of ['IPv4', 'IPv6'] as const) {
    insertRule(db, now, { ...base, direction: 'egress', ethertype, remote_group_id: null });
    if (isDefault) insertRule(db, now, { ...base, direction: 'ingress', ethertype, remote_group_id: id });
  }
  return id;
}

/** The project's default group, created on first use as Neutron does (`_ensure_default_security_group`). */
export function ensureDefaultSecurityGroup(db: Db, now: number, projectId: string): string {
  return db.tx(() => {
    const existing = db.get<{ id: string }>('SELECT id FROM net_security_groups WHERE project_id = ? AND is_default = 1', projectId);
    return existing?.id ?? insertGroup(db, now, projectId, 'default', 'Default security group', true, true);
  });
}

export function createSecurityGroup(db: Db, now: number, input: { projectId: string; name: string; description?: string; stateful?: boolean }): SecurityGroupRow {
  return db.tx(() => {
    ensureDefaultSecurityGroup(db, now, input.projectId);
    if (input.name === 'default') throw conflict('SecurityGroupDefaultAlreadyExists', 'Default security group already exists.');
    checkQuota(db, input.projectId, 'security_group');
    checkQuota(db, input.projectId, 'security_group_rule', 2);
    const id = insertGroup(db, now, input.projectId, input.name, input.description ?? '', input.stateful ?? true, false);
    return db.get<SecurityGroupRow>('SELECT * FROM net_security_groups WHERE id = ?', id)!;
  });
}

export function updateSecurityGroup(db: Db, now: number, row: SecurityGroupRow, changes: { name?: string; description?: string; stateful?: boolean }): SecurityGroupRow {
  return db.tx(() => {
    if (row.is_default && changes.name !== undefined && changes.name !== 'default') {
      throw conflict('SecurityGroupCannotUpdateDefault', 'Updating default security group not allowed.');
    }
    db.run(
      'UPDATE net_security_groups SET name = ?, description = ?, stateful = ? WHERE id = ?',
      changes.name ?? row.name,
      changes.description ?? row.description,
      changes.stateful === undefined ? row.stateful : flag(changes.stateful),
      row.id,
    );
    touch(db, 'net_security_groups', row.id, now);
    return db.get<SecurityGroupRow>('SELECT * FROM net_security_groups WHERE id = ?', row.id)!;
  });
}

export function deleteSecurityGroup(db: Db, viewer: Viewer, row: SecurityGroupRow): void {
  db.tx(() => {
    // Neutron checks the ports first: a default group in use is refused as in use.
    if (db.get('SELECT 1 FROM net_port_security_groups WHERE security_group_id = ?', row.id)) throw conflict('SecurityGroupInUse', `Security Group ${row.id} in use.`);
    if (row.is_default && !viewer.isAdmin) throw conflict('SecurityGroupCannotRemoveDefault', 'Insufficient rights for removing default security group.');
    db.run('DELETE FROM net_security_groups WHERE id = ?', row.id);
  });
}

const PROTOCOLS: Record<string, number> = {
  ah: 51, dccp: 33, egp: 8, esp: 50, gre: 47, hopopt: 0, icmp: 1, icmpv6: 58, igmp: 2, ipip: 4, ipv6: 41, 'ipv6-encap': 41, 'ipv6-frag': 44,
  'ipv6-icmp': 58, 'ipv6-nonxt': 59, 'ipv6-opts': 60, 'ipv6-route': 43, ospf: 89, pgm: 113, rsvp: 46, sctp: 132, tcp: 6, udp: 17, udplite: 136, vrrp: 112,
};

export interface RuleInput {
  securityGroup: SecurityGroupRow;
  projectId: string;
  direction: 'ingress' | 'egress';
  ethertype?: 'IPv4' | 'IPv6';
  protocol?: string | number | null;
  portRangeMin?: number | null;
  portRangeMax?: number | null;
  remoteIpPrefix?: string | null;
  remoteGroupId?: string | null;
  description?: string | null;
}

function checkRule(input: RuleInput): { protocol: string | null; min: number | null; max: number | null; prefix: string | null; ethertype: 'IPv4' | 'IPv6' } {
  const ethertype = input.ethertype ?? 'IPv4';
  let protocol = input.protocol === undefined || input.protocol === null ? null : String(input.protocol).toLowerCase();
  if (protocol !== null && !(protocol in PROTOCOLS) && !(/^\d+$/.test(protocol) && Number(protocol) <= 255)) {
    throw badRequest(
      'SecurityGroupRuleInvalidProtocol',
      `Security group rule protocol ${input.protocol} not supported. Only protocol values [${Object.keys(PROTOCOLS).map((name) => `'${name}'`).join(', ')}, None] and integer representations [0 to 255] are supported.`,
    );
  }
  if (protocol === 'any' || protocol === '0') protocol = null;
  const min = input.portRangeMin ?? null;
  const max = input.portRangeMax ?? null;
  if ((min !== null || max !== null) && protocol === null) throw badRequest('SecurityGroupProtocolRequiredWithPorts', 'Must also specify protocol if port range is given.');
  const number = protocol === null ? null : (PROTOCOLS[protocol] ?? Number(protocol));
  if ((number === 6 || number === 17 || number === 132 || number === 33 || number === 136) && min !== null) {
    if (max === null || min > max) throw badRequest('SecurityGroupInvalidPortRange', 'For TCP/UDP protocols, port_range_min must be <= port_range_max');
    if (min < 1 || max > 65535) throw badRequest('SecurityGroupInvalidPortValue', `Invalid value for port ${min < 1 ? min : max}`);
  }
  if ((number === 1 || number === 58) && (min !== null || max !== null)) {
    for (const [field, value] of [['type', min], ['code', max]] as const) {
      if (value !== null && (value < 0 || value > 255)) throw badRequest('SecurityGroupInvalidIcmpValue', `Invalid value for ICMP ${field} (${field === 'type' ? 'port-range-min' : 'port-range-max'}): ${value}. It must be 0 to 255.`);
    }
    if (min === null && max !== null) throw badRequest('SecurityGroupMissingIcmpType', `ICMP code (port-range-max) ${max} is provided but ICMP type (port-range-min) is missing.`);
  }
  if (input.remoteIpPrefix && input.remoteGroupId) throw badRequest('SecurityGroupRemoteGroupAndRemoteIpPrefix', 'Only remote_ip_prefix or remote_group_id may be provided.');
  let prefix: string | null = null;
  if (input.remoteIpPrefix) {
    const cidr = parseCidr(input.remoteIpPrefix);
    if (!cidr) throw badRequest('HTTPBadRequest', `Invalid input for remote_ip_prefix. Reason: '${input.remoteIpPrefix}' is not a valid IP subnet.`);
    if (`IPv${cidr.version}` !== ethertype) throw badRequest('SecurityGroupRuleParameterConflict', `Conflicting value ethertype ${ethertype} for CIDR ${input.remoteIpPrefix}`);
    prefix = input.remoteIpPrefix.includes('/') ? `${input.remoteIpPrefix.split('/')[0]}/${cidr.prefixlen}` : `${input.remoteIpPrefix}/${cidr.prefixlen}`;
  }
  return { protocol, min, max, prefix, ethertype };
}

export function createRule(db: Db, viewer: Viewer, now: number, input: RuleInput): RuleRow {
  return db.tx(() => {
    const checked = checkRule(input);
    if (input.remoteGroupId) getSecurityGroup(db, viewer, input.remoteGroupId);
    const duplicate = db.get<{ id: string }>(
      `SELECT id FROM net_security_group_rules WHERE security_group_id = ? AND direction = ? AND ethertype = ? AND protocol IS ? AND port_range_min IS ?
         AND port_range_max IS ? AND remote_ip_prefix IS ? AND remote_group_id IS ?`,
      input.securityGroup.id,
      input.direction,
      checked.ethertype,
      checked.protocol,
      checked.min,
      checked.max,
      checked.prefix,
      input.remoteGroupId ?? null,
    );
    if (duplicate) throw conflict('SecurityGroupRuleExists', `Security group rule already exists. Rule id is ${duplicate.id}.`);
    checkQuota(db, input.projectId, 'security_group_rule');
    const id = insertRule(db, now, {
      security_group_id: input.securityGroup.id,
      project_id: input.projectId,
      direction: input.direction,
      ethertype: checked.ethertype,
      protocol: checked.protocol,
      port_range_min: checked.min,
      port_range_max: checked.max,
      remote_ip_prefix: checked.prefix,
      remote_group_id: input.remoteGroupId ?? null,
      description: input.description ?? '',
    });
    touch(db, 'net_security_groups', input.securityGroup.id, now);
    return db.get<RuleRow>('SELECT * FROM net_security_group_rules WHERE id = ?', id)!;
  });
}

export function getRule(db: Db, viewer: Viewer, id: string): RuleRow {
  const row = db.get<RuleRow>('SELECT * FROM net_security_group_rules WHERE id = ?', id);
  if (!row || !canSee(viewer, row)) throw notFound('SecurityGroupRuleNotFound', `Security group rule ${id} does not exist`);
  return row;
}

export function listRules(db: Db, viewer: Viewer): RuleRow[] {
  return db.all<RuleRow>('SELECT * FROM net_security_group_rules ORDER BY created_at, rowid').filter((row) => canSee(viewer, row));
}

export function deleteRule(db: Db, now: number, row: RuleRow): void {
  db.tx(() => {
    db.run('DELETE FROM net_security_group_rules WHERE id = ?', row.id);
    touch(db, 'net_security_groups', row.security_group_id, now);
  });
}
