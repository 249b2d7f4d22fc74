import { randomUUID } from 'node:crypto';
import { BadRequest, Conflict, CloudError, NotFound } from '../../core/errors.js';
import type { Db } from '../../store/db.js';

/**
 * Barbican's secrets, containers, consumers and ACLs
 * (barbican/api/controllers/*.py, barbican/common/validators.py). Access is
 * by project: a project's members see its secrets unless the ACL turns
 * project access off, in which case only the creator, the users the ACL
 * names and the project's admin do; a user named in the ACL reads it from
 * any project.
 */

export interface Caller {
  projectId: string;
  userId: string;
  isAdmin: boolean;
}

export interface SecretRow {
  id: string;
  project_id: string;
  creator_id: string;
  name: string | null;
  secret_type: string;
  algorithm: string | null;
  bit_length: number | null;
  mode: string | null;
  expiration: string | null;
  status: string;
  payload: Buffer | null;
  content_type: string | null;
  metadata: string;
  seq: number;
  created_at: number;
  updated_at: number;
}

export interface ContainerRow {
  id: string;
  project_id: string;
  creator_id: string;
  name: string | null;
  type: string;
  status: string;
  secret_refs: string;
  seq: number;
  created_at: number;
  updated_at: number;
}

export interface AclRow {
  entity_id: string;
  project_access: number;
  users: string;
  created_at: number;
  updated_at: number;
}

export class SecretNotFound extends NotFound {
  constructor(entity: 'secret' | 'container') {
    super(`Not Found. Sorry but your ${entity} is in another castle.`);
  }
}

export const SECRET_TYPES = ['symmetric', 'public', 'private', 'passphrase', 'certificate', 'opaque'];
export const CONTAINER_TYPES = ['generic', 'rsa', 'certificate'];
/** The secret names each container type allows, and the ones it needs. */
const CONTAINER_NAMES: Record<string, { allowed: string[]; required: string[] }> = {
  certificate: { allowed: ['certificate', 'private_key', 'private_key_passphrase', 'intermediates'], required: ['certificate'] },
  rsa: { allowed: ['private_key', 'public_key', 'private_key_passphrase'], required: ['private_key', 'public_key'] },
};
const CONTENT_TYPES = ['text/plain', 'text/plain;charset=utf-8', 'application/octet-stream', 'application/pkcs8', 'application/pkix-cert', 'application/x-pem-file'];

export const schemaError = (schema: 'Secret' | 'Container' | 'ACL' | 'Consumer' | 'Secret Metadata' | 'Secret Metadatum', reason: string, property?: string) =>
  new BadRequest(`Provided object does not match schema '${schema}': ${reason}${property ? ` Invalid property: '${property}'` : ''}`);

const nextSeq = (db: Db, table: string) => (db.get<{ seq: number | null }>(`SELECT MAX(seq) AS seq FROM ${table}`)?.seq ?? 0) + 1;

// ---- access -----------------------------------------------------------------

export function aclOf(db: Db, entityId: string): { projectAccess: boolean; users: string[]; row?: AclRow } {
  const row = db.get<AclRow>('SELECT * FROM km_acls WHERE entity_id = ?', entityId);
  return row ? { projectAccess: Boolean(row.project_access), users: JSON.parse(row.users) as string[], row } : { projectAccess: true, users: [] };
}

/** Whether the caller may read the secret or container (its metadata and payload). */
export function canRead(db: Db, caller: Caller, entity: { id: string; project_id: string; creator_id: string }): boolean {
  const acl = aclOf(db, entity.id);
  if (acl.users.includes(caller.userId)) return true;
  if (entity.project_id !== caller.projectId) return false;
  return acl.projectAccess || caller.isAdmin || entity.creator_id === caller.userId;
}

/** Whether the caller may change or delete it: its project's members (a private one: the creator and the project's admin). */
export function canWrite(db: Db, caller: Caller, entity: { id: string; project_id: string; creator_id: string }): boolean {
  if (entity.project_id !== caller.projectId) return false;
  return aclOf(db, entity.id).projectAccess || caller.isAdmin || entity.creator_id === caller.userId;
}

