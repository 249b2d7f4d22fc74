import { NotFound } from '../../core/errors.js';
import type { Db } from '../../store/db.js';
import { findProject } from './resources.js';
import type { Role, TargetType } from './roles.js';

/**
 * Keystone's OS-INHERIT grants: a role given to a user or group on a domain
 * or project "inherited to projects" holds on every project below it — all
 * the projects of the domain, or the project's subtree — but not on the
 * domain or project it was given on.
 */

export type ActorType = 'user' | 'group';

export interface InheritedGrant {
  actor: { type: ActorType; id: string };
  target: { type: TargetType; id: string };
  roleId: string;
}

interface GrantRow {
  actor_type: ActorType;
  actor_id: string;
  target_type: TargetType;
  target_id: string;
  role_id: string;
}

const toGrant = (row: GrantRow): InheritedGrant => ({ actor: { type: row.actor_type, id: row.actor_id }, target: { type: row.target_type, id: row.target_id }, roleId: row.role_id });

/** Idempotent, like Keystone's PUT. */
export function grantInherited(db: Db, grant: InheritedGrant): void {
  db.tx(() =>
    db.run(
      'INSERT OR IGNORE INTO inherited_assignments (actor_type, actor_id, target_type, target_id, role_id) VALUES (?, ?, ?, ?, ?)',
      grant.actor.type,
      grant.actor.id,
      grant.target.type,
      grant.target.id,
      grant.roleId,
    ),
  );
}

/** Keystone answers 404 when the inherited grant to revoke does not exist. */
export function revokeInherited(db: Db, grant: InheritedGrant): void {
  db.tx(() => {
    const { changes } = db.run(
      'DELETE FROM inherited_assignments WHERE actor_type = ? AND actor_id = ? AND target_type = ? AND target_id = ? AND role_id = ?',
      grant.actor.type,
      grant.actor.id,
      grant.target.type,
      grant.target.id,
      grant.roleId,
    );
    if (changes === 0) throw inheritedNotFound(grant);
  });
}

export const inheritedNotFound = (grant: InheritedGrant) =>
  new NotFound(`Could not find role assignment with role: ${grant.roleId}, user or group: ${grant.actor.id}, project, domain, or system: ${grant.target.id}.`);

/** The roles the actor was given inherited to the target's projects (`GET …/roles/inherited_to_projects`). */
export function listInheritedRoles(db: Db, actor: InheritedGrant['actor'], target: InheritedGrant['target']): Role[] {
  return db
    .all<{ id: string; name: string; description: string | null; immutable: number; domain_id: string | null }>(
      `SELECT r.* FROM roles r JOIN inherited_assignments a ON a.role_id = r.id
       WHERE a.actor_type = ? AND a.actor_id = ? AND a.target_type = ? AND a.target_id = ? ORDER BY r.name`,
      actor.type,
      actor.id,
      target.type,
      target.id,
    )
    .map((row) => ({ id: row.id, name: row.name, description: row.description, immutable: row.immutable === 1, domainId: row.domain_id }));
}

export function listInheritedGrants(db: Db): InheritedGrant[] {
  return db.all<GrantRow>('SELECT * FROM inherited_assignments').map(toGrant);
}

/** The projects an inherited grant on `target` reaches: every project of a domain, or a project's descendants. */
export function projectsReached(db: Db, target: InheritedGrant['target']): string[] {
  if (target.type === 'domain') return db.all<{ id: string }>('SELECT id FROM projects WHERE domain_id = ? ORDER BY id', target.id).map((row) => row.id);
  const reached: string[] = [];
  const pending = [target.id];
  while (pending.length) {
    for (const { id } of db.all<{ id: string }>('SELECT id FROM projects WHERE parent_id = ? ORDER BY id', pending.pop()!)) {
      reached.push(id);
      pending.push(id);
    }
  }
  return reached;
}

/** Where a grant inherited to `projectId` may sit: the project's domain and each of its ancestors. */
function inheritanceSources(db: Db, projectId: string): InheritedGrant['target'][] {
  const project = findProject(db, projectId);
  if (!project) return [];
  const sources: InheritedGrant['target'][] = [{ type: 'domain', id: project.domainId }];
  for (let parent = project.parentId; parent; parent = findProject(db, parent)?.parentId ?? null) sources.push({ type: 'project', id: parent });
  return sources;
}

/** The role ids the user inherits on a project, given to them or to a group they belong to. */
export function inheritedRoleIds(db: Db, userId: string, projectId: string): string[] {
  const ids = new Set<string>();
  for (const source of inheritanceSources(db, projectId)) {
    const rows = db.all<{ role_id: string }>(
      `SELECT role_id FROM inherited_assignments WHERE target_type = ? AND target_id = ? AND (
         (actor_type = 'user' AND actor_id = ?)
         OR (actor_type = 'group' AND actor_id IN (SELECT group_id FROM group_members WHERE user_id = ?)))`,
      source.type,
      source.id,
      userId,
      userId,
    );
    for (const row of rows) ids.add(row.role_id);
  }
  return [...ids];
}

/** The projects the user holds a role on only through inheritance. */
export function inheritedProjectIds(db: Db, userId: string): string[] {
  const rows = db.all<GrantRow>(
    `SELECT * FROM inherited_assignments WHERE (actor_type = 'user' AND actor_id = ?)
       OR (actor_type = 'group' AND actor_id IN (SELECT group_id FROM group_members WHERE user_id = ?))`,
    userId,
    userId,
  );
  return [...new Set(rows.flatMap((row) => projectsReached(db, toGrant(row).target)))];
}
