import { Conflict, NotFound } from '../../core/errors.js';
import { newKeystoneId } from '../../core/ids.js';
import type { Db } from '../../store/db.js';
import { inheritedProjectIds, inheritedRoleIds, listInheritedGrants, projectsReached } from './inherited-grants.js';
import { type Domain, findProject, type Project } from './resources.js';
import { listAllSystemGrants, SYSTEM_TARGET } from './system-grants.js';

/** Keystone's assignment backend: roles, implied roles and role grants. */

export interface Role {
  id: string;
  name: string;
  description: string | null;
  immutable: boolean;
  /** Set for a domain-specific role; null for a global one. */
  domainId: string | null;
}

export type TargetType = 'project' | 'domain';

export interface RoleRow {
  id: string;
  name: string;
  description: string | null;
  immutable: number;
  domain_id: string | null;
}

export const toRole = (row: RoleRow): Role => ({
  id: row.id,
  name: row.name,
  description: row.description,
  immutable: row.immutable === 1,
  domainId: row.domain_id,
});

/** GET /v3/roles lists the global roles, or with `domain_id` that domain's own roles. */
export function listRoles(db: Db, filters: { name?: string; domainId?: string | null } = {}): Role[] {
  const domainId = filters.domainId ?? null;
  return db
    .all<RoleRow>('SELECT * FROM roles ORDER BY name')
    .map(toRole)
    .filter((role) => (filters.name === undefined || role.name === filters.name) && role.domainId === domainId);
}

export function findRoleByName(db: Db, name: string): Role | null {
  const row = db.get<RoleRow>('SELECT * FROM roles WHERE name = ?', name);
  return row ? toRole(row) : null;
}

export function getRole(db: Db, id: string): Role {
  const row = db.get<RoleRow>('SELECT * FROM roles WHERE id = ?', id);
  if (!row) throw new NotFound(`Could not find role: ${id}.`);
  return toRole(row);
}

/** Role names are unique across the cloud here (the table's constraint); Keystone words the clash so. */
function duplicateRole(name: string): Conflict {
  return new Conflict(`Conflict occurred attempting to store role - Duplicate entry found with name ${name}.`);
}

export function createRole(
  db: Db,
  input: { name: string; description?: string | null; immutable?: boolean; domainId?: string | null; id?: string },
): Role {
  const role: Role = {
    id: input.id ?? newKeystoneId(),
    name: input.name,
    description: input.description ?? null,
    immutable: input.immutable ?? false,
    domainId: input.domainId ?? null,
  };
  db.tx(() => {
    if (findRoleByName(db, role.name)) throw duplicateRole(role.name);
    db.run('INSERT INTO roles (id, name, description, immutable, domain_id) VALUES (?, ?, ?, ?, ?)', role.id, role.name, role.description, role.immutable ? 1 : 0, role.domainId);
  });
  return role;
}

export function updateRole(db: Db, id: string, changes: { name?: string; description?: string | null }): Role {
  return db.tx(() => {
    const current = getRole(db, id);
    const role = { ...current, name: changes.name ?? current.name, description: changes.description !== undefined ? changes.description : current.description };
    const clash = findRoleByName(db, role.name);
    if (clash && clash.id !== id) throw duplicateRole(role.name);
    db.run('UPDATE roles SET name = ?, description = ? WHERE id = ?', role.name, role.description, id);
    return role;
  });
}

/** Deleting a role removes its grants and implications (the foreign keys cascade). */
export function deleteRole(db: Db, id: string): void {
  db.tx(() => {
    if (db.run('DELETE FROM roles WHERE id = ?', id).changes === 0) throw new NotFound(`Could not find role: ${id}.`);
  });
}

/** `prior` implies `implied` (Keystone's implied roles: admin ⇒ member ⇒ reader). */
export function createImpliedRole(db: Db, priorRoleId: string, impliedRoleId: string): void {
  db.tx(() => db.run('INSERT OR IGNORE INTO implied_roles (prior_role_id, implied_role_id) VALUES (?, ?)', priorRoleId, impliedRoleId));
}