export function setAcl(db: Db, now: number, entityId: string, input: unknown, mode: 'replace' | 'merge'): void {
  if (!input || typeof input !== 'object' || Array.isArray(input)) throw schemaError('ACL', "'read' is a required property");
  const read = (input as Record<string, unknown>).read;
  const extra = Object.keys(input as object).filter((key) => key !== 'read');
  if (extra.length) throw schemaError('ACL', `Additional properties are not allowed ('${extra[0]}' was unexpected)`, extra[0]);
  if (read === undefined) return;
  if (!read || typeof read !== 'object' || Array.isArray(read)) throw schemaError('ACL', "'read' is not of type 'object'", 'read');
  const { users, 'project-access': projectAccess } = read as Record<string, unknown>;
  if (users !== undefined && (!Array.isArray(users) || users.some((user) => typeof user !== 'string'))) throw schemaError('ACL', "'users' is not of type 'array'", 'users');
  if (projectAccess !== undefined && typeof projectAccess !== 'boolean') throw schemaError('ACL', "'project-access' is not of type 'boolean'", 'project-access');
  const current = aclOf(db, entityId);
  const next = {
    users: (users as string[] | undefined) ?? (mode === 'merge' ? current.users : []),
    projectAccess: (projectAccess as boolean | undefined) ?? (mode === 'merge' ? current.projectAccess : true),
  };
  db.run(
    `INSERT INTO km_acls (entity_id, project_access, users, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (entity_id) DO UPDATE SET project_access = excluded.project_access, users = excluded.users, updated_at = excluded.updated_at`,
    entityId,
    next.projectAccess ? 1 : 0,
    JSON.stringify([...new Set(next.users)]),
    now,
    now,
  );
}

export function deleteAcl(db: Db, entityId: string): void {
  db.run('DELETE FROM km_acls WHERE entity_id = ?', entityId);
}

// ---- secrets ------------------------------------------------------------------

export function findSecret(db: Db, id: string): SecretRow | undefined {
  return db.get<SecretRow>('SELECT * FROM km_secrets WHERE id = ?', id);
}

export function getSecret(db: Db, caller: Caller, id: string, write = false): SecretRow {
  const row = findSecret(db, id);
  if (!row || !canRead(db, caller, row)) throw new SecretNotFound('secret');
  if (write && !canWrite(db, caller, row)) throw new CloudError(403, 'Secret update attempt not allowed - please review your user/project privileges');
  return row;
}

export function listSecrets(db: Db, caller: Caller): SecretRow[] {
  return db.all<SecretRow>('SELECT * FROM km_secrets ORDER BY seq').filter((row) => canRead(db, caller, row) && (row.project_id === caller.projectId || aclOf(db, row.id).users.includes(caller.userId)));
}

/** The payload as bytes in its stored type: text stays UTF-8, `application/octet-stream` arrives base64-encoded. */
export function decodePayload(payload: unknown, contentType: unknown, encoding: unknown): { bytes: Buffer; contentType: string } {
  if (typeof payload !== 'string' || payload === '') throw schemaError('Secret', "If 'payload' specified, must be non empty", 'payload');
  if (typeof contentType !== 'string') throw schemaError('Secret', "If 'payload' is supplied, 'payload_content_type' must also be supplied.", 'payload_content_type');
  const type = contentType.replace(/\s+/g, '').toLowerCase();
  if (!CONTENT_TYPES.includes(type)) throw schemaError('Secret', `payload_content_type is not one of ${CONTENT_TYPES.join(', ')}`, 'payload_content_type');
  const binary = !type.startsWith('text/plain');
  if (binary && encoding !== 'base64') throw schemaError('Secret', "payload_content_encoding must be 'base64' for a binary payload_content_type.", 'payload_content_encoding');
  if (!binary && encoding !== undefined && encoding !== null) throw schemaError('Secret', 'payload_content_encoding is not valid for text/plain.', 'payload_content_encoding');
  if (binary && !/^[A-Za-z0-9+/]+={0,2}$/.test(payload)) throw schemaError('Secret', 'Invalid payload for payload_content_encoding', 'payload');
  return { bytes: binary ? Buffer.from(payload, 'base64') : Buffer.from(payload, 'utf8'), contentType: binary ? type : 'text/plain' };
}

