import type { Db } from '../../store/db.js';
import { conflict, notFound } from '../faults.js';
import { flag, newId, standardAttributes, touch, type Viewer } from './common.js';

/**
 * QoS policies and their rules (neutron/services/qos): bandwidth limit and
 * minimum bandwidth per direction, one DSCP mark, minimum packet rate.
 * A policy in use by a network or port cannot be deleted.
 */

export const RULE_KINDS = {
  bandwidth_limit_rules: 'bandwidth_limit',
  dscp_marking_rules: 'dscp_marking',
  minimum_bandwidth_rules: 'minimum_bandwidth',
  minimum_packet_rate_rules: 'minimum_packet_rate',
} as const;
export type RuleCollection = keyof typeof RULE_KINDS;
export type RuleType = (typeof RULE_KINDS)[RuleCollection];

/** The fields each rule type renders besides id (neutron/objects/qos/rule.py). */
export const RULE_FIELDS: Record<RuleType, string[]> = {
  bandwidth_limit: ['max_kbps', 'max_burst_kbps', 'direction'],
  dscp_marking: ['dscp_mark'],
  minimum_bandwidth: ['min_kbps', 'direction'],
  minimum_packet_rate: ['min_kpps', 'direction'],
};

/** The object names Neutron's duplicate-entry message uses. */
const OBJECT_NAMES: Record<RuleType, string> = {
  bandwidth_limit: 'QosBandwidthLimitRule',
  dscp_marking: 'QosDscpMarkingRule',
  minimum_bandwidth: 'QosMinimumBandwidthRule',
  minimum_packet_rate: 'QosMinimumPacketRateRule',
};

export interface PolicyRow {
  id: string;
  name: string;
  description: string;
  project_id: string;
  shared: number;
  is_default: number;
  revision_number: number;
  created_at: number;
  updated_at: number;
}

export interface QosRuleRow {
  id: string;
  qos_policy_id: string;
  type: RuleType;
  max_kbps: number | null;
  max_burst_kbps: number | null;
  direction: string | null;
  dscp_mark: number | null;
  min_kbps: number | null;
  min_kpps: number | null;
  position: number;
}

/** A rule as its own collection renders it: id and the type's fields. */
export function renderRule(row: QosRuleRow) {
  const result: Record<string, unknown> = { id: row.id };
  for (const field of RULE_FIELDS[row.type]) result[field] = row[field as keyof QosRuleRow];
  return result;
}

export function renderPolicy(db: Db, row: PolicyRow) {
  const rules = db.all<QosRuleRow>('SELECT * FROM net_qos_rules WHERE qos_policy_id = ? ORDER BY position', row.id);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    shared: Boolean(row.shared),
    is_default: Boolean(row.is_default),
    tenant_id: row.project_id,
    rules: rules.map((rule) => ({ ...renderRule(rule), qos_policy_id: row.id, type: rule.type })),
    ...standardAttributes({ ...row, description: undefined }),
    project_id: row.project_id,
  };
}

const canSee = (viewer: Viewer, row: PolicyRow) => viewer.isAdmin || row.project_id === viewer.projectId || Boolean(row.shared);

export function getPolicy(db: Db, viewer: Viewer, id: string): PolicyRow {
  const row = db.get<PolicyRow>('SELECT * FROM net_qos_policies WHERE id = ?', id);
  if (!row || !canSee(viewer, row)) throw notFound('QosPolicyNotFound', `QoS policy ${id} could not be found.`);
  return row;
}

export function listPolicies(db: Db, viewer: Viewer): PolicyRow[] {
  return db.all<PolicyRow>('SELECT * FROM net_qos_policies ORDER BY created_at, rowid').filter((row) => canSee(viewer, row));
}

export function createPolicy(db: Db, now: number, input: { projectId: string; name: string; description?: string; shared?: boolean; isDefault?: boolean }): PolicyRow {
  return db.tx(() => {
    if (input.isDefault && db.get('SELECT 1 FROM net_qos_policies WHERE project_id = ? AND is_default = 1', input.projectId)) {
      throw conflict('QoSPolicyDefaultAlreadyExists', `A default QoS policy exists for project ${input.projectId}.`);
    }
    const id = newId();
    db.run(
      'INSERT INTO net_qos_policies (id, name, description, project_id, shared, is_default, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      id,
      input.name,
      input.description ?? '',
      input.projectId,
      flag(input.shared),
      flag(input.isDefault),
      now,
      now,
    );
    return db.get<PolicyRow>('SELECT * FROM net_qos_policies WHERE id = ?', id)!;
  });
}

export function updatePolicy(db: Db, now: number, row: PolicyRow, changes: { name?: string; description?: string; shared?: boolean; is_default?: boolean }): PolicyRow {
  return db.tx(() => {
    db.run(
      'UPDATE net_qos_policies SET name = ?, description = ?, shared = ?, is_default = ? WHERE id = ?',
      changes.name ?? row.name,
      changes.description ?? row.description,
      changes.shared === undefined ? row.shared : flag(changes.shared),
      changes.is_default === undefined ? row.is_default : flag(changes.is_default),
      row.id,
    );
    touch(db, 'net_qos_policies', row.id, now);
    return db.get<PolicyRow>('SELECT * FROM net_qos_policies WHERE id = ?', row.id)!;
  });
}

