import { createHash, randomBytes, randomUUID } from 'node:crypto';

/** Keystone ids: 32 lowercase hex characters (uuid4().hex). */
export function newKeystoneId(): string {
  return randomBytes(16).toString('hex');
}

/** An opaque bearer token; only its hash is stored. */
export function newTokenId(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Keystone audit ids: 16 random bytes, urlsafe base64 without padding (22 chars). */
export function newAuditId(): string {
  return randomBytes(16).toString('base64url');
}

export function newRequestId(): string {
  return `req-${randomUUID()}`;
}

export function newUuid(): string {
  return randomUUID();
}
