import type { RequestContext } from '../../core/context.js';
import { NotFound, Unauthorized } from '../../core/errors.js';
import { hashToken, newAuditId, newTokenId } from '../../core/ids.js';
import type { Db } from '../../store/db.js';
import { type ApplicationCredential, checkSecret, credentialRoles, findApplicationCredential, getApplicationCredential, listApplicationCredentials } from './application-credentials.js';
import { verifyPassword } from './passwords.js';
import { type Domain, findDomain, findDomainByName, findProject, findProjectByName, type Project } from './resources.js';
import { effectiveRoles, effectiveSystemRoles, type Role } from './roles.js';
import { findUser, findUserByName, passwordHashOf, type User } from './users.js';

/**
 * Keystone's token provider: opaque random tokens kept (hashed) in SQLite, so
 * they survive a restart, with the rules of keystone/auth: password, token and
 * application credential methods, project/domain/system/unscoped scope,
 * default project, implied roles.
 */

export type DomainRef = { id: string } | { name: string };
export type UserRef = { id: string } | { name: string; domain: DomainRef };
export type ProjectRef = { id: string } | { name: string; domain: DomainRef };
/** `system: 'all'`: Keystone's one system target (`"scope": {"system": {"all": true}}`). */
export type ScopeRequest = { project: ProjectRef } | { domain: DomainRef } | { system: 'all' } | 'unscoped' | null;

export interface AuthRequest {
  /** The methods in the order the client listed them. */
  methods: string[];
  password?: { user: UserRef; password: string };
  token?: { id: string };
  /** By id, or by name with its user. */
  applicationCredential?: { id?: string; name?: string; user?: UserRef; secret: string };
  scope: ScopeRequest;
}

export interface TokenRecord {
  idHash: string;
  userId: string;
  projectId: string | null;
  domainId: string | null;
  /** A system-scoped token: the user's roles on the system, no project or domain. */
  system: boolean;
  methods: string[];
  auditIds: string[];
  issuedAt: number;
  expiresAt: number;
  revokedAt: number | null;
  /** Set for a token issued with an application credential. */
  applicationCredentialId: string | null;
}

/** Everything a token body shows, resolved from the record. */
export interface TokenView {
  record: TokenRecord;
  user: User;
  userDomain: Domain;
  project: Project | null;
  projectDomain: Domain | null;
  domain: Domain | null;
  roles: Role[];
  applicationCredential: ApplicationCredential | null;
}

interface TokenRow {
  id_hash: string;
  user_id: string;
  project_id: string | null;
  domain_id: string | null;
  system: number;
  methods: string;
  audit_ids: string;
  issued_at: number;
  expires_at: number;
  revoked_at: number | null;
  application_credential_id: string | null;
}

const toRecord = (row: TokenRow): TokenRecord => ({
  idHash: row.id_hash,
  userId: row.user_id,
  projectId: row.project_id,
  domainId: row.domain_id,
  system: row.system === 1,
  methods: JSON.parse(row.methods) as string[],
  auditIds: JSON.parse(row.audit_ids) as string[],
  issuedAt: row.issued_at,
  expiresAt: row.expires_at,
  revokedAt: row.revoked_at,
  applicationCredentialId: row.application_credential_id,
});

/** Tokens expired longer than this are deleted when new ones are issued. */
const PURGE_AFTER_MS = 24 * 3600 * 1000;

function resolveDomain(db: Db, ref: DomainRef): Domain {
  const domain = 'id' in ref ? findDomain(db, ref.id) : findDomainByName(db, ref.name);
  if (!domain || !domain.enabled) throw new Unauthorized();
  return domain;
}

function resolveProject(db: Db, ref: ProjectRef): Project {
  let project: Project | null;
  if ('id' in ref) {
    project = findProject(db, ref.id);
    if (project) resolveDomain(db, { id: project.domainId });
  } else {
    project = findProjectByName(db, ref.name, resolveDomain(db, ref.domain).id);
  }
  if (!project || !project.enabled) throw new Unauthorized();
  return project;
}

