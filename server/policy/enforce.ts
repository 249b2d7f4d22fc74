import type { FastifyRequest } from 'fastify';
import type { ScopeVerdicts } from '../../shared/bootstrap.js';
import { ApiError, notLoggedIn } from '../errors.js';
import { type Credentials, evaluate, type Target } from './engine.js';
import { POLICY_RULES } from './rules.js';

/**
 * Policy as openstack_auth.policy.check sees it: the session's roles and ids
 * as credentials, and a target filled with the session's ids where the caller
 * gave none. `/api/policy/` answers with it; routes check it before writing.
 */

export function credentialsOf(request: FastifyRequest): Credentials {
  const session = request.session;
  if (!session) throw notLoggedIn();
  return { roles: session.roles, user_id: session.userId, project_id: session.projectId, domain_id: session.userDomainId };
}

/**
 * openstack_auth fills the target ids the caller did not give with the
 * session's: these keys and no others, so a rule about a particular record
 * (`project_id:%(target.project.id)s`) fails without one, as in Horizon.
 */
export function targetWithDefaults(request: FastifyRequest, target: Target = {}): Target {
  const session = request.session;
  if (!session) throw notLoggedIn();
  const { projectId, userId, userDomainId: domainId } = session;
  return {
    project_id: projectId,
    tenant_id: projectId,
    user_id: userId,
    domain_id: domainId,
    'project.domain_id': domainId,
    'user.domain_id': domainId,
    'group.domain_id': domainId,
    ...target,
  };
}

/** Whether the rule of `scope` allows the session; a scope with no rule table allows (api-contract §2). */
export function isAllowed(request: FastifyRequest, scope: string, rule: string, target: Target = {}): boolean {
  const table = POLICY_RULES[scope];
  return !table || evaluate(rule, table, credentialsOf(request), targetWithDefaults(request, target));
}

/**
 * Refuses with 403 before any upstream call when a rule does not allow the
 * session, in the wording the service itself uses, so that nothing is sent
 * that the cloud would refuse half-way through a multi-call operation.
 */
export function enforce(request: FastifyRequest, scope: string, rules: string[], target: Target = {}): void {
  for (const rule of rules) {
    if (!isAllowed(request, scope, rule, target)) throw new ApiError(403, `Policy doesn't allow ${rule} to be performed.`);
  }
}

/** A rule no table defines: it falls back to the scope's `default`, as oslo.policy does. */
const UNDEFINED_RULE = '\0undefined';

/**
 * Every rule the server knows, judged for the session with no target, as
 * `/api/policy/` judges a check without one: the page carries them in its
 * bootstrap so a page's checks need no call (scopes absent here allow).
 */
export function policyVerdicts(request: FastifyRequest): Record<string, ScopeVerdicts> {
  return Object.fromEntries(
    Object.entries(POLICY_RULES).map(([scope, table]) => [
      scope,
      { rules: Object.fromEntries(Object.keys(table).map((rule) => [rule, isAllowed(request, scope, rule)])), otherwise: isAllowed(request, scope, UNDEFINED_RULE) },
    ]),
  );
}