export function deletePolicy(db: Db, row: PolicyRow): void {
  db.tx(() => {
    for (const [table, kind] of [['net_networks', 'network'], ['net_ports', 'port']] as const) {
      const user = db.get<{ id: string }>(`SELECT id FROM ${table} WHERE qos_policy_id = ?`, row.id);
      if (user) throw conflict('QosPolicyInUse', `QoS Policy ${row.id} is used by ${kind} ${user.id}.`);
    }
    db.run('DELETE FROM net_qos_policies WHERE id = ?', row.id);
  });
}

export function getRule(db: Db, policy: PolicyRow, type: RuleType, ruleId: string): QosRuleRow {
  const row = db.get<QosRuleRow>('SELECT * FROM net_qos_rules WHERE id = ? AND qos_policy_id = ? AND type = ?', ruleId, policy.id, type);
  if (!row) throw notFound('QosRuleNotFound', `QoS rule ${ruleId} for policy ${policy.id} could not be found.`);
  return row;
}

export function listRules(db: Db, policy: PolicyRow, type: RuleType): QosRuleRow[] {
  return db.all<QosRuleRow>('SELECT * FROM net_qos_rules WHERE qos_policy_id = ? AND type = ? ORDER BY position', policy.id, type);
}

/** Bandwidth rules are unique per direction, DSCP marking per policy (the DB's unique keys). */
function checkUnique(db: Db, policy: PolicyRow, type: RuleType, direction: string | null, exceptId?: string): void {
  const perDirection = type !== 'dscp_marking';
  const clash = db.get<{ id: string }>(
    `SELECT id FROM net_qos_rules WHERE qos_policy_id = ? AND type = ? AND id != ? ${perDirection ? 'AND direction IS ?' : ''}`,
    ...[policy.id, type, exceptId ?? '', ...(perDirection ? [direction] : [])],
  );
  if (clash) {
    const attributes = perDirection ? "['qos_policy_id', 'direction']" : "['qos_policy_id']";
    const values = perDirection ? `${policy.id}, ${direction}` : policy.id;
    throw conflict('NeutronDbObjectDuplicateEntry', `Failed to create a duplicate ${OBJECT_NAMES[type]}: for attribute(s) ${attributes} with value(s) ${values}`);
  }
}

export function createRule(db: Db, now: number, policy: PolicyRow, type: RuleType, values: Record<string, unknown>): QosRuleRow {
  return db.tx(() => {
    const direction = type === 'dscp_marking' ? null : ((values.direction as string | undefined) ?? 'egress');
    checkUnique(db, policy, type, direction);
    const id = newId();
    const position = (db.get<{ n: number }>('SELECT COALESCE(MAX(position), 0) AS n FROM net_qos_rules WHERE qos_policy_id = ?', policy.id)?.n ?? 0) + 1;
    db.run(
      `INSERT INTO net_qos_rules (id, qos_policy_id, type, max_kbps, max_burst_kbps, direction, dscp_mark, min_kbps, min_kpps, position) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      id,
      policy.id,
      type,
      type === 'bandwidth_limit' ? (values.max_kbps ?? null) : null,
      type === 'bandwidth_limit' ? (values.max_burst_kbps ?? 0) : null,
      direction,
      type === 'dscp_marking' ? values.dscp_mark : null,
      type === 'minimum_bandwidth' ? values.min_kbps : null,
      type === 'minimum_packet_rate' ? values.min_kpps : null,
      position,
    );
    touch(db, 'net_qos_policies', policy.id, now);
    return db.get<QosRuleRow>('SELECT * FROM net_qos_rules WHERE id = ?', id)!;
  });
}

export function updateRule(db: Db, now: number, policy: PolicyRow, rule: QosRuleRow, values: Record<string, unknown>): QosRuleRow {
  return db.tx(() => {
    const direction = rule.type === 'dscp_marking' ? null : ((values.direction as string | undefined) ?? rule.direction);
    checkUnique(db, policy, rule.type, direction, rule.id);
    for (const field of RULE_FIELDS[rule.type]) {
      if (field in values) db.run(`UPDATE net_qos_rules SET ${field} = ? WHERE id = ?`, values[field], rule.id);
    }
    touch(db, 'net_qos_policies', policy.id, now);
    return db.get<QosRuleRow>('SELECT * FROM net_qos_rules WHERE id = ?', rule.id)!;
  });
}

export function deleteRule(db: Db, now: number, policy: PolicyRow, rule: QosRuleRow): void {
  db.tx(() => {
    db.run('DELETE FROM net_qos_rules WHERE id = ?', rule.id);
    touch(db, 'net_qos_policies', policy.id, now);
  });
}