async function passwordAuthenticate(db: Db, request: NonNullable<AuthRequest['password']>): Promise<User> {
  let user: User | null;
  if ('id' in request.user) user = findUser(db, request.user.id);
  else user = findUserByName(db, request.user.name, resolveDomain(db, request.user.domain).id);
  if (!user) throw new Unauthorized();
  // As keystone/identity/backends/sql.py: the password first, then "disabled".
  if (!(await verifyPassword(request.password, passwordHashOf(db, user.id)))) throw new Unauthorized();
  if (!user.enabled) throw new Unauthorized(`The account is disabled for user: ${user.id}.`);
  const domain = findDomain(db, user.domainId);
  if (!domain?.enabled) throw new Unauthorized();
  return user;
}

/**
 * The application credential of an `application_credential` method
 * (keystone/auth/core.py _lookup_app_cred): by id (404 when unknown, as
 * Keystone), or by name among its user's.
 */
function resolveApplicationCredential(db: Db, request: NonNullable<AuthRequest['applicationCredential']>): ApplicationCredential {
  if (request.id) return getApplicationCredential(db, request.id);
  const user = request.user && ('id' in request.user ? findUser(db, request.user.id) : findUserByName(db, request.user.name, resolveDomain(db, request.user.domain).id));
  if (!user) throw new Unauthorized();
  const found = listApplicationCredentials(db, user.id, request.name);
  if (found.length !== 1) throw new Unauthorized();
  return found[0];
}

/** The scope the new token gets: the requested one, else the user's default project when usable. */
type Scope = Pick<TokenRecord, 'projectId' | 'domainId' | 'system'>;
const NO_SCOPE: Scope = { projectId: null, domainId: null, system: false };

function resolveScope(db: Db, user: User, scope: ScopeRequest): Scope {
  if (scope === 'unscoped') return NO_SCOPE;
  if (scope && 'project' in scope) {
    const project = resolveProject(db, scope.project);
    if (effectiveRoles(db, user.id, 'project', project.id).length === 0) throw new Unauthorized();
    return { ...NO_SCOPE, projectId: project.id };
  }
  if (scope && 'domain' in scope) {
    const domain = resolveDomain(db, scope.domain);
    if (effectiveRoles(db, user.id, 'domain', domain.id).length === 0) throw new Unauthorized();
    return { ...NO_SCOPE, domainId: domain.id };
  }
  if (scope && 'system' in scope) {
    if (effectiveSystemRoles(db, user.id).length === 0) throw new Unauthorized();
    return { ...NO_SCOPE, system: true };
  }
  // keystone/auth/core.py _check_and_set_default_scoping
  if (user.defaultProjectId) {
    const project = findProject(db, user.defaultProjectId);
    const domain = project && findDomain(db, project.domainId);
    if (project?.enabled && domain?.enabled && effectiveRoles(db, user.id, 'project', project.id).length > 0) return { ...NO_SCOPE, projectId: project.id };
  }
  return NO_SCOPE;
}

/**
 * `POST /v3/auth/tokens`: authenticates every listed method, reconciles them
 * to one user, resolves the scope and stores a new token. A token made from
 * another token keeps its parent's expiry and audit chain.
 */
