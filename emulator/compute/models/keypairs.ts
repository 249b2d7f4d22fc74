import { BadRequest, Conflict, NotFound, OverQuota } from '../../core/errors.js';
import type { Db } from '../../store/db.js';
import { generateSshKeyPair, generateX509KeyPair, InvalidKeyMaterial, sshFingerprint, x509Fingerprint } from './key-material.js';
import { getQuotaLimits } from './quotas.js';

/**
 * Nova key pairs (nova/compute/api.py KeypairAPI): owned by a user, unique
 * by name per user, counted against the key_pairs quota.
 */

export type KeypairType = 'ssh' | 'x509';

export interface Keypair {
  id: number;
  name: string;
  userId: string;
  type: KeypairType;
  publicKey: string;
  fingerprint: string;
  createdAt: number;
  updatedAt: number | null;
}

interface KeypairRow {
  id: number;
  name: string;
  user_id: string;
  type: KeypairType;
  public_key: string;
  fingerprint: string;
  created_at: number;
  updated_at: number | null;
}

const toKeypair = (row: KeypairRow): Keypair => ({
  id: row.id,
  name: row.name,
  userId: row.user_id,
  type: row.type,
  publicKey: row.public_key,
  fingerprint: row.fingerprint,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export interface CreateKeypairInput {
  userId: string;
  /** The project whose quota applies (the caller's). */
  projectId: string;
  name: string;
  type: KeypairType;
  /** Imported key; generated when absent. */
  publicKey?: string;
}

function countKeypairs(db: Db, userId: string): number {
  return db.get<{ count: number }>('SELECT COUNT(*) AS count FROM key_pairs WHERE user_id = ?', userId)!.count;
}

function checkQuota(db: Db, userId: string, projectId: string): void {
  const limit = getQuotaLimits(db, projectId).key_pairs;
  if (limit >= 0 && countKeypairs(db, userId) + 1 > limit) throw new OverQuota('Quota exceeded, too many key pairs.');
}

function fingerprintOf(publicKey: string, type: KeypairType): string {
  try {
    return type === 'ssh' ? sshFingerprint(publicKey) : x509Fingerprint(publicKey);
  } catch (error) {
    if (error instanceof InvalidKeyMaterial) throw new BadRequest(`Keypair data is invalid: ${error.message}`);
    throw error;
  }
}

/**
 * Creates (generates) or imports a key pair. Order of checks as Nova: quota,
 * key data, then the name's uniqueness; the write itself is one transaction
 * that checks quota and uniqueness again.
 */
export async function createKeypair(db: Db, now: number, input: CreateKeypairInput): Promise<{ keypair: Keypair; privateKey: string | null }> {
  checkQuota(db, input.userId, input.projectId);
  let publicKey: string;
  let fingerprint: string;
  let privateKey: string | null = null;
  if (input.publicKey !== undefined) {
    publicKey = input.publicKey;
    fingerprint = fingerprintOf(publicKey, input.type);
  } else {
    const generated = input.type === 'ssh' ? await generateSshKeyPair() : await generateX509KeyPair(input.userId, now);
    ({ publicKey, fingerprint, privateKey } = generated);
  }
  const keypair = db.tx(() => {
    checkQuota(db, input.userId, input.projectId);
    if (findKeypair(db, input.userId, input.name)) throw new Conflict(`Key pair '${input.name}' already exists.`);
    db.run(
      'INSERT INTO key_pairs (user_id, name, type, public_key, fingerprint, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      input.userId,
      input.name,
      input.type,
      publicKey,
      fingerprint,
      now,
    );
    return getKeypair(db, input.userId, input.name);
  });
  return { keypair, privateKey };
}

function findKeypair(db: Db, userId: string, name: string): Keypair | null {
  const row = db.get<KeypairRow>('SELECT * FROM key_pairs WHERE user_id = ? AND name = ?', userId, name);
  return row ? toKeypair(row) : null;
}

export function getKeypair(db: Db, userId: string, name: string): Keypair {
  const keypair = findKeypair(db, userId, name);
  if (!keypair) throw new NotFound(`Keypair ${name} not found for user ${userId}`);
  return keypair;
}

/** A user's key pairs by name; after `marker` (a name) and at most `limit` when given. */
export function listKeypairs(db: Db, userId: string, page: { limit?: number; marker?: string } = {}): Keypair[] {
  let after = '';
  let hasMarker = false;
  if (page.marker !== undefined) {
    if (!findKeypair(db, userId, page.marker)) throw new BadRequest(`Marker ${page.marker} could not be found.`);
    after = page.marker;
    hasMarker = true;
  }
  const rows = db.all<KeypairRow>(
    `SELECT * FROM key_pairs WHERE user_id = ? AND (? = 0 OR name > ?) ORDER BY name LIMIT ?`,
    userId,
    hasMarker ? 1 : 0,
    after,
    page.limit ?? -1,
  );
  return rows.map(toKeypair);
}

export function deleteKeypair(db: Db, userId: string, name: string): void {
  db.tx(() => {
    if (db.run('DELETE FROM key_pairs WHERE user_id = ? AND name = ?', userId, name).changes === 0) {
      throw new NotFound(`Keypair ${name} not found for user ${userId}`);
    }
  });
}
