import { randomBytes } from 'node:crypto';
import { Conflict, NotFound } from '../../core/errors.js';
import { newKeystoneId } from '../../core/ids.js';
import type { Db } from '../../store/db.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { effectiveRoles, getRole, type Role } from './roles.js';

/**
 * Application credentials (keystone/application_credential): a secret a user
 * makes for one project with some of their roles there, so that a program
 * can get tokens without the user's password. The secret is shown once and
 * kept as a scrypt hash. It authenticates until it expires, is deleted, or
 * its user is (the rows cascade); its tokens carry its roles the user still
 * holds.
 */

export interface ApplicationCredential {
  id: string;
  name: string;
  userId: string;
  projectId: string;
  description: string | null;
  expiresAt: number | null;
  unrestricted: boolean;
  /** The roles it was given that still exist. */
  roles: Role[];
}

interface Row {
  id: string;
  name: string;
  user_id: string;
  project_id: string;
  description: string | null;
  secret_hash: string;
  expires_at: number | null;
  unrestricted: number;
  roles: string;
}

function toCredential(db: Db, row: Row): ApplicationCredential {
  const roles: Role[] = [];
  for (const id of JSON.parse(row.roles) as string[]) {
    try {
      roles.push(getRole(db, id));
    } catch (error) {
      if (!(error instanceof NotFound)) throw error;
    }
  }
  return {
    id: row.id,
    name: row.name,
    userId: row.user_id,
    projectId: row.project_id,
    description: row.description,
    expiresAt: row.expires_at,
    unrestricted: row.unrestricted === 1,
    roles,
  };
}

export function findApplicationCredential(db: Db, id: string): ApplicationCredential | null {
  const row = db.get<Row>('SELECT * FROM application_credentials WHERE id = ?', id);
  return row ? toCredential(db, row) : null;
}

export function getApplicationCredential(db: Db, id: string): ApplicationCredential {
  const credential = findApplicationCredential(db, id);
  if (!credential) throw new NotFound(`Could not find Application Credential: ${id}.`);
  return credential;
}

export function listApplicationCredentials(db: Db, userId: string, name?: string): ApplicationCredential[] {
  return db
    .all<Row>('SELECT * FROM application_credentials WHERE user_id = ? ORDER BY created_at, id', userId)
    .filter((row) => name === undefined || row.name === name)
    .map((row) => toCredential(db, row));
}

/** Keystone's generated secret: 64 random bytes, URL-safe base64 without padding. */
export function generateSecret(): string {
  return randomBytes(64).toString('base64url');
}

export function createApplicationCredential(
  db: Db,
  now: number,
  input: {
    userId: string;
    projectId: string;
    name: string;
    description: string | null;
    secret: string;
    expiresAt: number | null;
    unrestricted: boolean;
    roleIds: string[];
  },
): ApplicationCredential {
  const hash = hashPassword(input.secret);
  return db.tx(() => {
    if (db.get('SELECT 1 FROM application_credentials WHERE user_id = ? AND name = ?', input.userId, input.name)) {
      throw new Conflict('Conflict occurred attempting to store application_credential - Duplicate entry.');
    }
    const id = newKeystoneId();
    db.run(
      `INSERT INTO application_credentials (id, name, user_id, project_id, description, secret_hash, expires_at, unrestricted, roles, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      id,
      input.name,
      input.userId,
      input.projectId,
      input.description,
      hash,
      input.expiresAt,
      input.unrestricted ? 1 : 0,
      JSON.stringify(input.roleIds),
      now,
    );
    return getApplicationCredential(db, id);
  });
}

export function deleteApplicationCredential(db: Db, id: string): void {
  db.tx(() => {
    if (db.run('DELETE FROM application_credentials WHERE id = ?', id).changes === 0) throw new NotFound(`Could not find Application Credential: ${id}.`);
  });
}

/** True when `secret` is the credential's and it has not expired (keystone's sql backend authenticate). */
export async function checkSecret(db: Db, now: number, id: string, secret: string): Promise<boolean> {
  const row = db.get<Row>('SELECT * FROM application_credentials WHERE id = ?', id);
  if (!row || !(await verifyPassword(secret, row.secret_hash))) return false;
  return row.expires_at === null || now < row.expires_at;
}

/** The credential's roles its user still holds on its project: what its tokens carry. */
export function credentialRoles(db: Db, credential: ApplicationCredential): Role[] {
  const held = new Set(effectiveRoles(db, credential.userId, 'project', credential.projectId).map((role) => role.id));
  return credential.roles.filter((role) => held.has(role.id));
}