export async function issueToken(db: Db, now: number, ttlSeconds: number, request: AuthRequest): Promise<{ token: string; record: TokenRecord }> {
  let userId: string | null = null;
  let credential: ApplicationCredential | null = null;
  let expiresAt = now + ttlSeconds * 1000;
  const methods = [...request.methods];
  const auditIds = [newAuditId()];
  const reconcile = (id: string) => {
    if (userId !== null && userId !== id) throw new Unauthorized();
    userId = id;
  };
  for (const method of request.methods) {
    if (method === 'password' && request.password) {
      reconcile((await passwordAuthenticate(db, request.password)).id);
    } else if (method === 'token' && request.token) {
      const parent = validateToken(db, now, request.token.id);
      if (!parent) throw new NotFound(`Could not find token: ${request.token.id}.`);
      reconcile(parent.userId);
      expiresAt = Math.min(expiresAt, parent.expiresAt);
      for (const inherited of parent.methods) if (!methods.includes(inherited)) methods.push(inherited);
      auditIds.push(parent.auditIds[parent.auditIds.length - 1]);
      if (parent.applicationCredentialId) credential = findApplicationCredential(db, parent.applicationCredentialId);
    } else if (method === 'application_credential' && request.applicationCredential) {
      // An application credential brings its own scope and cannot ask for another (a 401, its detail hidden as Keystone hides it).
      if (request.scope !== null) throw new Unauthorized();
      credential = resolveApplicationCredential(db, request.applicationCredential);
      if (!(await checkSecret(db, now, credential.id, request.applicationCredential.secret))) throw new Unauthorized();
      reconcile(credential.userId);
      if (credential.expiresAt !== null) expiresAt = Math.min(expiresAt, credential.expiresAt);
    } else {
      throw new Unauthorized('Attempted to authenticate with an unsupported method.');
    }
  }
  if (userId === null) throw new Unauthorized();
  const user = findUser(db, userId);
  if (!user || !user.enabled) throw new Unauthorized();
  let scope: Scope;
  if (credential) {
    if (request.methods.includes('token') && request.scope !== null) throw new Unauthorized();
    const project = resolveProject(db, { id: credential.projectId });
    if (credentialRoles(db, credential).length === 0) throw new Unauthorized();
    scope = { ...NO_SCOPE, projectId: project.id };
  } else {
    scope = resolveScope(db, user, request.scope);
  }

  const token = newTokenId();
  const record: TokenRecord = {
    idHash: hashToken(token),
    userId,
    ...scope,
    methods,
    auditIds,
    issuedAt: now,
    expiresAt,
    revokedAt: null,
    applicationCredentialId: credential?.id ?? null,
  };
  saveToken(db, now, record);
  return { token, record };
}

function saveToken(db: Db, now: number, record: TokenRecord): void {
  db.tx(() => {
    db.run('DELETE FROM tokens WHERE expires_at < ?', now - PURGE_AFTER_MS);
    db.run(
      'INSERT INTO tokens (id_hash, user_id, project_id, domain_id, system, methods, audit_ids, issued_at, expires_at, application_credential_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      record.idHash,
      record.userId,
      record.projectId,
      record.domainId,
      record.system ? 1 : 0,
      JSON.stringify(record.methods),
      JSON.stringify(record.auditIds),
      record.issuedAt,
      record.expiresAt,
      record.applicationCredentialId,
    );
  });
}

/**
 * A token for an engine acting later for a user on a project, as Heat does
 * with a Keystone trust: the user's roles on that project at each
 * validation, like any token; Unauthorized when the user no longer has one.
 */
export function issueDelegatedToken(db: Db, now: number, ttlSeconds: number, userId: string, projectId: string): string {
  const user = findUser(db, userId);
  if (!user?.enabled || effectiveRoles(db, userId, 'project', projectId).length === 0) throw new Unauthorized();
  const token = newTokenId();
  saveToken(db, now, {
    idHash: hashToken(token),
    userId,
    projectId,
    domainId: null,
    system: false,
    methods: ['token'],
    auditIds: [newAuditId()],
    issuedAt: now,
    expiresAt: now + ttlSeconds * 1000,
    revokedAt: null,
    applicationCredentialId: null,
  });
  return token;
}

/**
 * The token's record when it is still good: known, not revoked, not expired,
 * its user and scope still enabled, and the user still holding a role on the
 * scope (Keystone recomputes roles at validation). Null otherwise.
 */
export function validateToken(db: Db, now: number, token: string): TokenRecord | null {
  const row = db.get<TokenRow>('SELECT * FROM tokens WHERE id_hash = ?', hashToken(token));
  if (!row || row.revoked_at !== null || row.expires_at <= now) return null;
  const user = findUser(db, row.user_id);
  if (!user?.enabled || !findDomain(db, user.domainId)?.enabled) return null;
  if (row.project_id) {
    const project = findProject(db, row.project_id);
    if (!project?.enabled || !findDomain(db, project.domainId)?.enabled) return null;
    if (effectiveRoles(db, user.id, 'project', project.id).length === 0) return null;
  }
  if (row.domain_id) {
    if (!findDomain(db, row.domain_id)?.enabled) return null;
    if (effectiveRoles(db, user.id, 'domain', row.domain_id).length === 0) return null;
  }
  if (row.system === 1 && effectiveSystemRoles(db, user.id).length === 0) return null;
  // A deleted or expired application credential takes its tokens with it.
  if (row.application_credential_id) {
    const credential = findApplicationCredential(db, row.application_credential_id);
    if (!credential || (credential.expiresAt !== null && credential.expiresAt <= now) || credentialRoles(db, credential).length === 0) return null;
  }
  return toRecord(row);
}