/** The inference rules, all or one prior role's, in the order they were made. */
export function listImpliedRules(db: Db, priorRoleId?: string): { prior: string; implied: string }[] {
  return db
    .all<{ prior_role_id: string; implied_role_id: string }>('SELECT * FROM implied_roles ORDER BY rowid')
    .filter((row) => priorRoleId === undefined || row.prior_role_id === priorRoleId)
    .map((row) => ({ prior: row.prior_role_id, implied: row.implied_role_id }));
}

/** Removes a rule; false when there was none. */
export function deleteImpliedRule(db: Db, priorRoleId: string, impliedRoleId: string): boolean {
  return db.tx(() => db.run('DELETE FROM implied_roles WHERE prior_role_id = ? AND implied_role_id = ?', priorRoleId, impliedRoleId).changes > 0);
}

/** Grants a role to a user on a project or domain (idempotent, like Keystone's PUT). */
export function createGrant(db: Db, userId: string, targetType: TargetType, targetId: string, roleId: string): void {
  db.tx(() =>
    db.run('INSERT OR IGNORE INTO role_assignments (user_id, target_type, target_id, role_id) VALUES (?, ?, ?, ?)', userId, targetType, targetId, roleId),
  );
}

export function revokeGrant(db: Db, userId: string, targetType: TargetType, targetId: string, roleId: string): void {
  db.tx(() => db.run('DELETE FROM role_assignments WHERE user_id = ? AND target_type = ? AND target_id = ? AND role_id = ?', userId, targetType, targetId, roleId));
}

/** The roles granted directly (no implied roles), as `GET /v3/projects/{p}/users/{u}/roles` lists them. */
export function listGrants(db: Db, userId: string, targetType: TargetType, targetId: string): Role[] {
  return db
    .all<RoleRow>(
      `SELECT r.* FROM roles r JOIN role_assignments a ON a.role_id = r.id
       WHERE a.user_id = ? AND a.target_type = ? AND a.target_id = ? ORDER BY r.name`,
      userId,
      targetType,
      targetId,
    )
    .map(toRole);
}

export function createGroupGrant(db: Db, groupId: string, targetType: TargetType, targetId: string, roleId: string): void {
  db.tx(() =>
    db.run('INSERT OR IGNORE INTO group_assignments (group_id, target_type, target_id, role_id) VALUES (?, ?, ?, ?)', groupId, targetType, targetId, roleId),
  );
}

/** Keystone answers 404 when the grant to revoke does not exist. */
export function revokeGroupGrant(db: Db, groupId: string, targetType: TargetType, targetId: string, roleId: string): void {
  db.tx(() => {
    const changes = db.run(
      'DELETE FROM group_assignments WHERE group_id = ? AND target_type = ? AND target_id = ? AND role_id = ?',
      groupId,
      targetType,
      targetId,
      roleId,
    ).changes;
    if (changes === 0) throw new NotFound(`Could not find role assignment with role: ${roleId}, user or group: ${groupId}, project, domain, or system: ${targetId}.`);
  });
}

export function listGroupGrants(db: Db, groupId: string, targetType: TargetType, targetId: string): Role[] {
  return db
    .all<RoleRow>(
      `SELECT r.* FROM roles r JOIN group_assignments a ON a.role_id = r.id
       WHERE a.group_id = ? AND a.target_type = ? AND a.target_id = ? ORDER BY r.name`,
      groupId,
      targetType,
      targetId,
    )
    .map(toRole);
}

/** Roles implied by `roleId`, transitively (not including itself). */
export function impliedRoles(db: Db, roleId: string): Role[] {
  const found = new Map<string, Role>();
  const pending = [roleId];
  while (pending.length) {
    const prior = pending.pop()!;
    for (const row of db.all<RoleRow>('SELECT r.* FROM roles r JOIN implied_roles i ON i.implied_role_id = r.id WHERE i.prior_role_id = ?', prior)) {
      if (found.has(row.id) || row.id === roleId) continue;
      found.set(row.id, toRole(row));
      pending.push(row.id);
    }
  }
  return [...found.values()];
}

