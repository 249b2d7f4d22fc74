import type { FastifyReply, FastifyRequest } from 'fastify';
import { keystoneTime } from '../../core/clock.js';
import { BadRequest, NotFound } from '../../core/errors.js';
import { firstHeader, jsonBody } from '../../core/http.js';
import type { CloudDeps, Handler } from '../../core/service.js';
import { validateAgainst } from '../../core/validation.js';
import { expectingToFind } from '../faults.js';
import { enforce } from '../policy.js';
import {
  type AuthRequest,
  type DomainRef,
  describeToken,
  issueToken,
  type ProjectRef,
  revokeToken,
  type ScopeRequest,
  type TokenView,
  type UserRef,
  validateToken,
} from '../models/tokens.js';
import { renderCatalog } from './catalog.js';
import { requireContext } from './common.js';

/**
 * `/v3/auth/tokens`: issue (password, token and application credential
 * methods; project, domain, system or no scope), validate, check and revoke.
 * The body shape is keystone/auth/schema.py's `token_issue`.
 */

const idName = { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } } };

const tokenIssueSchema = {
  type: 'object',
  properties: {
    identity: {
      type: 'object',
      properties: {
        methods: { type: 'array', items: { type: 'string' } },
        password: {
          type: 'object',
          properties: {
            user: {
              type: 'object',
              properties: { id: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' }, domain: idName },
            },
          },
        },
        token: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
        application_credential: {
          type: 'object',
          properties: {
            id: { type: 'string' },
            name: { type: 'string' },
            secret: { type: 'string' },
            user: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' }, domain: idName } },
          },
        },
      },
      required: ['methods'],
    },
    scope: {
      type: ['object', 'string'],
      properties: {
        project: { type: 'object', properties: { name: { type: 'string' }, id: { type: 'string' }, domain: idName } },
        domain: idName,
        system: { type: 'object', properties: { all: { type: 'boolean' } } },
      },
    },
  },
  required: ['identity'],
};

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function domainRef(domain: Json, field: string): DomainRef {
  if (typeof domain.id === 'string') return { id: domain.id };
  if (typeof domain.name === 'string') return { name: domain.name };
  throw new BadRequest(`Invalid input for field ${field}: id or name must be present.`);
}

function parseScope(scope: unknown): ScopeRequest {
  if (scope === undefined) return null;
  if (scope === 'unscoped' || (isObject(scope) && 'unscoped' in scope)) return 'unscoped';
  if (!isObject(scope)) throw new BadRequest(`Invalid input for field 'scope': ${JSON.stringify(scope)} is not a known scope`);
  const kinds = ['project', 'domain', 'OS-TRUST:trust', 'system'].filter((kind) => kind in scope);
  if (kinds.length !== 1) throw expectingToFind('project, domain, OS-TRUST:trust or system', 'scope');
  if (isObject(scope.project)) {
    const project = scope.project;
    let ref: ProjectRef;
    if (typeof project.id === 'string') ref = { id: project.id };
    else if (typeof project.name === 'string') {
      if (!isObject(project.domain)) throw expectingToFind('domain', 'project');
      ref = { name: project.name, domain: domainRef(project.domain, 'scope/project/domain') };
    } else throw new BadRequest('Invalid input for field scope/project: id or name must be present.');
    return { project: ref };
  }
  if (isObject(scope.domain)) return { domain: domainRef(scope.domain, 'scope/domain') };
  // Keystone's one system target, whatever the object says (keystone/auth/core.py).
  if ('system' in scope) return { system: 'all' };
  // Trusts are not emulated: no such grant can exist.
  return { domain: { id: '' } };
}

/** `identity.application_credential`: `{id, secret}` or `{name, user: {id} | {name, domain}, secret}`. */
function parseApplicationCredential(credential: Json): NonNullable<AuthRequest['applicationCredential']> {
  if (typeof credential.secret !== 'string') throw expectingToFind('secret', 'application credential');
  if (typeof credential.id === 'string') return { id: credential.id, secret: credential.secret };
  if (typeof credential.name !== 'string') throw expectingToFind('name or ID', 'application credential');
  if (!isObject(credential.user)) throw expectingToFind('user', 'application credential');
  const user = credential.user;
  let ref: UserRef;
  if (typeof user.id === 'string') ref = { id: user.id };
  else if (typeof user.name === 'string' && isObject(user.domain)) ref = { name: user.name, domain: domainRef(user.domain, 'application_credential/user/domain') };
  else throw expectingToFind('domain', 'user');
  return { name: credential.name, user: ref, secret: credential.secret };
}

/** The `auth` object of `POST /v3/auth/tokens` → the model's AuthRequest; 400 naming the field otherwise. */
export function parseAuthRequest(body: unknown): AuthRequest {
  if (!isObject(body) || !('auth' in body) || body.auth === null) throw expectingToFind('auth', 'request body');
  validateAgainst(tokenIssueSchema, body.auth);
  const auth = body.auth as Json;
  const identity = auth.identity as Json;
  const methods = identity.methods as string[];
  for (const method of methods) if (!(method in identity)) throw expectingToFind(method, 'identity');
  const request: AuthRequest = { methods, scope: parseScope(auth.scope) };
  if (methods.includes('password')) {
    const password = identity.password as Json;
    if (!isObject(password.user)) throw expectingToFind('user', 'password');
    const user = password.user;
    let ref: UserRef;
    if (typeof user.id === 'string') ref = { id: user.id };
    else if (typeof user.name === 'string') {
      if (!isObject(user.domain)) throw expectingToFind('domain', 'user');
      ref = { name: user.name, domain: domainRef(user.domain, 'identity/password/user/domain') };
    } else throw new BadRequest('Invalid input for field identity/password/user: id or name must be present.');
    if (typeof user.password !== 'string') throw expectingToFind('password', 'user');
    request.password = { user: ref, password: user.password };
  }
  if (methods.includes('token')) request.token = { id: (identity.token as Json).id as string };
  if (methods.includes('application_credential')) request.applicationCredential = parseApplicationCredential(identity.application_credential as Json);
  return request;
}

/** The token body Keystone returns on issue and validation. */
export function renderToken(view: TokenView, catalog: unknown[] | null) {
  const token: Json = {
    methods: view.record.methods,
    user: {
      domain: { id: view.userDomain.id, name: view.userDomain.name },
      id: view.user.id,
      name: view.user.name,
      password_expires_at: null,
    },
    audit_ids: view.record.auditIds,
    expires_at: keystoneTime(view.record.expiresAt),
    issued_at: keystoneTime(view.record.issuedAt),
  };
  if (view.project) {
    token.project = { domain: { id: view.projectDomain!.id, name: view.projectDomain!.name }, id: view.project.id, name: view.project.name };
    token.is_domain = false;
  }
  if (view.domain) token.domain = { id: view.domain.id, name: view.domain.name };
  if (view.record.system) token.system = { all: true };
  if (view.applicationCredential) {
    const credential = view.applicationCredential;
    token.application_credential = { id: credential.id, name: credential.name, restricted: !credential.unrestricted };
  }
  if (view.project || view.domain || view.record.system) {
    token.roles = view.roles.map((role) => ({ id: role.id, name: role.name }));
    if (catalog) token.catalog = catalog;
  }
  return { token };
}

function wantsCatalog(request: FastifyRequest): boolean {
  return !Object.prototype.hasOwnProperty.call(request.query ?? {}, 'nocatalog');
}

/** `POST /v3/auth/tokens` → 201 with X-Subject-Token. */
export const createToken: Handler = (deps) => async (request, reply) => {
  const auth = parseAuthRequest(jsonBody(request));
  const { token, record } = await issueToken(deps.db, deps.clock.now(), deps.tokenTtlSeconds, auth);
  const view = describeToken(deps.db, record);
  reply.code(201).header('X-Subject-Token', token);
  return renderToken(view, wantsCatalog(request) ? renderCatalog(deps, view.project?.id ?? null) : null);
};

function subjectOf(request: FastifyRequest, deps: CloudDeps) {
  const context = requireContext(request, deps);
  const subject = firstHeader(request, 'x-subject-token');
  if (!subject) throw expectingToFind('X-Subject-Token', 'header');
  return { context, subject };
}

/** `GET` (and `HEAD`) `/v3/auth/tokens`: 200 with the subject token's body, 404 when it is not valid. */
export const showToken: Handler = (deps) => async (request, reply: FastifyReply) => {
  const { context, subject } = subjectOf(request, deps);
  const record = validateToken(deps.db, deps.clock.now(), subject);
  if (!record) throw new NotFound(`Could not find token: ${subject}.`);
  enforce('identity:validate_token', context, { token_user_id: record.userId });
  reply.header('X-Subject-Token', subject);
  const view = describeToken(deps.db, record);
  return renderToken(view, wantsCatalog(request) ? renderCatalog(deps, view.project?.id ?? null) : null);
};

/** `DELETE /v3/auth/tokens`: 204; 404 when already revoked or expired. */
export const deleteToken: Handler = (deps) => async (request, reply) => {
  const { context, subject } = subjectOf(request, deps);
  const record = validateToken(deps.db, deps.clock.now(), subject);
  if (!record) throw new NotFound(`Could not find token: ${subject}.`);
  enforce('identity:revoke_token', context, { token_user_id: record.userId });
  revokeToken(deps.db, deps.clock.now(), subject);
  return reply.code(204).send();
};