export function describeToken(db: Db, record: TokenRecord): TokenView {
  const user = findUser(db, record.userId)!;
  const project = record.projectId ? findProject(db, record.projectId) : null;
  const domain = record.domainId ? findDomain(db, record.domainId) : null;
  const applicationCredential = record.applicationCredentialId ? findApplicationCredential(db, record.applicationCredentialId) : null;
  const roles = applicationCredential
    ? credentialRoles(db, applicationCredential)
    : project
      ? effectiveRoles(db, user.id, 'project', project.id)
      : domain
        ? effectiveRoles(db, user.id, 'domain', domain.id)
        : record.system
          ? effectiveSystemRoles(db, user.id)
          : [];
  return {
    record,
    user,
    userDomain: findDomain(db, user.domainId)!,
    project,
    projectDomain: project ? findDomain(db, project.domainId) : null,
    domain,
    roles,
    applicationCredential,
  };
}

/** `DELETE /v3/auth/tokens`: revokes this token only (its audit id), as Keystone does. */
export function revokeToken(db: Db, now: number, token: string): void {
  db.tx(() => {
    const record = validateToken(db, now, token);
    if (!record) throw new NotFound(`Could not find token: ${token}.`);
    db.run('UPDATE tokens SET revoked_at = ? WHERE id_hash = ?', now, record.idHash);
  });
}

/** What keystonemiddleware would hand a service for this token; null when it is not valid. */
export function contextFromToken(db: Db, now: number, token: string): RequestContext | null {
  const record = validateToken(db, now, token);
  return record && contextOf(db, record, token);
}

function contextOf(db: Db, record: TokenRecord, token: string): RequestContext {
  const view = describeToken(db, record);
  return {
    token,
    userId: view.user.id,
    userName: view.user.name,
    userDomainId: view.user.domainId,
    projectId: view.project?.id ?? null,
    projectName: view.project?.name ?? null,
    projectDomainId: view.project?.domainId ?? null,
    domainId: view.domain?.id ?? null,
    ...(record.system ? { system: true } : {}),
    roles: view.roles.map((role) => role.name),
    expiresAt: record.expiresAt,
  };
}

/** Tokens whose context is kept; beyond, the oldest goes. */
const CACHED_TOKENS = 1000;

/**
 * `contextFromToken` for every call of every service, remembering each
 * token's context until the database changes (any row, on this connection or
 * another) or the token expires: its checks (user, project and domain
 * enabled, a role on the scope, not revoked) read only the database, and were
 * a tenth of each call's time, paid again for every call the dashboard makes
 * to answer one page (issue 17). A token of an application credential is not
 * kept: the credential expires on its own clock.
 */
export function cachedTokenContexts(db: Db): (now: number, token: string) => RequestContext | null {
  const contexts = new Map<string, RequestContext>();
  let version = '';
  return (now, token) => {
    const current = db.get<{ changes: number; data: number }>('SELECT total_changes() AS changes, (SELECT data_version FROM pragma_data_version) AS data')!;
    const seen = `${current.changes}/${current.data}`;
    if (seen !== version) {
      contexts.clear();
      version = seen;
    }
    let context = contexts.get(token);
    if (!context || context.expiresAt <= now) {
      contexts.delete(token);
      const record = validateToken(db, now, token);
      if (!record) return null;
      context = contextOf(db, record, token);
      if (!record.applicationCredentialId) {
        if (contexts.size >= CACHED_TOKENS) contexts.delete(contexts.keys().next().value!);
        contexts.set(token, context);
      }
    }
    // A copy: callers may change theirs.
    return { ...context, roles: [...context.roles] };
  };
}