/** The roles a token scoped to the target carries: direct, group and inherited grants plus everything they imply. */
export function effectiveRoles(db: Db, userId: string, targetType: TargetType, targetId: string): Role[] {
  return withImpliedRoles(db, [
    ...listGrants(db, userId, targetType, targetId),
    ...(targetType === 'project' ? inheritedRoleIds(db, userId, targetId).map((id) => getRole(db, id)) : []),
    ...db
      .all<RoleRow>(
        `SELECT r.* FROM roles r JOIN group_assignments a ON a.role_id = r.id JOIN group_members m ON m.group_id = a.group_id
         WHERE m.user_id = ? AND a.target_type = ? AND a.target_id = ?`,
        userId,
        targetType,
        targetId,
      )
      .map(toRole),
  ]);
}

/** The user's roles on the system (what a system-scoped token carries): its own grants and its groups', implied roles included. */
export function effectiveSystemRoles(db: Db, userId: string): Role[] {
  return withImpliedRoles(
    db,
    db
      .all<RoleRow>(
        `SELECT r.* FROM roles r JOIN system_assignments a ON a.role_id = r.id
         WHERE (a.actor_type = 'user' AND a.actor_id = ?)
            OR (a.actor_type = 'group' AND a.actor_id IN (SELECT group_id FROM group_members WHERE user_id = ?))`,
        userId,
        userId,
      )
      .map(toRole),
  );
}

/** The roles with every role they imply, sorted by name; a domain-specific role is never in a token: only the global roles it implies are. */
function withImpliedRoles(db: Db, direct: Role[]): Role[] {
  const byId = new Map(direct.map((role) => [role.id, role]));
  const pending = [...byId.keys()];
  while (pending.length) {
    const prior = pending.pop()!;
    for (const row of db.all<RoleRow>('SELECT r.* FROM roles r JOIN implied_roles i ON i.implied_role_id = r.id WHERE i.prior_role_id = ?', prior)) {
      if (byId.has(row.id)) continue;
      byId.set(row.id, toRole(row));
      pending.push(row.id);
    }
  }
  return [...byId.values()].filter((role) => role.domainId === null).sort((a, b) => a.name.localeCompare(b.name));
}

