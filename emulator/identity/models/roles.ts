import { NotFound } from '../../core/errors.js';
import { newKeystoneId } from '../../core/ids.js';
import type { Db } from '../../store/db.js';
import type { Domain, Project } from './resources.js';

/** Keystone's assignment backend: roles, implied roles and role grants. */

export interface Role {
  id: string;
  name: string;
  description: string | null;
  immutable: boolean;
}

export type TargetType = 'project' | 'domain';

interface RoleRow {
  id: string;
  name: string;
  description: string | null;
  immutable: number;
}

const toRole = (row: RoleRow): Role => ({ id: row.id, name: row.name, description: row.description, immutable: row.immutable === 1 });

export function listRoles(db: Db, filters: { name?: string } = {}): Role[] {
  return db
    .all<RoleRow>('SELECT * FROM roles ORDER BY name')
    .map(toRole)
    .filter((role) => filters.name === undefined || role.name === filters.name);
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

export function createRole(db: Db, input: { name: string; description?: string | null; immutable?: boolean; id?: string }): Role {
  const role: Role = { id: input.id ?? newKeystoneId(), name: input.name, description: input.description ?? null, immutable: input.immutable ?? false };
  db.tx(() => db.run('INSERT INTO roles (id, name, description, immutable) VALUES (?, ?, ?, ?)', role.id, role.name, role.description, role.immutable ? 1 : 0));
  return role;
}

/** `prior` implies `implied` (Keystone's implied roles: admin ⇒ member ⇒ reader). */
export function createImpliedRole(db: Db, priorRoleId: string, impliedRoleId: string): void {
  db.tx(() => db.run('INSERT OR IGNORE INTO implied_roles (prior_role_id, implied_role_id) VALUES (?, ?)', priorRoleId, impliedRoleId));
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

/** The roles a token scoped to the target carries: direct grants plus everything they imply. */
export function effectiveRoles(db: Db, userId: string, targetType: TargetType, targetId: string): Role[] {
  const direct = listGrants(db, userId, targetType, targetId);
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
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** Projects the user holds any role on (what `/v3/auth/projects` lists). */
export function listUserProjects(db: Db, userId: string): Project[] {
  return db
    .all<{ id: string; name: string; domain_id: string; description: string; enabled: number }>(
      `SELECT DISTINCT p.* FROM projects p JOIN role_assignments a ON a.target_type = 'project' AND a.target_id = p.id
       WHERE a.user_id = ? ORDER BY p.name, p.id`,
      userId,
    )
    .map((row) => ({ id: row.id, name: row.name, domainId: row.domain_id, description: row.description, enabled: row.enabled === 1 }));
}

/** Domains the user holds any role on (what `/v3/auth/domains` lists). */
export function listUserDomains(db: Db, userId: string): Domain[] {
  return db
    .all<{ id: string; name: string; description: string; enabled: number }>(
      `SELECT DISTINCT d.* FROM domains d JOIN role_assignments a ON a.target_type = 'domain' AND a.target_id = d.id
       WHERE a.user_id = ? ORDER BY d.name`,
      userId,
    )
    .map((row) => ({ id: row.id, name: row.name, description: row.description, enabled: row.enabled === 1 }));
}