export function createSecret(db: Db, now: number, caller: Caller, body: unknown): SecretRow {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw schemaError('Secret', 'JSON object expected');
  const input = body as Record<string, unknown>;
  const known = ['name', 'expiration', 'algorithm', 'bit_length', 'mode', 'secret_type', 'payload', 'payload_content_type', 'payload_content_encoding'];
  const unknown = Object.keys(input).find((key) => !known.includes(key));
  if (unknown) throw schemaError('Secret', `Additional properties are not allowed ('${unknown}' was unexpected)`, unknown);
  for (const field of ['name', 'algorithm', 'mode']) {
    if (input[field] !== undefined && input[field] !== null && (typeof input[field] !== 'string' || (input[field] as string).length > 255)) {
      throw schemaError('Secret', `'${field}' must be a string of at most 255 characters`, field);
    }
  }
  if (input.bit_length !== undefined && input.bit_length !== null && (!Number.isInteger(input.bit_length) || (input.bit_length as number) < 1)) {
    throw schemaError('Secret', "Must have non-zero positive bit_length to generate secret", 'bit_length');
  }
  const secretType = (input.secret_type as string | undefined) ?? 'opaque';
  if (!SECRET_TYPES.includes(secretType)) throw schemaError('Secret', `'${secretType}' is not one of ${JSON.stringify(SECRET_TYPES)}`, 'secret_type');
  let expiration: string | null = null;
  if (input.expiration !== undefined && input.expiration !== null) {
    const at = typeof input.expiration === 'string' ? Date.parse(input.expiration) : NaN;
    if (Number.isNaN(at)) throw schemaError('Secret', "Invalid date for 'expiration'", 'expiration');
    if (at <= now) throw schemaError('Secret', "'expiration' is before current time", 'expiration');
    expiration = new Date(at).toISOString().replace('Z', '+00:00');
  }
  const payload = input.payload === undefined ? null : decodePayload(input.payload, input.payload_content_type, input.payload_content_encoding);
  if (!payload && input.payload_content_type !== undefined) throw schemaError('Secret', "If 'payload_content_type' is supplied, 'payload' must also be supplied.", 'payload');
  const id = randomUUID();
  db.run(
    `INSERT INTO km_secrets (id, project_id, creator_id, name, secret_type, algorithm, bit_length, mode, expiration, status, payload, content_type, seq, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'ACTIVE', ?, ?, ?, ?, ?)`,
    id,
    caller.projectId,
    caller.userId,
    (input.name as string | undefined) ?? null,
    secretType,
    (input.algorithm as string | undefined) ?? null,
    (input.bit_length as number | undefined) ?? null,
    (input.mode as string | undefined) ?? null,
    expiration,
    payload?.bytes ?? null,
    payload?.contentType ?? null,
    nextSeq(db, 'km_secrets'),
    now,
    now,
  );
  return findSecret(db, id)!;
}

/** `PUT /v1/secrets/{id}` with the bytes: only once, for a secret created without a payload. */
export function storePayload(db: Db, now: number, row: SecretRow, bytes: Buffer, contentType: string, encoding: string | undefined): void {
  if (row.payload !== null) throw new Conflict('Secret already has data, cannot modify it.');
  if (!bytes.length) throw new BadRequest('No secret payload provided. Please provide a payload.');
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (!CONTENT_TYPES.includes(type)) throw new CloudError(415, `Unsupported Media Type: ${contentType}`);
  const data = encoding === 'base64' ? Buffer.from(bytes.toString('ascii'), 'base64') : bytes;
  db.run('UPDATE km_secrets SET payload = ?, content_type = ?, updated_at = ? WHERE id = ?', data, type === 'text/plain' ? 'text/plain' : type, now, row.id);
}

export function deleteSecret(db: Db, row: SecretRow): void {
  db.tx(() => {
    db.run('DELETE FROM km_secrets WHERE id = ?', row.id);
    deleteAcl(db, row.id);
  });
}

export const secretMetadata = (row: SecretRow) => JSON.parse(row.metadata) as Record<string, string>;

const METADATUM_KEY = /^[a-z0-9_-]{1,255}$/;

export function checkMetadatum(key: unknown, value: unknown): void {
  if (typeof key !== 'string' || !METADATUM_KEY.test(key)) throw schemaError('Secret Metadatum', 'Invalid Metadata. Keys must be lower case and less than 256 characters.', 'key');
  if (typeof value !== 'string' || value.length > 255) throw schemaError('Secret Metadatum', "'value' must be a string of at most 255 characters", 'value');
}

export function setSecretMetadata(db: Db, now: number, row: SecretRow, metadata: Record<string, string>): void {
  db.run('UPDATE km_secrets SET metadata = ?, updated_at = ? WHERE id = ?', JSON.stringify(metadata), now, row.id);
}

// ---- containers ----------------------------------------------------------------

export function findContainer(db: Db, id: string): ContainerRow | undefined {
  return db.get<ContainerRow>('SELECT * FROM km_containers WHERE id = ?', id);
}

export function getContainer(db: Db, caller: Caller, id: string, write = false): ContainerRow {
  const row = findContainer(db, id);
  if (!row || !canRead(db, caller, row)) throw new SecretNotFound('container');
  if (write && !canWrite(db, caller, row)) throw new CloudError(403, 'Container deletion attempt not allowed - please review your user/project privileges');
  return row;
}

export function listContainers(db: Db, caller: Caller): ContainerRow[] {
  return db.all<ContainerRow>('SELECT * FROM km_containers ORDER BY seq').filter((row) => canRead(db, caller, row) && (row.project_id === caller.projectId || aclOf(db, row.id).users.includes(caller.userId)));
}