/** Projects the user holds any role on, inherited ones included (what `/v3/auth/projects` lists). */
export function listUserProjects(db: Db, userId: string): Project[] {
  const direct = db
    .all<{ id: string; name: string; domain_id: string; description: string; enabled: number }>(
      `SELECT DISTINCT p.* FROM projects p WHERE p.id IN (
         SELECT target_id FROM role_assignments WHERE target_type = 'project' AND user_id = ?
         UNION SELECT a.target_id FROM group_assignments a JOIN group_members m ON m.group_id = a.group_id
           WHERE a.target_type = 'project' AND m.user_id = ?)
       ORDER BY p.name, p.id`,
      userId,
      userId,
    )
    .map((row) => row.id);
  const ids = new Set([...direct, ...inheritedProjectIds(db, userId)]);
  return [...ids]
    .map((id) => findProject(db, id)!)
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

/** Domains the user holds any role on (what `/v3/auth/domains` lists). */
export function listUserDomains(db: Db, userId: string): Domain[] {
  return db
    .all<{ id: string; name: string; description: string; enabled: number }>(
      `SELECT DISTINCT d.* FROM domains d WHERE d.id IN (
         SELECT target_id FROM role_assignments WHERE target_type = 'domain' AND user_id = ?
         UNION SELECT a.target_id FROM group_assignments a JOIN group_members m ON m.group_id = a.group_id
           WHERE a.target_type = 'domain' AND m.user_id = ?)
       ORDER BY d.name`,
      userId,
      userId,
    )
    .map((row) => ({ id: row.id, name: row.name, description: row.description, enabled: row.enabled === 1 }));
}

/** One row of `/v3/role_assignments`: who (user or group), which role, on what. */
export interface Assignment {
  actor: { type: 'user' | 'group'; id: string };
  roleId: string;
  /** A system grant's target is `{type: 'system', id: 'all'}`. */
  target: { type: TargetType | 'system'; id: string };
  /** For an effective row: the group it came through, the prior role that implied it. */
  viaGroupId?: string;
  priorRoleId?: string;
  /** An OS-INHERIT grant: where it was given (its target, or for an effective row the domain or project it came down from). */
  inheritedFrom?: { type: TargetType; id: string };
}

export interface AssignmentFilters {
  userId?: string;
  groupId?: string;
  roleId?: string;
  projectId?: string;
  domainId?: string;
  /** `scope.system` ("all"): only the grants on the system. */
  system?: string;
  /** Expand group grants to their members and add implied roles, as Keystone's `effective`. */
  effective?: boolean;
}

export function listAssignments(db: Db, filters: AssignmentFilters): Assignment[] {
  const grants: Assignment[] = [
    ...db
      .all<{ user_id: string; target_type: TargetType; target_id: string; role_id: string }>('SELECT * FROM role_assignments')
      .map((row) => ({ actor: { type: 'user' as const, id: row.user_id }, roleId: row.role_id, target: { type: row.target_type, id: row.target_id } })),
    ...db
      .all<{ group_id: string; target_type: TargetType; target_id: string; role_id: string }>('SELECT * FROM group_assignments')
      .map((row) => ({ actor: { type: 'group' as const, id: row.group_id }, roleId: row.role_id, target: { type: row.target_type, id: row.target_id } })),
    ...listAllSystemGrants(db).map((grant) => ({ ...grant, target: { type: 'system' as const, id: SYSTEM_TARGET } })),
    // An inherited grant is listed as given, or (effective) on each project it reaches.
    ...listInheritedGrants(db).flatMap((grant) =>
      (filters.effective ? projectsReached(db, grant.target).map((id) => ({ type: 'project' as const, id })) : [grant.target]).map((target) => ({
        actor: grant.actor,
        roleId: grant.roleId,
        target,
        inheritedFrom: grant.target,
      })),
    ),
  ];
  // Effective: a group's grant stands for each of its members.
  let rows = filters.effective
    ? grants.flatMap((row) =>
        row.actor.type === 'user'
          ? [row]
          : db.all<{ user_id: string }>('SELECT user_id FROM group_members WHERE group_id = ?', row.actor.id).map((member) => ({ ...row, actor: { type: 'user' as const, id: member.user_id }, viaGroupId: row.actor.id })),
      )
    : grants;
  if (filters.effective) {
    rows = rows.flatMap((row) => [row, ...impliedRoles(db, row.roleId).map((role) => ({ ...row, roleId: role.id, priorRoleId: row.roleId }))]);
    // A domain-specific role only stands for the global roles it implies: it is in no token, so in no effective row.
    rows = rows.filter((row) => getRole(db, row.roleId).domainId === null);
  }
  const key = (row: Assignment) => `${row.actor.type}:${row.actor.id}:${row.target.type}:${row.target.id}:${row.roleId}:${row.inheritedFrom ? 'inherited' : ''}`;
  const seen = new Set<string>();
  return rows.filter((row) => {
    if (filters.userId !== undefined && !(row.actor.type === 'user' && row.actor.id === filters.userId)) return false;
    if (filters.groupId !== undefined && !(row.actor.type === 'group' && row.actor.id === filters.groupId)) return false;
    if (filters.roleId !== undefined && row.roleId !== filters.roleId) return false;
    if (filters.projectId !== undefined && !(row.target.type === 'project' && row.target.id === filters.projectId)) return false;
    if (filters.domainId !== undefined && !(row.target.type === 'domain' && row.target.id === filters.domainId)) return false;
    if (filters.system !== undefined && !(row.target.type === 'system' && row.target.id === filters.system)) return false;
    if (seen.has(key(row))) return false;
    seen.add(key(row));
    return true;
  });
}
