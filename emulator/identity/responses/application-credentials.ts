import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RequestContext } from '../../core/context.js';
import { BadRequest, Forbidden } from '../../core/errors.js';
import { firstQuery, jsonBody, queryOf } from '../../core/http.js';
import type { CloudDeps, Handler } from '../../core/service.js';
import { validateAgainst } from '../../core/validation.js';
import {
  type ApplicationCredential,
  createApplicationCredential,
  deleteApplicationCredential,
  findApplicationCredential,
  generateSecret,
  getApplicationCredential,
  listApplicationCredentials,
} from '../models/application-credentials.js';
import { findRoleByName, getRole, impliedRoles, type Role } from '../models/roles.js';
import { validateToken } from '../models/tokens.js';
import { getUser } from '../models/users.js';
import { isAdmin } from '../../core/context.js';
import { collectionLinks, requireContext, v3Url } from './common.js';

/**
 * `/v3/users/{user_id}/application_credentials` (keystone/api/users.py):
 * a user creates them for the project of their token, with a subset of the
 * roles in it; the secret is in the creation's answer only. Owner or admin
 * list, show and delete them. A token issued with a restricted application
 * credential may not create or delete any.
 */

const CREATE = {
  type: 'object',
  properties: {
    application_credential: {
      type: 'object',
      properties: {
        id: { type: 'string' },
        name: { type: 'string', minLength: 1, maxLength: 255, pattern: '[\\S]+' },
        description: { type: ['string', 'null'] },
        secret: { type: ['string', 'null'] },
        expires_at: { type: ['string', 'null'] },
        unrestricted: { type: ['boolean', 'null'] },
        roles: {
          type: 'array',
          items: {
            type: 'object',
            properties: { id: { type: 'string' }, name: { type: 'string' } },
            minProperties: 1,
            maxProperties: 1,
            additionalProperties: false,
          },
        },
        access_rules: { type: 'array', maxItems: 0 },
        project_id: { type: 'string' },
        system: { type: ['string', 'null'] },
      },
      required: ['name'],
      additionalProperties: false,
    },
  },
  required: ['application_credential'],
};

const CLIENT_IN_ERROR = 'The server could not comply with the request since it is either malformed or otherwise incorrect. The client is assumed to be in error.';

const paramsOf = (request: FastifyRequest) => request.params as { user_id: string; application_credential_id?: string };

function render(deps: CloudDeps, credential: ApplicationCredential, secret?: string) {
  const view: Record<string, unknown> = {
    id: credential.id,
    name: credential.name,
    description: credential.description,
    user_id: credential.userId,
    project_id: credential.projectId,
    roles: credential.roles.map((role) => ({ id: role.id, name: role.name, domain_id: role.domainId, description: role.description, options: {} })),
    expires_at: credential.expiresAt === null ? null : expiryTime(credential.expiresAt),
    unrestricted: credential.unrestricted,
    access_rules: [],
    system: null,
    links: { self: `${v3Url(deps)}/users/${credential.userId}/application_credentials/${credential.id}` },
  };
  if (secret !== undefined) view.secret = secret;
  return view;
}

function ownerOrAdmin(context: RequestContext, userId: string, rule: string): void {
  if (!isAdmin(context) && context.userId !== userId) throw new Forbidden(`You are not authorized to perform the requested action: ${rule}.`);
}

/** A token from a restricted application credential cannot make or remove others (keystone's _check_unrestricted_application_credential). */
function requireUnrestricted(deps: CloudDeps, context: RequestContext): void {
  const record = validateToken(deps.db, deps.clock.now(), context.token);
  const credential = record?.applicationCredentialId ? findApplicationCredential(deps.db, record.applicationCredentialId) : null;
  if (credential && !credential.unrestricted) {
    throw new Forbidden(
      "You are not authorized to perform the requested action: Using method 'application_credential' is not allowed for managing additional application credentials.",
    );
  }
}

/** The roles asked for, with those they imply, each held in the caller's token; none asked: the token's. */
function rolesFor(deps: CloudDeps, context: RequestContext, asked: { id?: string; name?: string }[] | undefined): Role[] {
  const tokenRoles = context.roles.map((name) => findRoleByName(deps.db, name)).filter((role): role is Role => role !== null);
  if (!asked || asked.length === 0) return tokenRoles;
  const roles = new Map<string, Role>();
  for (const ref of asked) {
    const role = ref.id ? getRole(deps.db, ref.id) : findRoleByName(deps.db, ref.name!);
    if (!role) throw new BadRequest(`Could not find role: ${ref.name}.`);
    roles.set(role.id, role);
    for (const implied of impliedRoles(deps.db, role.id)) roles.set(implied.id, implied);
  }
  const held = new Set(tokenRoles.map((role) => role.id));
  if ([...roles.keys()].some((id) => !held.has(id))) {
    throw new BadRequest(`Invalid application credential: Cannot create an application credential with unassigned role ${CLIENT_IN_ERROR}`);
  }
  return [...roles.values()];
}