/** The secret id at the end of a secret reference (`…/v1/secrets/<id>`). */
export const idOfRef = (ref: string) => /\/secrets\/([^/?#]+)\/?$/.exec(ref)?.[1] ?? /\/containers\/([^/?#]+)\/?$/.exec(ref)?.[1] ?? null;

export function createContainer(db: Db, now: number, caller: Caller, body: unknown): ContainerRow {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw schemaError('Container', 'JSON object expected');
  const input = body as Record<string, unknown>;
  const unknown = Object.keys(input).find((key) => !['name', 'type', 'secret_refs'].includes(key));
  if (unknown) throw schemaError('Container', `Additional properties are not allowed ('${unknown}' was unexpected)`, unknown);
  if (input.name !== undefined && input.name !== null && (typeof input.name !== 'string' || input.name.length > 255)) throw schemaError('Container', "'name' must be a string of at most 255 characters", 'name');
  if (typeof input.type !== 'string' || !CONTAINER_TYPES.includes(input.type)) throw schemaError('Container', `'type' must be one of ${JSON.stringify(CONTAINER_TYPES)}`, 'type');
  const refs = input.secret_refs ?? [];
  if (!Array.isArray(refs)) throw schemaError('Container', "'secret_refs' is not of type 'array'", 'secret_refs');
  const entries: { name: string; secret_id: string }[] = [];
  for (const ref of refs as Record<string, unknown>[]) {
    if (!ref || typeof ref !== 'object' || typeof ref.secret_ref !== 'string') throw schemaError('Container', "'secret_ref' is a required property", 'secret_refs');
    const name = typeof ref.name === 'string' ? ref.name : '';
    const secretId = idOfRef(ref.secret_ref);
    const secret = secretId ? findSecret(db, secretId) : undefined;
    if (!secret || !canRead(db, caller, secret)) throw new NotFound(`Secret provided for '${name}' doesn't exist.`);
    entries.push({ name, secret_id: secret.id });
  }
  const names = entries.map((entry) => entry.name);
  if (new Set(names).size !== names.length) throw schemaError('Container', 'Duplicate reference names are not allowed.', 'secret_refs');
  const rule = CONTAINER_NAMES[input.type];
  if (rule) {
    const wrong = names.find((name) => !rule.allowed.includes(name));
    const typeLabel = input.type === 'rsa' ? 'RSA' : 'Certificate';
    if (wrong !== undefined) throw schemaError('Container', `only ${rule.allowed.map((allowed) => `'${allowed}'`).join(', ')} reference names are allowed for ${typeLabel} type`, 'secret_refs');
    const missing = rule.required.find((name) => !names.includes(name));
    if (missing) throw schemaError('Container', `The '${missing}' reference is required for ${typeLabel} type`, 'secret_refs');
  }
  const id = randomUUID();
  db.run(
    'INSERT INTO km_containers (id, project_id, creator_id, name, type, status, secret_refs, seq, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    id,
    caller.projectId,
    caller.userId,
    (input.name as string | undefined) ?? null,
    input.type,
    'ACTIVE',
    JSON.stringify(entries),
    nextSeq(db, 'km_containers'),
    now,
    now,
  );
  return findContainer(db, id)!;
}

export function deleteContainer(db: Db, row: ContainerRow): void {
  db.tx(() => {
    db.run('DELETE FROM km_containers WHERE id = ?', row.id);
    deleteAcl(db, row.id);
  });
}

export interface ConsumerRow {
  container_id: string;
  name: string;
  url: string;
  created_at: number;
}

export function consumersOf(db: Db, containerId: string): ConsumerRow[] {
  return db.all<ConsumerRow>('SELECT * FROM km_consumers WHERE container_id = ? ORDER BY created_at, rowid', containerId);
}

export function parseConsumer(body: unknown): { name: string; url: string } {
  const input = (body ?? {}) as Record<string, unknown>;
  if (typeof input.name !== 'string' || !input.name) throw schemaError('Consumer', "'name' is a required property", 'name');
  if (typeof input.URL !== 'string' || !input.URL) throw schemaError('Consumer', "'URL' is a required property", 'URL');
  return { name: input.name, url: input.URL };
}

export function addConsumer(db: Db, now: number, containerId: string, consumer: { name: string; url: string }): void {
  db.run('INSERT OR IGNORE INTO km_consumers (container_id, name, url, created_at) VALUES (?, ?, ?, ?)', containerId, consumer.name, consumer.url, now);
}

export function removeConsumer(db: Db, containerId: string, consumer: { name: string; url: string }): boolean {
  return db.run('DELETE FROM km_consumers WHERE container_id = ? AND name = ? AND url = ?', containerId, consumer.name, consumer.url).changes > 0;
}
