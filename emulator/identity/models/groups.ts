import { Conflict, NotFound } from '../../core/errors.js';
import { newKeystoneId } from '../../core/ids.js';
import type { Db } from '../../store/db.js';
import { toUser, type User, type UserRow } from './users.js';

/** Keystone's identity backend: groups and their members. */

export interface Group {
  id: string;
  name: string;
  domainId: string;
  description: string;
}

interface GroupRow {
  id: string;
  name: string;
  domain_id: string;
  description: string;
}

const toGroup = (row: GroupRow): Group => ({ id: row.id, name: row.name, domainId: row.domain_id, description: row.description });

function duplicateGroup(group: { name: string; domainId: string }): Conflict {
  return new Conflict(`Conflict occurred attempting to store group - Duplicate entry found with name ${group.name} at domain ID ${group.domainId}.`);
}

export function findGroup(db: Db, id: string): Group | null {
  const row = db.get<GroupRow>('SELECT * FROM groups WHERE id = ?', id);
  return row ? toGroup(row) : null;
}

export function getGroup(db: Db, id: string): Group {
  const group = findGroup(db, id);
  if (!group) throw new NotFound(`Could not find group: ${id}.`);
  return group;
}

export function listGroups(db: Db, filters: { name?: string; domainId?: string } = {}): Group[] {
  return db
    .all<GroupRow>('SELECT * FROM groups ORDER BY name, id')
    .map(toGroup)
    .filter((group) => (filters.name === undefined || group.name === filters.name) && (filters.domainId === undefined || group.domainId === filters.domainId));
}

export function createGroup(db: Db, input: { name: string; domainId: string; description?: string | null }): Group {
  const group: Group = { id: newKeystoneId(), name: input.name, domainId: input.domainId, description: input.description ?? '' };
  db.tx(() => {
    if (db.get('SELECT 1 FROM groups WHERE domain_id = ? AND name = ?', group.domainId, group.name)) throw duplicateGroup(group);
    db.run('INSERT INTO groups (id, name, domain_id, description) VALUES (?, ?, ?, ?)', group.id, group.name, group.domainId, group.description);
  });
  return group;
}

export function updateGroup(db: Db, id: string, changes: { name?: string; description?: string | null }): Group {
  return db.tx(() => {
    const current = getGroup(db, id);
    const group = { ...current, name: changes.name ?? current.name, description: changes.description ?? current.description };
    if (db.get('SELECT 1 FROM groups WHERE domain_id = ? AND name = ? AND id <> ?', group.domainId, group.name, id)) throw duplicateGroup(group);
    db.run('UPDATE groups SET name = ?, description = ? WHERE id = ?', group.name, group.description, id);
    return group;
  });
}

export function deleteGroup(db: Db, id: string): void {
  db.tx(() => {
    if (db.run('DELETE FROM groups WHERE id = ?', id).changes === 0) throw new NotFound(`Could not find group: ${id}.`);
  });
}

export function addGroupMember(db: Db, groupId: string, userId: string): void {
  db.tx(() => db.run('INSERT OR IGNORE INTO group_members (group_id, user_id) VALUES (?, ?)', groupId, userId));
}

/** Keystone: removing a user who is not a member is a 404 naming both. */
export function removeGroupMember(db: Db, groupId: string, userId: string): void {
  db.tx(() => {
    if (db.run('DELETE FROM group_members WHERE group_id = ? AND user_id = ?', groupId, userId).changes === 0) {
      throw new NotFound(`Could not find user: ${userId}.`);
    }
  });
}

export function isGroupMember(db: Db, groupId: string, userId: string): boolean {
  return db.get('SELECT 1 FROM group_members WHERE group_id = ? AND user_id = ?', groupId, userId) !== undefined;
}

export function listGroupMembers(db: Db, groupId: string): User[] {
  return db.all<UserRow>('SELECT u.* FROM users u JOIN group_members m ON m.user_id = u.id WHERE m.group_id = ? ORDER BY u.name, u.id', groupId).map(toUser);
}

export function listUserGroups(db: Db, userId: string): Group[] {
  return db.all<GroupRow>('SELECT g.* FROM groups g JOIN group_members m ON m.group_id = g.id WHERE m.user_id = ? ORDER BY g.name, g.id', userId).map(toGroup);
}