/** Keystone echoes an expiry as Python's isoformat of a naive UTC datetime: microseconds, no zone. */
function expiryTime(ms: number): string {
  const whole = Math.floor(ms);
  const micro = String(Math.round((ms - whole) * 1000) % 1000).padStart(3, '0');
  return `${new Date(whole).toISOString().slice(0, -1)}${micro}`;
}

/** Milliseconds with the microseconds as the fraction: Keystone keeps and echoes them (`…:18.057630`). */
function expiryOf(text: string | null | undefined, now: number): number | null {
  if (!text) return null;
  const fraction = /\.(\d+)/.exec(text)?.[1] ?? '';
  const whole = Date.parse((/[zZ]|[+-]\d\d:?\d\d$/.test(text) ? text : `${text}Z`).replace(/\.\d+/, ''));
  const ms = whole + Number(`0.${fraction || '0'}`) * 1000;
  if (Number.isNaN(ms)) throw new BadRequest(`Timestamp not in expected format. ${CLIENT_IN_ERROR}`);
  if (ms < now) throw new BadRequest(`The 'expires_at' must not be before now. ${CLIENT_IN_ERROR}`);
  return ms;
}

/** `POST /v3/users/{user_id}/application_credentials`: 201 with the secret, for the token's project. */
export const createApplicationCredentialHandler: Handler = (deps) => async (request, reply: FastifyReply) => {
  const context = requireContext(request, deps);
  const body = jsonBody(request);
  validateAgainst(CREATE, body);
  requireUnrestricted(deps, context);
  const { user_id: userId } = paramsOf(request);
  if (context.userId !== userId) {
    throw new Forbidden('You are not authorized to perform the requested action: Cannot create an application credential for another user.');
  }
  if (!context.projectId) throw new Forbidden('You are not authorized to perform the requested action: identity:create_application_credential.');
  const input = (body as { application_credential: Record<string, unknown> }).application_credential as {
    name: string;
    description?: string | null;
    secret?: string | null;
    expires_at?: string | null;
    unrestricted?: boolean | null;
    roles?: { id?: string; name?: string }[];
  };
  const now = deps.clock.now();
  const secret = input.secret || generateSecret();
  const credential = createApplicationCredential(deps.db, now, {
    userId,
    projectId: context.projectId,
    name: input.name,
    description: input.description ?? null,
    secret,
    expiresAt: expiryOf(input.expires_at, now),
    unrestricted: input.unrestricted === true,
    roleIds: rolesFor(deps, context, input.roles).map((role) => role.id),
  });
  return reply.code(201).send({ application_credential: render(deps, credential, secret) });
};

/** `GET /v3/users/{user_id}/application_credentials[?name=]`. */
export const listApplicationCredentialsHandler: Handler = (deps) => async (request) => {
  const context = requireContext(request, deps);
  const { user_id: userId } = paramsOf(request);
  ownerOrAdmin(context, userId, 'identity:list_application_credentials');
  getUser(deps.db, userId);
  const credentials = listApplicationCredentials(deps.db, userId, firstQuery(queryOf(request), 'name'));
  return { application_credentials: credentials.map((credential) => render(deps, credential)), links: collectionLinks(deps, request) };
};

/** The credential named in the path; its owner is the one policy checks, whatever user the path names. */
function credentialOf(deps: CloudDeps, request: FastifyRequest, context: RequestContext, rule: string): ApplicationCredential {
  const { application_credential_id: id } = paramsOf(request);
  const existing = findApplicationCredential(deps.db, id!);
  ownerOrAdmin(context, existing?.userId ?? paramsOf(request).user_id, rule);
  return getApplicationCredential(deps.db, id!);
}

export const showApplicationCredential: Handler = (deps) => async (request) => {
  const context = requireContext(request, deps);
  return { application_credential: render(deps, credentialOf(deps, request, context, 'identity:get_application_credential')) };
};

/** `DELETE …/{id}`: 204; tokens issued with it stop working. */
export const deleteApplicationCredentialHandler: Handler = (deps) => async (request, reply: FastifyReply) => {
  const context = requireContext(request, deps);
  const credential = credentialOf(deps, request, context, 'identity:delete_application_credential');
  requireUnrestricted(deps, context);
  deleteApplicationCredential(deps.db, credential.id);
  return reply.code(204).send();
};
