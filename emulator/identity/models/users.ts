import { deleteUserDocuments } from './documents.js';
import { Conflict, NotFound } from '../../core/errors.js';
import { newKeystoneId } from '../../core/ids.js';
import type { Db } from '../../store/db.js';
import { hashPassword } from './passwords.js';

/** Keystone's identity backend: local users with scrypt password hashes. */

export interface User {
  id: string;
  name: string;
  domainId: string;
  enabled: boolean;
  defaultProjectId: string | null;
  email: string | null;
  description: string | null;
  /** Epoch ms, or null: the password never expires. */
  passwordExpiresAt: number | null;
  createdAt: number;
  /** Attributes the user was created or updated with beyond Keystone's own (Keystone keeps them in `extra`). */
  extra: Record<string, unknown>;
}

export interface UserRow {
  id: string;
  name: string;
  domain_id: string;
  enabled: number;
  password_hash: string | null;
  default_project_id: string | null;
  email: string | null;
  description: string | null;
  password_expires_at: number | null;
  created_at: number;
  extra: string;
}

export const toUser = (row: UserRow): User => ({
  id: row.id,
  name: row.name,
  domainId: row.domain_id,
  enabled: row.enabled === 1,
  defaultProjectId: row.default_project_id,
  email: row.email,
  description: row.description,
  passwordExpiresAt: row.password_expires_at,
  createdAt: row.created_at,
  extra: JSON.parse(row.extra) as Record<string, unknown>,
});

export function findUser(db: Db, id: string): User | null {
  const row = db.get<UserRow>('SELECT * FROM users WHERE id = ?', id);
  return row ? toUser(row) : null;
}

export function getUser(db: Db, id: string): User {
  const user = findUser(db, id);
  if (!user) throw new NotFound(`Could not find user: ${id}.`);
  return user;
}

export function findUserByName(db: Db, name: string, domainId: string): User | null {
  const row = db.get<UserRow>('SELECT * FROM users WHERE name = ? AND domain_id = ?', name, domainId);
  return row ? toUser(row) : null;
}

/** The stored hash, for the password check only. */
export function passwordHashOf(db: Db, userId: string): string | null {
  return db.get<{ password_hash: string | null }>('SELECT password_hash FROM users WHERE id = ?', userId)?.password_hash ?? null;
}

export function createUser(
  db: Db,
  input: {
    name: string;
    domainId: string;
    password?: string | null;
    enabled?: boolean;
    defaultProjectId?: string | null;
    email?: string | null;
    description?: string | null;
    id?: string;
    extra?: Record<string, unknown>;
  },
  now: number,
): User {
  const user: User = {
    id: input.id ?? newKeystoneId(),
    name: input.name,
    domainId: input.domainId,
    enabled: input.enabled ?? true,
    defaultProjectId: input.defaultProjectId ?? null,
    email: input.email ?? null,
    description: input.description ?? null,
    passwordExpiresAt: null,
    createdAt: now,
    extra: input.extra ?? {},
  };
  const hash = input.password === undefined || input.password === null ? null : hashPassword(input.password);
  db.tx(() => {
    if (findUserByName(db, user.name, user.domainId)) throw duplicateUser(user);
    db.run(
      'INSERT INTO users (id, name, domain_id, enabled, password_hash, default_project_id, email, description, created_at, extra) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      user.id,
      user.name,
      user.domainId,
      user.enabled ? 1 : 0,
      hash,
      user.defaultProjectId,
      user.email,
      user.description,
      user.createdAt,
      JSON.stringify(user.extra),
    );
  });
  return user;
}

/** Keystone's wording: user names are unique per domain. */
function duplicateUser(user: { name: string; domainId: string }): Conflict {
  return new Conflict(`Conflict occurred attempting to store user - Duplicate entry found with name ${user.name} at domain ID ${user.domainId}.`);
}

export interface UserChanges {
  name?: string;
  enabled?: boolean;
  defaultProjectId?: string | null;
  email?: string | null;
  description?: string | null;
  password?: string | null;
  extra?: Record<string, unknown>;
}

/** PATCH /v3/users/{id}: the given fields change; a new password restarts its expiry (none configured: null). */
export function updateUser(db: Db, id: string, changes: UserChanges): User {
  return db.tx(() => {
    const current = getUser(db, id);
    const user: User = {
      ...current,
      name: changes.name ?? current.name,
      enabled: changes.enabled ?? current.enabled,
      defaultProjectId: changes.defaultProjectId !== undefined ? changes.defaultProjectId : current.defaultProjectId,
      email: changes.email !== undefined ? changes.email : current.email,
      description: changes.description !== undefined ? changes.description : current.description,
      extra: { ...current.extra, ...(changes.extra ?? {}) },
    };
    const clash = findUserByName(db, user.name, user.domainId);
    if (clash && clash.id !== id) throw duplicateUser(user);
    db.run(
      'UPDATE users SET name = ?, enabled = ?, default_project_id = ?, email = ?, description = ?, extra = ? WHERE id = ?',
      user.name,
      user.enabled ? 1 : 0,
      user.defaultProjectId,
      user.email,
      user.description,
      JSON.stringify(user.extra),
      id,
    );
    if (changes.password !== undefined) {
      db.run('UPDATE users SET password_hash = ?, password_expires_at = NULL WHERE id = ?', changes.password === null ? null : hashPassword(changes.password), id);
    }
    return user;
  });
}

export function deleteUser(db: Db, id: string): void {
  db.tx(() => {
    if (db.run('DELETE FROM users WHERE id = ?', id).changes === 0) throw new NotFound(`Could not find user: ${id}.`);
    deleteUserDocuments(db, id);
  });
}

export function setUserPassword(db: Db, userId: string, password: string): void {
  const hash = hashPassword(password);
  db.tx(() => {
    if (db.run('UPDATE users SET password_hash = ? WHERE id = ?', hash, userId).changes === 0) throw new NotFound(`Could not find user: ${userId}.`);
  });
}

export function setUserEnabled(db: Db, userId: string, enabled: boolean): void {
  db.tx(() => {
    if (db.run('UPDATE users SET enabled = ? WHERE id = ?', enabled ? 1 : 0, userId).changes === 0) throw new NotFound(`Could not find user: ${userId}.`);
  });
}

export interface UserFilters {
  name?: string;
  domainId?: string;
  enabled?: boolean;
  defaultProjectId?: string;
}

export function listUsers(db: Db, filters: UserFilters = {}): User[] {
  return db
    .all<UserRow>('SELECT * FROM users ORDER BY name, id')
    .map(toUser)
    .filter(
      (user) =>
        (filters.name === undefined || user.name === filters.name) &&
        (filters.domainId === undefined || user.domainId === filters.domainId) &&
        (filters.enabled === undefined || user.enabled === filters.enabled) &&
        (filters.defaultProjectId === undefined || user.defaultProjectId === filters.defaultProjectId),
    );
}
