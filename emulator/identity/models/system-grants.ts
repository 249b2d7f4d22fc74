import { NotFound } from '../../core/errors.js';
import type { Db } from '../../store/db.js';
import type { ActorType } from './inherited-grants.js';
import { type Role, toRole, type RoleRow } from './roles.js';

/**
 * Role grants on the system (keystone/api/system.py): Keystone has one
 * system target, "all". Stored and listed here, and in
 * `/v3/role_assignments`; a user holding one (or whose group does) may ask
 * for a system-scoped token.
 */

export const SYSTEM_TARGET = 'all';

export function grantSystem(db: Db, actorType: ActorType, actorId: string, roleId: string): void {
  db.tx(() => db.run('INSERT OR IGNORE INTO system_assignments (actor_type, actor_id, role_id) VALUES (?, ?, ?)', actorType, actorId, roleId));
}

/** Keystone's answer when the grant is not there (its target printed as "system"). */
export const systemGrantNotFound = (roleId: string, actorId: string) =>
  new NotFound(`Could not find role assignment with role: ${roleId}, user or group: ${actorId}, project, domain, or system: system.`);

export function revokeSystem(db: Db, actorType: ActorType, actorId: string, roleId: string): void {
  db.tx(() => {
    const { changes } = db.run('DELETE FROM system_assignments WHERE actor_type = ? AND actor_id = ? AND role_id = ?', actorType, actorId, roleId);
    if (changes === 0) throw systemGrantNotFound(roleId, actorId);
  });
}

export function listSystemGrants(db: Db, actorType: ActorType, actorId: string): Role[] {
  return db
    .all<RoleRow>('SELECT r.* FROM roles r JOIN system_assignments a ON a.role_id = r.id WHERE a.actor_type = ? AND a.actor_id = ? ORDER BY r.name', actorType, actorId)
    .map(toRole);
}

export function listAllSystemGrants(db: Db): { actor: { type: ActorType; id: string }; roleId: string }[] {
  return db
    .all<{ actor_type: ActorType; actor_id: string; role_id: string }>('SELECT * FROM system_assignments ORDER BY rowid')
    .map((row) => ({ actor: { type: row.actor_type, id: row.actor_id }, roleId: row.role_id }));
}
