import { randomUUID } from 'node:crypto';
import { NotFound, OverQuota } from '../../core/errors.js';
import type { Db } from '../../store/db.js';
import { getQuotaLimits } from './quotas.js';

/**
 * Nova server groups (nova/objects/instance_group.py): one policy per group
 * (the 2.1 `policies` list holds exactly one), optional rules for
 * anti-affinity, owned by a project. Members are instances, which arrive with
 * servers; until then every group is empty.
 */

export type ServerGroupPolicy = 'affinity' | 'anti-affinity' | 'soft-affinity' | 'soft-anti-affinity';

export interface ServerGroup {
  id: number;
  uuid: string;
  name: string | null;
  userId: string;
  projectId: string;
  policy: ServerGroupPolicy;
  rules: Record<string, number>;
  members: string[];
}

interface ServerGroupRow {
  id: number;
  uuid: string;
  name: string | null;
  user_id: string;
  project_id: string;
  policy: ServerGroupPolicy;
  rules: string;
}

/** Who asks: a non-admin only ever finds its own project's groups (`_instance_group_get_query`). */
export interface GroupViewer {
  isAdmin: boolean;
  projectId: string | null;
}

function toGroup(db: Db, row: ServerGroupRow): ServerGroup {
  return {
    id: row.id,
    uuid: row.uuid,
    name: row.name,
    userId: row.user_id,
    projectId: row.project_id,
    policy: row.policy,
    rules: JSON.parse(row.rules) as Record<string, number>,
    members: db.all<{ instance_uuid: string }>('SELECT instance_uuid FROM instance_group_members WHERE group_id = ? ORDER BY rowid', row.id).map((member) => member.instance_uuid),
  };
}

export function countServerGroups(db: Db, projectId: string): number {
  return db.get<{ count: number }>('SELECT COUNT(*) AS count FROM instance_groups WHERE project_id = ?', projectId)!.count;
}

/** 403 when one more group would pass the project's server_groups quota. */
export function checkServerGroupQuota(db: Db, projectId: string): void {
  const limit = getQuotaLimits(db, projectId).server_groups;
  if (limit >= 0 && countServerGroups(db, projectId) + 1 > limit) throw new OverQuota('Quota exceeded, too many server groups.');
}

export interface CreateServerGroupInput {
  name: string;
  projectId: string;
  userId: string;
  policy: ServerGroupPolicy;
  rules?: Record<string, number>;
}

/** Checks the server_groups quota and creates the group, in one transaction. */
export function createServerGroup(db: Db, now: number, input: CreateServerGroupInput): ServerGroup {
  return db.tx(() => {
    checkServerGroupQuota(db, input.projectId);
    const uuid = randomUUID();
    db.run(
      'INSERT INTO instance_groups (uuid, name, user_id, project_id, policy, rules, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      uuid,
      input.name,
      input.userId,
      input.projectId,
      input.policy,
      JSON.stringify(input.rules ?? {}),
      now,
    );
    return getServerGroup(db, { isAdmin: true, projectId: null }, uuid);
  });
}

export function getServerGroup(db: Db, viewer: GroupViewer, uuid: string): ServerGroup {
  const row = viewer.isAdmin
    ? db.get<ServerGroupRow>('SELECT * FROM instance_groups WHERE uuid = ?', uuid)
    : db.get<ServerGroupRow>('SELECT * FROM instance_groups WHERE uuid = ? AND project_id = ?', uuid, viewer.projectId);
  if (!row) throw new NotFound(`Instance group ${uuid} could not be found.`);
  return toGroup(db, row);
}

/** A project's groups, or every project's (admin `all_projects`), oldest first. */
export function listServerGroups(db: Db, scope: { projectId: string } | { allProjects: true }): ServerGroup[] {
  const rows =
    'allProjects' in scope
      ? db.all<ServerGroupRow>('SELECT * FROM instance_groups ORDER BY id')
      : db.all<ServerGroupRow>('SELECT * FROM instance_groups WHERE project_id = ? ORDER BY id', scope.projectId);
  return rows.map((row) => toGroup(db, row));
}

export function deleteServerGroup(db: Db, viewer: GroupViewer, uuid: string): void {
  db.tx(() => {
    const group = getServerGroup(db, viewer, uuid);
    db.run('DELETE FROM instance_groups WHERE id = ?', group.id);
  });
}
